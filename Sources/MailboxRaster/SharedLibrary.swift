import MailboxGIF

#if canImport(Glibc)
    import Glibc
#endif

/// A C library opened with dlopen on first use: the picture libraries cost a run that draws nothing nothing.
struct SharedLibrary: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer
    let name: String

    /// Opens the first of `names` that loads (sonames first: a machine without the -dev package has those).
    init(_ names: [String], package: String) throws(RasterError) {
        var reasons: [String] = []
        for name in names {
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) {
                self.handle = handle
                self.name = name
                return
            }
            if let message = dlerror() { reasons.append(String(cString: message)) }
        }
        throw RasterError("cannot load \(names[0]) (install Debian's \(package)): \(reasons.first ?? "not found")")
    }

    /// The function `symbol`, as the C function type `T`.
    func function<T>(_ symbol: String, as type: T.Type = T.self) throws(RasterError) -> T {
        guard let address = dlsym(handle, symbol) else {
            throw RasterError("\(name) has no function \(symbol)")
        }
        return unsafeBitCast(address, to: T.self)
    }
}
