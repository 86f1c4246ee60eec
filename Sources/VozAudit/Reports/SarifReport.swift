import Foundation
import VozLocalization
import VozSupport

/// The SARIF 2.1.0 report, as GitHub code scanning reads it: one run, every rule in `tool.driver.rules`, one
/// result a finding, located at a repo-relative file and line.
public enum SarifReport {
    /// The address of the SARIF 2.1.0 JSON schema, written as the report's `$schema`.
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// The report; file paths are made relative to `baseDirectory` (usually the current directory) when inside it.
    public static func render(_ result: AuditResult, localizer: Localizer, baseDirectory: String? = nil) -> String {
        AuditJSON.encode(log(result, localizer: localizer, baseDirectory: baseDirectory))
    }

    // MARK: - Shape

    struct Log: Encodable {
        var schema: String
        var version: String
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }
    }

    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
    }

    struct Tool: Encodable { var driver: Driver }

    struct Driver: Encodable {
        var name: String
        var version: String
        var semanticVersion: String
        var rules: [Rule]
    }

    struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Text
        var fullDescription: Text
        var help: Text
        var defaultConfiguration: Configuration
        var properties: Properties
    }

    struct Text: Encodable { var text: String }
    struct Configuration: Encodable { var level: String }

    struct Properties: Encodable {
        var tags: [String]
        /// The axe-core severity, which SARIF's three levels cannot hold.
        var severity: String?
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        var properties: ResultProperties
    }

    struct ResultProperties: Encodable {
        var severity: String
        var field: String?
        var time: Int?
        /// 1-based screen row and output byte offset, for a recording finding.
        var row: Int?
        var outputOffset: Int?
    }

    struct Location: Encodable { var physicalLocation: PhysicalLocation }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    struct ArtifactLocation: Encodable { var uri: String }
    struct Region: Encodable { var startLine: Int }

    // MARK: - Building

    static func log(_ result: AuditResult, localizer: Localizer, baseDirectory: String?) -> Log {
        let rules = result.rules.sorted { $0.id < $1.id }
        let driverRules = rules.map { rule in
            Rule(
                id: rule.id, name: rule.name, shortDescription: Text(text: rule.summary(localizer)),
                fullDescription: Text(text: rule.description(localizer)), help: Text(text: rule.help(localizer)),
                defaultConfiguration: Configuration(level: rule.severity.sarifLevel),
                properties: Properties(tags: ["accessibility"] + rule.tags, severity: rule.severity.rawValue))
        }
        let results = result.violations.compactMap { finding -> Result? in
            guard let index = rules.firstIndex(where: { $0.id == finding.ruleID }) else { return nil }
            let location = Location(
                physicalLocation: PhysicalLocation(
                    artifactLocation: ArtifactLocation(uri: uri(finding.location.file, baseDirectory: baseDirectory)),
                    region: Region(startLine: max(1, finding.location.line))))
            return Result(
                ruleId: finding.ruleID, ruleIndex: index, level: finding.severity.sarifLevel,
                message: Text(text: finding.messageText(localizer)), locations: [location],
                properties: ResultProperties(
                    severity: finding.severity.rawValue, field: finding.location.field, time: finding.location.time,
                    row: finding.location.row, outputOffset: finding.location.offset))
        }
        let driver = Driver(
            name: "voz", version: VozVersion.current, semanticVersion: VozVersion.current, rules: driverRules)
        return Log(schema: schema, version: "2.1.0", runs: [Run(tool: Tool(driver: driver), results: results)])
    }

    /// A repo-relative URI: the path without `./` and, when inside `baseDirectory`, relative to it; percent-encoded.
    static func uri(_ path: String, baseDirectory: String?) -> String {
        var relative = path
        if let base = baseDirectory, !base.isEmpty {
            let prefix = base.hasSuffix("/") ? base : base + "/"
            if relative.hasPrefix(prefix) { relative = String(relative.dropFirst(prefix.count)) }
        }
        while relative.hasPrefix("./") { relative = String(relative.dropFirst(2)) }
        return relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? relative
    }
}
