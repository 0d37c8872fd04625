import Foundation

/// SplitMix64 (Steele, Lea and Flood 2014), the fixed-seed generator of the benchmark scenes: every seeded
/// choice comes from one of these started at seed 1, so any renderer can draw the same picture.
/// Written out here, not Swift's `SystemRandomNumberGenerator`, because the
/// sequence must be the same on every platform and in every version.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator at `seed` (the scenes use 1).
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in [0, 1) from the top 53 bits, so other languages reproduce it exactly.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A double in `range` (lower bound included, upper excluded).
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }
}
