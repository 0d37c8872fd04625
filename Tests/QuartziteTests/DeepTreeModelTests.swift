import Foundation
import Testing
@testable import Quartzite

/// The model side of trees far deeper than any real one: building, evaluating, comparing, hit testing,
/// advancing and freeing a chain of 100,000 nested layers, each of which recursed once per level and
/// overflowed the stack (a seeded fuzz found it).
@Suite(.serialized)
struct DeepTreeModelTests {
    /// `depth` layers of 40 x 40 points, each the only sublayer of the one before, under a new root. Returns
    /// the root and the deepest layer.
    func chain(depth: Int) -> (root: CALayer, deepest: CALayer) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        var parent = root
        for _ in 0..<depth {
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            parent.addSublayer(layer)
            parent = layer
        }
        return (root, parent)
    }

    /// Runs `body` on a thread with a 512 KB stack (a fraction of what recursion through 100,000 levels
    /// needs), and waits for it.
    func onASmallStack(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
    }

    /// The nodes from `root` down its first sublayers, counted.
    func depthOfFirstSublayers(_ root: PresentationNode) -> (count: Int, deepest: PresentationNode) {
        var node = root, count = 1
        while let next = node.sublayers.first {
            node = next
            count += 1
        }
        return (count, node)
    }

    @Test func aChainOf100000LayersIsFreedWithoutRecursion() {
        weak var deepest: CALayer?
        do {
            let built = chain(depth: 100_000)
            deepest = built.deepest
            // Evaluated once, so the root also keeps a presentation tree 100,000 deep.
            _ = Evaluator.presentationTree(of: built.root, at: 0)
            // (Layers waiting for layout are held until the next pass.)
            CATransaction.flush()
            #expect(deepest != nil)
        }
        // A suite running beside this one may hold the layers for a moment (another thread's flush takes the
        // list of layers waiting for layout, this thread's among them); the last release, wherever it runs,
        // frees the chain one level at a time.
        for _ in 0..<100 where deepest != nil {
            CATransaction.flush()
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(deepest == nil)
    }

    @Test func aChainOf100000LayersEvaluatesAndComparesOnASmallStack() {
        let built = chain(depth: 100_000)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        built.deepest.opacity = 0.25
        CATransaction.commit()
        let root = UncheckedBox(built.root)
        let results = UncheckedBox<(Int, Float, Bool)?>(nil)
        onASmallStack {
            let first = Evaluator.presentationTree(of: root.value, at: 0)
            let again = Evaluator.presentationTree(of: root.value, at: 0)
            let (count, deepest) = depthOfFirstSublayers(first)
            results.value = (count, deepest.properties.opacity, first == again)
        }
        #expect(results.value?.0 == 100_001)
        #expect(results.value?.1 == 0.25)
        #expect(results.value?.2 == true)
    }

    @Test func anAnimationAtTheBottomOfADeepChainIsEvaluatedAndEnds() {
        let built = chain(depth: 100_000)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.beginTime = 10
        fade.duration = 1
        let delegate = StopRecorder()
        fade.delegate = delegate
        built.deepest.add(fade, forKey: "fade")
        CATransaction.flush()
        let half = Evaluator.presentationTree(of: built.root, at: 10.25)
        #expect(abs(depthOfFirstSublayers(half).deepest.properties.opacity - 0.25) < 1e-6)
        Evaluator.finishFrame(built.root, at: 12)
        #expect(delegate.stops == 1)
        #expect(built.deepest.animation(forKey: "fade") == nil)
    }

    @Test func hitTestingFindsTheDeepestOf100000Layers() {
        let built = chain(depth: 100_000)
        #expect(built.root.hitTest(CGPoint(x: 10, y: 10)) === built.deepest)
        #expect(built.root.hitTest(CGPoint(x: 50, y: 10)) == nil)
    }

    /// A subclass's `hitTest(_:)` is still asked near the top of the tree: the frontmost sublayer refuses
    /// every hit, so the answer comes from the sublayer behind it.
    @Test func anOverriddenHitTestIsStillAskedNearTheTop() {
        final class Refusing: CALayer {
            override func hitTest(_ p: CGPoint) -> CALayer? { nil }
        }
        let built = chain(depth: 10)
        let refusing = Refusing()
        refusing.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let parent = built.root.sublayers?.first
        parent?.addSublayer(refusing)
        #expect(built.root.hitTest(CGPoint(x: 10, y: 10)) === built.deepest)
    }

    @Test func conversionsWalkTheWholeChain() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        var parent = root
        for _ in 0..<100_001 {
            let layer = CALayer()
            layer.frame = CGRect(x: 0.0001, y: 0, width: 40, height: 40)
            parent.addSublayer(layer)
            parent = layer
        }
        // 100,001 steps of 0.0001 points.
        let converted = parent.convert(CGPoint.zero, to: root)
        #expect(abs(converted.x - 10.0001) < 1e-6)
        #expect(parent.contentsAreFlipped() == false)
    }

    /// A layer cannot become the mask of a layer below it: that would make the path up the tree (through
    /// superlayers and mask owners) a loop.
    @Test func aLayerAboveCannotBecomeAMask() {
        let built = chain(depth: 3)
        let middle = built.root.sublayers?.first
        built.deepest.mask = middle
        #expect(built.deepest.mask == nil)
        #expect(middle?.superlayer === built.root)
    }
}

/// Carries a value into a `@Sendable` closure that runs while the caller waits (the test hands it over).
private final class UncheckedBox<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}

/// Counts `animationDidStop` calls.
private final class StopRecorder: NSObject, CAAnimationDelegate, @unchecked Sendable {
    var stops = 0
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops += 1 }
}
