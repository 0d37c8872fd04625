import Foundation

/// A transition between a layer's previous and next look (Apple's `CATransition`), added with
/// `add(_:forKey:)` (usually under `kCATransition`, "transition").
///
/// Contract with the renderer: when a transition is added, the layer's previous state is snapshotted: its
/// own properties and sublayer list as they were before the current transaction changed them (or as they
/// are, when it changed nothing yet), evaluated at that moment. While the transition runs, the layer's
/// `PresentationNode.transition` carries the type, subtype, eased progress (from `startProgress` to
/// `endProgress`) and that old node; the node itself is the new state. The compositor draws the layer's
/// subtree twice: `.fade` cross-dissolves, the old state at 1 - progress plus the new at progress (summed
/// in a group, so two opaque states stay opaque throughout); `.moveIn` slides the new one in
/// over the old from the subtype's side; `.push` slides the new one in and the old one out; `.reveal` slides
/// the old one out, uncovering the new. Offsets are progress x the layer's bounds size.
open class CATransition: CAAnimation {
    /// How the new state replaces the old (default `.fade`).
    open var type: CATransitionType = .fade
    /// The side a moving transition comes from (nil: `.fromLeft` for moving types).
    open var subtype: CATransitionSubtype?
    /// Where the transition starts, as a fraction of the whole (0...1).
    open var startProgress: Float = 0
    /// Where the transition ends, as a fraction of the whole (0...1).
    open var endProgress: Float = 1

    public required init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let other = other as? CATransition {
            type = other.type
            subtype = other.subtype
            startProgress = other.startProgress
            endProgress = other.endProgress
        }
    }
}

/// The key Core Animation adds transitions under.
public let kCATransition = "transition"

/// How a transition replaces the old state (Apple's `CATransitionType`).
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Cross-fade.
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new state slides in over the old.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new state pushes the old one out.
    public static let push = CATransitionType(rawValue: "push")
    /// The old state slides away, revealing the new.
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The side a moving transition comes from (Apple's `CATransitionSubtype`).
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// A running transition as the compositor sees it (see `CATransition` for how to draw it).
package struct TransitionState: Sendable, Equatable {
    package var type: CATransitionType
    package var subtype: CATransitionSubtype
    /// Eased progress, 0 (all old) ... 1 (all new).
    package var progress: Double
    /// The old state: an array of one node, so the struct can hold a node of its own type.
    package var previousNodes: [PresentationNode]
    /// The layer as it looked before the transition.
    package var previous: PresentationNode? { previousNodes.first }
}
