import Foundation
import Quartzite

// Views with hostile frames, transforms and alphas, rearranged with hostile indices, animated by UIKit's
// blocks (basic, spring, keyframe, transition) with hostile durations, delays, option bits and relative
// times, or by property animators driven through random pause / scrub / reverse / stop / finish / continue
// sequences with hostile values; one view draws Core Text lines and frames, an image-masked clip, a pattern
// colour, hostile CGPatterns and image masks in `draw(_:)`.
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
        // Last, so that a seed builds and draws the same tree as before touches were added.
        touchViews(views, root: root)
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
        switch rng.below(6) {
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
        case 4:
            driveAnimator(view, duration: duration, changes: changes, described: recipe)
        default:
            run("UIView.performWithoutAnimation { \(recipe) }") { UIView.performWithoutAnimation(changes) }
        }
    }

    /// A property animator of hostile timing, driven through a random sequence of its calls with hostile
    /// values, in and out of the states in which UIKit would raise.
    private func driveAnimator(_ view: UIView, duration: Double, changes: @escaping () -> Void, described: String) {
        let a = rng.number(hostile: 4), b = rng.number(hostile: 4)
        let animator: UIViewPropertyAnimator
        switch rng.below(4) {
        case 0: animator = UIViewPropertyAnimator(duration: duration, curve: .linear, animations: changes)
        case 1: animator = UIViewPropertyAnimator(duration: duration, dampingRatio: a, animations: changes)
        case 2:
            animator = UIViewPropertyAnimator(duration: duration, controlPoint1: CGPoint(x: a, y: b),
                                              controlPoint2: CGPoint(x: b, y: a), animations: changes)
        default:
            let spring = UISpringTimingParameters(mass: a, stiffness: b, damping: a * b, initialVelocity: CGVector(dx: b, dy: a))
            animator = UIViewPropertyAnimator(duration: duration, timingParameters: spring)
            animator.addAnimations(changes, delayFactor: b)
        }
        recipe("UIViewPropertyAnimator(duration: \(duration)), values \(lit(a)), \(lit(b)) { \(described) }")
        for _ in 0..<(1 + rng.below(8)) { driveStep(animator, view) }
    }

    private func driveStep(_ animator: UIViewPropertyAnimator, _ view: UIView) {
        let value = rng.number(hostile: 4)
        switch rng.below(9) {
        case 0: run("startAnimation(afterDelay: \(lit(value)))") { animator.startAnimation(afterDelay: Double(value)) }
        case 1: run("pauseAnimation()") { animator.pauseAnimation() }
        case 2: run("fractionComplete = \(lit(value))") { animator.fractionComplete = value }
        case 3: run("isReversed.toggle()") { animator.isReversed.toggle() }
        case 4:
            let flag = rng.chance(0.5)
            run("stopAnimation(\(flag))") { animator.stopAnimation(flag) }
        case 5:
            let position = rng.pick([UIViewAnimatingPosition.start, .end, .current])
            run("finishAnimation(at: \(position))") { animator.finishAnimation(at: position) }
        case 6:
            let cubic = UICubicTimingParameters(controlPoint1: CGPoint(x: value, y: -value), controlPoint2: .zero)
            run("continueAnimation(cubic \(lit(value)), durationFactor: \(lit(value)))") {
                animator.continueAnimation(withTimingParameters: cubic, durationFactor: value)
            }
        case 7: run("addAnimations(alpha, delayFactor: \(lit(value)))") { animator.addAnimations({ view.alpha = value }, delayFactor: value) }
        default: run("startAnimation()") { animator.startAnimation() }
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
    private let patternMatrix: CGAffineTransform
    private let patternSteps: CGSize
    private let maskDecode: [CGFloat]
    private let probe: CoreTextProbe

    @MainActor
    init(_ c: FuzzCase) {
        text = c.rng.pick(["Hello", "", "\n\n", "e\u{301}\u{0}\u{200F}", "😀👍🏽", String(repeating: "word ", count: 200)])
        fontSize = c.rng.chance(0.7) ? 4 + CGFloat(c.rng.unit()) * 30 : c.rng.number(hostile: 6)
        textPosition = c.rng.point(hostile: 4)
        textMatrix = CGAffineTransform(a: c.rng.number(hostile: 3), b: 0, c: 0, d: c.rng.number(hostile: 3), tx: 0, ty: 0)
        maskRect = c.rng.rect(hostile: 5)
        mode = CGTextDrawingMode(rawValue: Int32(c.rng.below(9))) ?? .fill
        patternMatrix = CGAffineTransform(a: c.rng.number(hostile: 4), b: c.rng.number(hostile: 4) / 50, c: 0,
                                          d: c.rng.number(hostile: 4), tx: c.rng.number(hostile: 4), ty: 0)
        patternSteps = CGSize(width: c.rng.number(hostile: 3), height: c.rng.number(hostile: 3))
        maskDecode = [c.rng.number(hostile: 3), c.rng.number(hostile: 3)]
        probe = CoreTextProbe(c)
        super.init(frame: .zero)
        c.recipe("DrawingView: \"\(text.prefix(12))\" at \(fontSize) pt, position \(textPosition), matrix \(textMatrix), mask rect \(maskRect), mode \(mode.rawValue), pattern matrix \(patternMatrix), steps \(patternSteps), mask decode \(maskDecode)")
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
        drawPatternAndImageMask(in: ctx, rect: rect, tile: mask.cgImage)
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

    /// A `CGPattern` with a hostile matrix and steps (a coloured one filling, a stencil one stroking), and an
    /// image mask with a hostile decode array drawn, tiled and masking `tile`.
    private func drawPatternAndImageMask(in ctx: CGContext, rect: CGRect, tile: CGImage?) {
        var callbacks = CGPatternCallbacks(version: 0, drawPattern: { _, cell in
            cell.setFillColor(CGColor(red: 0, green: 0.5, blue: 1, alpha: 1))
            cell.fillEllipse(in: CGRect(x: 0, y: 0, width: 6, height: 6))
        }, releaseInfo: nil)
        for colored in [true, false] {
            guard let pattern = CGPattern(info: nil, bounds: CGRect(x: 0, y: 0, width: 6, height: 6), matrix: patternMatrix,
                                          xStep: patternSteps.width, yStep: patternSteps.height, tiling: .noDistortion,
                                          isColored: colored, callbacks: &callbacks),
                  let space = CGColorSpace(patternBaseSpace: colored ? nil : CGColorSpaceCreateDeviceRGB()) else { continue }
            let components: [CGFloat] = colored ? [0.8] : [1, maskDecode[0], 0, 1]
            ctx.setFillColorSpace(space)
            ctx.setStrokeColorSpace(space)
            components.withUnsafeBufferPointer { c in
                guard let p = c.baseAddress else { return }
                colored ? ctx.setFillPattern(pattern, colorComponents: p) : ctx.setStrokePattern(pattern, colorComponents: p)
            }
            colored ? ctx.fill(rect) : ctx.stroke(rect.insetBy(dx: 4, dy: 4), width: 5)
        }
        guard let provider = CGDataProvider(data: Data([0x5A, 0xA5, 0x0F, 0xF0])),
              let imageMask = maskDecode.withUnsafeBufferPointer({ d in
                  CGImage(maskWidth: 8, height: 4, bitsPerComponent: 1, bitsPerPixel: 1, bytesPerRow: 1,
                          provider: provider, decode: d.baseAddress, shouldInterpolate: true)
              }) else { return }
        ctx.setFillColor(UIColor.purple.cgColor)
        ctx.draw(imageMask, in: maskRect)
        ctx.draw(imageMask, in: maskRect, byTiling: true)
        if let masked = tile?.masking(imageMask) { ctx.draw(masked, in: rect) }
    }
}
