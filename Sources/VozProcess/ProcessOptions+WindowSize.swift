import CSpawn

extension ProcessOptions.WindowSize {
    /// The size of the terminal `descriptor` refers to; nil when it is no terminal or reports no size (a serial
    /// line, or a pseudo-terminal nobody sized).
    public static func ofTerminal(_ descriptor: Int32) -> Self? {
        var columns: UInt16 = 0
        var rows: UInt16 = 0
        guard voz_get_window_size(descriptor, &columns, &rows) == 0, columns > 0, rows > 0 else { return nil }
        return Self(columns: Int(columns), rows: Int(rows))
    }
}
