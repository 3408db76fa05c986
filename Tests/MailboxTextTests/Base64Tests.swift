import MailboxText
import Testing

/// RFC 4648's test vectors (section 10): every padding case.
@Test(arguments: [
    ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
    ("foobar", "Zm9vYmFy")
])
func base64MatchesRFC4648(_ text: String, _ expected: String) {
    #expect(Base64.encode(Array(text.utf8)) == expected)
}

/// Every byte value survives: the high bits use the last two digits.
@Test func base64UsesTheWholeAlphabet() {
    #expect(Base64.encode([0xFB, 0xFF, 0xBF]) == "+/+/")
    #expect(Base64.encode([0x00, 0x00, 0x00]) == "AAAA")
}
