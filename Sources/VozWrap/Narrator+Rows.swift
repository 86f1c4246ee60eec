import VozScreenAudit

// MARK: - Following the rows

extension Narrator {
    /// Takes in what the frame did: the full screen coming or going, lines that left, rows that moved, rows that
    /// changed. Says what left the screen unsaid; the rest is for `review`.
    mutating func apply(_ frame: ScreenFrame, at now: Duration) {
        var scrolled = false
        for on in frame.fullScreen where on != (savedRows != nil) {
            if on {
                // Lines written before the switch scrolled on the primary screen: they are said first.
                if !scrolled { scroll(frame.scrolls, at: now) }
                scrolled = true
                savedRows = rows
                rows = Array(repeating: nil, count: rows.count)
                say(localizer.text("wrap.fullScreen", ["program": program]), kind: .notice, at: now)
            } else if let saved = savedRows {
                rows = saved
                savedRows = nil
                say(localizer.text("wrap.fullScreenLeft", ["program": program]), kind: .notice, at: now)
            }
        }
        cursorRow = frame.cursorRow
        // What the full screen draws is not read as lines, and its rows are not the primary screen's.
        guard savedRows == nil else { return }
        if !scrolled { scroll(frame.scrolls, at: now) }
        for change in frame.rows { update(change.index, to: change.text, at: now) }
    }

    /// Lines that left the top are said if they never were (or their last state, if it was never said); rows that
    /// moved take what the narrator knows of them along.
    private mutating func scroll(_ scrolls: [ScreenFrame.Scroll], at now: Duration) {
        var pushed: [String] = []
        for scroll in scrolls {
            switch scroll {
            case .pushed(let text): pushed.append(text)
            case .moved(let top, let bottom, let downward):
                move(top: top, bottom: bottom, downward: downward, pushed: pushed, at: now)
                pushed.removeAll()
            }
        }
        // A line pushed with no move after it (not seen from libvterm): said as it left.
        for raw in pushed { line(raw, at: now) }
    }

    private mutating func move(top: Int, bottom: Int, downward: Int, pushed: [String], at now: Duration) {
        let top = max(0, top)
        let bottom = min(rows.count, bottom)
        let distance = abs(downward)
        guard bottom > top, distance > 0 else { return }
        // The rows that leave the region: its top ones moving up, its bottom ones moving down.
        let leaving = downward > 0 ? top..<min(bottom, top + distance) : max(top, bottom - distance)..<bottom
        for (offset, index) in leaving.enumerated() {
            let last = offset < pushed.count && downward > 0 && top == 0 ? pushed[offset] : nil
            if let row = rows[index] {
                leave(row, finalRaw: last ?? row.raw, at: now)
            } else if let last {
                line(last, at: now)
            }
        }
        var moved = rows
        for index in top..<bottom {
            let source = index + downward
            moved[index] = source >= top && source < bottom ? rows[source] : nil
        }
        rows = moved
    }

    /// Row `index` shows `raw` now.
    private mutating func update(_ index: Int, to raw: String, at now: Duration) {
        guard index >= 0 else { return }
        if index >= rows.count { rows += Array(repeating: nil, count: index + 1 - rows.count) }
        let text = SpokenLine.clean(raw)
        guard var row = rows[index] else {
            if !text.isEmpty { rows[index] = Row(raw: raw, text: text, wraps: isFull(raw), changedAt: now) }
            return
        }
        guard raw != row.raw else { return }
        if text.isEmpty {
            // Erased where the cursor is: most likely to be drawn again at once (a bar, a spinner), so it waits.
            if index == cursorRow {
                row.erasedAt = now
                row.raw = raw
                rows[index] = row
                return
            }
            // Erased (or left with nothing readable): what it last showed is its last state.
            leave(row, finalRaw: row.raw, at: now)
            rows[index] = nil
            return
        }
        if row.erasedAt != nil {
            guard Self.firstWord(text) == Self.firstWord(row.text), !Self.isNewMessage(old: row.text, new: text) else {
                // Something else written where it was (rich's "Index ready." where its spinner turned, aptitude's
                // next "[  0%]" step): the old row has left, and this is a new line.
                leave(row, finalRaw: row.raw, at: now)
                rows[index] = Row(raw: raw, text: text, wraps: isFull(raw), changedAt: now)
                return
            }
            // Drawn again after it was erased: rewritten in place.
            row.erasedAt = nil
            row.rewritten = true
        } else if row.text != row.said, !text.hasPrefix(row.text), !row.text.hasPrefix(text),
            ScreenText.isNewMessage(old: row.text, new: text)
        {
            // Another message written straight over one never said as it stands (apt's "0% [Working]" under its
            // "Get:1" line, a bar's last state under "Done."): that was its last state, and this is a new line.
            leave(row, finalRaw: row.raw, at: now)
            rows[index] = Row(raw: raw, text: text, wraps: isFull(raw), changedAt: now)
            return
        } else if !(raw.hasPrefix(row.raw) && !row.rewritten && text.hasPrefix(row.text)) {
            // Grown at its end (a line written in parts) is the same line; anything else rewrites it in place.
            row.rewritten = true
        }
        if text != row.text { row.changedAt = now }
        row.raw = raw
        row.text = text
        row.wraps = isFull(raw)
        rows[index] = row
    }

