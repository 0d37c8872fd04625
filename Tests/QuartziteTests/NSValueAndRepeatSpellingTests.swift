import Foundation
import Testing
@testable import Quartzite

/// Spellings iOS animation code uses: `NSValue` boxes for animation values (`NSValue(cgPoint:)`,
/// `NSValue(caTransform3D:)`, ...), `NSNumber` keyframes, and `repeatCount = HUGE` / `MAXFLOAT`, which Apple
/// documents as repeating forever (`greatestFiniteMagnitude`), as `.infinity` does.
@MainActor
@Suite(.serialized)
struct NSValueAndRepeatSpellingTests {
    func committedLayer() -> CALayer {
        MediaClock.freeze(at: 100)
        CATransaction.flush()
        let layer = CALayer()
        CATransaction.flush()
        return layer
    }

    /// The presentation layer `t` seconds after `animation` (linear, 1 s unless set) was added at 100.
    func presented(_ animation: CAAnimation, at t: Double) -> CALayer? {
        let layer = committedLayer()
        if animation.duration == 0 { animation.duration = 1 }
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(animation, forKey: "a")
        CATransaction.flush()
        MediaClock.freeze(at: 100 + t)
        return layer.presentation()
    }

    func near(_ a: CGPoint?, _ b: CGPoint) -> Bool {
        guard let a else { return false }
        return abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9
    }

    @Test func boxesRoundTrip() {
        let t = CATransform3DRotate(CATransform3DMakeTranslation(1, 2, 3), 0.5, 0, 1, 0)
        #expect(NSValue(caTransform3D: t).caTransform3DValue == t)
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(NSValue(cgAffineTransform: a).cgAffineTransformValue == a)
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue == CGPoint(x: 1, y: 2))
        #expect(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue == CGSize(width: 3, height: 4))
        let r = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(NSValue(cgRect: r).cgRectValue == r)
    }

    @Test func readingTheWrongKindReportsAndFallsBack() {
        let size = NSValue(cgSize: CGSize(width: 3, height: 4))
        #expect(size.cgPointValue == .zero)
        #expect(size.caTransform3DValue == CATransform3DIdentity)
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 1)).cgAffineTransformValue == .identity)
        #expect(Diagnostics.messages.contains { $0.hasPrefix("NSValue.cgPointValue: the value holds {CGSize") })
    }

    @Test func basicAnimationsTakeBoxedValues() {
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 0))
        move.toValue = NSValue(cgPoint: CGPoint(x: 10, y: 20))
        #expect(near(presented(move, at: 0.25)?.position, CGPoint(x: 2.5, y: 5)))

        let grow = CABasicAnimation(keyPath: "bounds")
        grow.fromValue = NSValue(cgRect: CGRect(x: 0, y: 0, width: 0, height: 0))
        grow.toValue = NSValue(cgRect: CGRect(x: 0, y: 0, width: 100, height: 40))
        #expect(presented(grow, at: 0.5)?.bounds == CGRect(x: 0, y: 0, width: 50, height: 20))

        let slide = CABasicAnimation(keyPath: "transform")
        slide.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
        slide.toValue = NSValue(caTransform3D: CATransform3DMakeTranslation(40, 0, 0))
        #expect(presented(slide, at: 0.5)?.transform == CATransform3DMakeTranslation(20, 0, 0))

        let size = CABasicAnimation(keyPath: "bounds.size")
        size.byValue = NSValue(cgSize: CGSize(width: 10, height: 30))
        #expect(presented(size, at: 0.5)?.bounds.size == CGSize(width: 5, height: 15))
    }

    @Test func keyframesTakeBoxedValuesAndNumbers() {
        let path = CAKeyframeAnimation(keyPath: "position")
        path.values = [NSValue(cgPoint: .zero), NSValue(cgPoint: CGPoint(x: 10, y: 0)), NSValue(cgPoint: CGPoint(x: 10, y: 10))]
        path.duration = 2
        #expect(near(presented(path, at: 1.5)?.position, CGPoint(x: 10, y: 5)))

        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.values = [NSNumber(value: 1), NSNumber(value: 0.5), NSNumber(value: 0)]
        fade.duration = 2
        #expect(abs(Double(presented(fade, at: 0.5)?.opacity ?? 0) - 0.75) < 1e-6)
    }

    @Test func setValueForKeyPathTakesBoxedValues() {
        let layer = committedLayer()
        CATransaction.setDisableActions(true)
        layer.setValue(NSValue(cgPoint: CGPoint(x: 7, y: 8)), forKeyPath: "position")
        layer.setValue(NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 1)), forKeyPath: "transform")
        layer.setValue(NSNumber(value: 0.25), forKeyPath: "opacity")
        CATransaction.flush()
        #expect(layer.position == CGPoint(x: 7, y: 8))
        #expect(layer.transform == CATransform3DMakeScale(2, 2, 1))
        #expect(layer.opacity == 0.25)
    }

    @Test func hugeAndMaxFloatAreTheLargestFiniteFloat() {
        #expect(HUGE == Float.greatestFiniteMagnitude)
        #expect(MAXFLOAT == Float.greatestFiniteMagnitude)
    }

    @Test func hugeMaxFloatAndInfinityAllRepeatForever() {
        for count in [HUGE, MAXFLOAT, Float.infinity] {
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 0
            move.toValue = 10
            move.repeatCount = count
            // A billion seconds on, a 1 s animation is a quarter into some repeat, and never finished.
            let late = presented(move, at: 1e9 + 0.25)
            #expect(abs(Double(late?.position.x ?? -1) - 2.5) < 1e-5, "\(count)")
            let timing = MediaTiming(duration: 1, repeatCount: count)
            #expect(timing.activeDuration == .infinity, "\(count)")
        }
    }
}
