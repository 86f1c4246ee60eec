import Foundation
import VozAnnouncer
import VozLocalization
import VozProcess
import VozSupport
import VozTranscript

/// The person's side of `voz wrap`: their lines, read as they type them at their line-oriented terminal (or from an
/// answers file, one each time the program waits), typed at the program with Enter, or taken as wrap's commands
/// (`:keys`, `:repeat`, `:screen`).
///
/// A line the program reads with echo off is a secret: read with echo off at the person's terminal too, typed at
/// the program, and recorded only as `hidden`; it is never printed, said or kept.
struct WrapTypist: Sendable {
    let input: any LineSource
    let child: RunningProcess
    let inbox: WrapInbox
    let announcer: any Announcing
    let localizer: Localizer

    /// How often a script's next line waits to see whether the program waits for it.
    static var pollEvery: Duration { .milliseconds(20) }
    /// The pause between keys passed through, so a program reading an escape sequence takes each key alone.
    static var keyGap: Duration { .milliseconds(50) }

    /// Types lines until the program ends (or, for a person, until wrap stops listening).
    func run() async {
        var atEnd = false
        while !inbox.hasEnded {
            // A script answers what is asked, once asked: typed ahead, an answer would be thrown away by a program
            // that flushes its input before a password, as getpass does.
            if !input.isInteractive || atEnd {
                guard await waitForQuestion() else { return }
            }
            if atEnd {
                // Out of answers: the end of input, as a pipe's end, so a program asking again ends rather than hangs.
                inbox.typed(echo: nil)
                child.press(.endOfInput)
                continue
            }
            guard let line = await input.readLine(secret: child.readsHiddenLine) else {
                atEnd = true
                continue
            }
            guard !inbox.hasEnded else { return }
            await take(line)
        }
    }

    /// Moves through `menu` to item `target` one arrow at a time, reading the screen after each step, then presses
    /// Enter; a step that did not land where it should stops it, and the person is told nothing was chosen.
    private func choose(_ target: Int, in menu: ScreenMenu) async {
        var current = menu.current
        while current != target {
            let down = target > current
            inbox.typed(echo: nil)
            let key = down ? WrapKey.down : WrapKey.up
            child.write(key.bytes(applicationCursor: inbox.applicationCursor), to: .terminal, within: .seconds(5))
            guard await waitForQuestion(), let now = inbox.menu, now.items == menu.items,
                now.current == current + (down ? 1 : -1)
            else {
                await announcer.announce(Announcement(localizer.text("wrap.menu.lost"), priority: .assertive))
                return
            }
            current = now.current
        }
        inbox.typed(echo: nil)
        child.write(WrapKey.enter.bytes(applicationCursor: false), to: .terminal, within: .seconds(5))
    }

    /// Waits until the program waits for an answer; false when it ended first.
    private func waitForQuestion() async -> Bool {
        while !inbox.isWaitingOrEnded {
            try? await Task.sleep(for: Self.pollEvery)
        }
        return !inbox.hasEnded
    }

    /// One line typed: sent, or done as a command.
    func take(_ line: String) async {
        let hidden = child.readsHiddenLine
        // A program reading keys one by one draws what it likes of them (a password field its stars): wrap cannot
        // tell a secret there, so the line is kept as hidden; a number chosen from a menu it read is no secret.
        let kept = hidden || (child.readsKeys && inbox.menu == nil)
        await announcer.record(
            TranscriptEvent(time: 0, kind: .input, text: kept ? "hidden" : line, detail: kept ? "hidden" : nil))
        switch WrapLine(line) {
        case .answer(let text):
            if !hidden, let menu = inbox.menu, let number = Int(text.trimmingCharacters(in: .whitespaces)),
                menu.items.indices.contains(number - 1)
            {
                await choose(number - 1, in: menu)
                return
            }
            inbox.typed(echo: hidden ? nil : text)
            child.type(line: text)
        case .keys(let keys):
            inbox.typed(echo: nil)
            for (index, key) in keys.enumerated() {
                if index > 0 { try? await Task.sleep(for: Self.keyGap) }
                child.write(key.bytes(applicationCursor: inbox.applicationCursor), to: .terminal, within: .seconds(5))
            }
        case .unknownKey(let name):
            let names = WrapKey.spokenNames.joined(separator: ", ")
            await announcer.announce(
                Announcement(localizer.text("wrap.keys.unknown", ["key": name, "keys": names])))
        case .repeatLast:
            if let last = await announcer.lastAnnouncement() { await announcer.announce(last) }
        case .screen:
            inbox.askScreen()
            while inbox.isScreenAwaited { try? await Task.sleep(for: Self.pollEvery) }
        }
    }
}
