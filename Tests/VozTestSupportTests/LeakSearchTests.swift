import Foundation
import Testing
import VozTestSupport

@Suite struct LeakSearchTests {
    @Test(arguments: [
        // The stamps of a transcript event, a log entry and a draft hold the digits by chance: not a leak.
        (#"{"kind":"say","text":"Hola","time":1737}"#, "737", false),
        (#"{"event":"reply","time":"2026-12-03T16:00:02.737Z"}"#, "737", false),
        (#"{"savedAt":1796400000.737,"values":{}}"#, "737", false),
        // The value anywhere else is found, beside a stamp or inside one's key written as text.
        (#"{"time":12,"text":"código 737"}"#, "737", true),
        (#"{"time":12,"detail":"{\"time\":737}"}"#, "737", true),
        (#"{"values":{"csc":"737"},"savedAt":1}"#, "737", true),
        (#"plain 737 text"#, "737", true),
    ])
    func stampsAreLeftOutAndNothingElse(text: String, needle: String, found: Bool) {
        #expect(LeakSearch.needles([needle], foundIn: Data(text.utf8)) == (found ? [needle] : []))
    }
}
