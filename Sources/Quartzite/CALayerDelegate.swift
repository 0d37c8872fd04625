import Foundation

/// A layer's delegate: may supply the action for a key (return `NSNull()` to disable it, nil to continue the
/// lookup as Core Animation does).
public protocol CALayerDelegate: AnyObject {
    /// The action for `event`, or nil to fall through to the layer's `actions`, `style` and defaults.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
    /// Lays out the layer's sublayers; called by the layer's default `layoutSublayers()`.
    func layoutSublayers(of layer: CALayer)
}

extension CALayerDelegate {
    /// No action: the lookup continues with the layer's `actions`, `style` and defaults.
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
    /// Does nothing: the sublayers keep their places.
    public func layoutSublayers(of layer: CALayer) {}
}
