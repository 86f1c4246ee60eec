import Foundation

/// Says a wait in words ("3 segundos", "2 minutos"): a listener needs the unit, and minutes past two.
public enum SpokenDuration {
    /// Whole seconds rounded up, so a wait is never announced shorter than it is.
    public static func wholeSeconds(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return Int(min(seconds.rounded(.up), Double(Int32.max)))
    }

    /// The wait in the session's language: seconds up to two minutes, then minutes, then hours (rounded up).
    public static func words(seconds: Int, _ localizer: Localizer) -> String {
        if seconds < 120 {
            return localizer.plural("submission.duration.seconds", count: max(seconds, 0))
        }
        let minutes = (seconds + 59) / 60
        if minutes < 120 {
            return localizer.plural("submission.duration.minutes", count: minutes)
        }
        return localizer.plural("submission.duration.hours", count: (minutes + 59) / 60)
    }
}
