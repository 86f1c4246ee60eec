/// What a recording costs to listen to (`voz audit --listen`): the words a screen reader reading every changed row
/// would say, beside the words wrap's narrator says for the same output, at one rate, and what wrap lost of what
/// must not be lost (every line that left the screen, every row's last state).
public struct ListeningCost: Sendable, Equatable {
    /// What one reader says of the recording.
    public struct Reading: Sendable, Equatable {
        /// Words said.
        public var words: Int
        /// Separate things said (rows read, lines narrated).
        public var utterances: Int

        /// A reading of `words` in `utterances`.
        public init(words: Int, utterances: Int) {
            self.words = words
            self.utterances = utterances
        }

        /// How long it takes to say at `wordsPerMinute`, in seconds.
        public func seconds(at wordsPerMinute: Int) -> Double {
            Double(words) * 60 / Double(max(1, wordsPerMinute))
        }
    }

    /// The recording's path.
    public var path: String
    /// The program's name, as wrap's end line says it.
    public var program: String
    /// The screen reader reading every changed row, whole.
    public var rawReader: Reading
    /// What wrap says: every line it prints, the end line included.
    public var wrap: Reading
    /// The rate the seconds are counted at, in words a minute.
    public var wordsPerMinute: Int
    /// How many lines and last states must be in wrap's words.
    public var required: Int
    /// Those that are not, in the order they were met.
    public var lost: [String]
    /// Rows the screen reader read on the full (alternate) screen, which wrap says plainly and does not read.
    public var fullScreenRows: Int

    /// A measure of `path`; every count given.
    public init(
        path: String, program: String, rawReader: Reading, wrap: Reading, wordsPerMinute: Int, required: Int,
        lost: [String], fullScreenRows: Int
    ) {
        self.path = path
        self.program = program
        self.rawReader = rawReader
        self.wrap = wrap
        self.wordsPerMinute = wordsPerMinute
        self.required = required
        self.lost = lost
        self.fullScreenRows = fullScreenRows
    }

    /// How many times fewer words wrap says than the screen reader (above 1: wrap is cheaper); 0 when wrap says
    /// nothing.
    public var reduction: Double {
        wrap.words == 0 ? 0 : Double(rawReader.words) / Double(wrap.words)
    }

    /// How many times more wrap says than the screen reader (at most 1.2 on plain output); 0 when the screen reader
    /// says nothing.
    public var overhead: Double {
        rawReader.words == 0 ? 0 : Double(wrap.words) / Double(rawReader.words)
    }

    /// Whether every required line and last state is in wrap's words.
    public var nothingLost: Bool { lost.isEmpty }
}
