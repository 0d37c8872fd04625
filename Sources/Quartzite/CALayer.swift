import Foundation

/// Core Animation's layer: a rectangle with geometry, appearance, sublayers and animations. Model values are
/// what the app sets; `presentation()` gives the values on screen now.
///
/// As in Core Animation, a layer may be changed from any thread: each public member holds the layer tree's
/// lock (`CATransaction.lock()`) while it runs, and a thread's changes join that thread's transaction.
open class CALayer: CAMediaTiming, MediaTimingStorage {
    /// The layer's own timing (beginTime, speed, timeOffset), through which its animations see time.
    package var mediaTiming: MediaTiming {
        get { LayerTreeLock.withLock { timing } }
        set { LayerTreeLock.withLock { timing = newValue } }
    }
    /// `mediaTiming` as the Evaluator reads it (the lock already held).
    var timing = MediaTiming() { didSet { invalidatePresentationCache(); if timing != oldValue { timingDidChange(from: oldValue) } } }
    /// Called after the layer's own timing changed (the lock held): state kept in the layer's time (an
    /// emitter's history) follows the new time base.
    func timingDidChange(from old: MediaTiming) {}
    /// The model values, as one value (what the Evaluator starts from). Read and written only while holding
    /// `LayerTreeLock`.
    var modelValues = LayerProperties() { didSet { invalidatePresentationCache() } }
    /// A name for debugging.
    open var name: String? {
        get { LayerTreeLock.withLock { nameStorage } } set { LayerTreeLock.withLock { nameStorage = newValue } }
    }
    private var nameStorage: String?
    /// Supplies actions.
    open weak var delegate: CALayerDelegate? {
        get { LayerTreeLock.withLock { delegateStorage } } set { LayerTreeLock.withLock { delegateStorage = newValue } }
    }
    private weak var delegateStorage: CALayerDelegate?
    /// Actions by key, consulted after the delegate.
    open var actions: [String: CAAction]? {
        get { LayerTreeLock.withLock { actionsStorage } } set { LayerTreeLock.withLock { actionsStorage = newValue } }
    }
    private var actionsStorage: [String: CAAction]?
    /// A style dictionary; its "actions" entry, then those of the "style" dictionaries nested in it, are
    /// consulted after `actions`.
    open var style: [AnyHashable: Any]? {
        get { LayerTreeLock.withLock { styleStorage } } set { LayerTreeLock.withLock { styleStorage = newValue } }
    }
    private var styleStorage: [AnyHashable: Any]?

    /// The layer this one is a sublayer of. For a presentation layer: its presentation parent (for a layer from
    /// a presentation's `sublayers`, that presentation; for the layer `presentation()` returned, the
    /// presentation of the model's superlayer at the same time, made when first read).
    open var superlayer: CALayer? { LayerTreeLock.withLock { presentedOrStoredSuperlayer } }

