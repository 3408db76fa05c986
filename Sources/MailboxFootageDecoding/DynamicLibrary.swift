import MailboxFootage

#if canImport(Glibc)
    import Glibc
#endif

/// A C library opened with dlopen on first use, as MailboxRaster opens cairo and FFmpeg: `mailsim`'s start-up
/// does not pay for a reader it may never run, and a missing library is an error naming the Debian package.
struct DynamicLibrary: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer
    let name: String

    /// Opens the first of `names` that loads (sonames: a machine without the -dev package has those).
    init(_ names: [String], package: String) throws(FootageError) {
        var reasons: [String] = []
        for name in names {
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) {
                self.handle = handle
                self.name = name
                return
            }
            if let message = dlerror() { reasons.append(String(cString: message)) }
        }
        throw FootageError("cannot load \(names[0]) (install Debian's \(package)): \(reasons.first ?? "not found")")
    }

    /// The function `symbol`, as the C function type `T`.
    func function<T>(_ symbol: String, as type: T.Type = T.self) throws(FootageError) -> T {
        guard let address = dlsym(handle, symbol) else { throw FootageError("\(name) has no function \(symbol)") }
        return unsafeBitCast(address, to: T.self)
    }
}
