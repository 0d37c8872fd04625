import Foundation

extension Int {
    // `package`: the window host converts sizes the same way.
    /// A pixel coordinate or size from a floating-point one, clamped to ±2^30 (far beyond any surface) and 0
    /// for NaN: layer geometry may be finite yet far outside any integer a pixel needs, and converting it
    /// unchecked traps.
    package init(clampingPixel value: CGFloat) {
        let limit = CGFloat(1 << 30)
        self = value.isNaN ? 0 : Int(Swift.min(Swift.max(value, -limit), limit))
    }
}
