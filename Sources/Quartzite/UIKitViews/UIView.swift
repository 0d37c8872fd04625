import Foundation

/// UIKit's view, enough of it that view code built on layers ports: a rectangle of the screen backed by a
/// layer (`layer`, of the class `layerClass` names), placed by `frame` / `center` / `bounds` / `transform`,
/// with `alpha`, `backgroundColor` and `clipsToBounds`, a hierarchy of subviews, `layoutSubviews()` and
/// `draw(_:)`, and the block animations of `UIView.animate` (UIView+Animation.swift).
///
/// Every property is its layer's: `center` is `layer.position`, `alpha` is `layer.opacity`, and so on, so
/// the layer tree is the one source of truth and `view.layer` renders like any layer tree. The view is its
/// layer's delegate, as in UIKit: its layer does not animate changes implicitly; inside an animation block
/// it animates them with the block's duration, delay and curve.
///
/// Unlike UIKit's, this class is not bound to the main actor, as Quartzite's layers are not: a subclass
/// that marks itself `@MainActor` marks its overrides `nonisolated`.
///
/// A view is a responder: touches a `UIWindow` delivers reach the view they began in (its `hitTest(_:with:)`)
/// and, unless it handles them, its superview (`next`); its gesture recognisers (`addGestureRecognizer(_:)`,
/// UIView+Gestures.swift) and its ancestors' see them first. There is no Auto Layout.
open class UIView: UIResponder, CALayerDelegate {
    /// The class of the layer a view of this class is made with (override it, as in UIKit, to back a view
    /// with a `CAGradientLayer` or `CAShapeLayer`).
    open class var layerClass: AnyClass { CALayer.self }

    /// The view's layer, made once from `layerClass`; the view is its delegate.
    public let layer: CALayer

    /// Releases the subviews in a loop: a deep chain released one deinit inside the other would nest a stack
    /// frame per level and overflow the stack.
    deinit {
        var pending = subviews
        subviews = []
        while var view = pending.popLast() {
            // A view someone else holds outlives this one, with its subviews.
            guard isKnownUniquelyReferenced(&view) else { continue }
            pending.append(contentsOf: view.subviews)
            view.subviews = []
        }
    }

    /// The view this one is a subview of.
    public internal(set) weak var superview: UIView?
    /// The subviews, back to front.
    public internal(set) var subviews: [UIView] = []
    /// A number the app chooses to find the view by (`viewWithTag(_:)`).
    open var tag = 0
    /// Whether the view receives touches (true by default): a view that does not is skipped by
    /// `hitTest(_:with:)`, with its subviews.
    open var isUserInteractionEnabled = true
    /// The gesture recognisers attached to the view, in the order added (UIView+Gestures.swift).
    var attachedGestureRecognizers: [UIGestureRecognizer] = []
    /// How the view's contents fill its bounds (drawn contents follow its layer's `contentsGravity`).
    open var contentMode: ContentMode = .scaleToFill { didSet { applyContentMode() } }
    /// The colour tinted elements use; the superview's when nil, and the system tint colour at the root.
    open var tintColor: UIColor! {
        get { tintColorStorage ?? superview?.tintColor ?? .systemBlue }
        set { tintColorStorage = newValue }
    }
    private var tintColorStorage: UIColor?
    private var backgroundColorStorage: UIColor?

    /// A view of `frame` in its superview's coordinates.
    public init(frame: CGRect) {
        layer = Self.makeLayer()
        super.init()
        layer.delegate = self
        self.frame = frame
    }

    /// A view with a zero frame.
    public override convenience init() { self.init(frame: .zero) }

    /// Interface Builder's initializer, required of subclasses as in UIKit; Quartzite has no archives, so
    /// the view has a zero frame.
    public required init?(coder: NSCoder) {
        layer = Self.makeLayer()
        super.init()
        layer.delegate = self
    }

    /// A layer of `layerClass`, or a plain one when it names no layer class.
    private static func makeLayer() -> CALayer {
        guard let layerType = layerClass as? CALayer.Type else {
            Diagnostics.report("UIView.layerClass is not a CALayer class; the view has a plain CALayer")
            return CALayer()
        }
        return layerType.init(_viewLayer: ())
    }

    /// The superview, which gets the touches this view does not handle.
    open override var next: UIResponder? { superview }

    /// The window the view is in (this view, when it is one); nil when no ancestor is a window.
    open var window: UIWindow? {
        var current: UIView? = self
        while let view = current {
            if let window = view as? UIWindow { return window }
            current = view.superview
        }
        return nil
    }

    // MARK: Geometry

