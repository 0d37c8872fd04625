import Foundation

/// The layers below one layer, depth first (each layer's sublayers in order, then its mask), one at a time
/// and without recursion or copying sublayer arrays, so a walk that stops early costs only what it visited.
struct SubtreeWalk {
    /// The layers whose sublayers and mask are being visited, with the index of the next one (the mask is
    /// index `children.count`).
    private var levels: [(layer: CALayer, next: Int)]

    init(below layer: CALayer) { levels = [(layer, 0)] }

    /// The next layer below, or nil when every one has been visited.
    mutating func next() -> CALayer? {
        while let (layer, index) = levels.last {
            levels[levels.count - 1].next += 1
            let children = layer.children
            if index < children.count {
                levels.append((children[index], 0))
                return children[index]
            }
            if index == children.count, let mask = layer.maskStorage {
                levels.append((mask, 0))
                return mask
            }
            levels.removeLast()
        }
        return nil
    }
}
