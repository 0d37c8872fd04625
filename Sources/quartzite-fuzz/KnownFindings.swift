import Foundation
import Quartzite

/// Findings of this fuzz that are open in code this harness does not change, recognised by their cause (not
/// by case number) so that each is counted and shown apart from new failures. Each names where the fix
/// belongs. A case that fails for any other reason is a failure.
enum KnownFinding: String {
    /// A layer whose place on the canvas (its transform times its ancestors') is finite as a Double but has
    /// an entry of 1e15 or more: the compositor's guard lets it through (`world.isFinite`), and its vertices
    /// overflow the GPU's 32-bit floats to infinity or NaN (and llvmpipe may take seconds over such
    /// triangles). The fix belongs in Compositor.swift's draw guard, which the fuzz does not edit.
    case worldBeyondFloat = "K1"

    /// A shadow whose shadowRadius is NaN, infinite or beyond a Float once scaled: the blur's sigma,
    /// `Float(max(radius, 0) * scale)`, is NaN or infinite in the display list's shadow command. The fix
    /// belongs in Compositor.swift (where the shadow group ends), which the fuzz does not edit.
    case shadowSigmaNotFinite = "K2"

    /// A shadow moved by a shadowOffset that is infinite or 1e15 points or more: the moved quad's vertices
    /// are infinite on the GPU. The fix belongs in Compositor+Shadows.swift and Compositor.swift, which the
    /// fuzz does not edit.
    case shadowOffsetBeyondFloat = "K3"

    /// The known finding that explains `problem` in the display list of `tree`, if one does.
    static func explaining(_ problem: String, in tree: PresentationNode) -> KnownFinding? {
        if problem.contains("sigma: nan") || problem.contains("sigma: inf") || problem.contains("sigma: -inf") {
            return .shadowSigmaNotFinite
        }
        if hasWorldBeyondFloat(tree) { return .worldBeyondFloat }
        let farShadow = { (p: LayerProperties) -> Bool in
            // NaN counts as far: `max` of a NaN and a number is either.
            let offset = [p.shadowOffset.width, p.shadowOffset.height].map { abs($0) }
            return p.shadowOpacity > 0 && offset.contains { !($0 < 1e15) }
        }
        if anyNode(of: tree, where: farShadow) { return .shadowOffsetBeyondFloat }
        return nil
    }

    /// Whether some node of `root` (sublayers and masks, walked with an explicit stack) has properties that
    /// satisfy `test`.
    private static func anyNode(of root: PresentationNode, where test: (LayerProperties) -> Bool) -> Bool {
        var stack = [root]
        while let node = stack.popLast() {
            if test(node.properties) { return true }
            stack.append(contentsOf: node.sublayers)
            stack.append(contentsOf: node.maskNodes)
        }
        return false
    }

    /// Whether some layer of `root` has a finite world transform with an entry of 1e15 or more. Walks with an
    /// explicit stack, as the compositor composes: a sublayer's bounds go through its own placement, then its
    /// superlayer's sublayer transform, then the superlayer's world; a mask's through its placement and its
    /// owner's world.
    private static func hasWorldBeyondFloat(_ root: PresentationNode) -> Bool {
        var stack: [(node: PresentationNode, parentWorld: CATransform3D)] = [(root, CATransform3DIdentity)]
        while let (node, parentWorld) = stack.popLast() {
            let p = node.properties
            let world = p.transformToSuperlayer.concatenating(parentWorld)
            guard world.isFinite else { continue }
            if [world.m11, world.m12, world.m13, world.m14, world.m21, world.m22, world.m23, world.m24,
                world.m31, world.m32, world.m33, world.m34, world.m41, world.m42, world.m43, world.m44]
                .contains(where: { abs($0) >= 1e15 }) {
                return true
            }
            let sublayerWorld = p.transformOfSublayers.concatenating(world)
            for child in node.sublayers { stack.append((child, sublayerWorld)) }
            for mask in node.maskNodes { stack.append((mask, world)) }
        }
        return false
    }
}
