#if canImport(Glibc)
    import Glibc
#endif

/// A C library opened with `dlopen` the first time a command needs it, instead of linked into the binary.
///
/// Every library the binary links is loaded, relocated and initialised at every start, and stays resident for
/// the whole process; libspeechd alone brings GLib and PCRE2 with it. Opening the optional ones only when a
/// command uses them keeps a `voz run` or `voz demo` that never speaks through speech-dispatcher from paying
/// for them. A missing library is an error the caller turns into one sentence, never a crash.
package struct SharedLibrary: @unchecked Sendable {
    /// Why a library could not be used.
    package struct LoadError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file asked for (`libspeechd.so.2`).
        package var library: String
        /// `dlerror`'s own words, for the technical log.
        package var detail: String

        package var description: String { "cannot load \(library): \(detail)" }

        package init(library: String, detail: String) {
            self.library = library
            self.detail = detail
        }
    }

    /// The file it was opened as.
    package let name: String
    // Never closed: the functions resolved from it are kept for the life of the process.
    private let handle: UnsafeMutableRawPointer

    /// Opens `name` (a soname such as `libspeechd.so.2`, searched where the dynamic loader searches).
    package init(_ name: String) throws(LoadError) {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            throw LoadError(library: name, detail: Self.lastError() ?? "not found")
        }
        self.name = name
        self.handle = handle
    }

    /// The function `symbol`, as the `@convention(c)` type the caller declares for it (the header's signature).
    package func function<Function>(_ symbol: String) throws(LoadError) -> Function {
        _ = dlerror()
        guard let address = dlsym(handle, symbol) else {
            throw LoadError(library: name, detail: Self.lastError() ?? "no symbol \(symbol)")
        }
        return unsafeBitCast(address, to: Function.self)
    }

    private static func lastError() -> String? {
        dlerror().map { String(cString: $0) }
    }
}
