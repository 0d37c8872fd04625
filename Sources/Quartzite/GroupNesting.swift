import Foundation

/// How deep groups may nest and how many animations one added animation may hold. The evaluator, the copy
/// made on `add(_:forKey:)` and the plans walk a group's children by recursion, so a tree past these (or a
/// group that holds itself) is refused whole, with a message, rather than overflowing the stack.
enum GroupNesting {
    /// The most levels of groups within groups (real code nests a handful).
    static let maximumDepth = 100
    /// The most animations in one tree, counting each time a shared child is reached.
    static let maximumCount = 10_000

    /// What is wrong with `animation`'s tree, walked without recursion, `animation` itself `depth` levels deep
    /// in the tree it belongs to; nil when it is within the limits.
    static func problem(in animation: CAAnimation, depth: Int = 1) -> String? {
        var pending: [(CAAnimation, Int)] = [(animation, depth)]
        var count = 0
        while let (next, depth) = pending.popLast() {
            count += 1
            guard depth <= maximumDepth else {
                return "its groups nest deeper than \(maximumDepth) levels (or a group holds itself)"
            }
            guard count <= maximumCount else { return "its groups hold more than \(maximumCount) animations" }
            if let group = next as? CAAnimationGroup {
                pending += (group.animations ?? []).map { ($0, depth + 1) }
            }
        }
        return nil
    }
}
