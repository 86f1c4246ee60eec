import Testing

@testable import VozScreenAudit

/// Rows drawn with keyboard symbols, told from rows that are written, counted or framed.
@Suite struct KeyboardArtTests {
    @Test(
        arguments: [
            // figlet's big letters and cowsay's cow: drawn.
            (" ____  _                                        ", true), ("|____/|_| |_|\\___/| .__/ ", true),
            ("        \\   ^__^", true), ("         \\  (oo)\\_______", true), ("                ||     ||", true),
            ("-----------------------", true),
            // Words and numbers: written or counted.
            ("< Backup finished. >", false), ("     0K .......... .......... 50%  100M 0s", false),
            ("| name | status |", false), ("[=====> 40%  ]", false), ("$ ", false), ("", false),
        ] as [(String, Bool)])
    func aRowIsStrokedWhenSymbolsDrawIt(text: String, stroked: Bool) {
        #expect(KeyboardArt.isStroked(text) == stroked)
    }

    @Test(
        arguments: [
            ([" ____  _", "/ ___|| |__   ___  _ __", "\\___ \\| '_ \\ / _ \\| '_ \\"], true),
            (["        \\   ^__^", "         \\  (oo)\\_______", "            (__)\\       )\\/\\"], true),
            // Too few rows, one symbol, a frame.
            (["  ^__^", "  (oo)"], false), (["------", "======", "------"], false),
            (["|   . o  |", "|  o = . |", "| . * +  |", "|  . o   |"], false),
        ] as [([String], Bool)])
    func strokedRowsDrawAPictureWhenTheyAreManyVariedAndUnframed(rows: [String], picture: Bool) {
        #expect(KeyboardArt.isPicture(rows) == picture)
    }
}
