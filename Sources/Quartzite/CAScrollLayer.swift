import Foundation

/// The axes a scroll layer may move along (`CAScrollLayer.scrollMode`).
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, as Core Animation spells it.
    public let rawValue: String
    /// A mode of this name (an unknown name scrolls along both axes).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The layer does not scroll.
    public static let none = CAScrollLayerScrollMode(rawValue: "none")
    /// Only its bounds' y origin moves.
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")
    /// Only its bounds' x origin moves.
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")
    /// Both move (the default).
    public static let both = CAScrollLayerScrollMode(rawValue: "both")

    /// Whether the mode lets the x and the y origin move.
    var axes: (x: Bool, y: Bool) {
        switch self {
        case .none: (false, false)
        case .vertically: (false, true)
        case .horizontally: (true, false)
        default: (true, true)
        }
    }
}

/// A layer that shows part of content larger than itself: scrolling moves its bounds' origin, which moves
/// every sublayer with it, and it masks to its bounds by default, so it is a window onto its sublayers. As on
/// Apple's platforms it handles no input and draws no scrollers; a sublayer scrolls its closest scroll layer
/// with `scroll(_:)` and `scrollRectToVisible(_:)`.
open class CAScrollLayer: CALayer {
    /// A scroll layer with Core Animation's defaults: it masks to its bounds.
    public override init() {
        super.init()
        LayerTreeLock.withLock { modelValues.masksToBounds = true }
    }
    /// A copy of another layer's properties (what presentation layers are made with).
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAScrollLayer { modeStorage = other.scrollMode }
    }
    /// Core Animation's archiving initializer (see `CALayer.init?(coder:)`): the defaults.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        LayerTreeLock.withLock { modelValues.masksToBounds = true }
    }

    /// The axes the layer may scroll along (default `.both`); not animatable.
    open var scrollMode: CAScrollLayerScrollMode {
        get { LayerTreeLock.withLock { modeStorage } } set { LayerTreeLock.withLock { modeStorage = newValue } }
    }
    private var modeStorage = CAScrollLayerScrollMode.both

    /// Moves the bounds' origin to `p` along the axes `scrollMode` allows (an implicit animation of
    /// `bounds`, as any change of it).
    open func scroll(to p: CGPoint) {
        var b = bounds
        let axes = scrollMode.axes
        if axes.x { b.origin.x = p.x }
        if axes.y { b.origin.y = p.y }
        guard b.origin.x.isFinite, b.origin.y.isFinite, b != bounds else { return }
        bounds = b
    }

    /// Moves the bounds' origin as little as it takes to show `r` (in the layer's coordinates); a rectangle
    /// larger than the bounds shows its top-left.
    open func scroll(to r: CGRect) {
        let b = bounds, r = r.standardized
        guard !r.isNull, r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite else { return }
        scroll(to: CGPoint(x: Self.nearestOrigin(showing: r.minX...r.maxX, from: b.minX, length: b.width),
                           y: Self.nearestOrigin(showing: r.minY...r.maxY, from: b.minY, length: b.height)))
    }

    /// Core Animation's default value for a key: a scroll layer masks to its bounds.
    open override class func defaultValue(forKey key: String) -> Any? {
        key == "masksToBounds" ? true : super.defaultValue(forKey: key)
    }

    /// The origin nearest `origin` whose window of `length` holds `span` (its start when it cannot all fit).
    private static func nearestOrigin(showing span: ClosedRange<CGFloat>, from origin: CGFloat, length: CGFloat) -> CGFloat {
        if span.lowerBound < origin || span.upperBound - span.lowerBound > length { return span.lowerBound }
        if span.upperBound > origin + length { return span.upperBound - length }
        return origin
    }
}

extension CALayer {
    /// Scrolls the closest ancestor scroll layer so that `p` (in this layer's coordinates) is at its origin.
    public func scroll(_ p: CGPoint) {
        guard let scroller = closestScrollLayer() else { return }
        scroller.scroll(to: convert(p, to: scroller))
    }

    /// Scrolls the closest ancestor scroll layer as little as it takes to show `r` (in this layer's
    /// coordinates).
    public func scrollRectToVisible(_ r: CGRect) {
        guard let scroller = closestScrollLayer() else { return }
        scroller.scroll(to: convert(r, to: scroller))
    }

    /// The nearest superlayer that is a `CAScrollLayer`.
    private func closestScrollLayer() -> CAScrollLayer? {
        var current = superlayer
        var depth = 0
        while let layer = current, depth < CALayer.ancestorWalkLimit {
            if let scroller = layer as? CAScrollLayer { return scroller }
            current = layer.superlayer
            depth += 1
        }
        return nil
    }
}
