import Foundation

/// UIKit's string drawing, for `NSString` with attributes and `NSAttributedString` alike: the text laid out by
/// Pango as a text layer's is, filled as glyph outlines into the current context (`TextOutlines`), so it takes
/// the context's transform, clip, alpha, shadow and blend mode. UIKit's defaults: 12-point text in the default
/// face (UIKit's is Helvetica), black.
///
/// Coordinates are the current context's user space with y down, as in every UIKit context; drawn into a
/// context whose y runs up (a bare `CGContext`), text comes out mirrored, as UIKit's does.
enum StringDrawing {
    /// What a drawing call lays out: where lines break and how they end.
    enum Lines {
        /// One line a paragraph, however long (`draw(at:)`, `size()`).
        case unbounded
        /// Broken at the rect's width as the paragraph style's line break mode says; `truncatesLast` ends
        /// wrapped text on the last line that fits the rect's height.
        case within(CGSize, truncatesLast: Bool)
    }

    /// The values of `string`: its characters and runs, UIKit's defaults where it sets none, and line breaking
    /// from its first paragraph style.
    static func values(_ string: NSAttributedString, _ lines: Lines) -> TextValues {
        var values = TextValues()
        values.content = TextContent(string)
        values.fontName = nil
        values.fontSize = TextRequest.attributedFontSize
        values.foregroundColor = .black
        guard case .within(_, let truncatesLast) = lines else { return values }
        let style = string.length > 0 ? paragraphStyle(string.attribute(.paragraphStyle, at: 0, effectiveRange: nil)) : nil
        switch style?.lineBreakMode ?? .byWordWrapping {
        case .byWordWrapping, .byCharWrapping:
            values.isWrapped = true
            values.truncationMode = truncatesLast ? .end : .none
        case .byClipping: values.isWrapped = false
        case .byTruncatingHead: values.truncationMode = .start
        case .byTruncatingMiddle: values.truncationMode = .middle
        case .byTruncatingTail: values.truncationMode = .end
        }
        return values
    }

    /// The layout request of `string`; nil when there is nothing to lay out.
    static func request(_ string: NSAttributedString, _ lines: Lines) -> TextRequest? {
        let values = values(string, lines)
        switch lines {
        case .unbounded: return TextRequest(layout: values, width: nil)
        case .within(let size, _): return TextRequest(layout: values, width: size.width, height: size.height)
        }
    }

    /// The laid-out text's logical rectangle from its top-left corner and its first baseline, in points; zero
    /// for nothing to lay out.
    static func extents(_ string: NSAttributedString, _ lines: Lines) -> (logical: CGRect, baseline: CGFloat) {
        guard let request = request(string, lines), let extents = TextRasterizer.extents(request) else {
            return (.zero, 0)
        }
        return (extents.logical, extents.baseline)
    }

    /// Fills `string`'s glyphs into the current context with the layout's top-left corner at `origin`, cut to
    /// `clip` when given. Without a current context nothing is drawn (UIKit logs an invalid context).
    static func draw(_ string: NSAttributedString, at origin: CGPoint, _ lines: Lines, clip: CGRect? = nil) {
        guard let context = UIGraphicsGetCurrentContext() else {
            return Diagnostics.report("string drawing: there is no current context (push one, or draw in a UIGraphicsImageRenderer)")
        }
        guard origin.x.isFinite, origin.y.isFinite, let request = request(string, lines) else { return }
        let drawing = TextOutlines.drawing(of: request, baseColor: .black)
        guard !drawing.isEmpty else { return }
        context.saveGState()
        if let clip { context.clip(to: clip) }
        context.drawText(drawing, at: origin)
        context.restoreGState()
    }
}
