import Foundation

/// A layer's delegate: may supply the action for a key (return `NSNull()` to disable it, nil to continue the
/// lookup as Core Animation does).
public protocol CALayerDelegate: AnyObject {
    /// The action for `event`, or nil to fall through to the layer's `actions`, `style` and defaults.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
}

extension CALayerDelegate {
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}
