import Foundation
import Quartzite

// Views with hostile frames, transforms and alphas, rearranged with hostile indices, animated by UIKit's
// blocks (basic, spring, keyframe, transition) with hostile durations, delays, option bits and relative
// times; one view draws Core Text lines and frames, an image-masked clip and a pattern colour in `draw(_:)`.
// Drawn at a few times, the display list must stay finite and the frame intact.

extension FuzzCase {
    /// A small view tree, rearranged and animated.
    func runViewCase() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 48, height: 48))
        var views: [UIView] = [root]
        for i in 0..<(1 + rng.below(4)) {
            let view: UIView = i == 0 ? DrawingView(self) : UIView()
            let frame = rng.chance(0.7) ? CGRect(x: rng.unit() * 40, y: rng.unit() * 40, width: 8 + rng.unit() * 30,
                                                 height: 8 + rng.unit() * 30) : rng.rect(hostile: 6)
            let colour = rng.color(hostile: 4)
            run("let v\(i) = \(i == 0 ? "DrawingView" : "UIView")(frame: \(lit(frame))); v\(i).backgroundColor = \(lit(colour))") {
                view.frame = frame
                view.backgroundColor = UIColor(cgColor: colour)
            }
            views.append(view)
            rearrange(views, adding: view)
        }
        if let drawing = views.first(where: { $0 is DrawingView }) {
            run("drawing view: setNeedsDisplay()") { drawing.setNeedsDisplay() }
        }
        for _ in 0..<(1 + rng.below(3)) { animate(rng.pick(views)) }
        stage.show(root.layer, at: [0, rng.unit(), Double(rng.number(hostile: 4))], in: self, finitePresentation: false)
    }

    /// Adds `view` somewhere in the tree, then perhaps moves things about with hostile indices.
    private func rearrange(_ views: [UIView], adding view: UIView) {
        let parent = rng.pick(views), index = rng.chance(0.7) ? rng.below(4) : Int(truncatingIfNeeded: rng.next())
        run("parent.insertSubview(v, at: \(index))") { parent.insertSubview(view, at: index) }
        let other = rng.pick(views)
        switch rng.below(6) {
        case 0: run("other.addSubview(parent) (perhaps its own ancestor)") { other.addSubview(parent) }
        case 1: run("parent.exchangeSubview(at: 0, withSubviewAt: \(index))") { parent.exchangeSubview(at: 0, withSubviewAt: index) }
        case 2: run("view.removeFromSuperview()") { view.removeFromSuperview() }
        case 3: run("parent.bringSubviewToFront(other)") { parent.bringSubviewToFront(other) }
        default: break
        }
        let transform = CGAffineTransform(a: rng.number(hostile: 4), b: rng.number(hostile: 4), c: rng.number(hostile: 4),
                                          d: rng.number(hostile: 4), tx: rng.number(hostile: 4), ty: rng.number(hostile: 4))
        let alpha = rng.number(hostile: 4)
        if rng.chance(0.3) { run("v.transform = \(transform); v.alpha = \(lit(alpha))") { view.transform = transform; view.alpha = alpha } }
    }

    /// One block of UIKit's kinds, with hostile timing, changing `view`.
    private func animate(_ view: UIView) {
        let duration = rng.chance(0.7) ? rng.unit() * 2 : Double(rng.number(hostile: 6))
        let delay = rng.chance(0.7) ? rng.unit() : Double(rng.number(hostile: 6))
        let bits = rng.chance(0.7) ? UInt(rng.below(8)) << 16 | UInt(rng.below(32)) : UInt(truncatingIfNeeded: rng.next())
        let center = rng.point(hostile: 4), alpha = rng.number(hostile: 4), size = rng.size(hostile: 4)
        let changes = { view.center = center; view.alpha = alpha; view.bounds.size = size }
        let recipe = "center \(lit(center)), alpha \(lit(alpha)), size \(lit(size))"
        switch rng.below(5) {
        case 0:
            run("UIView.animate(withDuration: \(duration), delay: \(delay), options: \(bits)) { \(recipe) }") {
                UIView.animate(withDuration: duration, delay: delay, options: UIView.AnimationOptions(rawValue: bits),
                               animations: changes, completion: { _ in })
            }
        case 1:
            let damping = rng.number(hostile: 4), velocity = rng.number(hostile: 4)
            run("UIView.animate(withDuration: \(duration), usingSpringWithDamping: \(lit(damping)), initialSpringVelocity: \(lit(velocity))) { \(recipe) }") {
                UIView.animate(withDuration: duration, delay: delay, usingSpringWithDamping: damping,
                               initialSpringVelocity: velocity, options: [], animations: changes)
            }
        case 2:
            let start = Double(rng.number(hostile: 4)), share = Double(rng.number(hostile: 4))
            run("UIView.animateKeyframes(withDuration: \(duration)) { addKeyframe(\(start), \(share)) { \(recipe) } }") {
                UIView.animateKeyframes(withDuration: duration, delay: delay,
                                        options: UIView.KeyframeAnimationOptions(rawValue: bits), animations: {
                    UIView.addKeyframe(withRelativeStartTime: start, relativeDuration: share, animations: changes)
                    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 1 - alpha }
                })
            }
        case 3:
            run("UIView.transition(with: v, duration: \(duration), options: \(bits)) { \(recipe) }") {
                UIView.transition(with: view, duration: duration, options: UIView.AnimationOptions(rawValue: bits),
                                  animations: changes)
            }
        default:
            run("UIView.performWithoutAnimation { \(recipe) }") { UIView.performWithoutAnimation(changes) }
        }
    }
}

