import Foundation
import Testing
import VozKit

/// Forms built from real API descriptions against a reviewer (issue 27, docs/judging.md): each operation's expected
/// form was written by someone who had not read the builder, before Voz ran on it. The figure is agreement on facts,
/// per kind of fact and over all.
@Suite struct OpenAPICorpusTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Corpus/OpenAPI")
    /// Descriptions judged after the builder was tuned, kept apart so their figure is the one users get
    /// (docs/judging.md); scored once before any change made after looking at them.
    static let heldBackFolder = folder.deletingLastPathComponent().appendingPathComponent("HeldBack/OpenAPI")
    /// Issue 27's goal.
    static let goal = 0.97
    /// The agreement measured when the corpus was judged and each change since: the test fails when a change makes
    /// Voz agree less, and says how far the goal still is. Raise it with every change that agrees more.
    static let floor = 0.973
    /// The held-back descriptions' agreement after the fixes their disagreements showed (+json bodies, acronyms,
    /// purposes from a path, members of optional objects): 2,749 of 3,090, 88.9 %. The first scoring, before any
    /// tuning (81.7 %), is the figure to report, and stays in their SCORE.md.
    static let heldBackFloor = 0.889

    // MARK: - The corpus

    /// One judged operation of one description.
    struct Judged: Sendable {
        var description: String
        var operation: String
        var expected: [String: ReviewerJSON]
    }

    static func corpus(in folder: URL = folder) throws -> [Judged] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".expected.json") }.sorted()
        return try names.flatMap { name -> [Judged] in
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            guard case .object(let root) = try JSONDecoder().decode(ReviewerJSON.self, from: data),
                case .string(let description)? = root["description"], case .array(let operations)? = root["operations"]
            else { return [] }
            return operations.compactMap { operation in
                guard case .object(let members) = operation, case .string(let id)? = members["operation"] else {
                    return nil
                }
                return Judged(description: description, operation: id, expected: members)
            }
        }
    }

    // MARK: - The figure

    @Test func theCorpusHasSixtyJudgedOperations() throws {
        let corpus = try Self.corpus()
        #expect(corpus.count >= 60, "\(corpus.count) judged operations; the goal is at least 60")
        #expect(Set(corpus.map(\.description)).count >= 30)
    }

    @Test func agreementWithTheReviewerIsAtLeastTheGoal() async throws {
        var tally = FactTally()
        for judged in try Self.corpus() {
            let form = await Self.build(judged)
            OpenAPIFactComparison(
                expected: judged.expected, form: form, where: "\(judged.description) \(judged.operation)"
            )
            .compare(into: &tally)
        }
        print(tally.table())
        for wrong in tally.wrong.prefix(400) { print("  wrong: \(wrong)") }
        print(String(format: "agreement %.1f %%; the goal is %.0f %%", 100 * tally.agreement, 100 * Self.goal))
        #expect(tally.agreement >= Self.floor, "agreement \(tally.agreement) fell below \(Self.floor)")
    }

    /// The held-back descriptions: the figure is printed beside the tuning corpus's, and may not fall below what it
    /// was when they were first scored.
    @Test func agreementOnTheHeldBackDescriptions() async throws {
        var tally = FactTally()
        let corpus = try Self.corpus(in: Self.heldBackFolder)
        #expect(corpus.count >= 15)
        for judged in corpus {
            let form = await Self.build(judged, in: Self.heldBackFolder)
            OpenAPIFactComparison(
                expected: judged.expected, form: form, where: "\(judged.description) \(judged.operation)"
            )
            .compare(into: &tally)
        }
        print("held back:")
        print(tally.table())
        for wrong in tally.wrong.prefix(600) { print("  wrong: \(wrong)") }
        print(String(format: "held back: agreement %.1f %%", 100 * tally.agreement))
        #expect(tally.agreement >= Self.heldBackFloor, "held back: \(tally.agreement) fell below \(Self.heldBackFloor)")
    }

    /// The form Voz builds for a judged operation, as `voz form` writes and reads it back; nil when it builds none.
    ///
    /// The description is read as if published at `CorpusLoader.origin`: many real descriptions name a relative
    /// server ("/api/v1"), which the reviewer resolved as OpenAPI says, against where the description is served.
    static func build(_ judged: Judged, in folder: URL = folder) async -> Form? {
        await document(judged, in: folder)?.form
    }

    /// The form file `voz form --openapi` writes for a judged operation, read back as `voz audit FILE` reads it.
    static func document(_ judged: Judged, in folder: URL = folder) async -> FormDocument? {
        do {
            let document = try await SpecDocument.load(
                CorpusLoader.origin + judged.description, loader: CorpusLoader(folder: folder),
                reaching: .operation(judged.operation))
            let output = try OpenAPIFormBuilder.form(
                openAPI: document, operation: judged.operation, server: nil, language: .en)
            return try FormFile.decode(data: Data(output.text.utf8), path: judged.description, forAudit: true)
        } catch {
            print("  not built: \(judged.description) \(judged.operation): \(error)")
            return nil
        }
    }
}

/// Serves the corpus folder at an address nobody else answers, so a relative server resolves against it.
struct CorpusLoader: SpecLoader {
    static let origin = "https://corpus.invalid/"
    var folder: URL

    func load(_ url: String) async throws(SpecLoadFailure) -> SpecBytes {
        guard url.hasPrefix(Self.origin),
            let data = try? Data(contentsOf: folder.appendingPathComponent(String(url.dropFirst(Self.origin.count))))
        else { throw SpecLoadFailure.noFile }
        return SpecBytes(url: url, bytes: [UInt8](data), isJSON: SpecBytes.isJSON(contentType: nil, path: url))
    }
}
