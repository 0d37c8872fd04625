import Foundation

/// How Core Graphics draws text's glyphs, with Core Graphics' raw values. `CGContext.setTextDrawingMode(_:)`
/// sets it; it is part of the graphics state.
///
/// Quartzite paints the glyphs for every mode but adds none to the clip: the clip modes draw as the mode they
/// name without clipping (`fillClip` as `fill`, `strokeClip` as `stroke`, `fillStrokeClip` as `fillStroke`),
/// `clip` draws nothing, and each reports once that clipping to text is not supported.
public enum CGTextDrawingMode: Int32, Sendable {
    /// Glyphs filled with their colour.
    case fill = 0
    /// Glyph outlines stroked.
    case stroke = 1
    /// Glyphs filled, then their outlines stroked.
    case fillStroke = 2
    /// Nothing drawn.
    case invisible = 3
    /// Filled, and added to the clip (the clip here: not supported).
    case fillClip = 4
    /// Stroked, and added to the clip (the clip here: not supported).
    case strokeClip = 5
    /// Filled and stroked, and added to the clip (the clip here: not supported).
    case fillStrokeClip = 6
    /// Added to the clip only (not supported: nothing is drawn).
    case clip = 7

    /// Whether the glyphs are filled and whether their outlines are stroked.
    var paints: (fills: Bool, strokes: Bool) {
        switch self {
        case .fill, .fillClip: (true, false)
        case .stroke, .strokeClip: (false, true)
        case .fillStroke, .fillStrokeClip: (true, true)
        case .invisible, .clip: (false, false)
        }
    }

    /// Whether the mode asks for the glyphs to be added to the clip.
    var clips: Bool { rawValue >= CGTextDrawingMode.fillClip.rawValue }
}
