import Foundation
import VozFuzzing

// `make fuzz`: FUZZ_N inputs (default 20,000) from seed FUZZ_SEED (default 19). The supervisor runs the inputs
// in a worker process and watches it; `--worker` is that worker.
let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessInfo.processInfo.environment

// MARK: - Options

/// Options that take a value, and those that stand alone: anything else is refused, so that a mistyped option never
/// starts the default run of 20,000 inputs in its place.
let valued: Set<String> = [
    "--seed", "--count", "--cli-every", "--hang-limit", "--target", "--show", "--replay", "--from", "--to",
    "--fixtures", "--plant-crash", "--plant-hang", "--plant-orphan", "--explore",
]
let flags: Set<String> = ["--worker", "--help", "-h"]
let usage = """
    usage: voz-fuzz [--seed N] [--count N] [--target NAME] [--cli-every N] [--hang-limit SECONDS] [--fixtures DIR]
           voz-fuzz --show N [--seed N]
           voz-fuzz --replay FILE
           voz-fuzz --explore LINES [--seed N]
    Runs COUNT seeded inputs (default FUZZ_N or 20000, seed FUZZ_SEED or 19) over every target, or COUNT of one
    target's inputs with --target (or FUZZ_ONLY). One in --cli-every (default 50) also goes through the voz binary.
    Targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")).
    --explore runs the session explorer (the promises as invariants, I1 to I8) until LINES lines were typed.
    """
var position = 0
while position < arguments.count {
    let argument = arguments[position]
    if flags.contains(argument) {
        position += 1
    } else if valued.contains(argument), position + 1 < arguments.count {
        position += 2
    } else {
        let problem = valued.contains(argument) ? "\(argument) needs a value" : "no option \(argument)"
        FileHandle.standardError.write(Data("voz-fuzz: \(problem).\n\(usage)\n".utf8))
        exit(2)
    }
}
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}

func number(_ name: String, _ fallback: Int) -> Int {
    guard let index = arguments.firstIndex(of: "--\(name)"), index + 1 < arguments.count else { return fallback }
    guard let value = Int(arguments[index + 1]) else {
        let sentence = "voz-fuzz: --\(name) takes a whole number, not \(arguments[index + 1]).\n"
        FileHandle.standardError.write(Data(sentence.utf8))
        exit(2)
    }
    return value
}

let seed = UInt64(clamping: number("seed", Int(environment["FUZZ_SEED"] ?? "") ?? 19))
let count = max(0, number("count", Int(environment["FUZZ_N"] ?? "") ?? 20_000))
let cliEvery = max(0, number("cli-every", Int(environment["FUZZ_CLI_EVERY"] ?? "") ?? 50))
// Seconds one input may take before it counts as a hang (the harness's own test makes it shorter).
let hangLimit = max(1, number("hang-limit", 5))
// `--target NAME` (or FUZZ_ONLY=NAME in the environment, for make fuzz): only that target's inputs (`--count` of
// them), at the indexes a full run gives them.
let only =
    (arguments.firstIndex(of: "--target").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    ?? environment["FUZZ_ONLY"].flatMap { $0.isEmpty ? nil : $0 })
    .map { name -> FuzzTarget in
        guard let target = FuzzTarget(rawValue: name) else {
            print(
                "voz-fuzz: no target \(name); the targets are \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))."
            )
            exit(2)
        }
        return target
    }

// `--show N`: input N of the seed, as bytes, to look at or to replay by hand.
if arguments.contains("--show") {
    FileHandle.standardOutput.write(FuzzInputs.make(seed: seed, index: number("show", 0)))
    exit(0)
}

// `--replay FILE`: one saved input through its target in this process (the target from the file's extension).
if let flag = arguments.firstIndex(of: "--replay"), flag + 1 < arguments.count {
    let path = arguments[flag + 1]
    guard let target = FuzzTarget(fileExtension: (path as NSString).pathExtension),
        let input = FileManager.default.contents(atPath: path)
    else {
        print(
            "voz-fuzz: \(path) is not a saved input (.json, .http, .jsonl, .txt, .yaml, .openapi, .schema, .refs, "
                + ".richform or .cast).")
        exit(2)
    }
    await FuzzRunner.run(target, input)
    exit(0)
}

// `--explore LINES`: the session explorer, seed after seed, until LINES lines were typed; any break fails.
if arguments.contains("--explore") {
    let report = await ExplorationCampaign(firstSeed: seed, lines: number("explore", 1_000_000)).run { line in
        // Flushed line by line: a campaign runs for hours into a file, and a stopped one must still have said
        // how far it got and what it found.
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
    exit(report.breaks.isEmpty ? 0 : 1)
}

if arguments.contains("--worker") {
    // `--plant-crash N`, `--plant-hang N` and `--plant-orphan N` make input N fail on purpose: the harness's own
    // test.
    let worker = FuzzWorker(
        seed: seed, cliEvery: cliEvery, hangLimit: Double(hangLimit), plantedCrash: number("plant-crash", -1),
        plantedHang: number("plant-hang", -1), plantedOrphan: number("plant-orphan", -1), only: only)
    await worker.run(from: number("from", 0), to: number("to", count))
    exit(0)
}

let folder = arguments.firstIndex(of: "--fixtures").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
let planted = arguments.indices.filter { arguments[$0].hasPrefix("--plant-") && $0 + 1 < arguments.count }
let supervisor = FuzzSupervisor(
    seed: seed, count: only == nil ? count : count * FuzzTarget.allCases.count, cliEvery: cliEvery,
    regressionFolder: folder.map { URL(fileURLWithPath: $0) } ?? FuzzCorpus.regressionFolder,
    workerArguments: planted.flatMap { [arguments[$0], arguments[$0 + 1]] }
        + (only.map { ["--target", $0.rawValue] } ?? []),
    hangLimit: Double(hangLimit))
exit(supervisor.run() ? 0 : 1)
