import VozScreenAudit

/// The screen reader `voz audit --listen` sets beside wrap: it reads every row whose text changed, whole, each time
/// the screen is read (at every stretch of output), including the alternate screen, and lines that appeared and
/// left the top between two reads. It also keeps, apart from the narrator, what a careful listener must not lose:
/// every line that left the screen, every row's last state before it was erased or replaced by another message,
/// and every row of the screen when the program ended.
///
/// Follows rows through scrolls as the screen model reports them, so a line that moved up is not a change.
struct RawReader {
    /// Every word said, and the rows said.
    private(set) var words = 0
    private(set) var utterances = 0
    /// The rows read while the program drew a full screen, which wrap says plainly and does not read as lines.
    private(set) var fullScreenUtterances = 0
    /// What must be in wrap's words, cleaned as wrap cleans a line, in order.
    private(set) var required: [String] = []
    /// What each row showed when it was last read.
    private var rows: [String]
    /// The primary screen's rows while the alternate screen is up.
    private var savedRows: [String]?
    /// Rows erased in place, with what they showed: most are drawn again at once (a bar, a spinner), which
    /// continues them; another message, a scroll or the end makes what they showed their last state.
    private var erased: [Int: String] = [:]

    init(rows: Int) {
        self.rows = Array(repeating: "", count: max(1, rows))
    }

    /// Reads what `frame` changed.
    mutating func read(_ frame: ScreenFrame) {
        for on in frame.fullScreen where on != (savedRows != nil) {
            if on {
                settleErased()
                savedRows = rows
                rows = Array(repeating: "", count: rows.count)
            } else if let saved = savedRows {
                rows = saved
                savedRows = nil
            }
        }
        var pushed: [String] = []
        for scroll in frame.scrolls {
            switch scroll {
            case .pushed(let text): pushed.append(text)
            case .moved(let top, let bottom, let downward):
                move(top: top, bottom: bottom, downward: downward, pushed: pushed)
                pushed.removeAll()
            }
        }
        for text in pushed { leaves(text, unread: true) }
        for change in frame.rows where change.index >= 0 {
            if change.index >= rows.count { rows += Array(repeating: "", count: change.index + 1 - rows.count) }
            say(change.text)
            if savedRows == nil { follow(change.index, from: rows[change.index], to: change.text) }
            rows[change.index] = change.text
        }
    }

    /// Row `index` showed `old` and shows `new`: what it showed is required when another message replaced it,
    /// or, erased, when it is not drawn again.
    private mutating func follow(_ index: Int, from old: String, to new: String) {
        let newText = SpokenLine.clean(new)
        if newText.isEmpty {
            if !SpokenLine.clean(old).isEmpty { erased[index] = old }
            return
        }
        let before = erased.removeValue(forKey: index) ?? old
        if !SpokenLine.clean(before).isEmpty, ScreenText.isNewMessage(old: before, new: new) { require(before) }
    }

    /// Erased rows not drawn again: what they showed was their last state.
    private mutating func settleErased() {
        for index in erased.keys.sorted() { erased[index].map { require($0) } }
        erased.removeAll()
    }

    /// The screen was resized and drawn again: what the rows held is their last state; what they show now is
    /// taken as read, as the screen model takes it.
    mutating func resized(to screen: [String]) {
        settleErased()
        if savedRows == nil { rows.forEach { require($0) } }
        rows = screen.isEmpty ? [""] : screen
        if savedRows != nil { savedRows = rows }
    }

    /// The program ended: what the primary screen shows is its last state.
    mutating func finish() {
        settleErased()
        rows = savedRows ?? rows
        savedRows = nil
        rows.forEach { require($0) }
    }

    // MARK: - Rows

    private mutating func move(top: Int, bottom: Int, downward: Int, pushed: [String]) {
        let top = max(0, top)
        let bottom = min(rows.count, bottom)
        let distance = abs(downward)
        guard bottom > top, distance > 0 else { return }
        settleErased()
        let leaving = downward > 0 ? top..<min(bottom, top + distance) : max(top, bottom - distance)..<bottom
        for (offset, index) in leaving.enumerated() {
            if offset < pushed.count, downward > 0, top == 0 {
                // Changed since it was last read and gone before the next read: read as it left.
                leaves(pushed[offset], unread: pushed[offset] != rows[index])
            } else {
                leaves(rows[index], unread: false)
            }
        }
        var moved = rows
        for index in top..<bottom {
            let source = index + downward
            moved[index] = source >= top && source < bottom ? rows[source] : ""
        }
        rows = moved
    }

    /// A line left the screen (or a scroll region): read when it was never read as it is, and required.
    private mutating func leaves(_ text: String, unread: Bool) {
        if unread { say(text) }
        if savedRows == nil { require(text) }
    }

    private mutating func say(_ text: String) {
        let count = text.split(separator: " ").count
        guard count > 0 else { return }
        words += count
        utterances += 1
        if savedRows != nil { fullScreenUtterances += 1 }
    }

    private mutating func require(_ raw: String) {
        let text = SpokenLine.clean(raw)
        if !text.isEmpty { required.append(text) }
    }
}