    /// The superlayer, made first for a presentation copy whose superlayer is not made yet (the lock held).
    var presentedOrStoredSuperlayer: CALayer? {
        if let parent = superlayerStorage { return parent }
        guard isPresentationCopy, let time = presentedTime, let modelParent = modelLayer?.superlayerStorage else {
            return nil
        }
        let parent = modelParent.presentationCopy(atGlobalTime: time)
        presentedSuperlayer = parent
        superlayerStorage = parent
        return parent
    }
    /// The superlayer as the tree holds it (weak: a layer's sublayers hold it, not the reverse). Everything
    /// inside uses this, so that time conversion and tree edits never make presentation copies.
    weak var superlayerStorage: CALayer?
    /// For a presentation copy whose superlayer was made on first read: that copy, held here (nothing else
    /// holds it).
    var presentedSuperlayer: CALayer?
    var children: [CALayer] = [] { didSet { invalidatePresentationCache() } }
    /// The layer this layer masks, if it is a mask.
    weak var maskOwner: CALayer?
    var animationEntries: [AnimationEntry] = [] {
        didSet {
            evaluationSteps = nil
            invalidatePresentationCache()
        }
    }
    /// This layer's presentation node as the last frame made it, kept while the layer and everything below
    /// it has no animations and has not changed, so that a static subtree costs a copy per frame and no
    /// allocation. Nil when there is none. Invariant: a layer with a cached node has cached nodes all the
    /// way down (see `invalidatePresentationCache()`). Boxed, so that checking for one reads a pointer.
    var cachedNode: CachedPresentationNode?
    /// The tree `Evaluator.presentationTree(of:at:)` last returned for this layer as the root, rewritten in
    /// place by the next call (see there). Nil until then.
    var keptTree: KeptPresentationTree?
    /// How the Evaluator applies `animationEntries` (see `LayerEvaluationSteps`); made on first need and
    /// dropped (nil) when the entries change or a transaction stamps one of them.
    var evaluationSteps: LayerEvaluationSteps?
    /// Set when the layer's first transaction commits: Core Animation does not animate property changes of a
    /// layer created in the transaction still open.
    var isCommitted = false
    /// Presentation copies never run actions.
    let isPresentationCopy: Bool
    /// For a presentation copy: the layer it presents (what `model()` returns).
    weak var modelLayer: CALayer?
    /// For a presentation copy whose sublayers are not made yet: the global time it shows.
    var presentationTime: CFTimeInterval?
    /// For a presentation copy: the global time it shows (kept, for its superlayer and mask).
    var presentedTime: CFTimeInterval?
    /// What the Compositor draws for this layer, fixed by its class (read every frame, so not a dynamic cast).
    /// A `let`, set from the class when the layer is made: a lazy variable's read is a call and an
    /// exclusivity check, once per layer per frame.
    let layerKind: LayerKind
    /// The kind of this class's layers (`CAShapeLayer` and `CAGradientLayer` override it; their subclasses
    /// inherit it).
    class var kindOfLayers: LayerKind { .plain }
    /// The layer's own properties and sublayers before the open transaction first changed them (what a
    /// transition added in this transaction starts from); cleared when the transaction commits.
    /// At most one element: kept out of line so that layers stay small (frames read many of them).
    var stateBeforeTransaction: [(properties: LayerProperties, sublayers: [CALayer])] = []
    /// Set while the Evaluator is below this layer, to cut cycles (cheaper than a set of visited layers).
    var isBeingEvaluated = false
    /// Set by `setNeedsLayout()`, cleared when the layer is laid out.
    var needsLayoutFlag = false
    /// Set by `setNeedsDisplay()`, cleared when the layer is displayed.
    var needsDisplayFlag = false
    /// While an animation of a key its class says needs display runs: the contents its presentation copy
    /// drew for the current frame, shown instead of the model's (`AnimatedDisplay`).
    var presentationContents: CGImage?
    /// Values set with `setValue(_:forKey:)` for keys that are not layer properties (key-value coding lets a
    /// layer carry any value under any key, as on Apple's platforms).
    var customValues: [String: Any] = [:]
    /// Renderer hints kept as set (see `LayerHints`).
    var hints = LayerHints()

    /// A new layer with Core Animation's defaults.
    public init() {
        isPresentationCopy = false
        layerKind = Self.kindOfLayers
        CATransaction.registerNewLayer(self)
    }

    /// A copy of another layer's properties (what presentation layers are made with). Subclasses that add
    /// stored properties override it (`override init(layer: Any)`) to copy them, as with Core Animation.
    public init(layer: Any) {
        isPresentationCopy = true
        layerKind = Self.kindOfLayers
        if let other = layer as? CALayer {
            LayerTreeLock.withLock {
                modelValues = other.modelValues
                timing = other.timing
                nameStorage = other.nameStorage
                hints = other.hints
                customValues = other.customValues
            }
        }
    }

    /// Core Animation's archiving initializer, required of every subclass as on Apple's platforms (CALayer
    /// adopts NSSecureCoding there). Quartzite does not archive layers: the layer has the default values,
    /// and this is reported once.
    public required init?(coder: NSCoder) {
        isPresentationCopy = false
        layerKind = Self.kindOfLayers
        Diagnostics.report("CALayer(coder:): layers are not archived on Quartzite; the layer has default values")
        CATransaction.registerNewLayer(self)
    }

    /// Makes the presentation copy of `model` as the subclass's `init(layer:)` does. Not for calling: it is
    /// how `presentation()` makes an instance of whatever class the model layer is. A subclass inherits it
    /// when it overrides `init()`, `init(layer:)` and `init?(coder:)` (or declares no initializer), which is
    /// what Core Animation asks of a layer subclass for presentation copies to work.
    public required convenience init(_presentationOf model: CALayer) {
        self.init(layer: model)
    }

