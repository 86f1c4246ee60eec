import VozTestSupport

extension SeededGenerator {
    /// The generator for input `index` of a run seeded with `seed`: each input stands alone, so any one of them
    /// can be made again from two numbers, the seed and the index, without making those before it.
    public init(seed: UInt64, index: Int) {
        var mixer = SeededGenerator(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15))
        self.init(seed: mixer.next())
    }

    /// True with probability `numerator / denominator`.
    public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        Int.random(in: 0..<denominator, using: &self) < numerator
    }

    /// One element of a non-empty array.
    public mutating func pick<T>(_ items: [T]) -> T {
        items[Int.random(in: 0..<items.count, using: &self)]
    }
}
