import VozAudit
import VozForm
import VozJSON
import VozLocalization

/// Audits the forms an OpenAPI description gives, one an operation, with findings at lines of the description and,
/// where the description does not give enough, a sentence saying what it lacks.
public enum OpenAPIAudit {
    /// Operations that cannot become a form: reported so the auditor knows they were looked at, never a failure.
    public static let notAForm = AuditRuleInfo(
        id: "operation-not-a-form", name: "OperationNotAForm", criterion: nil, severity: .minor, scope: .form)

    /// An operation without a `summary`: its form and send button are called by its operationId in words.
    public static let summaryMissing = AuditRuleInfo(
        id: "operation-summary-missing", name: "OperationSummaryMissing", criterion: .headingsAndLabels,
        severity: .moderate, scope: .form)

    /// Every operation's form (or only `operation`'s) checked with `rules`; messages in `localizer`'s language.
    public static func audit(
        _ document: SpecDocument, operation: String? = nil, rules: [any FormRule] = AuditRules.form,
        localizer: Localizer
    ) throws(SpecError) -> AuditResult {
        let names: [OpenAPIFormBuilder.Operation]
        if let operation {
            names = [try OpenAPIFormBuilder.find(operation, in: document)]
        } else {
            names = try OpenAPIFormBuilder.operations(in: document)
        }
        var checks: [AuditResult.Check] = []
        var skipped: [Finding] = []
        var unnamed: [Finding] = []
        var built = 0
        for found in names {
            let name = found.name
            let location = AuditLocation(file: document.file, line: found.line)
            let form: FormDocument
            do {
                form = try build(document, found: found, localizer: localizer)
            } catch let reason {
                skipped.append(reason.finding(at: location, operation: name, method: found.method.uppercased()))
                continue
            }
            built += 1
            if AuditText.isBlank(found.node["summary"]?.string) {
                let finding = Finding(
                    ruleID: summaryMissing.id, severity: summaryMissing.severity, location: location,
                    message: AuditMessage(
                        key: "audit.\(summaryMissing.id).message", arguments: ["title": form.form.submit.label]))
                unnamed.append(advise(finding, operation: name, localizer))
            }
            let result = Auditor.audit(forms: [form], transcripts: [], formRules: rules, transcriptRules: [])
            checks += result.checks.map { check in
                var check = check
                check.result.violations = check.result.violations.map { advise($0, operation: name, localizer) }
                check.result.incomplete = check.result.incomplete.map { advise($0, operation: name, localizer) }
                return check
            }
        }
        checks.append(
            AuditResult.Check(
                rule: summaryMissing, file: document.file, result: RuleCheck(applicable: built > 0, violations: unnamed)
            ))
        checks.append(
            AuditResult.Check(
                rule: notAForm, file: document.file,
                result: RuleCheck(applicable: !skipped.isEmpty, incomplete: skipped)))
        return AuditResult(
            rules: AuditRules.unique(rules.map(\.info) + [summaryMissing, notAForm]), files: [document.file],
            checks: checks)
    }

    // MARK: - Building

    /// Why an operation has no form: the message variant and, for `invalid`, the description's own problem.
    struct Unbuildable: Error {
        var variant: String
        var problem = ""

        /// The `operation-not-a-form` finding saying why, at the operation's line.
        func finding(at location: AuditLocation, operation: String, method: String) -> Finding {
            Finding(
                ruleID: notAForm.id, severity: notAForm.severity, location: location,
                message: AuditMessage(
                    key: "audit.\(notAForm.id).\(variant)",
                    arguments: ["operation": operation, "method": method, "problem": problem]))
        }
    }

    private static func build(
        _ document: SpecDocument, found: OpenAPIFormBuilder.Operation, localizer: Localizer
    ) throws(Unbuildable) -> FormDocument {
        // The builder's own tests, asked first so these cases are said as this rule's, not as a builder error.
        guard OpenAPIFormBuilder.formMethods.contains(found.method) else { throw Unbuildable(variant: "method") }
        if let request = found.node["requestBody"],
            let resolved = try? SchemaResolver(document: document).resolve(request).schema,
            OpenAPIFormBuilder.sendableBody(resolved["content"]) == nil
        {
            throw Unbuildable(variant: "body")
        }
        let output: OpenAPIFormBuilder.Output
        do {
            // A relative or missing server does not change what the form says; any address stands in for it.
            let server = (try? OpenAPIFormBuilder.serverURL(document, override: nil)) ?? "https://server.invalid"
            output = try OpenAPIFormBuilder.form(
                openAPI: document, operation: found, server: server, language: localizer.language)
        } catch {
            // The description's problem in the auditor's language, as the sentence around it is.
            throw Unbuildable(variant: "invalid", problem: error.message(localizer))
        }
        guard output.form["fields"]?.elements?.isEmpty == false else { throw Unbuildable(variant: "empty") }
        do {
            return try output.document(path: document.file, forAudit: true)
        } catch {
            throw Unbuildable(variant: "invalid", problem: error.message(localizer))
        }
    }
}
