import Foundation
import VozJSON
import VozKit

/// `voz audit --listen FILE.cast`: what a recording costs to listen to with a screen reader reading every changed
/// row, beside what `voz wrap` says of it, and whether wrap lost anything.
extension AuditCommand {
    /// The rate the seconds are counted at unless `--rate` says another: a screen reader user's usual pace.
    static let listeningRate = 400

    static func listen(_ paths: [String], _ arguments: ParsedArguments, format: String, localizer: Localizer)
        -> Int32
    {
        guard format != "sarif" else {
            Console.usage(.invalidValue(option: "format", value: format, expected: .oneOf(["text", "json"])))
            return ExitCode.usage
        }
        var rate = listeningRate
        if let text = arguments.value("rate") {
            guard let value = Int(text), (80...900).contains(value) else {
                Console.usage(.invalidValue(option: "rate", value: text, expected: .numberRange(80, 900)))
                return ExitCode.usage
            }
            rate = value
        }
        var costs: [ListeningCost] = []
        for path in paths {
            do {
                let recording = try CastRecording.load(path: path)
                costs.append(ListeningCost.measure(recording, wordsPerMinute: rate, localizer: localizer))
            } catch {
                Console.error(error.message(localizer))
                return ExitCode.usage
            }
        }
        if format == "json" {
            Console.out(JSONWriter(indent: 2).text(.array(costs.map(json))))
        } else {
            Console.out(costs.map { $0.report(localizer).joined(separator: "\n") }.joined(separator: "\n\n"))
        }
        return costs.allSatisfy(\.nothingLost) ? ExitCode.success : ExitCode.failure
    }

    private static func json(_ cost: ListeningCost) -> JSONNode {
        func reading(_ reading: ListeningCost.Reading) -> JSONNode {
            .object([
                ("words", .number(reading.words)), ("utterances", .number(reading.utterances)),
                ("seconds", .number(reading.seconds(at: cost.wordsPerMinute))),
            ])
        }
        return .object([
            ("path", .string(cost.path)), ("program", .string(cost.program)),
            ("wordsPerMinute", .number(cost.wordsPerMinute)), ("screenReader", reading(cost.rawReader)),
            ("wrap", reading(cost.wrap)), ("reduction", .number(cost.reduction)),
            ("required", .number(cost.required)), ("lost", .array(cost.lost.map(JSONNode.string))),
            ("fullScreenRows", .number(cost.fullScreenRows)),
        ])
    }
}
