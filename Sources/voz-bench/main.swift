import Foundation
import VozSupport

// `make bench`: every figure (the live sink, speech-dispatcher and OpenAPI forms among them) measured in one run
// beside its alternative, printed as one Markdown table. `voz-bench 1 5` measures only figures 1 (and 2) and 5, for working on them.
// `voz-bench --feed-libvterm FILE`: figure 9's floor alone, in a process of its own, for callgrind to count.
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--feed-libvterm" {
    try RecordingAuditBench.feedRecording(CommandLine.arguments[2])
    exit(0)
}

let began = ContinuousClock.now
let machine = MachineInfo.current()
let context = try BenchContext.make()
defer { context.cleanUp() }
let only = Set(CommandLine.arguments.dropFirst())
func wanted(_ figure: String) -> Bool { only.isEmpty || only.contains(figure) }

var rows: [BenchRow] = []
if wanted("1") || wanted("2") { rows += await SpeechLatencyBench(context: context).rows() }
if wanted("3") { rows += StartupBench(context: context).rows() }
if wanted("4") { rows += await SubmissionBench(context: context).rows() }
if wanted("5") { rows += AuditBench(context: context).rows() }
if wanted("6") { rows += MemoryBench(context: context).rows() }
if wanted("7") { rows += await LiveSinkBench(context: context).rows() }
if wanted("8") { rows += await SpeechdBench(context: context).rows() }
if wanted("9") { rows += RecordingAuditBench(context: context).rows() }
if wanted("10") { rows += OpenAPIBench(context: context).rows() }

for line in machine.lines { print(line) }
print("")
print(BenchTable.render(rows))
print("")
print("Times are median (p95). Ratio: the alternative's figure ÷ Voz's; above 1, Voz is faster or smaller.")
print("Bench ran in \(Format.time((ContinuousClock.now - began).seconds)).")
