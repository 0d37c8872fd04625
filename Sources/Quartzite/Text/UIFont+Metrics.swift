import Foundation

/// A font's vertical metrics, as UIKit code reads them to lay text out by hand. Measured from Pango's layout of
/// the face at its size: the line's logical extent for the ascender, descender and line height, the ink of
/// "H" and "x" for the cap and x heights.
extension UIFont {
    /// The distance from the baseline up to the top of the line, in points.
    public var ascender: CGFloat { metrics.ascender }
    /// The distance from the baseline down to the bottom of the line, negative as UIKit gives it.
    public var descender: CGFloat { metrics.descender }
    /// The height of a line: `ascender - descender + leading`.
    public var lineHeight: CGFloat { metrics.lineHeight }
    /// The space between lines beyond ascender and descender: 0, as Pango's line height holds none.
    public var leading: CGFloat { 0 }
    /// The height of a capital letter above the baseline ("H"'s ink).
    public var capHeight: CGFloat { metrics.capHeight }
    /// The height of a lowercase x above the baseline.
    public var xHeight: CGFloat { metrics.xHeight }

    /// The metrics measured now (every read lays the face out: cheap next to drawing with it).
    private var metrics: (ascender: CGFloat, descender: CGFloat, lineHeight: CGFloat, capHeight: CGFloat, xHeight: CGFloat) {
        guard let capital = extents("H"), let small = extents("x") else { return (0, 0, 0, 0, 0) }
        return (capital.baseline, capital.baseline - capital.logical.height, capital.logical.height,
                capital.baseline - capital.ink.minY, small.baseline - small.ink.minY)
    }

    /// Pango's extents of `text` in this font.
    private func extents(_ text: String) -> (logical: CGRect, ink: CGRect, baseline: CGFloat)? {
        var values = TextValues()
        values.content = TextContent(text: text, runs: [])
        values.fontName = fontName
        values.fontSize = pointSize
        return TextRequest(layout: values, width: nil).flatMap(TextRasterizer.extents)
    }
}
