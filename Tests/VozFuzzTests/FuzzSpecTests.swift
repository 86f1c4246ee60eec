import Foundation
import Testing
import VozFuzzing
import VozKit

/// The OpenAPI and JSON Schema targets (issue 17's inputs): they start from the project's own descriptions, read
/// nothing outside memory, reach the form builder, and end quickly on YAML's alias bombs.
@Suite struct FuzzSpecTests {
    @Test func theCorpusHoldsTheProjectsDescriptions() {
        #expect(FuzzCorpus.yamlSpecs.count >= 8)
        #expect(FuzzCorpus.jsonSpecs.count >= 3)
        #expect(FuzzCorpus.schemas.count >= 3)
        #expect(FuzzCorpus.specTree["api.yaml"] != nil)
        #expect(FuzzCorpus.specTree["schemas/pet.json"] != nil)
    }

    /// Addresses and files outside the folder are never read, only noted: that note keeps such a description
    /// from the `voz` binary.
    @Test func theLoaderReadsTheTreeAndNothingElse() async throws {
        let spec = """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths: {}
            components:
              schemas:
                Pet: {$ref: 'schemas/pet.json'}
                Up: {$ref: '../../etc/passwd'}
                Far: {$ref: 'https://example.com/x.json'}
                Root: {$ref: '/etc/hostname'}
            """
        let folder = URL(fileURLWithPath: "/voz-fuzz-test")
        let loader = FuzzSpecLoader(folder: folder, name: "input.yaml", input: Array(spec.utf8))
        _ = try await SpecDocument.load(loader.path(of: "input.yaml"), loader: loader)
        let pet = try await loader.load(folder.appendingPathComponent("schemas/pet.json").absoluteString)
        #expect(pet.bytes == FuzzCorpus.specTree["schemas/pet.json"])
        #expect(
            Set(loader.escaped) == ["file:///etc/passwd", "https://example.com/x.json", "file:///etc/hostname"])
    }

    /// Generated descriptions are not all refused at the first syntax error: many become forms.
    @Test func generatedDescriptionsBecomeForms() async {
        var built = 0
        for index in 0..<140 {
            let target = FuzzInputs.target(index: index)
            guard [.openAPIYAML, .openAPIJSON, .jsonSchema].contains(target) else { continue }
            built += await FuzzRunner.runSpec(target, FuzzInputs.make(seed: 19, index: index))
        }
        #expect(built >= 10)
    }

    /// A billion laughs and an alias inside its own anchor: refused or bounded, in well under the hang limit.
    @Test(arguments: [
        "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
            + "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
            + "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
            + "g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]\nh: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]\n"
            + "paths: {/a: {post: {operationId: op, requestBody: {content: {application/json: {schema: "
            + "{type: object, properties: {n: {enum: *h}}}}}}}}}\n",
        "openapi: 3.1.0\npaths: &p {/a: {post: {x: *p}}}\n",
    ])
    func yamlAliasBombsEndQuickly(_ yaml: String) async {
        let started = ContinuousClock.now
        await FuzzRunner.run(.openAPIYAML, Data(yaml.utf8))
        #expect(ContinuousClock.now - started < .seconds(3))
    }
}
