// libFuzzer's entry point. tools/fuzz.sh compiles it together with the property tests' invariants
// (Tests/MailboxSimTests/Properties/Invariants.swift) over the library's layers, which it reaches as the
// tests do (@testable).
@testable import MailboxScript

/// Arbitrary bytes, run as a script through a Session, or (after a leading NUL) as the choices of the property
/// tests' command generator, which goes deep faster, or (after a leading byte 1) of the hostile generator, which
/// sets every parameter at the ends of its range and gestures with extreme numerals: any crash, trap, hang
/// (-timeout), broken invariant or number printed with an exponent is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let problems = robustnessProblems(input: bytes)
    if !problems.isEmpty {
        fatalError("mailsim broke a promise:\n" + problems.prefix(10).joined(separator: "\n"))
    }
    return 0
}
