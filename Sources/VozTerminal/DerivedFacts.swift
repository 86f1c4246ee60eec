/// Names one fact a later layer works out from a timeline and keeps with it.
package protocol DerivedFact {
    associatedtype Value: Sendable
}

/// Facts worked out once from a timeline and kept with it, by layers this one does not know.
///
/// A dozen recording rules read the same analyses of a timeline (the person's inputs, the rows rewritten on their
/// own, what followed each answer); the audit works them out once, before the rules run side by side, and keeps them
/// here. The timeline stays the audit's input, not its dependant: the store is keyed by the fact's type, so the
/// terminal layer holds values whose types it never sees. Any change to what the facts were worked out from forgets
/// them all; equality ignores them, as a cache should.
package struct DerivedFacts: Sendable, Equatable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    package init() {}

    package subscript<Fact: DerivedFact>(_ fact: Fact.Type) -> Fact.Value? {
        get { values[ObjectIdentifier(fact)] as? Fact.Value }
        set { values[ObjectIdentifier(fact)] = newValue }
    }

    package mutating func forget() {
        values.removeAll()
    }

    package static func == (lhs: DerivedFacts, rhs: DerivedFacts) -> Bool { true }
}
