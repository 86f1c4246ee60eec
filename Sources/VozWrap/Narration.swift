import VozAccessibility

/// One thing the narrator says of a program's screen: printed as a line, recorded, and said unless speech is
/// already too far behind.
public struct Narration: Sendable, Equatable {
    /// Why it is said, which decides nothing about how but lets a test and a reader tell them apart.
    public enum Kind: Sendable, Equatable {
        /// A line the program wrote, once, cleaned.
        case line
        /// A row rewritten in place (progress, a counter): its first state, a new message, or a sparse update.
        case update
        /// The last state of a rewritten row, once it stopped changing or left the screen.
        case settled
        /// Something about the screen itself (a full screen drawn or left, lines printed but not said).
        case notice
        /// The one line that always comes when the program ends.
        case end
        /// The program waits for a line: its question, as a label.
        case question
        /// The program waits for a line it does not show (a password): the person's terminal stops echoing too.
        case hiddenQuestion
        /// A row of the screen, read because the person asked (`:screen`).
        case screen
    }

    /// The sentence, as printed and as spoken.
    public var text: String
    /// Why it is said.
    public var kind: Kind
    /// Polite waits its turn; assertive (a failure at the end) cuts short what is being said.
    public var priority: Priority
    /// False when speech is too far behind the program: printed and recorded, not said.
    public var isSpoken: Bool

    /// A narration of `text`; polite and spoken unless told otherwise.
    public init(_ text: String, kind: Kind, priority: Priority = .polite, isSpoken: Bool = true) {
        self.text = text
        self.kind = kind
        self.priority = priority
        self.isSpoken = isSpoken
    }
}
