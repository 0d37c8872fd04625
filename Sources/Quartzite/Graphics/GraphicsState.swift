import Foundation

/// The part of a context's graphics state that cairo does not keep for it: `saveGState` pushes a copy, and
/// cairo's own save keeps the clip beside it (all but its image masks, which are `clipMask`). Defaults are
/// Core Graphics'.
struct GraphicsState {
    /// User space to the context's y-up device space (identity at first, as Core Graphics reports it).
    var ctm = CGAffineTransform.identity
    var fillColor = CGColor.black
    var strokeColor = CGColor.black
    /// The spaces `setFillColorSpace` and `setStrokeColorSpace` set: how many components
    /// `setFillPattern(_:colorComponents:)` and `setStrokePattern` read. Nil until set.
    var fillSpace: CGColorSpace?
    var strokeSpace: CGColorSpace?
    /// The global alpha, multiplied into everything drawn.
    var alpha: CGFloat = 1
    var lineWidth: CGFloat = 1
    var lineCap = CGLineCap.butt
    var lineJoin = CGLineJoin.miter
    var miterLimit: CGFloat = 10
    var dashPhase: CGFloat = 0
    /// Dash lengths in user space; empty for a solid line.
    var dashLengths: [CGFloat] = []
    var blendMode = CGBlendMode.normal
    var shadow: Shadow?
    var shouldAntialias = true
    var allowsAntialiasing = true
    var interpolationQuality = CGInterpolationQuality.default
    var flatness: CGFloat = 0.5
    var textDrawingMode = CGTextDrawingMode.fill
    /// Where pattern colours' tiles start, in the context's default user space (`setPatternPhase`).
    var patternPhase = CGSize.zero
    /// The coverage the masks of `clip(to:mask:)` leave, per pixel of the context's surface; nil when no mask
    /// clips (the rest of the clip is cairo's).
    var clipMask: ClipMask?

    /// A shadow as `setShadow` sets it: offset and blur in device space (the CTM does not apply), and its colour.
    struct Shadow {
        var offset: CGSize
        var blur: CGFloat
        var color: CGColor
    }
}
