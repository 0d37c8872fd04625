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
    public func fill() { fill(with: .normal, alpha: 1) }

    /// Fills the path with its fill colour, blended by `blendMode` at `alpha` opacity.
    public func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        context.beginPath()
        context.addPath(cgPath)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        context.restoreGState()
    }

    /// Strokes the path in the current context with its stroke colour and the path's line width, cap, join,
    /// miter limit and dash pattern. A width of 0 draws the thinnest line the context can: one device pixel.
    public func stroke() { stroke(with: .normal, alpha: 1) }

    /// Strokes the path as `stroke()` does, blended by `blendMode` at `alpha` opacity.
    public func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        context.setLineWidth(lineWidth == 0 ? context.onePixelWide : lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        if !dashLengths.isEmpty { context.setLineDash(phase: dashPhase, lengths: dashLengths) }
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

extension CGContext {
    /// The user-space length of one device pixel under the current transform (its mean scale's inverse).
    var onePixelWide: CGFloat {
        let scale = state.ctm.meanScale
        return scale.isFinite && scale > 0 ? 1 / scale : 1
    }
}

/// Fills `rect` in the current context with its fill colour, replacing what is there (UIKit's copy blend).
public func UIRectFill(_ rect: CGRect) { UIRectFillUsingBlendMode(rect, .copy) }

/// Fills `rect` in the current context with its fill colour, blended by `blendMode`.
public func UIRectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.saveGState()
    context.setBlendMode(blendMode)
    context.fill(rect)
    context.restoreGState()
}

/// Draws a one-point frame just inside `rect` in the current context's fill colour, replacing what is there.
public func UIRectFrame(_ rect: CGRect) { UIRectFrameUsingBlendMode(rect, .copy) }

/// Draws a one-point frame just inside `rect` in the current context's fill colour, blended by `blendMode`.
public func UIRectFrameUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    let r = rect.standardized
    guard r.width > 0, r.height > 0 else { return }
    let side = min(1, r.width / 2, r.height / 2)
    let frame = [CGRect(x: r.minX, y: r.minY, width: r.width, height: side),
                 CGRect(x: r.minX, y: r.maxY - side, width: r.width, height: side),
                 CGRect(x: r.minX, y: r.minY + side, width: side, height: r.height - 2 * side),
                 CGRect(x: r.maxX - side, y: r.minY + side, width: side, height: r.height - 2 * side)]
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.saveGState()
    context.setBlendMode(blendMode)
    context.fill(frame)
    context.restoreGState()
}

/// Cuts the current context's later drawing to `rect`.
public func UIRectClip(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.clip(to: rect) }
