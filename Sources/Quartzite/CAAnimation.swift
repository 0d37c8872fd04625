import Foundation

/// Told when an animation starts and stops. Delivered once, after the frame in which it happened.
public protocol CAAnimationDelegate: AnyObject {
    /// The animation began.
    func animationDidStart(_ anim: CAAnimation)
    /// The animation ended: `finished` is false when it was removed or replaced before its end.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// Something that responds to a layer event; `CAAnimation` adds itself to the layer. `NSNull` disables the
/// implicit animation for a key, as on iOS.
public protocol CAAction {
    /// Runs the action for `event` on `anObject` (a CALayer).
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension NSNull: CAAction {
    /// Does nothing: returning NSNull from an action lookup disables the implicit animation.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// The abstract animation: timing, timing function, delegate and removal policy.
open class CAAnimation: CAMediaTiming, MediaTimingStorage, CAAction {
    /// The timing values (beginTime, duration, speed, timeOffset, repeat, autoreverse, fillMode).
    package var mediaTiming = MediaTiming() { didSet { timingChanged() } }
    /// Pacing of the animation; nil means linear.
    open var timingFunction: CAMediaTimingFunction? { didSet { timingChanged() } }
    /// Set on the copy that `add(_:forKey:)` attaches to a layer.
    var isAttached = false
    /// How deep in its attached tree the animation sits (1 for the one added to the layer), so a group's new
    /// children are measured from the tree's root.
    var attachedDepth = 1
    /// Counts timing changes of attached animations. Layers' evaluation steps hold copies of their
    /// animations' timing and are remade when this moves. Apple forbids changing an attached animation, so
    /// this stays put in practice; it is here so that doing it anyway never shows stale frames. (A weak
    /// reference from each animation to its layer would also do, but would give every layer a side table,
    /// which slows every retain of it.)
    /// Read and written only while holding `LayerTreeLock`.
    nonisolated(unsafe) static var attachedTimingEpoch: UInt64 = 0

    /// Marks the copy `add(_:forKey:)` attaches, and a group's children with it: the direct plans
    /// (`DirectGroupPlan`) hold copies of the children's timings too.
    final func markAttached() {
        var pending: [(CAAnimation, Int)] = [(self, attachedDepth)]
        while let (next, depth) = pending.popLast() {
            next.isAttached = true
            next.attachedDepth = depth
            pending += ((next as? CAAnimationGroup)?.animations ?? []).map { ($0, depth + 1) }
        }
    }

    private func timingChanged() {
        if isAttached { attachedContentChanged() }
    }

    /// Moves `attachedTimingEpoch`, so that every layer remakes its evaluation steps.
    final func attachedContentChanged() {
        LayerTreeLock.withLock { Self.attachedTimingEpoch &+= 1 }
    }

    /// Sets `beginTime` when a transaction stamps the animation; the transaction drops the one layer's
    /// evaluation steps itself, so other layers keep theirs.
    func stamp(beginTime: CFTimeInterval) {
        let attached = isAttached
        isAttached = false
        mediaTiming.beginTime = beginTime
        isAttached = attached
    }
    /// Told when the animation starts and stops. Strong, as Core Animation retains its delegate.
    open var delegate: CAAnimationDelegate?
    /// Whether the animation is removed from its layer when it ends (default true).
    open var isRemovedOnCompletion = true
    /// Values set with `setValue(_:forKey:)`, copied with the animation.
    private var customValues: [String: Any] = [:]
    /// The frame rates the animation would like (kept; frames come at the display's rate).
    open var preferredFrameRateRange = CAFrameRateRange.default

    /// A new animation with Core Animation's defaults.
    public required init() {}

    /// A copy made by `add(_:forKey:)`, so that changing the original afterwards has no effect.
    public required init(copying other: CAAnimation) {
        mediaTiming = other.mediaTiming
        timingFunction = other.timingFunction
        delegate = other.delegate
        isRemovedOnCompletion = other.isRemovedOnCompletion
        customValues = other.customValues
        preferredFrameRateRange = other.preferredFrameRateRange
    }

    /// The value set for `key` with `setValue(_:forKey:)`, nil when none. Key-value coding lets an animation
    /// carry any value under any key, and the copy `add(_:forKey:)` attaches (the one delegate callbacks
    /// receive) carries them too: the usual way to tell animations apart in `animationDidStop(_:finished:)`.
    open func value(forKey key: String) -> Any? { customValues[key] }

    /// Keeps `value` under `key` (nil removes it).
    open func setValue(_ value: Any?, forKey key: String) { customValues[key] = value }

    /// A copy of the animation (NSCopying's spelling).
    open func copy() -> Any { type(of: self).init(copying: self) }

    /// Whether `key`'s value is archived with the animation (Apple's default: true).
    open class func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// Core Animation's default value for a key: nil (the animation classes define no defaults).
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// Adds the animation to the layer (CAAction).
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }
}

/// An animation of one key path of a layer.
open class CAPropertyAnimation: CAAnimation {
    /// The animated key path (`opacity`, `position.x`, `transform.rotation.z`, `path`, ...).
    open var keyPath: String?
    /// Whether the value is added to the current presentation value instead of replacing it.
    open var isAdditive = false
    /// Whether each repeat builds on the value at the end of the previous one.
    open var isCumulative = false
    /// Builds the animated transform from the animation's plain values (`transform` and
    /// `sublayerTransform` only): a rotation, scale or translation of the interpolated numbers.
    open var valueFunction: CAValueFunction?

    /// An animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    public required init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let other = other as? CAPropertyAnimation {
            keyPath = other.keyPath
            isAdditive = other.isAdditive
            isCumulative = other.isCumulative
            valueFunction = other.valueFunction
        }
    }
}
