import Foundation

/// SplitMix64 (Steele, Lea and Flood 2014), the package's one seeded generator: the benchmark scenes start one
/// at seed 1, so any renderer can draw the same picture, and the fuzz starts one per case, so a case is
/// reproduced from its seed and index alone. Written out here, not Swift's `SystemRandomNumberGenerator`,
/// because the sequence must be the same on every platform and in every version.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose state starts at `seed` (the scenes use 1).
    package init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in [0, 1) from the top 53 bits, so other languages reproduce it exactly.
    package mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A double in `range` (lower bound included, upper excluded).
    package mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }
}
