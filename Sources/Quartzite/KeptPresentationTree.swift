import Foundation

/// The presentation tree a layer's last `Evaluator.presentationTree(of:at:)` returned, kept on the layer
/// (`CALayer.keptTree`) so that the next frame can rewrite its nodes in place instead of making and freeing
/// one node and one array per layer (see `Evaluator.presentationTree(of:at:)`).
final class KeptPresentationTree {
    var node: PresentationNode

    init(_ node: PresentationNode) { self.node = node }
}
