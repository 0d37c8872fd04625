import Foundation

/// A layer's delegate: may supply the action for a key (return `NSNull()` to disable it, nil to continue the
/// lookup as Core Animation does).
public protocol CALayerDelegate: AnyObject {
    /// The action for `event`, or nil to fall through to the layer's `actions`, `style` and defaults.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
    /// Lays out the layer's sublayers; called by the layer's default `layoutSublayers()`.
    func layoutSublayers(of layer: CALayer)
    /// Updates the layer's contents (sets `contents`); called by the layer's default `display()`. A
    /// delegate that does not implement it has the layer draw a bitmap with `draw(_:in:)` instead.
    func display(_ layer: CALayer)
    /// Draws the layer's contents into `ctx` (its bounds, origin at the top left); called by the layer's
    /// default `draw(in:)`.
    func draw(_ layer: CALayer, in ctx: CGContext)
}

extension CALayerDelegate {
    /// No action: the lookup continues with the layer's `actions`, `style` and defaults.
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
    /// Does nothing: the sublayers keep their places.
    public func layoutSublayers(of layer: CALayer) {}
    /// Not implemented: the layer draws a bitmap of its bounds with `draw(in:)` and shows it.
    public func display(_ layer: CALayer) { layer.displayIntoBackingStore() }
    /// Draws nothing.
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
}
