import Testing

@testable import VozWrap

/// What a row becomes when it is said: the words, without what only draws.
@Suite struct SpokenLineTests {
    static let cases: [(String, String)] = [
        ("plain text", "plain text"),
        ("  indented   and   spaced  ", "indented and spaced"),
        (" 45%|████▌     | 45/100 [00:00<00:01, 98.2it/s]", "45% 45/100 [00:00<00:01, 98.2it/s]"),
        ("⠋ Installing packages", "Installing packages"),
        ("/ Loading", "Loading"),
        ("──────────────", ""),
        ("==========", ""),
        ("=== Main menu ===", "Main menu"),
        ("✔ Done in 3s", "Done in 3s"),
        ("│ web-1 │ Running │", "web-1 Running"),
        ("[##########          ] 50%", "50%"),
        ("Progress: [=====     ]", "Progress:"),
        ("...", ""),
        ("Loading...", "Loading..."),
        ("a - b", "a - b"),
        ("[ ]", ""),
    ]

    @Test(arguments: cases)
    func cleans(_ raw: String, _ said: String) {
        #expect(SpokenLine.clean(raw) == said)
    }
}
