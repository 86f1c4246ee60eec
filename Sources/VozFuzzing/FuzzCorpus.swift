import Foundation
import VozTestSupport

/// The project's own inputs, the seeds every mutation starts from: the example forms, the form fixtures (good
/// and malformed), the recorded server replies, the audit transcripts and answer scripts of real sessions.
public enum FuzzCorpus {
    /// The package's root folder: the fuzzer is a developer tool run from the source tree.
    public static let root: URL = {
        let fromSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: fromSource.appendingPathComponent("Package.swift").path) {
            return fromSource
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// Where a crash or hang is saved as a regression case, one folder a target.
    public static var regressionFolder: URL {
        root.appendingPathComponent("Tests/VozFuzzTests/Fixtures")
    }

    static var exampleForm: Data? {
        FileManager.default.contents(atPath: root.appendingPathComponent("examples/crear-cuenta.json").path)
    }

    public static let forms: [Data] =
        files(in: ["examples", "Tests/VozKitTests/Fixtures/Form"], ending: ".json")
        + files(in: ["Tests/VozKitTests/Fixtures/Audit", "Tests/VozEndToEndTests/Fixtures"], ending: ".json")
    public static let replies: [Data] = files(in: ["Tests/VozKitTests/Fixtures/Server"], ending: ".http")
    public static let transcripts: [Data] = files(in: ["Tests/VozKitTests/Fixtures/Audit"], ending: ".jsonl")
    /// The special-references target's seeds: eight of its own structures, made once, not for every input.
    static let specialReferences: [Data] = (0..<8).map { index in
        var random = SeededGenerator(seed: 24, index: index)
        return Data(FuzzStructures.specialReferences(&random))
    }
    /// Real programs recorded by `voz record`: bash's read, dialog, whiptail and vim.
    public static let recordings: [Data] = files(in: ["Tests/VozKitTests/Fixtures/Terminal"], ending: ".cast")

    /// OpenAPI descriptions and JSON Schemas, as their authors and generators (FastAPI, drf-spectacular) write
    /// them, and the documents of the `refs/` tree that point into one another.
    static let openAPIFolders = ["Tests/VozKitTests/Fixtures/OpenAPI", "Tests/VozKitTests/OpenAPI/Fixtures"]
    public static let yamlSpecs: [Data] = files(in: openAPIFolders, ending: ".yaml")
    public static let jsonSpecs: [Data] = files(in: openAPIFolders, ending: ".json").filter { isOpenAPI($0) }
    public static let schemas: [Data] = files(in: openAPIFolders, ending: ".json").filter { !isOpenAPI($0) }

    /// The `refs/` tree by path inside it: what a fuzzed description's relative `$ref`s find beside it.
    public static let specTree: [String: [UInt8]] = {
        let base = root.appendingPathComponent("Tests/VozKitTests/OpenAPI/Fixtures/refs")
        var tree: [String: [UInt8]] = [:]
        let names = (FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String]) ?? []
        for name in names where name.hasSuffix(".json") || name.hasSuffix(".yaml") {
            if let data = FileManager.default.contents(atPath: base.appendingPathComponent(name).path) {
                tree[name] = Array(data)
            }
        }
        return tree
    }()

    private static func isOpenAPI(_ data: Data) -> Bool {
        data.prefix(400).range(of: Data("\"openapi\"".utf8)) != nil
    }

    /// Sessions as people type them: a whole valid form in Spanish and English, commands, corrections.
    public static let answers: [Data] = [
        ["Ana Pérez", "ana@example.com", "secreto123", "", "", "sí", ":enviar", "sí"],
        [
            "", ":ayuda", "Ana", ":atrás", "Ana Pérez", "ana@", "ana@example.com", ":repetir", "secreto123", ":revisar",
            ":ir 2", "otra@example.com", ":enviar", "sí", ":reintentar", ":salir",
        ],
        [":ir 9223372036854775807", ":ir -9223372036854775808", ":ir 0", "3", "1e400", "-0", ":enviar", "no"],
        ["Ana", "ana@example.com", "x", ":cancelar", ":enviar", "sí", ":reintentar", ":reintentar", ":salir", "sí"],
        [":help", ":back", ":review", ":send", "yes", ":retry", ":quit", "yes"],
    ].map { Data($0.joined(separator: "\n").utf8) }

    public static func seeds(for target: FuzzTarget) -> [Data] {
        var seedRandom = SeededGenerator(seed: 37)
        let seeds: [Data]
        switch target {
        case .form: seeds = forms
        case .reply: seeds = replies
        case .transcript: seeds = transcripts
        case .answers: seeds = answers
        case .openAPIYAML: seeds = yamlSpecs
        case .openAPIJSON: seeds = jsonSpecs
        case .jsonSchema: seeds = schemas
        // Made afresh each time (FuzzInputs): a case names the secrets it types, which a mutation would break.
        case .richForm: seeds = []
        // Its structures are its seeds: the project's own descriptions name none of the scene's places.
        case .specialReferences: seeds = specialReferences
        case .recording: seeds = recordings
        // Made afresh each time too: their oracles check the secrets and places each case names.
        case .echoes: seeds = [EchoCase.make(&seedRandom).data]
        case .hops: seeds = [HopCase.make(&seedRandom).data]
        case .stateFiles: seeds = [StateFileCase.make(&seedRandom).data]
        }
        return seeds.isEmpty ? [Data("{}".utf8)] : seeds
    }

    private static func files(in folders: [String], ending suffix: String) -> [Data] {
        var found: [(String, Data)] = []
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let name as String in walker where name.hasSuffix(suffix) {
                if let data = FileManager.default.contents(atPath: base.appendingPathComponent(name).path) {
                    found.append((folder + "/" + name, data))
                }
            }
        }
        // Sorted by path, so the same seed picks the same file on every machine.
        return found.sorted { $0.0 < $1.0 }.map(\.1)
    }
}
