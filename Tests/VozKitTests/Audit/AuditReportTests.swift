import Foundation
import Testing

@testable import VozAudit
@testable import VozForm
@testable import VozKit
@testable import VozLocalization

@Suite struct AuditReportTests {
    private let english = Localizer(language: .en)

    private func badFormResult() throws -> AuditResult {
        let document = try FormFile.load(path: AuditFixtures.path("bad-form.json"), forAudit: true)
        return Auditor.audit(forms: [document], transcripts: [])
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    // MARK: - SARIF

    @Test func sarifHasEveryRequiredPropertyAndPointsAtTheRightLines() throws {
        let result = try badFormResult()
        let base = URL(fileURLWithPath: AuditFixtures.path("")).deletingLastPathComponent().path
        let log = try json(SarifReport.render(result, localizer: english, baseDirectory: base))
        #expect(log["$schema"] as? String == SarifReport.schema)
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "voz")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == AuditRules.form.count + AuditRules.transcript.count)
        for rule in rules {
            #expect(rule["id"] is String && rule["name"] is String)
            for key in ["shortDescription", "fullDescription", "help"] {
                #expect(((rule[key] as? [String: Any])?["text"] as? String)?.isEmpty == false, "\(key)")
            }
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(["error", "warning", "note"].contains(level ?? ""))
            #expect(((rule["properties"] as? [String: Any])?["tags"] as? [String])?.contains("voz") == true)
        }
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == result.violations.count)
        var lines: [String: Set<Int>] = [:]
        for entry in results {
            let ruleID = try #require(entry["ruleId"] as? String)
            let index = try #require(entry["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == ruleID)
            #expect(["error", "warning", "note"].contains(entry["level"] as? String ?? ""))
            #expect(((entry["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let location = try #require((entry["locations"] as? [[String: Any]])?.first)
            let physical = try #require(location["physicalLocation"] as? [String: Any])
            let uri = (physical["artifactLocation"] as? [String: Any])?["uri"] as? String
            #expect(uri == "Audit/bad-form.json", "repo-relative: \(uri ?? "nil")")
            let line = try #require((physical["region"] as? [String: Any])?["startLine"] as? Int)
            lines[ruleID, default: []].insert(line)
        }
        // Lines of bad-form.json: the offending key's line, or its object's when the key is absent.
        #expect(lines["label-generic"] == [5])
        #expect(lines["purpose-invalid"] == [11])
        #expect(lines["constraint-message-missing"] == [12])
        #expect(lines["error-message-no-correction"] == [18])
        #expect(lines["choice-no-options"] == [21])
        #expect(lines["option-duplicate-label"] == [29])
        #expect(lines["label-missing"] == [33])
        #expect(lines["submit-label-missing"] == [36])
    }

    @Test(arguments: [
        (AuditSeverity.critical, "error"), (.serious, "error"), (.moderate, "warning"), (.minor, "note"),
    ])
    func severitiesMapOntoSarifLevels(severity: AuditSeverity, level: String) {
        #expect(severity.sarifLevel == level)
    }

    @Test func sarifURIsAreRelativeAndEncoded() {
        #expect(SarifReport.uri("/repo/forms/a b.json", baseDirectory: "/repo") == "forms/a%20b.json")
        #expect(SarifReport.uri("./forms/a.json", baseDirectory: nil) == "forms/a.json")
    }

    // MARK: - axe-core JSON

    @Test func jsonIsShapedLikeAxeResults() throws {
        let result = try badFormResult()
        let report = try json(AxeReport.render(result, localizer: english))
        for key in ["violations", "passes", "incomplete", "inapplicable"] {
            #expect(report[key] is [[String: Any]], "\(key)")
        }
        let violations = try #require(report["violations"] as? [[String: Any]])
        let generic = try #require(violations.first { $0["id"] as? String == "label-generic" })
        #expect(generic["impact"] as? String == "serious")
        #expect(generic["tags"] as? [String] == ["wcag2aa", "wcag246", "voz"])
        #expect((generic["help"] as? String)?.isEmpty == false)
        #expect((generic["description"] as? String)?.contains("2.4.6") == true)
        let node = try #require((generic["nodes"] as? [[String: Any]])?.first)
        #expect(node["file"] as? String == AuditFixtures.path("bad-form.json"))
        #expect(node["line"] as? Int == 5)
        #expect(node["field"] as? String == "campo1")
        #expect((node["failureSummary"] as? String)?.contains("campo1") == true)
        let inapplicable = try #require(report["inapplicable"] as? [[String: Any]])
        #expect(inapplicable.contains { $0["id"] as? String == "busy-never-ended" }, "no transcript was given")
        let good = try FormFile.load(path: AuditFixtures.path("good-form.json"))
        let both = try json(AxeReport.render(Auditor.audit(forms: [good], transcripts: []), localizer: english))
        let passes = try #require(both["passes"] as? [[String: Any]])
        // label-is-property-name reads only forms built from an API description: a written form is inapplicable.
        #expect(passes.count == AuditRules.form.count - 1, "the good form passes every form rule that applies")
        let pass = try #require(passes.first)
        #expect(pass["impact"] is NSNull, "axe-core gives passes a null impact")
    }

    @Test func transcriptNodesCarryTheTime() throws {
        let transcript = try AuditFixtures.transcript("doctored-transcript.jsonl")
        let report = try json(AxeReport.render(Auditor.audit(forms: [], transcripts: [transcript]), localizer: english))
        let violations = try #require(report["violations"] as? [[String: Any]])
        let technical = try #require(violations.first { $0["id"] as? String == "technical-text-spoken" })
        let node = try #require((technical["nodes"] as? [[String: Any]])?.first)
        #expect(node["time"] as? Int == 31004)
        #expect(node["line"] as? Int == 25)
    }

    // MARK: - Text

    @Test func textHasOneFindingALineSortedAndASummary() throws {
        let good = try FormFile.load(path: AuditFixtures.path("good-form.json"))
        let bad = try FormFile.load(path: AuditFixtures.path("bad-form.json"), forAudit: true)
        let result = Auditor.audit(forms: [good, bad], transcripts: [])
        let lines = TextReport.render(result, failOn: .serious, localizer: english).split(separator: "\n")
        #expect(lines.count == result.violations.count + 1)
        #expect(lines[0].hasPrefix("\(bad.path):5: serious: label-generic: The field campo1 "))
        let numbers = lines.dropLast().compactMap { Int($0.split(separator: ":")[1]) }
        #expect(numbers == numbers.sorted())
        #expect(lines.last?.hasSuffix("The audit fails: something is serious or worse.") == true)
    }

    /// Issue 25, section 5: the severity of each finding stayed English ("moderate", "serious") in a Spanish report.
    @Test(arguments: Language.allCases)
    func eachFindingsSeverityIsSaidInTheAuditorsLanguage(language: Language) throws {
        let bad = try FormFile.load(path: AuditFixtures.path("bad-form.json"), forAudit: true)
        let result = Auditor.audit(forms: [bad], transcripts: [])
        let localizer = Localizer(language: language)
        let lines = TextReport.render(result, failOn: .serious, localizer: localizer).split(separator: "\n")
        for (line, finding) in zip(lines, result.violations) {
            let severity = localizer.text("audit.severity.\(finding.severity.rawValue)")
            #expect(line.hasPrefix("\(bad.path):\(finding.location.line): \(severity): \(finding.ruleID): "), "\(line)")
        }
    }

    @Test func aCleanAuditSaysSoInOneSentence() throws {
        let good = try FormFile.load(path: AuditFixtures.path("good-form.json"))
        let result = Auditor.audit(forms: [good], transcripts: [])
        #expect(result.violations.isEmpty)
        #expect(
            TextReport.render(result, failOn: .serious, localizer: Localizer(language: .es))
                == "Ningún problema en 1 archivo. La auditoría se supera: no hay nada grave o peor.")
    }

    @Test func transcriptTimesAreSaidInTheAuditorsLanguage() {
        #expect(AuditMessage.seconds(31004, language: .en) == "31.0")
        #expect(AuditMessage.seconds(35250, language: .es) == "35,3")
    }

    // MARK: - Exit codes

    @Test(arguments: [
        (AuditSeverity.critical, false), (.serious, false), (.moderate, true), (.minor, true),
    ])
    func failsOnlyAtOrAboveTheThreshold(threshold: AuditSeverity, fails: Bool) {
        let document = AuditFixtures.document(
            [AuditFixtures.field("nombre", "Nombre", hint: "Escribe tu nombre", purpose: "name")],
            submit: SubmitSpec(label: "Enviar", busyLabel: "Enviando", url: URL(fileURLWithPath: "/")))
        // A hint that repeats the label (minor) and no review step (moderate): nothing serious.
        let result = Auditor.audit(forms: [document], transcripts: [])
        #expect(Set(result.violations.map(\.severity)) == [.minor, .moderate])
        #expect(result.fails(atOrAbove: threshold) == fails)
    }
}
