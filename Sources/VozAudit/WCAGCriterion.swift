/// A WCAG 2.2 success criterion a rule checks, with what axe-core-style tags it carries.
public struct WCAGCriterion: Sendable, Equatable, Hashable {
    /// The conformance level of a criterion.
    public enum Level: String, Sendable, Equatable, Hashable {
        /// Level A: the minimum.
        case a = "A"
        /// Level AA: what laws and policies usually require.
        case aa = "AA"
        /// Level AAA: the highest.
        case aaa = "AAA"
    }

    /// The criterion's number, such as `3.3.2`.
    public var number: String
    /// The criterion's official English name; auditors search by it, so it is not translated.
    public var name: String
    /// The conformance level it belongs to.
    public var level: Level
    /// The WCAG version that introduced it (`2.0`, `2.1`, `2.2`).
    public var version: String

    /// A criterion; the static ones are those Voz's rules check.
    public init(number: String, name: String, level: Level, version: String) {
        self.number = number
        self.name = name
        self.level = level
        self.version = version
    }

    /// axe-core's tags: the version and level (`wcag2a`, `wcag21aa`) and the number (`wcag332`).
    public var tags: [String] {
        let versionTag = version == "2.0" ? "wcag2" : "wcag" + version.replacingOccurrences(of: ".", with: "")
        return [versionTag + level.rawValue.lowercased(), "wcag" + number.replacingOccurrences(of: ".", with: "")]
    }

    /// "WCAG 2.2 3.3.2 Labels or Instructions (A)".
    public var title: String {
        "WCAG \(number) \(name) (\(level.rawValue))"
    }

    // MARK: - The criteria Voz's rules check

    /// 1.1.1 Non-text Content, level A.
    public static let nonTextContent = WCAGCriterion(
        number: "1.1.1", name: "Non-text Content", level: .a, version: "2.0")
    /// 1.3.1 Info and Relationships, level A.
    public static let infoAndRelationships = WCAGCriterion(
        number: "1.3.1", name: "Info and Relationships", level: .a, version: "2.0")
    /// 1.3.5 Identify Input Purpose, level AA.
    public static let identifyInputPurpose = WCAGCriterion(
        number: "1.3.5", name: "Identify Input Purpose", level: .aa, version: "2.1")
    /// 2.4.3 Focus Order, level A.
    public static let focusOrder = WCAGCriterion(number: "2.4.3", name: "Focus Order", level: .a, version: "2.0")
    /// 2.4.6 Headings and Labels, level AA.
    public static let headingsAndLabels = WCAGCriterion(
        number: "2.4.6", name: "Headings and Labels", level: .aa, version: "2.0")
    /// 3.3.1 Error Identification, level A.
    public static let errorIdentification = WCAGCriterion(
        number: "3.3.1", name: "Error Identification", level: .a, version: "2.0")
    /// 3.3.2 Labels or Instructions, level A.
    public static let labelsOrInstructions = WCAGCriterion(
        number: "3.3.2", name: "Labels or Instructions", level: .a, version: "2.0")
    /// 3.3.3 Error Suggestion, level AA.
    public static let errorSuggestion = WCAGCriterion(
        number: "3.3.3", name: "Error Suggestion", level: .aa, version: "2.0")
    /// 3.3.4 Error Prevention (Legal, Financial, Data), level AA.
    public static let errorPrevention = WCAGCriterion(
        number: "3.3.4", name: "Error Prevention (Legal, Financial, Data)", level: .aa, version: "2.0")
    /// 4.1.2 Name, Role, Value, level A.
    public static let nameRoleValue = WCAGCriterion(
        number: "4.1.2", name: "Name, Role, Value", level: .a, version: "2.0")
    /// 4.1.3 Status Messages, level AA.
    public static let statusMessages = WCAGCriterion(
        number: "4.1.3", name: "Status Messages", level: .aa, version: "2.1")

    // Recording rules (WCAG2ICT applies these to non-web software such as terminal programs).
    /// 1.3.2 Meaningful Sequence, level A.
    public static let meaningfulSequence = WCAGCriterion(
        number: "1.3.2", name: "Meaningful Sequence", level: .a, version: "2.0")
    /// 1.4.1 Use of Color, level A.
    public static let useOfColor = WCAGCriterion(number: "1.4.1", name: "Use of Color", level: .a, version: "2.0")
    /// 1.4.10 Reflow, level AA.
    public static let reflow = WCAGCriterion(number: "1.4.10", name: "Reflow", level: .aa, version: "2.1")
    /// 2.2.1 Timing Adjustable, level A.
    public static let timingAdjustable = WCAGCriterion(
        number: "2.2.1", name: "Timing Adjustable", level: .a, version: "2.0")
    /// 2.2.2 Pause, Stop, Hide, level A.
    public static let pauseStopHide = WCAGCriterion(
        number: "2.2.2", name: "Pause, Stop, Hide", level: .a, version: "2.0")
    /// 2.3.1 Three Flashes or Below Threshold, level A.
    public static let threeFlashes = WCAGCriterion(
        number: "2.3.1", name: "Three Flashes or Below Threshold", level: .a, version: "2.0")
    /// 2.4.7 Focus Visible, level AA.
    public static let focusVisible = WCAGCriterion(
        number: "2.4.7", name: "Focus Visible", level: .aa, version: "2.0")
    /// 3.2.5 Change on Request, level AAA.
    public static let changeOnRequest = WCAGCriterion(
        number: "3.2.5", name: "Change on Request", level: .aaa, version: "2.0")
}
