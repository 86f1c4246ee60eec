import CCurl
import Foundation
import Synchronization
import VozSupport

/// libcurl's functions, opened with `dlopen` on the first send or download over the network.
///
/// Linked (as Foundation's networking links it), libcurl and what it loads — OpenSSL, GnuTLS through librtmp,
/// Kerberos, LDAP, libssh2, nghttp2 — are mapped at every start, about 5 MiB resident, though `voz demo` sends over
/// its own loopback transport and `voz audit` sends nothing. The types and constants come from its header
/// (`CCurl`); the functions are resolved once, here, and only `CurlHandle` and `CurlExchange` call them.
package struct CurlLibrary: @unchecked Sendable {
    /// The file opened: the soname of libcurl4, the library its -dev package's headers describe.
    static let soname = "libcurl.so.4"

    typealias Easy = UnsafeMutableRawPointer
    typealias Multi = UnsafeMutableRawPointer
    typealias List = UnsafeMutablePointer<curl_slist>

    // Variadic in C: called through the shim's typed trampolines (voz_curl_setopt_long and the others).
    let setopt: UnsafeMutableRawPointer
    let getinfo: UnsafeMutableRawPointer
    let multiInfoRead: UnsafeMutableRawPointer

    let easyInit: @convention(c) () -> Easy?
    let easyCleanup: @convention(c) (Easy?) -> Void
    let easyStrerror: @convention(c) (CURLcode) -> UnsafePointer<CChar>?
    let multiInit: @convention(c) () -> Multi?
    let multiCleanup: @convention(c) (Multi?) -> CURLMcode
    let multiAddHandle: @convention(c) (Multi?, Easy?) -> CURLMcode
    let multiRemoveHandle: @convention(c) (Multi?, Easy?) -> CURLMcode
    let multiPerform: @convention(c) (Multi?, UnsafeMutablePointer<Int32>?) -> CURLMcode
    let multiPoll:
        @convention(c) (Multi?, UnsafeMutablePointer<curl_waitfd>?, UInt32, Int32, UnsafeMutablePointer<Int32>?) ->
            CURLMcode
    let multiWakeup: @convention(c) (Multi?) -> CURLMcode
    let slistAppend: @convention(c) (List?, UnsafePointer<CChar>?) -> List?
    let slistFreeAll: @convention(c) (List?) -> Void

    /// The User-Agent URLSession sent: the program's name and libcurl's version.
    let userAgent: String

    // MARK: - Opening

    /// The process's one copy, opened on first use. A failure is not remembered: a user who installs libcurl while
    /// a session waits can send again without starting over.
    package static func shared() throws(SharedLibrary.LoadError) -> CurlLibrary {
        try opened.withLock { library throws(SharedLibrary.LoadError) in
            if let library { return library }
            let loaded = try CurlLibrary(soname: soname)
            library = loaded
            return loaded
        }
    }

    private static let opened = Mutex<CurlLibrary?>(nil)

    /// Opens `soname`, resolves every function Voz calls and initialises libcurl's global state (once, before any
    /// handle: `curl_global_init` is not safe beside other threads' calls into libcurl).
    init(soname: String) throws(SharedLibrary.LoadError) {
        let library = try SharedLibrary(soname)
        setopt = try library.function("curl_easy_setopt")
        getinfo = try library.function("curl_easy_getinfo")
        multiInfoRead = try library.function("curl_multi_info_read")
        easyInit = try library.function("curl_easy_init")
        easyCleanup = try library.function("curl_easy_cleanup")
        easyStrerror = try library.function("curl_easy_strerror")
        multiInit = try library.function("curl_multi_init")
        multiCleanup = try library.function("curl_multi_cleanup")
        multiAddHandle = try library.function("curl_multi_add_handle")
        multiRemoveHandle = try library.function("curl_multi_remove_handle")
        multiPerform = try library.function("curl_multi_perform")
        multiPoll = try library.function("curl_multi_poll")
        multiWakeup = try library.function("curl_multi_wakeup")
        slistAppend = try library.function("curl_slist_append")
        slistFreeAll = try library.function("curl_slist_free_all")
        let globalInit: @convention(c) (Int) -> CURLcode = try library.function("curl_global_init")
        let versionInfo: @convention(c) (CURLversion) -> UnsafeMutablePointer<curl_version_info_data>? =
            try library.function("curl_version_info")
        let initialised = globalInit(Int(CURL_GLOBAL_DEFAULT))
        guard initialised == CURLE_OK else {
            throw SharedLibrary.LoadError(library: soname, detail: "curl_global_init: error \(initialised.rawValue)")
        }
        // The first age of the structure: its version field is there in every libcurl.
        let version = versionInfo(CURLVERSION_FIRST)?.pointee.version.map { String(cString: $0) } ?? "unknown"
        userAgent = "\(ProcessInfo.processInfo.processName) (unknown version) curl/\(version)"
    }

    // MARK: - Calls

    /// libcurl's own words for `code`, for the technical log.
    func describe(_ code: CURLcode) -> String {
        easyStrerror(code).map { String(cString: $0) } ?? "error \(code.rawValue)"
    }
}
