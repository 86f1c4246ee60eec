import Foundation
import VozLocalization

/// Says a wait in words ("3 segundos", "2 minutos"): a listener needs the unit, and minutes past two.
public enum SpokenDuration {
    /// Whole seconds rounded up, so a wait is never announced shorter than it is; an endless one is the longest.
    public static func wholeSeconds(_ seconds: Double) -> Int {
        guard !seconds.isNaN, seconds > 0 else { return 0 }
        return Int(min(seconds.rounded(.up), Double(Int32.max)))
    }

    /// The wait in the session's language: seconds up to two minutes, then minutes, then hours (rounded up).
    /// Past six hours it says "more than six hours" (`RetryAfter.longestSpokenWait`).
    public static func words(seconds: Int, _ localizer: Localizer) -> String {
        if Double(seconds) > RetryAfter.longestSpokenWait {
            return localizer.text("submission.duration.overSixHours")
        }
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
