import Foundation
import Quartzite

/// The fuzz's choices, drawn from a `SplitMix64` whose whole state is one number, so a case is reproduced from
/// (seed, index) alone, on every platform and in every build.
struct FuzzRandom {
    private var bits: SplitMix64

    /// The generator of case `index` under `seed`: each case starts from its own state, so running one case
    /// alone (`--from index --count 1`) builds exactly what it built inside its chunk.
    init(seed: UInt64, index: Int) {
        bits = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03)
        _ = next()
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 { bits.next() }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { bits.unit() }

    /// Uniform in 0..<bound (bound > 0).
    mutating func below(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(truncatingIfNeeded: next() % UInt64(bound)) }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// One of `choices` (which must not be empty).
    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// A number in `range`, spread evenly over its logarithm: as many small values as large ones.
    mutating func logUniform(_ range: ClosedRange<Double>) -> Double {
        let low = log(max(range.lowerBound, 1e-300)), high = log(range.upperBound)
        return exp(low + unit() * (high - low))
    }

    /// A whole number in `range`, spread evenly over its logarithm (range.lowerBound at least 1).
    mutating func logUniformInt(_ range: ClosedRange<Int>) -> Int {
        let x = logUniform(Double(range.lowerBound)...Double(range.upperBound)).rounded(.down)
        return x >= Double(range.upperBound) ? range.upperBound : x <= Double(range.lowerBound) ? range.lowerBound : Int(x)
    }

    /// A number a hostile caller might pass: usually an ordinary value in -50...150, one time in `hostile`
    /// (never when `hostile` is 0) not a number, an infinity, a huge or tiny magnitude, a negative zero or a
    /// value on a round grid (which makes coincident and collinear points).
    mutating func number(hostile: Int = 8) -> CGFloat {
        guard hostile > 0, below(hostile) == 0 else { return CGFloat(-50 + unit() * 200) }
        switch below(14) {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return 1e300
        case 4: return -1e300
        case 5: return 1e19
        case 6: return -1e7
        case 7: return .greatestFiniteMagnitude
        case 8: return .leastNonzeroMagnitude
        case 9: return -0.0
        case 10: return 1e-9
        default: return CGFloat(below(5) * 25)
        }
    }

    /// A finite number, now and then a large (up to 1e6), tiny or zero one: what animations get when their
    /// presented values are checked (larger values may overflow honestly: 1e300 repeated cumulatively).
    mutating func finiteNumber() -> CGFloat {
        switch below(12) {
        case 0: return pick([0, -0.0, 1e-9, 1e6, -1e6, 1e-300])
        default: return CGFloat(-50 + unit() * 200)
        }
    }

    /// A non-negative size-like number, sometimes hostile.
    mutating func extent(hostile: Int = 8) -> CGFloat {
        let x = number(hostile: hostile)
        return x.isNaN || x < -40 ? x : abs(x)
    }

    /// A point with coordinates from `number`.
    mutating func point(hostile: Int = 8) -> CGPoint { CGPoint(x: number(hostile: hostile), y: number(hostile: hostile)) }

    /// A size with extents from `extent`.
    mutating func size(hostile: Int = 8) -> CGSize { CGSize(width: extent(hostile: hostile), height: extent(hostile: hostile)) }

    /// A rectangle from `point` and `size`.
    mutating func rect(hostile: Int = 8) -> CGRect { CGRect(origin: point(hostile: hostile), size: size(hostile: hostile)) }

    /// A fraction in 0...1, sometimes outside it or not a number.
    mutating func fraction(hostile: Int = 8) -> CGFloat {
        hostile > 0 && below(hostile) == 0 ? number(hostile: 1) : CGFloat(unit())
    }

    /// A colour: usually opaque or translucent sRGB, sometimes components out of range or not numbers.
    mutating func color(hostile: Int = 8) -> CGColor {
        CGColor(red: fraction(hostile: hostile), green: fraction(hostile: hostile), blue: fraction(hostile: hostile),
                alpha: chance(0.5) ? 1 : fraction(hostile: hostile))
    }
}
