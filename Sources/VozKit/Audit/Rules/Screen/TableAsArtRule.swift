/// A table drawn with bars and borders reads as a stream of cells and "vertical line"s, with no headers.
public struct TableAsArtRule: RecordingRule {
    public let info = AuditRuleInfo(
        id: "table-as-art", name: "TableAsArt", criterion: .infoAndRelationships, severity: .moderate,
        scope: .recording)

    public init() {}

    private static let bars: Set<Character> = ["│", "┃", "║", "|", "┆", "┊"]

    public func check(_ timeline: ScreenTimeline) -> RuleCheck {
        var streak: [ScreenEvent] = []
        var columns: [Int] = []
        for event in timeline.events where event.kind == .appeared && !event.afterInput {
            let found = Self.barColumns(event.text)
            if found.count >= 2, found == columns || streak.isEmpty {
                streak.append(event)
                columns = found
                if streak.count >= 3 {
                    return .checked([
                        info.finding(in: timeline, at: streak[0].place, row: streak[0].row, arguments: ["rows": "3"])
                    ])
                }
            } else {
                streak = found.count >= 2 ? [event] : []
                columns = found
            }
        }
        return .checked([])
    }

    static func barColumns(_ text: String) -> [Int] {
        text.enumerated().compactMap { bars.contains($0.element) ? $0.offset : nil }
    }
}
