import Foundation
import Testing
@testable import Quartzite

/// `CAReplicatorLayer` as Apple documents it, read from the presentation tree: copy i is the sublayers at
/// the replicator's time minus i x instanceDelay, placed by instanceTransform applied i times about the
/// replicator's centre, multiplied by instanceColor plus i times the offsets (clamped to 0...1). The expected
/// values are worked out here from those rules.
@MainActor
@Suite(.serialized)
struct ReplicatorTests {
    /// A committed root holding `replicator`, which holds one 10-point `dot`, with the clock frozen at 100.
    func scene(_ configure: (CAReplicatorLayer, CALayer) -> Void) -> (root: CALayer, replicator: CAReplicatorLayer, dot: CALayer) {
        MediaClock.freeze(at: 100)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        let dot = CALayer()
        dot.frame = CGRect(x: 45, y: 0, width: 10, height: 10)
        dot.backgroundColor = .white
        replicator.addSublayer(dot)
        root.addSublayer(replicator)
        configure(replicator, dot)
        CATransaction.flush()
        return (root, replicator, dot)
    }

    /// The replicator's node in the tree at global time `t`.
    func replicatorNode(_ root: CALayer, at t: Double) throws -> PresentationNode {
        try #require(Evaluator.presentationTree(of: root, at: t).sublayers.first)
    }

    /// Runs `body` with implicit animations off.
    func withoutActions(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
    }

    func fade(duration: Double = 1) -> CABasicAnimation {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = duration
        return fade
    }

    @Test func defaultsAreApples() {
        let replicator = CAReplicatorLayer()
        #expect(replicator.instanceCount == 1)
        #expect(replicator.instanceDelay == 0)
        #expect(CATransform3DIsIdentity(replicator.instanceTransform))
        #expect(replicator.instanceColor == nil)
        #expect(replicator.instanceRedOffset == 0 && replicator.instanceGreenOffset == 0)
        #expect(replicator.instanceBlueOffset == 0 && replicator.instanceAlphaOffset == 0)
        #expect(replicator.preservesDepth == false)
    }

    @Test func oneWhiteCopyIsTheSublayersThemselves() throws {
        let (root, _, dot) = scene { _, _ in }
        let node = try replicatorNode(root, at: 100)
        #expect(node.sublayers.count == 1)
        #expect(node.sublayers.first?.layerID == ObjectIdentifier(dot))
    }

    @Test func copyIPlacesByTheTransformRepeatedAboutTheCentre() throws {
        let angle = CGFloat.pi / 6
        let (root, _, dot) = scene { replicator, _ in
            replicator.instanceCount = 12
            replicator.instanceTransform = CATransform3DMakeRotation(angle, 0, 0, 1)
        }
        let node = try replicatorNode(root, at: 100)
        #expect(node.sublayers.count == 12)
        for (i, copy) in node.sublayers.enumerated() {
            #expect(copy.kind == .instance)
            #expect(copy.sublayers.first?.layerID == ObjectIdentifier(dot))
            // The dot's centre (50, 5) turned by i x 30 degrees about the replicator's centre (50, 50), with
            // Core Animation's rotation (row vectors: x' = x cos - y sin, y' = x sin + y cos).
            let a = Double(i) * Double(angle)
            let (x, y) = (0.0, -45.0)
            let expected = CGPoint(x: 50 + x * cos(a) - y * sin(a), y: 50 + x * sin(a) + y * cos(a))
            let placed = copy.properties.transformToSuperlayer.apply(to: SIMD4(50, 5, 0, 1))
            #expect(abs(placed.x - Double(expected.x)) < 1e-9 && abs(placed.y - Double(expected.y)) < 1e-9, "copy \(i)")
        }
    }

