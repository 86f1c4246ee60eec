import Foundation
import Testing
import VozKit

/// Issue 27's "done when": every form Voz generates from the judged corpus passes `voz audit`, or
/// `voz audit --openapi` names what its description lacks, at the description's line.
@Suite struct OpenAPICorpusAuditTests {
    /// `voz audit`'s default `--fail-on`: what fails an audit unless the user asks for more or less.
    static let failOn = AuditSeverity.serious

    /// One corpus form's failing findings, and those the description audit does not explain.
    struct Outcome: Sendable {
        var judged: String
        var failing: [Finding]
        var unexplained: [Finding]
        var built = true
        /// Built no form, and the description audit did not say why.
        var unsaid = false
    }

    /// The form of one judged operation as `voz form --openapi` writes it, audited as `voz audit FILE` audits it;
    /// then the same operation audited as `voz audit --openapi SPEC --operation ID` audits it.
    static func outcome(_ judged: OpenAPICorpusTests.Judged, in folder: URL) async throws -> Outcome {
        let name = "\(judged.description) \(judged.operation)"
        let spec = try await SpecDocument.load(
            CorpusLoader.origin + judged.description,
            loader: CorpusLoader(folder: folder), reaching: .operation(judged.operation))
        let audit = try OpenAPIAudit.audit(spec, operation: judged.operation, localizer: Localizer(language: .en))
        guard let document = await OpenAPICorpusTests.document(judged, in: folder) else {
            // No form at all: the description audit must say the operation is not one, at its line.
            let said = audit.checks.flatMap(\.result.incomplete).contains {
                $0.ruleID == OpenAPIAudit.notAForm.id && $0.location.line > 0
            }
            return Outcome(judged: name, failing: [], unexplained: [], built: false, unsaid: !said)
        }
        let failing = Auditor.audit(forms: [document], transcripts: []).violations.filter { $0.severity >= failOn }
        let described = audit.violations
        // The same finding (rule and field) said as what the description lacks, at a line of the description.
        let unexplained = failing.filter { finding in
            !described.contains {
                $0.ruleID == finding.ruleID && $0.location.field == finding.location.field
                    && $0.message.key == "audit.openapi.lacking" && $0.location.line > 0
            }
        }
        return Outcome(judged: name, failing: failing, unexplained: unexplained)
    }

    /// The tuning corpus and the held-back one: a form generated from a description nobody tuned to must pass too.
    static let folders = [
        ("tuning", OpenAPICorpusTests.folder), ("held back", OpenAPICorpusTests.heldBackFolder),
    ]

    @Test(arguments: folders)
    func everyCorpusFormPassesItsAuditOrTheDescriptionAuditSaysWhatItLacks(part: String, folder: URL) async throws {
        var outcomes: [Outcome] = []
        for judged in try OpenAPICorpusTests.corpus(in: folder) {
            outcomes.append(try await Self.outcome(judged, in: folder))
        }
        let passing = outcomes.filter { $0.built && $0.failing.isEmpty }.count
        let explained = outcomes.filter { !$0.failing.isEmpty && $0.unexplained.isEmpty }.count
        let unbuilt = outcomes.filter { !$0.built && !$0.unsaid }.count
        print(
            "\(part) corpus forms passing voz audit: \(passing) of \(outcomes.count); failing where the description audit "
                + "says what the description lacks: \(explained); no form, said as not a form: \(unbuilt)")
        for outcome in outcomes {
            for finding in outcome.failing {
                let said = outcome.unexplained.contains(finding) ? "UNEXPLAINED" : "lacking"
                print(
                    "  \(said): \(outcome.judged): \(finding.ruleID) \(finding.location.field ?? "-"): "
                        + finding.messageText(Localizer(language: .en)))
            }
        }
        for outcome in outcomes {
            #expect(!outcome.unsaid, "\(outcome.judged): no form, and no operation-not-a-form from the audit")
            #expect(
                outcome.unexplained.isEmpty,
                "\(outcome.judged): \(outcome.unexplained.map { "\($0.ruleID) \($0.location.field ?? "")" })")
        }
    }
}
