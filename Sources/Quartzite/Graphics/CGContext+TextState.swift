import Foundation

/// Where and how Core Text's glyphs are drawn: the text position and drawing mode (the text matrix is a
/// stored property of the context, since it is not part of the graphics state).
extension CGContext {
    /// Where the next line of text starts, in user space: the text matrix's translation, as Core Graphics keeps
    /// it (setting `textMatrix` sets the position too, so code sets the matrix first). `CTLineDraw` puts the
    /// line's baseline origin here and then moves it past the line; a frame or a run drawn leaves it where it was.
    public var textPosition: CGPoint {
        get { CGPoint(x: textMatrix.tx, y: textMatrix.ty) }
        set {
            textMatrix.tx = newValue.x
            textMatrix.ty = newValue.y
        }
    }

    /// How text's glyphs are drawn from now on (part of the graphics state). Clipping to text is not
    /// supported: a clip mode reports so once and draws as `CGTextDrawingMode` describes.
    public func setTextDrawingMode(_ mode: CGTextDrawingMode) {
        if mode.clips {
            Diagnostics.report("CGContext.setTextDrawingMode: clipping to text is not supported; \(mode) paints without clipping")
        }
        state.textDrawingMode = mode
    }

    /// The drawing mode set by `setTextDrawingMode(_:)` (`.fill` at first).
    var textDrawingMode: CGTextDrawingMode { state.textDrawingMode }
}