/// A view that draws Core Text (with a hostile paragraph style, run walk and justification), an image-masked
/// clip and a pattern colour, each with values the case chose.
private final class DrawingView: UIView {
    private let text: String
    private let fontSize: CGFloat
    private let textPosition: CGPoint
    private let textMatrix: CGAffineTransform
    private let maskRect: CGRect
    private let mode: CGTextDrawingMode
    private let probe: CoreTextProbe

    @MainActor
    init(_ c: FuzzCase) {
        text = c.rng.pick(["Hello", "", "\n\n", "e\u{301}\u{0}\u{200F}", "😀👍🏽", String(repeating: "word ", count: 200)])
        fontSize = c.rng.chance(0.7) ? 4 + CGFloat(c.rng.unit()) * 30 : c.rng.number(hostile: 6)
        textPosition = c.rng.point(hostile: 4)
        textMatrix = CGAffineTransform(a: c.rng.number(hostile: 3), b: 0, c: 0, d: c.rng.number(hostile: 3), tx: 0, ty: 0)
        maskRect = c.rng.rect(hostile: 5)
        mode = CGTextDrawingMode(rawValue: Int32(c.rng.below(9))) ?? .fill
        probe = CoreTextProbe(c)
        super.init(frame: .zero)
        c.recipe("DrawingView: \"\(text.prefix(12))\" at \(fontSize) pt, position \(textPosition), matrix \(textMatrix), mask rect \(maskRect), mode \(mode.rawValue)")
    }

    required init?(coder: NSCoder) { nil }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let mask = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { _ in
            UIColor.white.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 2, height: 4))
        }
        ctx.saveGState()
        if let cgMask = mask.cgImage { ctx.clip(to: maskRect, mask: cgMask) }
        UIColor(patternImage: mask).setFill()
        UIRectFill(rect)
        ctx.restoreGState()
        let attributed = NSAttributedString(string: text, attributes: [
            NSAttributedString.Key(kCTFontAttributeName as String): CTFontCreateWithName("Helvetica", fontSize, nil),
            NSAttributedString.Key(kCTForegroundColorAttributeName as String): UIColor.red.cgColor,
            NSAttributedString.Key(kCTParagraphStyleAttributeName as String): probe.paragraphStyle(),
        ])
        ctx.textMatrix = textMatrix
        ctx.textPosition = textPosition
        ctx.setTextDrawingMode(mode)
        let line = CTLineCreateWithAttributedString(attributed)
        CTLineDraw(line, ctx)
        probe.walk(line, in: ctx)
        let framesetter = CTFramesetterCreateWithAttributedString(attributed)
        let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0), CGPath(rect: rect, transform: nil), nil)
        CTFrameDraw(frame, ctx)
    }
}
