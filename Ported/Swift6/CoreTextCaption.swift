import Foundation
import Quartzite

/// A caption drawn with Core Text in a layer's `draw(in:)`, the way Core Text tutorials draw into a UIKit
/// context: the text matrix reset, the context flipped to y up, a framesetter's frame in the inset bounds.
public final class CoreTextCaption: CALayer {
    public var text = "Core Text"
    public var textColor = UIColor.red.cgColor

    public override init() {
        super.init()
        setNeedsDisplay()
    }
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CoreTextCaption { (text, textColor) = (other.text, other.textColor) }
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public override func draw(in ctx: CGContext) {
        let attributes: [NSAttributedString.Key: Any] = [
            NSAttributedString.Key(kCTFontAttributeName as String): CTFontCreateWithName("Helvetica" as CFString, 24, nil),
            NSAttributedString.Key(kCTForegroundColorAttributeName as String): textColor,
        ]
        let string = NSAttributedString(string: text, attributes: attributes)
        ctx.saveGState()
        ctx.textMatrix = .identity
        ctx.translateBy(x: 0, y: bounds.height)
        ctx.scaleBy(x: 1, y: -1)
        let path = CGMutablePath()
        path.addRect(bounds.insetBy(dx: 4, dy: 4))
        let framesetter = CTFramesetterCreateWithAttributedString(string as CFAttributedString)
        let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, string.length), path, nil)
        CTFrameDraw(frame, ctx)
        ctx.restoreGState()
    }
}
