import VozLocalization

extension ListeningCost {
    /// The report's sentences, most important first: how many times fewer words wrap says, the words and seconds
    /// of both, whether anything was lost (and the first line that was), and how much was drawn on a full screen.
    public func report(_ localizer: Localizer) -> [String] {
        let decimal = localizer.language == .en ? "." : ","
        var lines: [String] = []
        if wrap.words <= rawReader.words {
            lines.append(
                localizer.text(
                    "audit.listen.fewer", ["file": path, "ratio": Self.figure(reduction, decimal: decimal)]))
        } else {
            lines.append(
                localizer.text("audit.listen.more", ["file": path, "ratio": Self.figure(overhead, decimal: decimal)]))
        }
        lines.append(
            localizer.text(
                "audit.listen.cost",
                [
                    "wrapWords": String(wrap.words),
                    "wrapSeconds": Self.figure(wrap.seconds(at: wordsPerMinute), decimal: decimal),
                    "rawWords": String(rawReader.words),
                    "rawSeconds": Self.figure(rawReader.seconds(at: wordsPerMinute), decimal: decimal),
                    "rate": String(wordsPerMinute),
                ]))
        if let first = lost.first {
            lines.append(
                localizer.plural(
                    "audit.listen.lost", count: lost.count,
                    ["count": String(lost.count), "total": String(required), "text": first]))
        } else {
            lines.append(localizer.plural("audit.listen.nothingLost", count: required, ["count": String(required)]))
        }
        if fullScreenRows > 0 {
            lines.append(
                localizer.plural("audit.listen.fullScreen", count: fullScreenRows, ["count": String(fullScreenRows)]))
        }
        return lines
    }

    /// A figure as it is said: whole from 10 up, with one decimal below (1.2 times, 4.5 seconds).
    static func figure(_ value: Double, decimal: String) -> String {
        guard value.isFinite, value >= 0 else { return "0" }
        if value >= 10 { return String(Int(value.rounded())) }
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10)\(decimal)\(tenths % 10)"
    }
}
