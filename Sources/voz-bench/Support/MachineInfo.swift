import Foundation

/// What the numbers were measured on: printed above the table, because absolute times only mean something
/// beside the machine that produced them.
struct MachineInfo {
    var date: String
    var cores: Int
    var cpu: String
    var kernel: String
    var swift: String

    static func current() -> MachineInfo {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        var name = utsname()
        uname(&name)
        let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let machine = withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return MachineInfo(
            date: formatter.string(from: Date()), cores: ProcessInfo.processInfo.activeProcessorCount, cpu: model,
            kernel: "Linux \(release) \(machine)", swift: swiftVersion())
    }

    /// Lines for above the table.
    var lines: [String] {
        [
            "Date: \(date)",
            "Machine: \(cores) cores (nproc), \(cpu), \(kernel)",
            "Build: swift build -c release (\(swift)); voz with --static-swift-stdlib, as make release ships it",
        ]
    }

    private static func swiftVersion() -> String {
        #if compiler(>=6.3)
            return "Swift 6.3"
        #elseif compiler(>=6.2)
            return "Swift 6.2"
        #else
            return "Swift 6"
        #endif
    }
}
