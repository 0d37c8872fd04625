import Foundation
import Quartzite

/// An sRGB colour with straight (not premultiplied) alpha, as plain numbers both renderers read.
public struct BenchColor: Sendable, Equatable {
    public var red, green, blue, alpha: Double

    /// A colour from its components, each 0...1.
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A seeded colour: each channel uniform in 0...1, alpha uniform in `alpha` (drawn in that order).
    init(seeded rng: inout SplitMix64, alpha: ClosedRange<Double>) {
        red = rng.unit(); green = rng.unit(); blue = rng.unit()
        self.alpha = alpha.lowerBound == alpha.upperBound ? alpha.lowerBound : rng.uniform(alpha)
    }

    /// The same colour as a Quartzite `CGColor`.
    var cgColor: CGColor { CGColor(red: red, green: green, blue: blue, alpha: alpha) }

    /// The colour with its alpha multiplied by `opacity` (a layer's opacity over a single primitive).
    func faded(_ opacity: Double) -> BenchColor {
        BenchColor(red: red, green: green, blue: blue, alpha: alpha * opacity)
    }
}

/// One thing a benchmark scene draws in a frame, as plain values, so a second renderer (cairo, NanoVG) can
/// draw exactly the picture the Quartzite layer tree shows without knowing about layers.
public enum BenchPrimitive: Sendable {
    /// A filled rounded rectangle, drawn through `transform` (points to the enclosing space).
    case roundedRect(CGRect, cornerRadius: CGFloat, color: BenchColor, transform: CGAffineTransform)
    /// An open polyline stroked with round caps and joins.
    case polyline([CGPoint], lineWidth: CGFloat, color: BenchColor)
    /// A closed polygon filled with the non-zero winding rule (self-intersections are filled), drawn through
    /// `transform`.
    case polygon([CGPoint], color: BenchColor, transform: CGAffineTransform)
    /// A circle stroked clockwise on screen from 12 o'clock for the fraction `strokeEnd` of its length, round
    /// caps, painted by an axial gradient from `from` at `gradientStart` to `to` at `gradientEnd`. Nothing is
    /// drawn when `strokeEnd` is 0 (as Core Animation draws nothing for an empty trim).
    case gradientArc(center: CGPoint, radius: CGFloat, lineWidth: CGFloat, strokeEnd: CGFloat,
                     from: BenchColor, to: BenchColor, gradientStart: CGPoint, gradientEnd: CGPoint)
    /// Primitives drawn through a transform (a scene placed on the canvas).
    indirect case transformed(CGAffineTransform, [BenchPrimitive])
}
