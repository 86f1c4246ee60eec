import Foundation
import Testing

@testable import VozForm
@testable import VozKit

@Suite struct FormFileMutationTests {
    /// Bytes that tend to break JSON in interesting ways, and some that are not UTF-8 at all.
    static let interesting: [UInt8] =
        Array("{}[]\",:\\0123456789-.eEtfnu \n".utf8) + [0x00, 0x1B, 0x80, 0xC3, 0xED, 0xFF]

    static func mutate(_ original: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = original
        for _ in 0..<Int.random(in: 1...3, using: &random) where !bytes.isEmpty {
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: bytes = Array(bytes[..<at])
            case 1: bytes.remove(at: at)
            case 2: bytes[at] = interesting.randomElement(using: &random) ?? 0
            case 3: bytes.insert(interesting.randomElement(using: &random) ?? 0, at: at)
            case 4:
                let end = min(bytes.count, at + Int.random(in: 1...40, using: &random))
                bytes.removeSubrange(at..<end)
            default:
                let end = min(bytes.count, at + Int.random(in: 1...40, using: &random))
                bytes.insert(contentsOf: bytes[at..<end], at: at)
            }
        }
        return bytes
    }

    @Test(arguments: ExampleFormTests.examples)
    func mutatedExamplesNeverCrash(name: String) throws {
        let original = try [UInt8](FormFixtures.data(FormFixtures.examples.appendingPathComponent(name)))
        var random = SeededGenerator(seed: name == "crear-cuenta.json" ? 2024 : 1812)
        var refused = 0
        for _ in 0..<1_100 {
            let bytes = Self.mutate(original, &random)
            do {
                let document = try FormFile.decode(data: Data(bytes), path: name)
                #expect(!document.form.fields.isEmpty)
                #expect(document.form.fields.allSatisfy { !$0.label.isEmpty })
            } catch {
                refused += 1
                let sentence = error.description
                #expect(sentence.hasPrefix(name + ": "))
                #expect(sentence.hasSuffix("."))
                #expect(!sentence.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
            }
        }
        // Most mutations must break the file; if none did, the generator is not testing anything.
        #expect(refused > 500)
    }
}
