import Foundation
import Testing
import VozFuzzing
import VozKit
import VozTestTraits

/// The special-references target (issue 24): descriptions whose `$ref`s name a pipe, devices, a folder, a socket,
/// remote documents that lead back to a local file, and redirect loops, read in a scene with a real pipe and a
/// real loopback server. `make test`'s seeded slice reaches every kind of place.
@Suite(.ownThread) struct FuzzSpecialReferenceTests {
    /// The inputs of `make test`'s slice (`--count 1000 --seed 1019`) that belong to this target.
    static let slice = (0..<1000).filter { FuzzInputs.target(index: $0) == .specialReferences }

    @Test(arguments: ["pipe", "socket", "folder", "/dev/", "@REMOTE@/leak-", "@REMOTE@/loop/", "@REMOTE@/redirect/9"])
    func theSliceReachesEveryPlace(place: String) {
        // One input in thirteen since the hostile-input targets joined (issue 37): 77 of the slice's 1,000.
        #expect(Self.slice.count >= 70)
        let named = Self.slice.filter { index in
            String(decoding: FuzzInputs.make(seed: 1019, index: index), as: UTF8.self).contains(place)
        }
        #expect(named.count >= 5, "\(place): \(named.count) inputs")
    }

    @Test func theOracleSeesTheCanaryAndNothingElse() throws {
        let scene = try SpecialReferenceScene(parent: FileManager.default.temporaryDirectory)
        let input = Data("paths: {}".utf8)
        #expect(scene.breach(in: "a field named \(scene.local.canaryWord)", input: input) != nil)
        #expect(scene.breach(in: "a field named city", input: input) == nil)
        #expect(!scene.local.pipeWasOpened)
    }

    /// The scene's server is real: a remote document that names the canary is refused at its line, by the loader
    /// `voz` uses.
    @Test func theSceneServesItsRemoteDocuments() async throws {
        let scene = try SpecialReferenceScene(parent: FileManager.default.temporaryDirectory)
        let spec = """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            servers: [{url: "http://127.0.0.1:9"}]
            paths:
              /x:
                post:
                  operationId: send
                  requestBody:
                    content:
                      application/json:
                        schema: {$ref: "@REMOTE@/leak-abs.yaml#/Remote"}

            """
        let path = scene.write(Data(spec.utf8), as: "test.yaml")
        let document = try await SpecDocument.load(path, loader: CurlSpecLoader(), reaching: .operation("send"))
        let output = try OpenAPIFormBuilder.form(openAPI: document, operation: "send", server: nil)
        #expect(output.notes.contains { $0.contains("line 5") && $0.contains("may not read files of this computer") })
        #expect(scene.breach(in: output.text + output.notes.joined(), input: Data(spec.utf8)) == nil)
    }

    /// Forty of the slice's inputs, in process, each ending: well under a second alone, but make test runs this
    /// beside other suites on two cores, where one took 22 s; the bound tells a hang from an end, not a speed.
    @Test func theSliceRunsWithinTheHangLimit() async throws {
        let scene = try SpecialReferenceScene(parent: FileManager.default.temporaryDirectory)
        for index in Self.slice.prefix(40) {
            let start = ContinuousClock.now
            await FuzzRunner.runSpecialReferences(FuzzInputs.make(seed: 1019, index: index), in: scene)
            #expect(ContinuousClock.now - start < .seconds(30), "input \(index)")
        }
    }
}
