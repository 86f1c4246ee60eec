import Foundation
import VozLocalization

/// A number field's bounds said in words before input: "mayor que 0", "entre 2 y 9", "múltiplo de 5".
package enum NumberWording {
    /// The bounds and step of `rules` as one phrase, or nil when there are none.
    package static func bounds(_ rules: FieldRules, _ localizer: Localizer) -> String? {
        let language = localizer.language
        func say(_ value: Double) -> String { AnswerText.format(value, language: language) }
        var parts: [String] = []
        if let min = rules.min, let max = rules.max, rules.exclusiveMin == nil, rules.exclusiveMax == nil {
            parts.append(localizer.text("form.bounds.between", ["min": say(min), "max": say(max)]))
        } else {
            // The lower bound first, then the upper, as a person says a range.
            if let min = rules.exclusiveMin { parts.append(localizer.text("form.bounds.above", ["min": say(min)])) }
            if let min = rules.min { parts.append(localizer.text("form.bounds.min", ["min": say(min)])) }
            if let max = rules.exclusiveMax { parts.append(localizer.text("form.bounds.below", ["max": say(max)])) }
            if let max = rules.max { parts.append(localizer.text("form.bounds.max", ["max": say(max)])) }
        }
        if let step = rules.multipleOf { parts.append(localizer.text("form.bounds.step", ["step": say(step)])) }
        return parts.isEmpty ? nil : OptionWording.list(parts, localizer)
    }

    /// The same bounds for whole numbers, said as a person says them: "greater than 0 and 9 or less" is "between 1
    /// and 9". With both ends, an exclusive bound becomes the nearest whole number inside it and an inclusive one is
    /// rounded inwards; one bound alone is left as written.
    package static func wholeNumberBounds(_ rules: FieldRules) -> FieldRules {
        var whole = rules
        let low = [rules.min.map { $0.rounded(.up) }, rules.exclusiveMin.map { $0.rounded(.down) + 1 }].compactMap(
            \.self)
        let high = [rules.max.map { $0.rounded(.down) }, rules.exclusiveMax.map { $0.rounded(.up) - 1 }]
            .compactMap(\.self)
        whole.min = low.max()
        whole.max = high.min()
        whole.exclusiveMin = nil
        whole.exclusiveMax = nil
        // One bound alone reads well as written ("greater than 0"); a range reads best as "between".
        return whole.min != nil && whole.max != nil ? whole : rules
    }

    /// Whether `number` is inside every bound of `rules`.
    static func fits(_ number: Double, _ rules: FieldRules) -> Bool {
        if let min = rules.min, number < min { return false }
        if let max = rules.max, number > max { return false }
        if let min = rules.exclusiveMin, number <= min { return false }
        if let max = rules.exclusiveMax, number >= max { return false }
        return true
    }

    /// Whether `number` is a whole multiple of `step`, decided on their decimal digits: binary floating point
    /// cannot hold 0.01, and 19.99 / 0.01 is 1998.9999999999998 in it.
    static func isMultiple(_ number: Double, of step: Double) -> Bool {
        guard let value = DecimalDigits(number), let step = DecimalDigits(step) else { return false }
        return value.isMultiple(of: step)
    }
}
