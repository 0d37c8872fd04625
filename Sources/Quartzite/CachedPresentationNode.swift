import Foundation

/// A layer's presentation node kept between frames (see `CALayer.cachedNode`).
final class CachedPresentationNode {
    let node: PresentationNode

    init(_ node: PresentationNode) { self.node = node }
}
