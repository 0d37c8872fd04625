import Foundation

extension UIColor {
    /// Makes the colour the current context's fill colour.
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
    /// Makes the colour the current context's stroke colour.
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
    /// Makes the colour the current context's fill and stroke colour.
    public func set() {
        setFill()
        setStroke()
    }
}

extension UIBezierPath {
    /// Fills the path in the current context with its fill colour, by the path's fill rule.
    public func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.beginPath()
        context.addPath(cgPath)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        context.restoreGState()
    }

    /// Strokes the path in the current context with its stroke colour and the path's line width, cap, join
    /// and miter limit.
    public func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        context.beginPath()
        context.addPath(cgPath)
        context.strokePath()
        context.restoreGState()
    }

    /// Cuts the current context's later drawing to the path's inside, by its fill rule.
    public func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(cgPath)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}