    @Test func copyColoursAddTheOffsetsAndClamp() throws {
        let (root, _, _) = scene { replicator, _ in
            replicator.instanceCount = 5
            replicator.instanceColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
            replicator.instanceRedOffset = -0.3
            replicator.instanceGreenOffset = 0.2
            replicator.instanceBlueOffset = 0.1
            replicator.instanceAlphaOffset = -0.25
        }
        let node = try replicatorNode(root, at: 100)
        for (i, copy) in node.sublayers.enumerated() {
            let n = Float(i)
            let expected = SIMD4<Float>(max(1 - 0.3 * n, 0), min(0.5 + 0.2 * n, 1), 0.1 * n, max(1 - 0.25 * n, 0))
            let tint = try #require(copy.instanceTint)
            #expect((0..<4).allSatisfy { abs(tint[$0] - expected[$0]) < 1e-6 }, "copy \(i): \(tint) against \(expected)")
        }
    }

    @Test func copyISeesTheAnimationsIDelaysEarlier() throws {
        let (root, _, dot) = scene { replicator, _ in
            replicator.instanceCount = 8
            replicator.instanceDelay = 0.1
        }
        dot.add(fade(), forKey: "fade")
        CATransaction.flush()
        let node = try replicatorNode(root, at: 100.5)
        for (i, copy) in node.sublayers.enumerated() {
            let opacity = try #require(copy.sublayers.first?.properties.opacity)
            // 1 -> 0 over a second from 100, seen at 100.5 - 0.1 i; before it begins (i > 5) the model's 1.
            let local = 0.5 - 0.1 * Double(i)
            let expected = local < 0 ? 1 : 1 - local
            #expect(abs(Double(opacity) - expected) < 1e-6, "copy \(i)")
        }
    }

    @Test func nestedReplicatorsMultiplyPlacesTimesAndColours() throws {
        MediaClock.freeze(at: 100)
        let root = CALayer()
        let rows = CAReplicatorLayer(), columns = CAReplicatorLayer()
        rows.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        columns.frame = rows.bounds
        rows.instanceCount = 3
        rows.instanceTransform = CATransform3DMakeTranslation(0, 20, 0)
        rows.instanceDelay = 0.2
        rows.instanceRedOffset = -0.5
        columns.instanceCount = 4
        columns.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        columns.instanceDelay = 0.05
        columns.instanceBlueOffset = -0.25
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        columns.addSublayer(square)
        rows.addSublayer(columns)
        root.addSublayer(rows)
        square.add(fade(duration: 10), forKey: "fade")
        CATransaction.flush()
        let node = try #require(Evaluator.presentationTree(of: root, at: 101).sublayers.first)
        #expect(node.sublayers.count == 3)
        for (row, rowCopy) in node.sublayers.enumerated() {
            let inner = try #require(rowCopy.sublayers.first)
            #expect(inner.sublayers.count == 4)
            for (column, columnCopy) in inner.sublayers.enumerated() {
                let leaf = try #require(columnCopy.sublayers.first)
                let toRoot = leaf.properties.transformToSuperlayer
                    .concatenating(columnCopy.properties.transformToSuperlayer)
                    .concatenating(inner.properties.transformToSuperlayer)
                    .concatenating(rowCopy.properties.transformToSuperlayer)
                let corner = toRoot.apply(to: SIMD4(0, 0, 0, 1))
                #expect(corner.x == Double(20 * column) && corner.y == Double(20 * row), "(\(row), \(column))")
                // The fade's time: 1 s in, less 0.2 per row and 0.05 per column; 1 -> 0 over 10 s.
                let local = 1 - 0.2 * Double(row) - 0.05 * Double(column)
                #expect(abs(Double(leaf.properties.opacity) - (1 - local / 10)) < 1e-6)
                // Each level's tint multiplies in the compositor; here each level carries its own.
                #expect(rowCopy.instanceTint?.x == max(1 - 0.5 * Float(row), 0))
                #expect(columnCopy.instanceTint?.z == 1 - 0.25 * Float(column))
            }
        }
    }

