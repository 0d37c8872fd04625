import Foundation

/// Everything that shapes a stroke, as CAShapeLayer's stroke properties.
package struct StrokeStyle: Hashable, Sendable {
    /// Full width of the stroke; <= 0 or non-finite draws nothing.
    package var lineWidth: CGFloat
    /// Cap at open ends (and on every dash).
    package var lineCap: CGLineCap
    /// Join between segments of different elements.
    package var lineJoin: CGLineJoin
    /// Core Graphics miter limit: a miter is drawn when 1 / sin(angle / 2) <= miterLimit.
    package var miterLimit: CGFloat
    /// On/off lengths; empty, negative or all-zero means solid.
    package var dashPattern: [CGFloat]
    /// Distance into the pattern at which each subpath starts.
    package var dashPhase: CGFloat
    /// Fraction of the total length where the stroke starts (clamped to 0...1).
    package var strokeStart: CGFloat
    /// Fraction of the total length where the stroke ends (clamped to 0...1).
    package var strokeEnd: CGFloat

    /// Creates a style; the defaults are CAShapeLayer's.
    package init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter,
                miterLimit: CGFloat = 10, dashPattern: [CGFloat] = [], dashPhase: CGFloat = 0,
                strokeStart: CGFloat = 0, strokeEnd: CGFloat = 1) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dashPattern = dashPattern
        self.dashPhase = dashPhase
        self.strokeStart = strokeStart
        self.strokeEnd = strokeEnd
    }
}
