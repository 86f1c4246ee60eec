import Testing

@Suite struct EndToEndPlaceholderTests { @Test func builds() { #expect(Bool(true)) } }
