import CVozScreen

extension VirtualTerminal {
    /// A row of cells as a screen reader meets it: its text and the stretches drawn in a non-plain style.
    static func row(from cells: [VozCell]) -> ScreenRow {
        cells.withUnsafeBufferPointer { row(from: $0) }
    }

    /// The cells' text and styled stretches, built as UTF-8 in one pass: a replay reads every changed row, an
    /// hour of a progress bar 36,000 of them.
    static func row(from cells: UnsafeBufferPointer<VozCell>) -> ScreenRow {
        // Most rows a redraw touches are blank: checked first, in one tight pass.
        if cells.allSatisfy({
            ($0.character == 0 || $0.character == 0x20 || $0.character == 0xFFFF_FFFF) && $0.flags == 0
                && $0.foreground == -1 && $0.background == -1
        }) {
            return .blank
        }
        // Written into one scratch buffer (four bytes a cell at most), not grown byte by byte: a replay reads
        // every changed row.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: cells.count * 4) { text in
            var count = 0
            var kept = 0
            var styled: [StyledRun] = []
            var run = RunStart(column: 0, byte: 0, cell: nil)
            var column = 0
            func string(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
            }
            for cell in cells {
                let character = cell.character
                if character == 0xFFFF_FFFF { continue }
                // Only what CellStyle tells apart starts a new stretch: italic and strike-through are not shown.
                let look = Look(cell)
                if look != run.look {
                    if let previous = run.look, previous.styled, count > run.byte {
                        styled.append(
                            StyledRun(column: run.column, text: string(run.byte..<count), style: previous.style))
                    }
                    run = RunStart(column: column, byte: count, cell: look)
                }
                // A control character is never shown: it would reach the report raw.
                if character > 0x20, character < 0x7F {
                    text[count] = UInt8(character)
                    count += 1
                    kept = count
                } else if let scalar = Unicode.Scalar(character), !Self.isControl(scalar), scalar != " " {
                    UTF8.encode(scalar) { byte in
                        text[count] = byte
                        count += 1
                    }
                    kept = count
                } else {
                    text[count] = 0x20
                    count += 1
                }
                column += 1
            }
            if let previous = run.look, previous.styled, count > run.byte {
                styled.append(StyledRun(column: run.column, text: string(run.byte..<count), style: previous.style))
            }
            return ScreenRow(text: string(0..<kept), styled: styled)
        }
    }

    /// A cell's look as CellStyle sees it, compared without building one.
    private struct Look: Equatable {
        var flags: UInt8
        var foreground: Int32
        var background: Int32

        init(_ cell: VozCell) {
            flags = cell.flags & UInt8(VOZ_CELL_BOLD | VOZ_CELL_UNDERLINE | VOZ_CELL_BLINK | VOZ_CELL_REVERSE)
            foreground = cell.foreground
            background = cell.background
        }

        var styled: Bool { flags != 0 || foreground != -1 || background != -1 }

        var style: CellStyle {
            CellStyle(
                bold: flags & UInt8(VOZ_CELL_BOLD) != 0, underline: flags & UInt8(VOZ_CELL_UNDERLINE) != 0,
                blink: flags & UInt8(VOZ_CELL_BLINK) != 0, reverse: flags & UInt8(VOZ_CELL_REVERSE) != 0,
                foreground: foreground, background: background)
        }
    }

    /// Where the current stretch began: its column, its first byte of text, and its look (nil before any cell).
    private struct RunStart {
        var column: Int
        var byte: Int
        var look: Look?

        init(column: Int, byte: Int, cell: Look?) {
            self.column = column
            self.byte = byte
            look = cell
        }
    }

    fileprivate static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
