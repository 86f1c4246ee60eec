import CVozScreen

extension VirtualTerminal {
    /// Where rows are written as text before their strings are made: four bytes a cell and one stretch a cell at
    /// most, kept from one row to the next by the terminal that reads them.
    struct RowScratch {
        /// The most cells a row written here may have.
        let columns: Int
        private var text: [UInt8]
        private var runs: [VozRun]

        init(columns: Int) {
            self.columns = max(1, columns)
            text = Array(repeating: 0, count: max(1, columns) * 4)
            runs = Array(repeating: VozRun(), count: max(1, columns))
        }

        /// The row `write` puts in the scratch: it returns the bytes of text kept, or -1 for a blank row, and
        /// sets the number of stretches.
        mutating func row(
            _ write: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<VozRun>, UnsafeMutablePointer<Int32>) -> Int32
        ) -> ScreenRow {
            text.withUnsafeMutableBufferPointer { text in
                runs.withUnsafeMutableBufferPointer { runs in
                    guard let textBase = text.baseAddress, let runBase = runs.baseAddress else { return .blank }
                    var count: Int32 = 0
                    let kept = Int(write(textBase, runBase, &count))
                    guard kept >= 0 else { return .blank }
                    func string(_ range: Range<Int>) -> String {
                        String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
                    }
                    var styled: [StyledRun] = []
                    if count > 0 {
                        styled.reserveCapacity(Int(count))
                        for run in runs[0..<Int(count)] {
                            styled.append(
                                StyledRun(
                                    column: Int(run.column), text: string(Int(run.start)..<Int(run.end)),
                                    style: Self.style(run)))
                        }
                    }
                    return ScreenRow(text: string(0..<kept), styled: styled)
                }
            }
        }

        private static func style(_ run: VozRun) -> CellStyle {
            CellStyle(
                bold: run.flags & UInt8(VOZ_CELL_BOLD) != 0, underline: run.flags & UInt8(VOZ_CELL_UNDERLINE) != 0,
                blink: run.flags & UInt8(VOZ_CELL_BLINK) != 0, reverse: run.flags & UInt8(VOZ_CELL_REVERSE) != 0,
                foreground: run.foreground, background: run.background)
        }
    }
}
