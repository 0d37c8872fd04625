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

    /// The metrics measured now (every read lays the face out: cheap next to drawing with it). Unhinted
    /// metrics grow in proportion to the size, so a size past what is drawn is measured at a smaller one and
    /// scaled; a size that is not a positive finite number has none.
    private var metrics: (ascender: CGFloat, descender: CGFloat, lineHeight: CGFloat, capHeight: CGFloat, xHeight: CGFloat) {
        guard pointSize.isFinite, pointSize > 0 else { return (0, 0, 0, 0, 0) }
        let measured = min(pointSize, Self.largestMeasuredSize), scale = pointSize / measured
        guard let capital = extents("H", size: measured), let small = extents("x", size: measured) else { return (0, 0, 0, 0, 0) }
        return (capital.baseline * scale, (capital.baseline - capital.logical.height) * scale, capital.logical.height * scale,
                (capital.baseline - capital.ink.minY) * scale, (small.baseline - small.ink.minY) * scale)
    }

    /// The largest size metrics are measured at.
    private static let largestMeasuredSize: CGFloat = 1024

    /// Pango's extents of `text` in this face at `size` points.
    private func extents(_ text: String, size: CGFloat) -> (logical: CGRect, ink: CGRect, baseline: CGFloat)? {
        var values = TextValues()
        values.content = TextContent(text: text, runs: [])
        values.fontName = fontName
        values.fontSize = size
        return TextRequest(layout: values, width: nil).flatMap(TextRasterizer.extents)
    }
}