    @Test func instancePropertiesAnimateAndReachByKey() throws {
        let (root, replicator, _) = scene { replicator, _ in replicator.instanceCount = 3 }
        let move = CABasicAnimation(keyPath: "instanceTransform")
        move.fromValue = CATransform3DIdentity
        move.toValue = CATransform3DMakeTranslation(40, 0, 0)
        move.duration = 1
        replicator.add(move, forKey: "move")
        CATransaction.flush()
        // Half way: a translation of 20 per copy, so copy 2 moves 40.
        let node = try replicatorNode(root, at: 100.5)
        let last = try #require(node.sublayers.last)
        #expect(abs(Double(last.properties.transform.m41) - 40) < 1e-9)

        withoutActions { replicator.setValue(6, forKey: "instanceCount") }
        #expect(replicator.instanceCount == 6)
        #expect(replicator.value(forKey: "instanceCount") as? CGFloat == 6)
        withoutActions { replicator.setValue(-0.5, forKey: "instanceAlphaOffset") }
        #expect(replicator.instanceAlphaOffset == -0.5)
    }

    @Test func hostileCountsAndDelaysStayBounded() throws {
        let (root, replicator, _) = scene { replicator, _ in
            replicator.instanceCount = Int.max
            replicator.instanceDelay = .nan
        }
        let node = try replicatorNode(root, at: 100)
        #expect(node.sublayers.count == ReplicatorValues.maximumInstanceCount)
        withoutActions { replicator.instanceCount = -3 }
        #expect(try replicatorNode(root, at: 100).sublayers.isEmpty)
        withoutActions { replicator.setValue(Double.infinity, forKey: "instanceCount") }
        #expect(replicator.instanceCount == Int.max)
    }

    @Test func nestedReplicatorsStayWithinTheFrameBudget() throws {
        // Four replicators of 100 copies each around one layer would be 10^8 layers to draw.
        MediaClock.freeze(at: 100)
        let root = CALayer()
        var parent = root
        for _ in 0..<4 {
            let replicator = CAReplicatorLayer()
            replicator.instanceCount = 100
            parent.addSublayer(replicator)
            parent = replicator
        }
        parent.addSublayer(CALayer())
        CATransaction.flush()
        let tree = Evaluator.presentationTree(of: root, at: 100)
        let limit = 2 * Evaluator.maximumReplicatedNodes
        let nodes = Evaluator.nodeCount(of: tree, atMost: limit)
        #expect(nodes < limit)
        // The innermost three levels (101 + 100 x 101 + 100 x that nodes) fit whole in every outer copy;
        // the outermost replicator makes as many copies of them as the budget holds.
        #expect(nodes > Evaluator.maximumReplicatedNodes / 2)
    }

    @Test func delayedCopiesKeepTheScheduleAwake() {
        let (root, _, dot) = scene { replicator, _ in
            replicator.instanceCount = 10
            replicator.instanceDelay = 0.1
        }
        let animation = fade()
        animation.isRemovedOnCompletion = false
        animation.fillMode = .forwards
        dot.add(animation, forKey: "fade")
        CATransaction.flush()
        Evaluator.finishFrame(root, at: 101.5)
        // Copy 0 ended at 101; copy 9 runs until 101.9.
        #expect(ChangeSchedule.nextAnimationChange(in: root, after: 101.5) == 101.5)
        Evaluator.finishFrame(root, at: 102)
        #expect(ChangeSchedule.nextAnimationChange(in: root, after: 102) == nil)
    }

    @Test func aDelayedCopyWakesTheScheduleAtItsBegin() {
        let (root, _, dot) = scene { replicator, _ in
            replicator.instanceCount = 4
            replicator.instanceDelay = -0.5
        }
        // A negative delay shows copy i ahead: copy 3 reaches the animation's begin at 105 - 1.5.
        let animation = fade()
        animation.beginTime = 105
        dot.add(animation, forKey: "fade")
        CATransaction.flush()
        let wake = ChangeSchedule.nextAnimationChange(in: root, after: 100)
        #expect(wake.map { abs($0 - 103.5) < 1e-9 } == true, "woke at \(String(describing: wake))")
    }
}
