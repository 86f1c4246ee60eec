import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The processor time a running process has used, read from `/proc/PID/stat`.
///
/// The fuzzer's hang oracle counts what an input costs, not how long the machine took to give it: on a shared
/// two-core machine a build beside the run stretches a 2 s input past any wall-clock limit, which says nothing about
/// Voz. A process blocked for good (a FIFO opened, a lock never released) uses no processor time, so the oracle keeps
/// a wall-clock ceiling too, several times the limit.
public enum ProcessCPUTime {
    /// User and system time of `pid` so far, in seconds; nil once it is gone or where /proc cannot tell.
    public static func seconds(of pid: pid_t) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return nil }
        return seconds(fromStat: stat, ticksPerSecond: Double(sysconf(Int32(_SC_CLK_TCK))))
    }

    /// utime + stime of a `/proc/PID/stat` line. The command name (field 2) is in parentheses and may hold spaces and
    /// parentheses itself, so the fields are counted from the last `)`.
    public static func seconds(fromStat stat: String, ticksPerSecond: Double) -> Double? {
        guard ticksPerSecond > 0, let close = stat.lastIndex(of: ")") else { return nil }
        // After ")": field 3 (state) is the first; utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / ticksPerSecond
    }
}
