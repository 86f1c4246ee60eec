import Foundation
import VozKit
import VozTestSupport

// The forms the explorer runs: every bundled example, each aimed at two places of a server that is not there.
extension SessionExplorer {
    /// The bundled example forms (examples/*.json), by file name, in name order; empty when the source tree is not
    /// there to read them from.
    static let exampleForms: [(name: String, form: Form)] = {
        let folder = FuzzCorpus.root.appendingPathComponent("examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
            let path = folder.appendingPathComponent(name).path
            guard let data = FileManager.default.contents(atPath: path),
                let form = try? FormFile.decode(data: data, path: "examples/\(name)").form
            else { return nil }
            return (name, form)
        }
    }()

    /// The form this exploration runs: the one `formName` names, else the seed's turn among the examples.
    var exampleForm: (name: String, form: Form)? {
        let forms = Self.exampleForms
        if let formName { return forms.first { $0.name == formName } }
        guard !forms.isEmpty else { return nil }
        return forms[Int(seed % UInt64(forms.count))]
    }

    /// `form` aimed at `destination`, its address parameters kept.
    static func form(_ form: Form, sendingTo destination: String) -> Form {
        var form = form
        _ = form.submit.replaceAddress(with: destination)
        return form
    }

    /// The two places the explorer aims a form at: its own path on a loopback port nothing listens on, and the
    /// same under /v2, as a second server of the same form would be.
    static func destinations(of form: Form) -> [String] {
        let address = form.submit.urlTemplate ?? form.submit.url.absoluteString
        var path = "/"
        if let scheme = address.range(of: "://"),
            let slash = address[scheme.upperBound...].firstIndex(of: "/")
        {
            path = String(address[slash...])
        }
        return ["http://127.0.0.1:9" + path, "http://127.0.0.1:9/v2" + path]
    }
}

extension SessionExplorer {
    /// `--set` answers for one or two fields that are not sensitive (the session refuses a secret there), valid or
    /// not, by field id.
    static func presets(for form: Form, _ random: inout SeededGenerator) -> [String: String] {
        let candidates = form.fields.filter {
            !$0.isSensitive && $0.condition == nil && ![.list, .group, .multiline].contains($0.kind)
        }
        var presets: [String: String] = [:]
        for _ in 0..<Int.random(in: 1...2, using: &random) {
            guard let field = candidates.isEmpty ? nil : random.pick(candidates) else { break }
            let value = ExplorerPerson.validValue(field, &random)
            guard !SensitiveShape.isWhole(value) else { continue }
            presets[field.id] = random.chance(1, in: 4) ? ExplorerPerson.invalidValue(field) ?? value : value
        }
        return presets
    }
}
