/// mailsim's version, written in this one place: `mailsim --version`, `mailsim-playground --version`, the language
/// server's `serverInfo`, the page's `mailsim-version`, an export's first comment, the Debian package
/// (tools/dist/make-dist.sh) and the static site (tools/wasm/site.sh) all read it.
public enum MailsimVersion {
    /// The version, MAJOR.MINOR.PATCH.
    public static let number = "0.1.0"
}
