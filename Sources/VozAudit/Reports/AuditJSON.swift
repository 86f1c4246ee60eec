import Foundation
import VozJSON

/// Stable JSON for the reports: sorted keys, indented, slashes left alone.
enum AuditJSON {
    static func encode<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // The report types hold only strings, numbers and arrays, which always encode; "{}" is never expected.
        guard let data = try? encoder.encode(value) else { return "{}" }
        // Foundation writes C1 controls and direction overrides raw; the report is printed.
        return InvisibleScalars.escaped(inJSON: String(decoding: data, as: UTF8.self))
    }
}
