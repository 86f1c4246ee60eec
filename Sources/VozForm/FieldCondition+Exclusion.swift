extension FieldCondition {
    // MARK: - Branches never asked together

    /// Whether a field under `first` and one under `second` can never both be asked: somewhere up their chains of
    /// conditions, both read one single choice and want different values of it (the card branch's "Number" and
    /// the transfer branch's "Number"). `lookup` gives a field's own condition and whether it is a single choice.
    ///
    /// The form builder, which adds a parent's words only to labels that would otherwise be heard twice, and the
    /// audit's `label-duplicate` both ask this, so they say the same of one form.
    package static func excludes(
        _ first: FieldCondition?, _ second: FieldCondition?,
        lookup: (String) -> (condition: FieldCondition?, isSingleChoice: Bool)?
    ) -> Bool {
        let left = chain(from: first, lookup: lookup)
        let right = chain(from: second, lookup: lookup)
        return left.contains { one in
            right.contains { other in
                one.fieldID == other.fieldID && !one.values.isEmpty && !other.values.isEmpty
                    && lookup(one.fieldID)?.isSingleChoice == true && Set(one.values).isDisjoint(with: other.values)
            }
        }
    }

    /// `condition` and the conditions of the fields it reads, outward; a loop (which the decoder refuses anyway)
    /// stops at the first field seen twice.
    private static func chain(
        from condition: FieldCondition?, lookup: (String) -> (condition: FieldCondition?, isSingleChoice: Bool)?
    ) -> [FieldCondition] {
        var result: [FieldCondition] = []
        var next = condition
        while let current = next, !result.contains(where: { $0.fieldID == current.fieldID }) {
            result.append(current)
            next = lookup(current.fieldID)?.condition
        }
        return result
    }
}