    /// The view's rectangle in its superview: its layer's frame.
    open var frame: CGRect {
        get { layer.frame }
        set { layer.frame = newValue }
    }
    /// The view's own coordinate rectangle: its layer's bounds.
    open var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }
    /// The centre of the view in its superview: its layer's position (UIKit keeps the anchor point centred).
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }
    /// The view's 2D transform about its centre: its layer's transform.
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }
    /// The view's 3D transform: its layer's transform.
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    // MARK: Appearance

    /// The view's opacity, 0 to 1: its layer's opacity.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }
    /// Whether the view is hidden: its layer's `isHidden`.
    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }
    /// The view's background colour, drawn by its layer. A pattern colour (`UIColor(patternImage:)`, a
    /// `CGPattern`'s) is tiled over the bounds, one tile's top-left corner at the bounds' top-left corner.
    open var backgroundColor: UIColor? {
        get { backgroundColorStorage }
        set {
            backgroundColorStorage = newValue
            layer.backgroundColor = newValue?.cgColor
        }
    }
    /// Whether subviews are clipped to the bounds: its layer's `masksToBounds`.
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
    /// Whether the view says it is opaque (true by default, as UIKit's): a drawing hint kept as set. The
    /// layer's own `isOpaque` is left as the layer has it (false), so a view whose `draw(_:)` leaves pixels
    /// clear shows what is behind, as UIKit's do in practice.
    open var isOpaque = true
    /// The scale of the view's drawn contents: its layer's `contentsScale`.
    open var contentScaleFactor: CGFloat {
        get { layer.contentsScale }
        set { layer.contentsScale = newValue }
    }
    /// A view that masks this one by its alpha: its layer becomes this layer's mask.
    open var mask: UIView? {
        didSet { layer.mask = mask?.layer }
    }

    // MARK: What subclasses override

    /// Lays out the subviews; called when the layer is laid out (after `setNeedsLayout()`, or a change of
    /// the bounds' size). Does nothing by default.
    open func layoutSubviews() {}

    /// Draws the view's contents into the current UIKit context (`UIGraphicsGetCurrentContext()`), `rect`
    /// being its bounds, y pointing down. Called after `setNeedsDisplay()`; draws nothing by default.
    open func draw(_ rect: CGRect) {}

    /// The size that fits the view in `size`: its bounds' size by default.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// The size the view's content wants, in points: `UIView.noIntrinsicMetric` in both dimensions by
    /// default; an image view's is its image's size, a label's its text's. There is no Auto Layout to read
    /// it, so it is for the app's own layout code.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Says the intrinsic content size changed; with no Auto Layout to tell, it does nothing.
    open func invalidateIntrinsicContentSize() {}

    /// Called after the view's superview changed (to nil when removed). Does nothing by default.
    open func didMoveToSuperview() {}
    /// Called after `subview` was added. Does nothing by default.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before `subview` is removed. Does nothing by default.
    open func willRemoveSubview(_ subview: UIView) {}

    /// Whether `point` (in this view's coordinates) is inside its bounds; false for bounds or a point that
    /// are not numbers.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.safelyContains(point) }

    /// The frontmost visible descendant (or this view) containing `point`, in this view's coordinates; nil
    /// when the point is outside, or the view is hidden, nearly transparent (alpha 0.01 or less) or not
    /// interactive, as UIKit decides.
    ///
    /// Each level asks its subviews through their `hitTest(_:with:)` (a subclass may override it) for the
    /// first 48 levels; below those the search goes on down in a loop with these rules, so a view chain of
    /// any depth is hit tested.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard acceptsHit(at: point, with: event) else { return nil }
        let walk = ViewWalkState.current
        guard walk.hitNesting < ViewWalkState.hitTestRecursionDepth else { return deepestHit(at: point, with: event) }
        walk.hitNesting += 1
        defer { walk.hitNesting -= 1 }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.pointFromSuperview(point), with: event) { return hit }
        }
        return self
    }

    // MARK: CALayerDelegate

    /// The action of the view's own layer: outside an animating block none (a view's changes do not animate
    /// implicitly), inside one an animation with the block's timing (UIView+Animation.swift) for the keys
    /// UIKit animates in blocks (`animatedKeys`); other keys change at once, as in UIKit.
    open func action(for layer: CALayer, forKey event: String) -> CAAction? {
        guard layer === self.layer, Self.animatedKeys.contains(event),
              let block = ViewAnimationBlock.current, let action = block.action(for: layer, key: event) else {
            return NSNull()
        }
        return action
    }

    /// The layer keys a block animates: those of the view properties UIKit's guide lists as animatable
    /// (frame, bounds, center, transform, alpha, backgroundColor) and the corner radius (iOS 11 and later).
    static let animatedKeys: Set<String> = ["position", "bounds", "transform", "opacity", "backgroundColor", "cornerRadius"]

    /// The layer's layout is the view's.
    open func layoutSublayers(of layer: CALayer) { layoutSubviews() }

    /// Updates the layer's contents when it needs display: a bitmap of the bounds drawn by `draw(_:in:)`
    /// (`draw(_:)`), unless a subclass sets the contents itself, as an image view does.
    open func display(_ layer: CALayer) { layer.displayIntoBackingStore() }

    /// The layer's contents are what `draw(_:)` draws, in a UIKit context of the bounds.
    open func draw(_ layer: CALayer, in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        draw(bounds)
        UIGraphicsPopContext()
    }

    /// Sets the layer's gravity for the content mode (the modes that redraw or scale keep the default).
    private func applyContentMode() {
        layer.contentsGravity = contentMode.gravity
        layer.needsDisplayOnBoundsChange = contentMode == .redraw
    }
}
