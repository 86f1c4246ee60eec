import VozProcess

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Typing at the program's terminal

extension RunningProcess {
    /// Whether the program reads a line it does not show: its terminal reads whole lines (canonical mode) with echo
    /// off, as getpass, sudo, passwd and `read -s` set it. A full-screen program turns echo off too, but reads keys
    /// one by one (no canonical mode): that is no secret.
    var readsHiddenLine: Bool {
        var settings = termios()
        let master = descriptor(.terminal)
        guard master >= 0, tcgetattr(master, &settings) == 0 else { return false }
        return settings.c_lflag & tcflag_t(ECHO) == 0 && settings.c_lflag & tcflag_t(ICANON) != 0
    }

    /// Whether the program reads keys one by one (its terminal out of canonical mode: a full screen, a line
    /// editor, a menu), showing what it likes of them.
    var readsKeys: Bool {
        var settings = termios()
        let master = descriptor(.terminal)
        guard master >= 0, tcgetattr(master, &settings) == 0 else { return false }
        return settings.c_lflag & tcflag_t(ICANON) == 0
    }

    /// Types `line` at the program's terminal and presses Enter (a carriage return, as a keyboard sends it).
    @discardableResult
    func type(line: String) -> Bool {
        write(Array(line.utf8) + [0x0D], to: .terminal, within: .seconds(5))
    }
}