    /// A row leaves the screen (scrolled off, erased, or the program ended) showing `finalRaw`: said if it never
    /// was, or if what it shows now was never said.
    mutating func leave(_ row: Row, finalRaw: String, at now: Duration) {
        let finalText = finalRaw == row.raw ? row.text : SpokenLine.clean(finalRaw)
        guard !finalText.isEmpty, finalText != row.said else { return }
        guard let said = row.said else {
            if row.rewritten {
                say(finalText, kind: .settled, at: now)
            } else if row.erasedAt != nil {
                // Erased before it was said: what it showed, not the blank it shows now.
                line(row.text, continues: false, at: now)
            } else {
                line(finalRaw, at: now)
            }
            return
        }
        if !row.rewritten, finalText.hasPrefix(said) {
            added(String(finalText.dropFirst(said.count)), at: now)
        } else {
            say(finalText, kind: .settled, at: now)
        }
    }

    /// Says what each row has to say by now, top to bottom.
    mutating func review(at now: Duration) {
        guard savedRows == nil else { return }
        // A line that appeared below a rewritten row means the program moved on: that row has settled.
        let lowestNew = rows.indices.last { index in
            guard let row = rows[index] else { return false }
            return !row.rewritten && row.said == nil && row.erasedAt == nil && index != cursorRow
        }
        for index in rows.indices {
            if let row = rows[index], let erasedAt = row.erasedAt {
                // Still blank a while after it was erased: what it showed last is its last state.
                if now - erasedAt >= settings.lineWait {
                    leave(row, finalRaw: row.raw, at: now)
                    rows[index] = nil
                }
                continue
            }
            guard var row = rows[index], row.text != row.said else { continue }
            let waited = now - row.changedAt
            if !row.rewritten {
                // Where the cursor waits, an unfinished line is a question when the person answers through wrap.
                guard index != cursorRow || (waited >= settings.lineWait && !settings.asksQuestions) else { continue }
                if let said = row.said, row.text.hasPrefix(said) {
                    added(String(row.text.dropFirst(said.count)), at: now)
                } else {
                    line(row.raw, continues: row.wraps && index != cursorRow, at: now)
                }
            } else if let said = row.said, let saidAt = row.saidAt {
                let settled = index != cursorRow && (waited >= settings.settleAfter || (lowestNew ?? -1) > index)
                if Self.isNewMessage(old: said, new: row.text) || now - saidAt >= settings.progressEvery {
                    say(row.text, kind: .update, at: now)
                } else if settled {
                    say(row.text, kind: .settled, at: now)
                } else {
                    continue
                }
            } else {
                say(row.text, kind: .update, at: now)
            }
            row.said = row.text
            row.saidAt = now
            rows[index] = row
        }
    }

    /// Whether a row rewritten in place says something else now rather than an update of what it said: no word in
    /// common (the audit's reading), or another first word ("Fetching the index" then "Index ready."). A first word
    /// without letters (a bar's "45%") says nothing about the message.
    static func isNewMessage(old: String, new: String) -> Bool {
        if ScreenText.isNewMessage(old: old, new: new) { return true }
        let (before, after) = (firstWord(old), firstWord(new))
        return before != after && before.contains(where: \.isLetter) && after.contains(where: \.isLetter)
    }

    /// A row's first word, lowercased: what a bar or a spinner drawn again keeps ("Processing", "Working").
    static func firstWord(_ text: String) -> Substring {
        text.split(separator: " ").first.map { Substring($0.lowercased()) } ?? ""
    }

    /// Whether a row's text reaches the screen's last column, so the terminal may have wrapped the line it
    /// belongs to onto the next row.
    func isFull(_ raw: String) -> Bool {
        raw.unicodeScalars.count >= columns
    }
}
