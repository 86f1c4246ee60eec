/// How badly a finding hurts the user, on axe-core's scale (critical, serious, moderate, minor).
public enum AuditSeverity: String, Sendable, Equatable, Hashable, CaseIterable, Comparable, Codable {
    /// A nuisance: more effort, but no barrier.
    case minor
    /// A barrier, though the user can still do what the form or program is for.
    case moderate
    /// A serious barrier: part of what the form or program is for is out of the user's reach.
    case serious
    /// A blocker: the user cannot do what the form or program is for.
    case critical

    // MARK: - Order

    private var rank: Int {
        switch self {
        case .minor: return 0
        case .moderate: return 1
        case .serious: return 2
        case .critical: return 3
        }
    }

    /// Whether `lhs` is less severe than `rhs`.
    public static func < (lhs: AuditSeverity, rhs: AuditSeverity) -> Bool {
        lhs.rank < rhs.rank
    }

    // MARK: - SARIF

    /// The SARIF result level: `error` for critical and serious, `warning` for moderate, `note` for minor.
    public var sarifLevel: String {
        switch self {
        case .critical, .serious: return "error"
        case .moderate: return "warning"
        case .minor: return "note"
        }
    }
}
