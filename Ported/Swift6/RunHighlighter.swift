import Foundation
import Quartzite

/// A label that marks some of its words the way iOS code walks Core Text's runs: the words carry an attribute
/// of the app's own, and each glyph run that has it gets a box behind its glyphs, placed by
/// `CTLineGetOffsetForStringIndex` and as wide as `CTRunGetTypographicBounds` says, before `CTLineDraw` draws
/// the line over them in a flipped layer context.
public final class RunHighlighter: CALayer {
    /// The attribute that marks a word.
    public static let highlightKey = NSAttributedString.Key("RunHighlighter.highlight")
    public var text = NSAttributedString(string: "")
    public var markColor = UIColor.yellow.cgColor

    public override init() {
        super.init()
        setNeedsDisplay()
    }
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? RunHighlighter { (text, markColor) = (other.text, other.markColor) }
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public override func draw(in ctx: CGContext) {
        ctx.saveGState()
        ctx.textMatrix = .identity
        ctx.translateBy(x: 0, y: bounds.height)
        ctx.scaleBy(x: 1, y: -1)
        let line = CTLineCreateWithAttributedString(text as CFAttributedString)
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        _ = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
        let origin = CGPoint(x: 8, y: (bounds.height - ascent - descent) / 2 + descent)
        for run in CTLineGetGlyphRuns(line) as? [CTRun] ?? [] {
            guard let attributes = CTRunGetAttributes(run) as? [NSAttributedString.Key: Any],
                  attributes[Self.highlightKey] != nil else { continue }
            let start = CTLineGetOffsetForStringIndex(line, CTRunGetStringRange(run).location, nil)
            let width = CGFloat(CTRunGetTypographicBounds(run, CFRangeMake(0, 0), nil, nil, nil))
            ctx.setFillColor(markColor)
            ctx.fill(CGRect(x: origin.x + start - 2, y: origin.y - descent, width: width + 4, height: ascent + descent))
        }
        ctx.textPosition = origin
        CTLineDraw(line, ctx)
        ctx.restoreGState()
    }
}
