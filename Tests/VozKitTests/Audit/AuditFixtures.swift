import Foundation

@testable import VozAudit
@testable import VozForm
@testable import VozKit
@testable import VozSpeech
@testable import VozSubmission
@testable import VozTranscript

/// Builders and fixture paths shared by the audit tests.
enum AuditFixtures {
    static let submit = SubmitSpec(
        label: "Crear cuenta", busyLabel: "Enviando", url: URL(fileURLWithPath: "/"), method: .post, review: true)

    /// A form document with `fields`, whose field `i` starts on line 10 + 10·i and its keys on the following lines.
    static func document(_ fields: [Field], submit: SubmitSpec = submit, title: String = "Crear cuenta")
        -> FormDocument
    {
        var lines: [String: Int] = ["title": 3, "submit": 100, "submit.label": 101, "submit.busyLabel": 102]
        let keys = ["label", "hint", "placeholder", "rules", "rules.pattern", "rules.patternMessage", "purpose"]
        for index in fields.indices {
            lines["fields[\(index)]"] = 10 + 10 * index
            for (offset, key) in keys.enumerated() { lines["fields[\(index)].\(key)"] = 11 + 10 * index + offset }
            for option in fields[index].options.indices {
                lines["fields[\(index)].options[\(option)].label"] = 18 + 10 * index + option
            }
        }
        let form = Form(id: "f", title: title, fields: fields, submit: submit)
        return FormDocument(path: "forms/f.json", form: form, sourceMap: SourceMap(lines: lines))
    }

    /// One field of the document builder.
    static func field(
        _ id: String, _ label: String, kind: FieldKind = .text, required: Bool = false, hint: String? = nil,
        placeholder: String? = nil, options: [FieldOption] = [], rules: FieldRules = FieldRules(),
        purpose: String? = nil
    ) -> Field {
        Field(
            id: id, label: label, kind: kind, required: required, hint: hint, placeholder: placeholder,
            options: options, rules: rules, purpose: purpose)
    }

    // MARK: - Files

    static func path(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Audit/\(name)").path
    }

    static func transcript(_ name: String, form: Form? = nil) throws -> Transcript {
        try Transcript.load(path: path(name), form: form)
    }
}

/// Transcript events, written short.
enum Events {
    static func state(_ time: Int, _ state: String, detail: String? = nil, text: String? = nil) -> TranscriptEvent {
        TranscriptEvent(
            time: time, kind: .state, text: text, focus: "submit", state: SubmissionPhase(rawValue: state),
            detail: detail)
    }

    static func say(_ time: Int, _ text: String, focus: String? = "submit") -> TranscriptEvent {
        TranscriptEvent(time: time, kind: .announcement, priority: .assertive, text: text, focus: focus)
    }

    static func prompt(_ time: Int, _ field: String, _ text: String) -> TranscriptEvent {
        TranscriptEvent(time: time, kind: .prompt, priority: .polite, text: text, focus: field)
    }

    static func focus(_ time: Int, _ field: String) -> TranscriptEvent {
        TranscriptEvent(time: time, kind: .focus, focus: field)
    }

    static func input(_ time: Int, _ field: String, _ text: String, detail: String? = nil) -> TranscriptEvent {
        TranscriptEvent(time: time, kind: .input, text: text, focus: field, detail: detail)
    }

    static func transcript(_ events: [TranscriptEvent], form: Form? = nil) -> Transcript {
        Transcript(path: "t.jsonl", events: events, form: form)
    }
}
