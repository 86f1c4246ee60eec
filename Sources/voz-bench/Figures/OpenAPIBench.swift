import Foundation
import VozJSON
import VozKit

/// Figure 10: `voz form --openapi` for one operation of a large description (several megabytes of JSON made at
/// bench time by `LargeSpec`, the same every run), whole and split into parsing (JSON, and YAML of the same
/// document), then resolving and building; beside Python's json.load of the same file, and the YAML reader
/// beside the JSON parser.
struct OpenAPIBench {
    let context: BenchContext
    var resources = 1_200
    var runs = 5

    func rows() -> [BenchRow] {
        let goal = "< 200 ms"
        do {
            let document = LargeSpec.document(resources: resources)
            let jsonPath = context.scratch + "/large-spec.json"
            let yamlPath = context.scratch + "/large-spec.yaml"
            try JSONWriter(indent: 2).text(document).write(toFile: jsonPath, atomically: true, encoding: .utf8)
            try LargeSpec.yaml(document).write(toFile: yamlPath, atomically: true, encoding: .utf8)
            let operation = LargeSpec.operation(resources: resources)
            let jsonBytes = try Array(Data(contentsOf: URL(fileURLWithPath: jsonPath)))
            let yamlBytes = try Array(Data(contentsOf: URL(fileURLWithPath: yamlPath)))

            var fieldCount = 0
            let whole = try timed {
                let spec = try SpecDocument.load(path: jsonPath)
                let output = try OpenAPIFormBuilder.form(openAPI: spec, operation: operation, server: nil)
                fieldCount = output.form["fields"]?.elements?.count ?? 0
            }
            let parseJSON = try timed { _ = try SpecDocument.decode(bytes: jsonBytes, file: jsonPath, isJSON: true) }
            let parseYAML = try timed { _ = try SpecDocument.decode(bytes: yamlBytes, file: yamlPath, isJSON: false) }
            let parsed = try SpecDocument.decode(bytes: jsonBytes, file: jsonPath, isJSON: true)
            let build = try timed {
                _ = try OpenAPIFormBuilder.form(openAPI: parsed, operation: operation, server: nil)
            }
            // Through the binary too, so the figure is what a user waits for, start-up and writing included.
            let child = try timed {
                let (_, ending) = try ChildProcess.run(
                    context.voz,
                    [
                        "form", "--openapi", jsonPath, "--operation", operation, "-o",
                        context.scratch + "/large-form.json",
                    ],
                    environment: context.environment)
                guard ending.status == 0 else { throw BenchError.failed("voz form exited with \(ending.status)") }
            }
            let python = (try? pythonLoad(jsonPath)) ?? Samples()
            let size = Format.mebibytes(jsonBytes.count) + " JSON / " + Format.mebibytes(yamlBytes.count) + " YAML"
            let what = "generated spec, \(resources * 4 + 70) schemas, \(size)"
            return [
                BenchRow(
                    "10. form for one operation of a \(what): read + parse + resolve + build (\(runs) runs, \(fieldCount) fields)",
                    voz: Format.times(whole), alternative: "python3 json.load of it: " + Format.times(python),
                    ratio: Format.ratio(python.median, whole.median), goal: goal,
                    verdict: BenchRow.verdict(whole.median < 0.2)),
                BenchRow(
                    "10. the same, `voz form --openapi` in a child, start-up and writing included",
                    voz: Format.times(child), goal: "reported"),
                BenchRow(
                    "10. split: parse the JSON",
                    voz: Format.times(parseJSON), alternative: "python3 json.load: " + Format.times(python),
                    ratio: Format.ratio(python.median, parseJSON.median), goal: "reported"),
                BenchRow(
                    "10. split: parse the same spec as YAML (libyaml events)",
                    voz: Format.times(parseYAML), alternative: "Voz's JSON parser: " + Format.times(parseJSON),
                    ratio: Format.ratio(parseJSON.median, parseYAML.median), goal: "reported"),
                BenchRow(
                    "10. split: find the operation, resolve its $refs and allOf, build the form",
                    voz: Format.times(build), goal: "reported"),
            ]
        } catch {
            return [.skipped("10. form for one operation of a large spec", goal: goal, reason: "\(error)")]
        }
    }

    private func timed(_ body: () throws -> Void) throws -> Samples {
        var samples = Samples()
        try body()  // warm-up: the first run pays for page faults the others do not
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try body()
            samples.add(ContinuousClock.now - start)
        }
        return samples
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
        let child = try ChildProcess("/usr/bin/python3", ["-c", script, path], environment: context.environment)
        let text = child.readText()
        child.wait()
        return Samples(text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) })
    }
}
