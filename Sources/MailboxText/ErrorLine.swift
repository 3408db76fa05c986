/// How every error mailsim prints starts (SPEC §7.12): `error: WHAT`, after `FILE:LINE: ` when it is a script's line.
public let errorPrefix = "error: "

/// An error of the program rather than of a script's line: `error: cannot read 'x.mbs': No such file or directory`.
public func errorLine(_ what: String) -> String { errorPrefix + what }
