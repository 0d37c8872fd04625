import Foundation

/// Distances in from a rectangle's edges, as UIKit code gives insets: `bounds.inset(by: UIEdgeInsets(...))`,
/// an image's cap insets.
public struct UIEdgeInsets: Hashable, Sendable, CustomStringConvertible {
    /// From the top edge (the minimum y in UIKit's y-down space).
    public var top: CGFloat
    /// From the left edge.
    public var left: CGFloat
    /// From the bottom edge.
    public var bottom: CGFloat
    /// From the right edge.
    public var right: CGFloat

    /// Insets of these distances.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }

    /// All zero.
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

    /// No insets.
    public static let zero = UIEdgeInsets()

    /// As UIKit prints insets: "{top, left, bottom, right}".
    public var description: String { "{\(top), \(left), \(bottom), \(right)}" }
}

extension CGRect {
    /// The rectangle with `insets` taken from its edges (negative insets grow it); UIKit's `inset(by:)`, plain
    /// arithmetic on the origin and size as `UIEdgeInsetsInsetRect` is (a rect of negative size is not
    /// standardized first).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: origin.x + insets.left, y: origin.y + insets.top, width: size.width - insets.left - insets.right,
               height: size.height - insets.top - insets.bottom)
    }
}

/// `rect` with `insets` taken from its edges: the C spelling of `CGRect.inset(by:)`.
public func UIEdgeInsetsInsetRect(_ rect: CGRect, _ insets: UIEdgeInsets) -> CGRect { rect.inset(by: insets) }

/// Insets of these distances: the C spelling of `UIEdgeInsets(top:left:bottom:right:)`.
public func UIEdgeInsetsMake(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> UIEdgeInsets {
    UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
}
