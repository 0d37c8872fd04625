import Foundation

/// A path's dash pattern and copies, as UIKit keeps them on the path.
extension UIBezierPath {
    /// Sets the dash pattern `stroke()` draws with: `count` lengths read from `pattern` (painted, then
    /// unpainted, in points), starting `phase` points into the pattern. A nil pattern or a count of 0 or less
    /// makes the line solid again.
    public func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        guard let pattern, count > 0 else {
            dashLengths = []
            dashPhase = 0
            return
        }
        dashLengths = Array(UnsafeBufferPointer(start: pattern, count: count))
        dashPhase = phase
    }

    /// Copies the dash pattern out: its lengths into `pattern` (which has room for the count, when not nil),
    /// how many there are into `count`, the phase into `phase`.
    public func getLineDash(_ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
                            phase: UnsafeMutablePointer<CGFloat>?) {
        if let pattern {
            for (i, length) in dashLengths.enumerated() { pattern[i] = length }
        }
        count?.pointee = dashLengths.count
        phase?.pointee = dashPhase
    }

    /// A copy of the path with its geometry and drawing properties, typed `Any` as `NSCopying`'s is (iOS code
    /// writes `path.copy() as! UIBezierPath`).
    public func copy() -> Any {
        let copy = UIBezierPath(cgPath: cgPath)
        copy.takeDrawingProperties(of: self)
        return copy
    }

    /// Takes `other`'s line width, cap, join, miter limit, fill rule, flatness and dash pattern.
    func takeDrawingProperties(of other: UIBezierPath) {
        lineWidth = other.lineWidth
        lineCapStyle = other.lineCapStyle
        lineJoinStyle = other.lineJoinStyle
        miterLimit = other.miterLimit
        usesEvenOddFillRule = other.usesEvenOddFillRule
        flatness = other.flatness
        dashLengths = other.dashLengths
        dashPhase = other.dashPhase
    }
}
