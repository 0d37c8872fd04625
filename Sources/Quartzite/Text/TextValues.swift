import Foundation

/// A `CATextLayer`'s own values: what it says and how it sets it.
package struct TextValues: Equatable, Sendable {
    /// The characters and the attributed string's runs.
    package var content = TextContent.empty
    /// The font's name; nil is the default face (see `TextRasterizer.defaultFamily`).
    package var fontName: String?
    /// The size in points of the text of a plain string (and of runs that name no size).
    package var fontSize: CGFloat = 36
    /// The colour of a plain string's text; nil draws nothing.
    package var foregroundColor: CGColor? = .white
    /// Whether lines wrap at the bounds' width.
    package var isWrapped = false
    package var truncationMode = CATextLayerTruncationMode.none
    package var alignmentMode = CATextLayerAlignmentMode.natural
    /// Accepted and kept; glyph positions are Pango's either way.
    package var allowsFontSubpixelQuantization = false

    package init() {}
}
