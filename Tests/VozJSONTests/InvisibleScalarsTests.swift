import Testing

@testable import VozJSON

/// Issue 24, section 3: JSON Voz writes is safe to print, and says exactly what it was given.
@Suite struct InvisibleScalarsTests {
    static let invisible: [String] = [
        "\u{85}", "\u{9B}2J", "\u{9D}0;title\u{9C}", "\u{202E}gnp.exe", "\u{2066}x\u{2069}", "\u{200B}", "\u{FEFF}",
        "\u{7F}", "\u{2028}",
        // Issue 37: tag characters (an instruction no one sees) and the Hangul fillers (blanks that pass for a name).
        "\u{E0001}\u{E0049}\u{E0067}\u{E006E}\u{E007F}", "\u{115F}", "\u{1160}", "\u{3164}", "\u{FFA0}",
    ]

    @Test(arguments: invisible)
    func theWriterEscapesInvisibleCharactersBeyondASCIIAndReadsBackTheSame(value: String) throws {
        let text = JSONWriter().text(.string("a" + value + "é😀"))
        #expect(!text.unicodeScalars.contains { InvisibleScalars.contains($0) }, "\(text.debugDescription)")
        #expect(text.contains("é😀"))
        let parsed = try JSONParser().parse(text.utf8)
        #expect(parsed.value == .string("a" + value + "é😀"), "\(text)")
    }

    @Test func plainTextIsWrittenAsItWas() {
        #expect(JSONWriter().text(.string("Ana Pérez, 東京 😀")) == "\"Ana Pérez, 東京 😀\"")
    }

    @Test(arguments: invisible)
    func anotherEncodersJSONIsEscapedWithoutChangingItsMeaning(value: String) throws {
        // As Foundation's encoder writes it: C0 controls escaped, the rest raw.
        let raw = "{\"k\":\"x" + value + "\",\n \"n\": 1}"
        let escaped = InvisibleScalars.escaped(inJSON: raw)
        #expect(!escaped.unicodeScalars.contains { $0 != "\n" && InvisibleScalars.contains($0) })
        #expect(
            try JSONWriter().text(JSONParser().parse(escaped.utf8)) == JSONWriter().text(JSONParser().parse(raw.utf8)))
    }

    @Test func aTagCharacterIsWrittenAsItsSurrogatePair() {
        #expect(JSONWriter().text(.string("a\u{E0041}")) == #""a\udb40\udc41""#)
    }

    @Test func jsonWithNothingInvisibleIsLeftAlone() {
        let json = "{\n  \"name\": \"Zoë\"\n}"
        #expect(InvisibleScalars.escaped(inJSON: json) == json)
    }
}
