import Foundation
import VozKit

/// The options `voz record` and `voz audit --keys` share: the command, the key script, the terminal size and the
/// time limit, checked and turned into a `TerminalRecorder`.
struct RecordingOptions {
    static let specs = [
        OptionSpec(
            name: "keys", valueName: "SCRIPT", help: "The key script: expect, type, key, sleep, wait-exit steps."),
        OptionSpec(name: "size", valueName: "COLSxROWS", help: "The terminal size. Default 80x24."),
        OptionSpec(name: "timeout", valueName: "S", help: "Stop and kill the program after S seconds. Default 30."),
    ]

    /// A sentence for the user.
    struct Message: Error { var text: String }

    var command: [String]
    var script: KeyScript
    var recorder: TerminalRecorder

    static func parse(_ arguments: ParsedArguments, localizer: Localizer) -> Result<RecordingOptions, Message> {
        guard !arguments.positionals.isEmpty else {
            return .failure(Message(text: localizer.text("record.error.noCommand")))
        }
        var recorder = TerminalRecorder()
        if let size = arguments.value("size") {
            let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, (20...500).contains(parts[0]), (5...200).contains(parts[1]) else {
                return .failure(Message(text: localizer.text("record.error.badSize", ["value": size])))
            }
            recorder.columns = parts[0]
            recorder.rows = parts[1]
        }
        if let timeout = arguments.value("timeout") {
            guard let seconds = Double(timeout), seconds > 0, seconds <= 3600 else {
                return .failure(Message(text: localizer.text("record.error.badTimeout", ["value": timeout])))
            }
            recorder.timeout = .milliseconds(Int(seconds * 1000))
        }
        var script = KeyScript()
        if let path = arguments.value("keys") {
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else {
                return .failure(Message(text: localizer.text("record.error.scriptUnreadable", ["file": path])))
            }
            do {
                script = try KeyScript.parse(String(decoding: data, as: UTF8.self))
            } catch {
                return .failure(
                    Message(
                        text: localizer.text(
                            "record.error.script", ["file": path, "line": String(error.line), "problem": error.problem])
                    ))
            }
        }
        return .success(RecordingOptions(command: arguments.positionals, script: script, recorder: recorder))
    }

    /// Records the command; on a start failure says why and returns nil. With `writer`, the recording is written
    /// as it is made; it is kept in memory only when `keepingEvents`.
    func record(
        environment: [String: String], path: String, writer: CastFileWriter? = nil, keepingEvents: Bool = true,
        localizer: Localizer
    ) -> TerminalRecorder.Outcome? {
        do {
            return try recorder.record(
                command, script: script, environment: environment, path: path, writer: writer,
                keepingEvents: keepingEvents)
        } catch {
            Console.error(
                localizer.text("record.error.start", ["command": command[0], "reason": error.description]))
            return nil
        }
    }

    /// Opens the recording file `path` for writing as the recording is made; on failure says why and returns nil.
    func writer(_ path: String, format: CastRecording.Format = .v2, localizer: Localizer) -> CastFileWriter? {
        do throws(PrivateFile.Failure) {
            return try CastFileWriter(path: path, format: format)
        } catch {
            OutputFile.say(
                error, path: path, localizer: localizer, failure: localizer.text("record.error.write", ["file": path]))
            return nil
        }
    }

    /// Puts the recording written by `writer` in place; on failure says why and returns false.
    func save(_ outcome: TerminalRecorder.Outcome, with writer: CastFileWriter, localizer: Localizer) -> Bool {
        do throws(PrivateFile.Failure) {
            try writer.finish(outcome.recording)
            return true
        } catch {
            OutputFile.say(
                error, path: writer.path, localizer: localizer,
                failure: localizer.text("record.error.write", ["file": writer.path]))
            return false
        }
    }

    /// Says how the recording went; false when the script did not finish in time. `file` is where it was saved;
    /// nil for a run audited live and not saved.
    func report(_ outcome: TerminalRecorder.Outcome, file: String?, localizer: Localizer) -> Bool {
        let seconds = AuditMessage.seconds(Int((outcome.duration * 1000).rounded()), language: localizer.language)
        if let stop = outcome.timedOut {
            Console.error(stopped(stop, file: file, localizer: localizer))
            return false
        }
        Console.out(
            localizer.text(
                "record.saved",
                ["command": command[0], "file": file ?? "", "events": String(outcome.eventCount), "seconds": seconds]))
        if outcome.recording.outputCut, let file {
            Console.out(
                localizer.text(
                    "record.outputCut",
                    [
                        "command": command[0], "file": file, "seconds": seconds,
                        "kilobytes": String(recorder.outputLimit / 1024),
                    ]))
        }
        return true
    }

    /// Which step waited in vain, for what and how long (the time of the last output says nothing when the program
    /// wrote none), then where the recording is.
    func stopped(_ stop: TerminalRecorder.Stop, file: String?, localizer: Localizer) -> String {
        let program = (command[0] as NSString).lastPathComponent
        var arguments = [
            "line": String(stop.line), "command": program,
            "seconds": AuditMessage.seconds(Int((stop.waited * 1000).rounded()), language: localizer.language),
        ]
        let key: String
        if case .expect(let text) = stop.awaited {
            arguments["text"] = text
            key = stop.programEnded ? "record.timedOut.ended" : "record.timedOut.expect"
        } else {
            key = "record.timedOut.exit"
        }
        let saved =
            file.map { localizer.text("record.timedOut", ["file": $0]) } ?? localizer.text("record.timedOutLive")
        return localizer.text(key, arguments) + "\n" + saved
    }
}
