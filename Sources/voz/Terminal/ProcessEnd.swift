import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How voz ends once its command has returned.
///
/// By `_exit`, not `exit`: `exit` runs the C libraries' exit-time clean-up (OpenSSL's `OPENSSL_cleanup` frees its
/// locks, libcurl's and others' destructors) while threads those libraries own may still be running. A crash there
/// (`__pthread_rwlock_unlock` on a freed lock, a garbage return address) is a race voz cannot win from outside.
/// FoundationNetworking's libcurl worker, tearing down the handle of a send that just ended, was one such thread;
/// `CurlTransport` runs each send on a thread that ends with it, but any library's thread may do the same.
/// Nothing voz keeps needs that clean-up: every file it writes (drafts, transcript, log, WAV files) is written and
/// closed with system calls before the command returns, and standard output and error are unbuffered handles.
enum ProcessEnd {
    /// Ends the process with `status`, after flushing C's buffered streams and, in a LeakSanitizer build, after
    /// its leak check (which would otherwise run in the exit-time clean-up this skips).
    static func leave(_ status: Int32) -> Never {
        fflush(nil)
        if let check = dlsym(nil, "__lsan_do_recoverable_leak_check") {
            typealias LeakCheck = @convention(c) () -> Int32
            if unsafeBitCast(check, to: LeakCheck.self)() != 0 { _exit(status == 0 ? 23 : status) }
        }
        _exit(status)
    }
}
