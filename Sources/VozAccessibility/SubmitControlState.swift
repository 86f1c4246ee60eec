/// What the submit control can do right now, as the accessibility layer shows it.
public enum SubmitControlState: Sendable, Equatable {
    /// It can be used.
    case enabled
    /// A request is in flight: the control takes its busy label and cannot be used until it ends.
    case sending
    /// It cannot be used, for a reason the user hears ("corrige los 2 campos marcados").
    case disabled(reason: String)
}
