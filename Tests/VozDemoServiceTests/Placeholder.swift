import Testing
@Suite struct DemoServicePlaceholderTests { @Test func builds() { #expect(Bool(true)) } }
