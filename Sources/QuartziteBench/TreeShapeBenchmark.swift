import Foundation
import Quartzite
import QuartziteRender

/// Times trees far past any real one: a chain of nested layers (each the only sublayer of the one before)
/// and a list of siblings under one root. Each is built, drawn headless (the first frame evaluates and
/// draws everything), drawn again after one layer changed, and freed. Every walk of the tree uses an
/// explicit stack, so these finish in time proportional to the layer count (`quartzite bench trees`).
@MainActor
public enum TreeShapeBenchmark {
    /// The timings of one tree, in milliseconds.
    public struct Row: Encodable, Sendable {
        /// "chain" or "list".
        public let shape: String
        /// Layers below the root.
        public let layers: Int
        public let buildMs: Double
        public let firstFrameMs: Double
        public let changedFrameMs: Double
        public let freeMs: Double
    }

    /// Both shapes at `layers` layers each, drawn on a `size` canvas.
    public static func run(layers: Int, size: CGSize) throws -> [Row] {
        [try measure("chain", layers: layers, size: size, build: chain),
         try measure("list", layers: layers, size: size, build: list)]
    }

    /// A table of the rows, one line each.
    public static func table(_ rows: [Row]) -> String {
        var lines = ["shape   layers    build ms  first frame ms  changed frame ms  free ms"]
        for row in rows {
            lines.append(String(format: "%-6@ %7d  %10.1f  %14.1f  %16.1f  %7.1f", row.shape, row.layers, row.buildMs,
                                row.firstFrameMs, row.changedFrameMs, row.freeMs))
        }
        return lines.joined(separator: "\n")
    }

    private static func measure(_ shape: String, layers: Int, size: CGSize,
                                build: (Int, CGSize) -> (root: CALayer, changing: CALayer)) throws -> Row {
        let renderer = try HeadlessRenderer(size: size)
        defer { renderer.close() }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let buildStart = CACurrentMediaTime()
        var tree = build(max(layers, 1), size)
        let buildMs = (CACurrentMediaTime() - buildStart) * 1000
        CATransaction.commit()
        var failure: Error?
        let firstMs = milliseconds { do { _ = try renderer.render(tree.root, at: 0) } catch { failure = error } }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        tree.changing.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        CATransaction.commit()
        let changedMs = milliseconds { do { _ = try renderer.render(tree.root, at: 1) } catch { failure = error } }
        if let failure { throw failure }
        // Replacing the tree frees it (the renderer holds only its last frame's presentation tree).
        let freeMs = milliseconds { tree = (CALayer(), CALayer()) }
        return Row(shape: shape, layers: layers, buildMs: buildMs, firstFrameMs: firstMs, changedFrameMs: changedMs,
                   freeMs: freeMs)
    }

    /// `count` nested layers, each a little right of its superlayer; the deepest is the one that changes.
    private static func chain(_ count: Int, _ size: CGSize) -> (root: CALayer, changing: CALayer) {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        var parent = root
        let step = size.width / 2 / CGFloat(count)
        for _ in 0..<count {
            let layer = CALayer()
            layer.frame = CGRect(x: step, y: 0, width: size.width / 2, height: size.height / 2)
            parent.addSublayer(layer)
            parent = layer
        }
        parent.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        return (root, parent)
    }

    /// `count` one-point siblings over the canvas; the last is the one that changes.
    private static func list(_ count: Int, _ size: CGSize) -> (root: CALayer, changing: CALayer) {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        let columns = max(Int(clampingPixel: size.width), 1)
        var last = root
        for index in 0..<count {
            let layer = CALayer()
            layer.frame = CGRect(x: CGFloat(index % columns), y: CGFloat((index / columns) % max(Int(clampingPixel: size.height), 1)),
                                 width: 1, height: 1)
            layer.backgroundColor = CGColor(red: 0, green: 0.5, blue: 0, alpha: 1)
            root.addSublayer(layer)
            last = layer
        }
        return (root, last)
    }

    private static func milliseconds(_ body: () -> Void) -> Double {
        let start = CACurrentMediaTime()
        body()
        return (CACurrentMediaTime() - start) * 1000
    }
}
