/// The states of an accessible element a screen reader announces.
public struct AccessibleTraits: OptionSet, Sendable, Hashable {
    /// The traits as bits, one a trait.
    public let rawValue: UInt8

    /// The traits whose bits are set in `rawValue`.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The field must be answered.
    public static let required = AccessibleTraits(rawValue: 1 << 0)
    /// The value is never shown or spoken, only its length.
    public static let secret = AccessibleTraits(rawValue: 1 << 1)
    /// The value has an error; the element's `error` says which.
    public static let invalid = AccessibleTraits(rawValue: 1 << 2)
    /// The element cannot be used now; the element's `disabledReason` says why.
    public static let disabled = AccessibleTraits(rawValue: 1 << 3)
    /// Work the element started is in progress (the submit control while sending).
    public static let busy = AccessibleTraits(rawValue: 1 << 4)
}