    /// Makes a new layer as the class's `init()` does. Not for calling: it is how a `UIView` makes a layer
    /// of the class its `layerClass` names (a metatype can only call required initializers). Inherited on
    /// the same terms as `init(_presentationOf:)`.
    public required convenience init(_viewLayer: Void) {
        self.init()
    }

    /// A layer held only by this one is freed here, below, one at a time: freed by the usual release chain,
    /// a chain of 100,000 nested sublayers would free each other recursively and overflow the stack.
    deinit {
        guard !children.isEmpty || maskStorage != nil || presentedSuperlayer != nil else { return }
        LayerTreeLock.withLock {
            var pending = detachOwnedLayers()
            while var layer = pending.popLast() {
                // A layer someone else holds outlives this one, with its subtree.
                guard isKnownUniquelyReferenced(&layer) else { continue }
                pending.append(contentsOf: layer.detachOwnedLayers())
            }
        }
    }

    // MARK: Geometry

    /// The layer's own coordinate rectangle.
    open var bounds: CGRect {
        get { read(\.bounds) }
        set {
            LayerTreeLock.withLock {
                let standardized = newValue.standardized
                if standardized.size != modelValues.bounds.size {
                    markNeedsLayout()
                    if modelValues.sharedValues.needsDisplayOnBoundsChange { markNeedsDisplay() }
                }
                set("bounds", \.bounds, standardized)
            }
        }
    }
    /// Where the anchor point sits in the superlayer.
    open var position: CGPoint { get { read(\.position) } set { set("position", \.position, newValue) } }
    /// Depth order among siblings (higher draws later).
    open var zPosition: CGFloat { get { read(\.zPosition) } set { set("zPosition", \.zPosition, newValue) } }
    /// The point of the bounds (in unit coordinates) that `position` refers to and transforms pivot around.
    open var anchorPoint: CGPoint { get { read(\.anchorPoint) } set { set("anchorPoint", \.anchorPoint, newValue) } }
    /// The anchor point's z.
    open var anchorPointZ: CGFloat { get { read(\.anchorPointZ) } set { set("anchorPointZ", \.anchorPointZ, newValue) } }
    /// The transform applied around the anchor point.
    open var transform: CATransform3D { get { read(\.transform) } set { set("transform", \.transform, newValue) } }
    /// Sets `transform` to the affine transform `m` (Apple's `setAffineTransform(_:)`).
    open func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }
    /// `transform`'s affine part (Apple's `affineTransform()`).
    open func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }
    /// The transform applied to sublayers, around this layer's anchor point.
    open var sublayerTransform: CATransform3D {
        get { read(\.sublayerTransform) } set { set("sublayerTransform", \.sublayerTransform, newValue) }
    }
    /// The frame in the superlayer, derived from bounds, position and anchorPoint. Not animatable itself;
    /// setting it changes bounds and position (which may animate).
    open var frame: CGRect {
        get { read(\.frame) }
        set {
            LayerTreeLock.withLock {
                var updated = modelValues
                updated.setFrame(newValue)
                bounds = updated.bounds
                position = updated.position
            }
        }
    }

    // MARK: Appearance

    /// Opacity in 0...1.
    open var opacity: Float { get { read(\.opacity) } set { set("opacity", \.opacity, newValue) } }
    /// Whether the layer (and its sublayers) is drawn.
    open var isHidden: Bool { get { read(\.isHidden) } set { set("hidden", \.isHidden, newValue) } }
    /// The colour filling the bounds, behind contents.
    open var backgroundColor: CGColor? {
        get { read(\.backgroundColor) } set { set("backgroundColor", \.backgroundColor, newValue) }
    }
    /// Radius of the rounded corners of the background, border and `masksToBounds` clip.
    open var cornerRadius: CGFloat { get { read(\.cornerRadius) } set { set("cornerRadius", \.cornerRadius, newValue) } }
    /// Whether sublayers and contents are clipped to the (rounded) bounds.
    open var masksToBounds: Bool { get { read(\.masksToBounds) } set { set("masksToBounds", \.masksToBounds, newValue) } }
    /// Width of the border drawn inside the bounds.
    open var borderWidth: CGFloat { get { read(\.borderWidth) } set { set("borderWidth", \.borderWidth, newValue) } }
    /// Colour of the border.
    open var borderColor: CGColor? { get { read(\.borderColor) } set { set("borderColor", \.borderColor, newValue) } }
    /// The image shown in the bounds: a `CGImage` (anything else is reported and shows nothing).
    open var contents: Any? {
        get { read(\.contents) }
        set {
            let image = newValue as? CGImage
            if newValue != nil && image == nil {
                Diagnostics.report("CALayer.contents takes a CGImage, not \(type(of: newValue!)); the layer shows no contents")
            }
            set("contents", \.contents, image)
        }
    }
    /// How the contents image is placed in the bounds.
    open var contentsGravity: CALayerContentsGravity {
        get { read(\.contentsGravity) } set { write(\.contentsGravity, newValue) }
    }
    /// The part of the contents image shown, in unit coordinates of the image.
    open var contentsRect: CGRect { get { read(\.contentsRect) } set { set("contentsRect", \.contentsRect, newValue) } }
    /// Pixels per point of the contents image.
    open var contentsScale: CGFloat { get { read(\.contentsScale) } set { write(\.contentsScale, newValue) } }
    /// The stretchable middle of the contents image (nine-part scaling), in unit coordinates.
    open var contentsCenter: CGRect { get { read(\.contentsCenter) } set { set("contentsCenter", \.contentsCenter, newValue) } }
    /// Which corners `cornerRadius` rounds (all four by default).
    open var maskedCorners: CACornerMask { get { read(\.maskedCorners) } set { write(\.maskedCorners, newValue) } }
    /// Whether a translucent layer with sublayers composites as one group (default true, as on iOS).
    open var allowsGroupOpacity: Bool { get { read(\.allowsGroupOpacity) } set { write(\.allowsGroupOpacity, newValue) } }
    /// Whether the back of the layer is drawn when a transform turns it away.
    open var isDoubleSided: Bool { get { read(\.isDoubleSided) } set { write(\.isDoubleSided, newValue) } }
    /// Whether the layer and its sublayers are drawn once into a cached bitmap, reused while they do not
    /// change (moving, turning or fading the layer itself keeps the cache).
    open var shouldRasterize: Bool { get { read(\.shouldRasterize) } set { write(\.shouldRasterize, newValue) } }
    /// Pixels per point of that bitmap (default 1, as on iOS: set it to the screen scale on HiDPI screens).
    open var rasterizationScale: CGFloat {
        get { read(\.rasterizationScale) } set { write(\.rasterizationScale, newValue) }
    }
    /// How contents are sampled when drawn larger than their pixels.
    open var magnificationFilter: CALayerContentsFilter {
        get { read(\.magnificationFilter) } set { write(\.magnificationFilter, newValue) }
    }
    /// How contents are sampled when drawn smaller than their pixels.
    open var minificationFilter: CALayerContentsFilter {
        get { read(\.minificationFilter) } set { write(\.minificationFilter, newValue) }
    }
    /// The curve of the rounded corners. `.continuous` is kept but drawn as `.circular` (DESIGN.md).
    open var cornerCurve: CALayerCornerCurve {
        get { hint(\.cornerCurve) } set { setHint(\.cornerCurve, newValue) }
    }
    /// How much larger than `cornerRadius` a curve's corner reaches: 1 for circular corners, and Apple's
    /// documented 1.528665 for continuous ones.
    open class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? 1.528665 : 1
    }
    /// Whether a change of the bounds asks for the contents to be drawn again (`setNeedsDisplay()`); false by
    /// default, as on Apple's platforms. Kept until the display cycle arrives with CGContext.
    open var needsDisplayOnBoundsChange: Bool {
        get { read(\.sharedValues.needsDisplayOnBoundsChange) } set { write(\.sharedValues.needsDisplayOnBoundsChange, newValue) }
    }
    /// Whether the layer promises to be opaque (a hint; drawing is unchanged).
    open var isOpaque: Bool {
        get { hint(\.isOpaque) } set { setHint(\.isOpaque, newValue) }
    }
    /// Whether transformed edges are antialiased (kept; Quartzite antialiases every edge, see DESIGN.md).
    open var allowsEdgeAntialiasing: Bool {
        get { hint(\.allowsEdgeAntialiasing) } set { setHint(\.allowsEdgeAntialiasing, newValue) }
    }
    /// Which edges `allowsEdgeAntialiasing` covers (kept).
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { hint(\.edgeAntialiasingMask) } set { setHint(\.edgeAntialiasingMask, newValue) }
    }
    /// The backing store's pixel format (kept; contents are drawn from 8-bit RGBA).
    open var contentsFormat: CALayerContentsFormat {
        get { hint(\.contentsFormat) } set { setHint(\.contentsFormat, newValue) }
    }
    /// The mipmap bias of the minification filter (kept).
    open var minificationFilterBias: Float {
        get { hint(\.minificationFilterBias) } set { setHint(\.minificationFilterBias, newValue) }
    }
    /// Whether drawing is deferred to a background thread (kept; drawing is unchanged).
    open var drawsAsynchronously: Bool {
        get { hint(\.drawsAsynchronously) } set { setHint(\.drawsAsynchronously, newValue) }
    }
    /// Whether the contents are flipped vertically when drawn: true when an odd number of this layer and its
    /// ancestors have `isGeometryFlipped` set.
    open func contentsAreFlipped() -> Bool {
        LayerTreeLock.withLock {
            var flipped = false
            var current: CALayer? = self
            var depth = 0
            while let layer = current, depth < CALayer.ancestorWalkLimit {
                if layer.modelValues.isGeometryFlipped { flipped.toggle() }
                current = layer.superlayerStorage
                depth += 1
            }
            return flipped
        }
    }
    /// The part of the layer's bounds not clipped away by ancestors that mask to their bounds, in the
    /// layer's own coordinates.
    open var visibleRect: CGRect { LayerTreeLock.withLock { visibleBounds() } }
    /// Whether `key`'s value is archived with the layer (Apple's default: true).
    open class func shouldArchiveValue(forKey key: String) -> Bool { true }
    /// Whether sublayers are laid out with y pointing up.
    open var isGeometryFlipped: Bool { get { read(\.isGeometryFlipped) } set { write(\.isGeometryFlipped, newValue) } }
    /// Shadow colour, opacity, blur radius and offset.
    open var shadowColor: CGColor? { get { read(\.shadowColor) } set { set("shadowColor", \.shadowColor, newValue) } }
    open var shadowOpacity: Float { get { read(\.shadowOpacity) } set { set("shadowOpacity", \.shadowOpacity, newValue) } }
    open var shadowRadius: CGFloat { get { read(\.shadowRadius) } set { set("shadowRadius", \.shadowRadius, newValue) } }
    open var shadowOffset: CGSize { get { read(\.shadowOffset) } set { set("shadowOffset", \.shadowOffset, newValue) } }
    /// The shadow's shape (default: the layer's own alpha).
    open var shadowPath: CGPath? { get { read(\.shadowPath) } set { set("shadowPath", \.shadowPath, newValue?.copy()) } }

    /// A layer whose alpha masks this layer's content; it is positioned in this layer's coordinates and never
    /// drawn itself. A mask that would mask itself (directly or through a chain) is refused with a message.
    /// For a presentation layer, the presentation of the model's mask at the same time (made when first read).
    open var mask: CALayer? {
        get { LayerTreeLock.withLock { presentedOrStoredMask } }
        set { LayerTreeLock.withLock { setMask(newValue) } }
    }

    private var presentedOrStoredMask: CALayer? {
        if maskStorage == nil, isPresentationCopy, let time = presentedTime, let modelMask = modelLayer?.maskStorage {
                let presented = modelMask.presentationCopy(atGlobalTime: time)
                presented.maskOwner = self
                maskStorage = presented
            }
            return maskStorage
    }

    private func setMask(_ newValue: CALayer?) {
        if let newValue, newValue.masksChainContains(self) || newValue.isAbove(self) {
            Diagnostics.report("a layer cannot mask itself, a layer of its masks or a layer above it; mask left unchanged")
            return
        }
        maskStorage?.maskOwner = nil
        newValue?.removeFromSuperlayer()
        newValue?.maskOwner = self
        maskStorage = newValue
    }
    /// The mask as the tree holds it (what the Evaluator reads, the lock already held).
    var maskStorage: CALayer? { didSet { invalidatePresentationCache() } }

    // MARK: Layer tree

    /// The sublayers, back to front; nil when there are none (as Core Animation returns).
    open var sublayers: [CALayer]? {
        get {
            LayerTreeLock.withLock {
                materializePresentationSublayers()
                return children.isEmpty ? nil : children
            }
        }
        set {
            LayerTreeLock.withLock {
                for child in children { child.superlayerStorage = nil }
                children = []
                for layer in newValue ?? [] { addSublayer(layer) }
            }
        }
    }

    /// Appends a sublayer, removing it from its previous superlayer first. Adding a layer to itself or to one
    /// of its own sublayers is refused with a message (it would make a cycle).
    open func addSublayer(_ layer: CALayer) {
        LayerTreeLock.withLock { insertSublayer(layer, at: UInt32(clamping: children.count)) }
    }

    /// Inserts a sublayer at an index (clamped to the sublayer count).
    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        LayerTreeLock.withLock { insert(layer, at: Int(index)) }
    }

    private func insert(_ layer: CALayer, at index: Int) {
        // The layer itself, or one above it (a superlayer, or a layer masked by one), would make a cycle.
        guard layer !== self, !layer.isAbove(self) else {
            Diagnostics.report("a layer cannot be added as a sublayer of itself or of its own sublayers; ignored")
            return
        }
        layer.removeFromSuperlayer()
        if layer.maskOwner != nil { layer.maskOwner?.mask = nil }
        recordStateBeforeTransaction()
        layer.superlayerStorage = self
        children.insert(layer, at: min(index, children.count))
        markNeedsLayout()
    }

    /// Inserts a sublayer just below a sibling (or at the end when the sibling is not a sublayer).
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        LayerTreeLock.withLock {
            let index = sibling.flatMap { s in children.firstIndex { $0 === s } } ?? children.count
            insert(layer, at: index)
        }
    }

    /// Inserts a sublayer just above a sibling (or at the end when the sibling is not a sublayer).
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        LayerTreeLock.withLock {
            let index = sibling.flatMap { s in children.firstIndex { $0 === s }.map { $0 + 1 } } ?? children.count
            insert(layer, at: index)
        }
    }

    /// Puts `newLayer` where `oldLayer` is among the sublayers; nothing happens when `oldLayer` is not one.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        LayerTreeLock.withLock {
            guard oldLayer !== newLayer, let index = children.firstIndex(where: { $0 === oldLayer }) else { return }
            oldLayer.removeFromSuperlayer()
            insert(newLayer, at: index)
        }
    }

    /// Detaches the layer from its superlayer.
    open func removeFromSuperlayer() {
        LayerTreeLock.withLock {
            guard let parent = superlayerStorage else { return }
            parent.recordStateBeforeTransaction()
            parent.children.removeAll { $0 === self }
            parent.markNeedsLayout()
            superlayerStorage = nil
        }
    }

    // MARK: Layout

    /// Marks the layer as needing layout: `layoutSublayers()` runs before the next frame (or at
    /// `layoutIfNeeded()`). Changing the bounds' size and adding or removing a sublayer mark it too.
    open func setNeedsLayout() { LayerTreeLock.withLock { markNeedsLayout() } }

    /// Whether the layer is marked as needing layout.
    open func needsLayout() -> Bool { LayerTreeLock.withLock { needsLayoutFlag } }

    /// Lays out now what is marked: from the highest ancestor that needs layout, each marked layer of the
    /// tree below it, superlayers before their sublayers.
    open func layoutIfNeeded() { LayoutPass.layOut(from: self) }

    /// Positions the sublayers. By default asks the delegate (`layoutSublayers(of:)`); subclasses override
    /// it. Runs when the layer needs layout, before the frame is drawn.
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

    // MARK: Display (the work is in CALayer+Display.swift)

    /// Marks the layer's contents as out of date: `display()` runs before the next commit (a frame, or
    /// `CATransaction.flush()`), once however many times this is called.
    open func setNeedsDisplay() { LayerTreeLock.withLock { markNeedsDisplay() } }

    /// Marks the layer's contents as out of date within `r`; the whole layer is drawn again.
    open func setNeedsDisplay(_ r: CGRect) { setNeedsDisplay() }

    /// Whether the layer is marked as needing display.
    open func needsDisplay() -> Bool { LayerTreeLock.withLock { needsDisplayFlag } }

    /// Displays the layer now if it is marked as needing display.
    open func displayIfNeeded() { DisplayPass.displayIfMarked(self) }

    /// Updates the contents: the delegate's `display(_:)` when it implements it; otherwise a bitmap of the
    /// bounds at `contentsScale` pixels per point, drawn by `draw(in:)`, becomes `contents`. Subclasses
    /// override it to set `contents` themselves.
    open func display() { displayThroughDelegate() }

    /// Draws the layer's contents into `ctx`, whose user space is the layer's bounds (origin at the top left,
    /// y down, as on iOS). By default asks the delegate (`draw(_:in:)`); subclasses override it.
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

    /// Whether a change of the property called `key` needs the layer displayed again (false by default;
    /// subclasses return true for the keys their `draw(in:)` reads).
    open class func needsDisplay(forKey key: String) -> Bool { false }

    /// The preferred size of the layer in its superlayer's coordinates: the bounds' size mapped there.
    open func preferredFrameSize() -> CGSize {
        LayerTreeLock.withLock { boxInParent(of: modelValues.bounds) }
    }

    // MARK: Coordinates and hit testing

    /// Converts a point from `l`'s coordinate system (its bounds; nil: the root's superlayer, the window) to
    /// this layer's. Not a number where no point of this layer lands there (a layer scaled to zero).
    open func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint { LayerTreeLock.withLock { convertedPoint(p, from: l) } }

    /// Converts a point from this layer's coordinate system to `l`'s (nil: the root's superlayer).
    open func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint {
        LayerTreeLock.withLock {
            let onRoot = mapToRoot().apply(p) ?? .notANumber
            return l.map { $0.convertedPoint(onRoot, from: nil) } ?? onRoot
        }
    }

    /// Converts a rectangle from `l`'s coordinate system to this layer's: the smallest rectangle holding its
    /// converted corners.
    open func convert(_ r: CGRect, from l: CALayer?) -> CGRect { LayerTreeLock.withLock { convertedRect(r, from: l) } }

    /// Converts a rectangle from this layer's coordinate system to `l`'s.
    open func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
        LayerTreeLock.withLock {
            guard let l else { return rectOnRoot(r) }
            return l.convertedRect(r, from: self)
        }
    }

    /// The farthest descendant (this layer included) that contains `p`, a point in the superlayer's
    /// coordinates; nil when the layer is hidden or `p` lies outside its bounds.
    open func hitTest(_ p: CGPoint) -> CALayer? { LayerTreeLock.withLock { hitLayer(at: p) } }

    /// Whether `p`, in the layer's own coordinates, is inside its bounds. Subclasses override it to refine
    /// hit testing.
    open func contains(_ p: CGPoint) -> Bool { LayerTreeLock.withLock { modelValues.bounds.safelyContains(p) } }

    // MARK: Time

    /// Converts a time from another layer's timeline (nil: global media time) to this layer's.
    open func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        LayerTreeLock.withLock { localTime(fromGlobal: layer?.globalTime(fromLocal: t) ?? t) }
    }

    /// Converts a time in this layer's timeline to another layer's (nil: global media time).
    open func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        LayerTreeLock.withLock {
            let global = globalTime(fromLocal: t)
            return layer?.localTime(fromGlobal: global) ?? global
        }
    }

    // MARK: Presentation

    /// A copy of the layer with the values on screen at the current media time (`CACurrentMediaTime()`),
    /// animations applied. As on iOS, a layer whose creating transaction has not committed yet has no
    /// presentation (nil); the presentation of a presentation layer is itself. The copy's `sublayers` are the
    /// sublayers' presentation copies at the same time (made when first read); its `model()` is this layer.
    /// Its `superlayer` and `mask` are the presentations of the model's, at the same time (made when first
    /// read; the superlayer's `sublayers` are presentations made afresh, so they present this layer's model
    /// but are not this object).
    open func presentation() -> Self? {
        if isPresentationCopy { return self }
        return LayerTreeLock.withLock {
            guard isCommitted else { return nil }
            return presentationCopy(atGlobalTime: CACurrentMediaTime())
        }
    }

    /// The model layer this layer presents (for a model layer, itself).
    open func model() -> Self { LayerTreeLock.withLock { (modelLayer as? Self) ?? self } }

    // MARK: Key-value coding

    /// The value at a key path (`position.x`, `transform.rotation.z`, ...), or the value set for a key that
    /// is not a layer property; nil when there is none.
    open func value(forKeyPath keyPath: String) -> Any? {
        LayerTreeLock.withLock {
            if let custom = modelValues.sharedValues.customKeys[keyPath] {
                return Self.customValue(custom, as: customValues[keyPath])
            }
            return modelValues.value(forKeyPath: keyPath)?.anyValue ?? customValues[keyPath]
        }
    }

    /// The value of a property by its key (`"opacity"`, `"position"`), or the value set for any other key
    /// with `setValue(_:forKey:)` (nil when none).
    open func value(forKey key: String) -> Any? { value(forKeyPath: key) }

    /// Sets a property by its key, with implicit animation as for the property itself; a key that is not a
    /// layer property keeps the value for `value(forKey:)`, as key-value coding does on Apple's platforms.
    open func setValue(_ value: Any?, forKey key: String) { setValue(value, forKeyPath: key) }

    /// Sets a property by key path, with implicit animation as for the property itself. An unknown key path
    /// or a value of the wrong type is reported and ignored.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        if !keyPath.contains("."), LayerProperties().value(forKeyPath: keyPath) == nil {
            return setCustomValue(value, forKey: keyPath)
        }
        guard let converted = AnimatableValue(value) else {
            Diagnostics.report("setValue(_:forKeyPath: \"\(keyPath)\"): unsupported value type \(type(of: value!)); ignored")
            return
        }
        LayerTreeLock.withLock {
            var updated = modelValues
            do {
                try updated.setValue(converted, forKeyPath: keyPath)
            } catch {
                Diagnostics.report("setValue(_:forKeyPath:): \(error); ignored")
                return
            }
            let before = modelValues.value(forKeyPath: keyPath)
            guard before != converted else { return }
            commitChange(forKey: keyPath) { $0 = updated }
        }
    }

    // MARK: Actions

    /// The action for a key, looked up in Core Animation's order: the delegate, `actions`, `style`'s actions
    /// (and its nested styles'), then `defaultAction(forKey:)`. `NSNull` anywhere stops the lookup with no action.
    open func action(forKey event: String) -> CAAction? {
        LayerTreeLock.withLock {
            if let found = delegateStorage?.action(for: self, forKey: event) { return found is NSNull ? nil : found }
            if let found = actionsStorage?[event] { return found is NSNull ? nil : found }
            if let found = Self.styleAction(forKey: event, in: styleStorage) { return found is NSNull ? nil : found }
            return type(of: self).defaultAction(forKey: event)
        }
    }

    /// The implicit animation for a key: a basic animation over the transaction's duration and timing function,
    /// or without one, the system default curve (Apple's CAMediaTimingFunction header: `default` is "the curve
    /// used by implicit animations created by Core Animation").
    open class func defaultAction(forKey event: String) -> CAAction? {
        guard implicitlyAnimatableKeys.contains(event) else { return nil }
        let animation = CABasicAnimation(keyPath: event)
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return animation
    }

    /// Core Animation's default value for a key, nil when it has none.
    open class func defaultValue(forKey key: String) -> Any? { LayerProperties().value(forKeyPath: key)?.anyValue }

    // MARK: Animations

    /// Adds a copy of `anim` under `key` (a unique key when nil). An animation already under that key is
    /// replaced and told it stopped unfinished. An animation of an unknown key path is reported. As Apple
    /// documents, a duration of zero or less becomes the transaction's animation duration when one is set,
    /// else 0.25 s.
    open func add(_ anim: CAAnimation, forKey key: String?) {
        LayerTreeLock.withLock { attach(anim, forKey: key) }
    }

    /// The animation under a key (the layer's copy), or nil.
    open func animation(forKey key: String) -> CAAnimation? {
        LayerTreeLock.withLock { animationEntries.first { $0.key == key }?.animation }
    }

    /// The keys of the attached animations, in the order they were added; nil when there are none.
    open func animationKeys() -> [String]? {
        LayerTreeLock.withLock { animationEntries.isEmpty ? nil : animationEntries.map(\.key) }
    }

    /// Removes the animation under a key; its delegate is told it stopped unfinished.
    open func removeAnimation(forKey key: String) {
        LayerTreeLock.withLock {
            guard let index = animationEntries.firstIndex(where: { $0.key == key }) else { return }
            let entry = animationEntries.remove(at: index)
            Evaluator.stop(entry, finished: false)
        }
    }

    /// Removes every animation; their delegates are told they stopped unfinished.
    open func removeAllAnimations() {
        LayerTreeLock.withLock {
            let entries = animationEntries
            animationEntries.removeAll()
            for entry in entries { Evaluator.stop(entry, finished: false) }
        }
    }
}

