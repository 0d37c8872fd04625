import Foundation
import Testing
@testable import Quartzite

/// Bad input to animations: a clear message or Apple's fallback, never a crash or a NaN on screen.
@MainActor
@Suite(.serialized)
struct BadAnimationInputTests {
    func committedLayer() -> CALayer {
        MediaClock.freeze(at: 100)
        let layer = CALayer()
        CATransaction.flush()
        return layer
    }

    func fade(_ configure: (CABasicAnimation) -> Void) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0
        a.toValue = 1
        configure(a)
        return a
    }

    @Test func nanAndInfiniteTimesShowTheModelOrAFiniteValue() {
        let layer = committedLayer()
        let cases: [(String, (CABasicAnimation) -> Void)] = [
            ("nan begin", { $0.beginTime = .nan }), ("nan duration", { $0.duration = .nan }),
            ("inf duration", { $0.duration = .infinity }), ("nan offset", { $0.timeOffset = .nan }),
            ("nan speed", { $0.speed = .nan }), ("inf speed", { $0.speed = .infinity }),
            ("nan repeat", { $0.repeatCount = .nan }), ("negative repeat", { $0.repeatCount = -3 }),
            ("nan repeatDuration", { $0.repeatDuration = .nan }),
        ]
        for (name, configure) in cases {
            layer.removeAllAnimations()
            layer.add(fade(configure), forKey: name)
            CATransaction.flush()
            for t in [99.0, 100, 100.1, 1e9] {
                MediaClock.freeze(at: t)
                let opacity = layer.presentation()!.opacity
                #expect(opacity.isFinite && opacity >= 0 && opacity <= 1, "\(name) at \(t)")
            }
            Evaluator.finishFrame(layer, at: 100.2)
        }
        // The layer's own time can be NaN too.
        layer.timeOffset = .nan
        #expect(layer.presentation()!.opacity == 1)
    }

    @Test func negativeOrZeroDurationMeansTheDefaultQuarterSecond() {
        let layer = committedLayer()
        layer.add(fade { $0.duration = -2 }, forKey: "f")
        CATransaction.flush()
        MediaClock.freeze(at: 100.125)
        #expect(abs(Double(layer.presentation()!.opacity) - 0.5) < 1e-6)
    }

    @Test func wrongValueTypesAndUnknownKeyPathsAreReported() {
        let layer = committedLayer()
        let wrong = CABasicAnimation(keyPath: "bounds")
        wrong.fromValue = CGPoint(x: 1, y: 1)
        wrong.toValue = CGRect(x: 0, y: 0, width: 5, height: 5)
        layer.add(wrong, forKey: "w")
        let unknown = CABasicAnimation(keyPath: "wobble.amount")
        unknown.toValue = 1
        layer.add(unknown, forKey: "u")
        let noKeyPath = CABasicAnimation()
        layer.add(noKeyPath, forKey: "n")
        let string = CAKeyframeAnimation(keyPath: "shadowOpacity")
        string.values = ["a", "b"]
        layer.add(string, forKey: "s")
        let nilPosition = CABasicAnimation(keyPath: "position")
        nilPosition.fromValue = Optional<CGPoint>.none as Any?
        nilPosition.toValue = CGPoint(x: 9, y: 9)
        layer.add(nilPosition, forKey: "p")
        CATransaction.flush()
        MediaClock.freeze(at: 100.1)
        let presented = layer.presentation()!
        #expect(presented.bounds == .zero && presented.shadowOpacity == 0)
        let messages = Diagnostics.messages
        #expect(messages.contains { $0.contains("CABasicAnimation(\"bounds\").fromValue: expected a CGRect, got a CGPoint") })
        #expect(messages.contains { $0.contains("'wobble.amount' is not a key path") })
        #expect(messages.contains { $0.contains("needs a keyPath") })
        #expect(messages.contains { $0.contains("CAKeyframeAnimation(\"shadowOpacity\").values: unsupported value type String") })
        #expect(layer.animationKeys()?.contains("n") == false)
    }

    @Test func keyTimesAndTimingFunctionsOfTheWrongCount() {
        let layer = committedLayer()
        let move = CAKeyframeAnimation(keyPath: "position.x")
        move.values = [0, 10, 20]
        move.keyTimes = [0, 1]                                 // 2 for 3 values: evenly spaced instead
        move.timingFunctions = [CAMediaTimingFunction(name: .easeIn)]  // one for two segments: the rest linear
        move.duration = 2
        layer.add(move, forKey: "m")
        CATransaction.flush()
        MediaClock.freeze(at: 101.5)  // second segment, half way, linear
        #expect(abs(Double(layer.presentation()!.position.x) - 15) < 1e-9)
        MediaClock.freeze(at: 100.5)  // first segment, half way, easeIn
        #expect(abs(Double(layer.presentation()!.position.x) - 10 * CAMediaTimingFunction(name: .easeIn).evaluate(0.5)) < 1e-9)
    }

    /// A group holding itself, or groups nested thousands deep, once overflowed the stack on add and when
    /// evaluated: now such an animation is refused whole, with a message, and groups as deep as real code
    /// nests them still run.
    @Test func groupsNestedTooDeepOrHoldingThemselvesAreRefusedNotOverflowed() throws {
        let layer = committedLayer()
        func nested(_ levels: Int) -> CAAnimation {
            var animation: CAAnimation = fade { $0.duration = 1 }
            for _ in 0..<levels {
                let group = CAAnimationGroup()
                group.animations = [animation]
                group.duration = 1
                animation = group
            }
            return animation
        }
        layer.add(nested(5_000), forKey: "deep")
        let loop = CAAnimationGroup()
        loop.duration = 1
        loop.animations = [fade { $0.duration = 1 }]
        loop.animations?.append(loop)
        layer.add(loop, forKey: "loop")
        #expect(layer.animationKeys() == nil)
        #expect(Diagnostics.messages.contains { $0.contains("nest deeper than") })
        layer.add(nested(20), forKey: "fine")
        CATransaction.flush()
        MediaClock.freeze(at: 100.5)
        // The fade 0 -> 1 over a second, halfway, through 20 groups of the same second.
        let opacity = try #require(layer.presentation()).opacity
        #expect(abs(opacity - 0.5) < 1e-6)
        // An attached group given children that hold it is left empty, not looped.
        let attached = try #require(layer.animation(forKey: "fine") as? CAAnimationGroup)
        attached.animations = [attached]
        #expect(attached.animations == nil)
        // The emptied group fades nothing: the layer shows its model opacity again.
        #expect(try #require(layer.presentation()).opacity == 1)
        // Deepening the innermost attached group bit by bit is measured from the tree's root.
        var innermost = attached
        for _ in 0..<3 {
            innermost.animations = [nested(60)]
            // Down to the deepest group just attached.
            while let next = innermost.animations?.first as? CAAnimationGroup { innermost = next }
        }
        #expect(innermost.attachedDepth <= GroupNesting.maximumDepth)
        #expect(Diagnostics.messages.contains { $0.contains("the group is left empty") })
        loop.animations = nil
    }
}
