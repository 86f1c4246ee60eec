import VozKit

/// The announcer's text sink in the tool: every message as one plain line on standard output, for the user's own
/// screen reader.
struct StandardOutputLines: LineSink {
    func write(line: String) async {
        Console.out(line)
    }
}
