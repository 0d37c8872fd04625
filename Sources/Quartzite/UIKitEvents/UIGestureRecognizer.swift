import Foundation

/// UIKit's gesture recogniser: attached to a view (`UIView.addGestureRecognizer(_:)`), it watches the
/// touches that begin in the view or its subviews, decides whether they make its gesture, and sends its
/// action to its targets as its `state` changes.
///
/// States follow UIKit's machine: a discrete gesture (a tap) goes from `.possible` to `.recognized`
/// (`.ended`) or `.failed`; a continuous one (a pan) from `.possible` to `.began`, `.changed` as it goes,
/// and `.ended` or `.cancelled`, or to `.failed`. The action is sent on `.began`, each `.changed`, `.ended`
/// and `.cancelled`. Once the gesture is over and its touches have lifted, the recogniser is `reset()` to
/// `.possible`. The first recogniser of a touch to begin makes the others fail, unless a delegate lets them
/// recognise together, and with `cancelsTouchesInView` (the default) the touch's view gets
/// `touchesCancelled` and no more of that touch.
///
/// A subclass recognises a gesture of its own as in UIKit (the members UIKit declares in
/// `UIGestureRecognizerSubclass.h` are here): it overrides the touch methods, sets `state`, and clears what
/// it tracks in `reset()`.
///
/// Deliberately different from UIKit: the action is sent during the `state` change rather than later in the
/// same event; `delaysTouchesBegan` and `delaysTouchesEnded` are not there; targets that
/// are not `UIGestureRecognizerTarget`s cannot be called (Linux has no Objective-C message dispatch).
open class UIGestureRecognizer {
    /// Where a recogniser is in recognising its gesture.
    public enum State: Int, Sendable {
        /// Not recognised yet (the state a recogniser rests in).
        case possible
        /// A continuous gesture began.
        case began
        /// A continuous gesture changed.
        case changed
        /// A gesture ended: a continuous one finished, a discrete one was recognised.
        case ended
        /// A continuous gesture was cancelled.
        case cancelled
        /// The touches did not make the gesture.
        case failed

        /// A discrete gesture was recognised: `.ended`.
        public static var recognized: State { .ended }
    }

    /// One target of the recogniser: an object and its action, or a closure.
    enum Action {
        case target(Weak, Selector)
        case handler((UIGestureRecognizer) -> Void)
    }

    /// A target held weakly, as UIKit holds a recogniser's targets.
    struct Weak {
        weak var object: (any UIGestureRecognizerTarget)?
    }

    /// A recogniser held weakly, for the failure requirements between recognisers.
    struct WeakRecognizer {
        weak var object: UIGestureRecognizer?
    }

    var actions: [Action] = []
    var currentState: State = .possible
    /// The touches the recogniser is following that have not lifted.
    var activeTouches: [UITouch] = []
    /// Where the touch it followed last was, in its window's coordinates, for `location(in:)` once every touch
    /// has lifted: a location and not the touch, since a touch holds its recognisers.
    var lastLocation: CGPoint?
    /// The window of the touch it followed last.
    weak var lastWindow: UIWindow?
    /// The window delivering the recogniser's current touch; its delivery decides which recognisers win.
    weak var sequence: TouchSequence?
    /// The media time at which `deadlinePassed(at:)` is due, when the gesture waits for time to pass.
    var deadline: TimeInterval?
    /// The recognisers that must fail before this one leaves `.possible` (`require(toFail:)`).
    var failureRequirements: [WeakRecognizer] = []
    /// The recognisers that wait for this one to fail.
    var dependents: [WeakRecognizer] = []
    /// The state this one reached while a recogniser it requires to fail had not decided yet.
    var deferredState: State?

    /// A recogniser that sends `action` to `target` (a `UIGestureRecognizerTarget`; the recogniser holds it
    /// weakly). With no target or action it sends nothing until `addTarget(_:action:)`. A target that does not
    /// adopt `UIGestureRecognizerTarget` is reported (`Diagnostics`) and never called.
    public init(target: Any?, action: Selector?) {
        if let target, let action { addTarget(target, action: action) }
    }

    /// A recogniser that calls `handler` with itself each time it sends its action. The recogniser holds the
    /// closure: capture the view it changes weakly.
    ///
    /// The closure form is Quartzite's addition for Swift on Linux, beside `init(target:action:)`.
    public init(handler: @escaping (UIGestureRecognizer) -> Void) {
        actions = [.handler(handler)]
    }

    /// A recogniser with no target.
    public convenience init() { self.init(target: nil, action: nil) }

    // MARK: Targets

    /// Adds `target` and `action`; a pair already added is not added again. The target adopts
    /// `UIGestureRecognizerTarget` (and is held weakly); one that does not is reported and never called.
    open func addTarget(_ target: Any, action: Selector) {
        guard let dispatching = target as? any UIGestureRecognizerTarget else {
            return Diagnostics.report("UIGestureRecognizer.addTarget: \(type(of: target)) does not adopt UIGestureRecognizerTarget, so \(action) cannot be called (Linux has no Objective-C message dispatch); adopt UIGestureRecognizerTarget, or use UIGestureRecognizer(handler:)")
        }
        let present = actions.contains { entry in
            guard case .target(let held, let selector) = entry else { return false }
            return held.object === dispatching && selector == action
        }
        if !present { actions.append(.target(Weak(object: dispatching), action)) }
    }

    /// Removes `target`'s `action`: every action of `target` when `action` is nil, `action` of every target
    /// when `target` is nil, and every target when both are nil. Closures (`init(handler:)`) are removed
    /// only when both are nil.
    open func removeTarget(_ target: Any?, action: Selector?) {
        let object = target.flatMap { $0 as? any UIGestureRecognizerTarget }
        if target != nil, object == nil { return }
        actions.removeAll { entry in
            switch entry {
            case .handler:
                return target == nil && action == nil
            case .target(let held, let selector):
                let sameTarget = object.map { held.object === $0 } ?? true
                let sameAction = action.map { $0 == selector } ?? true
                return sameTarget && sameAction
            }
        }
    }

    /// Calls every target's action and closure with the recogniser.
    func sendActions() {
        for action in actions {
            switch action {
            case .handler(let handler): handler(self)
            case .target(let held, let selector): held.object?.perform(selector, with: self)
            }
        }
    }

    /// Makes this recogniser wait for `otherGestureRecognizer` to fail before it begins or recognises, and
    /// fail if the other recognises: `singleTap.require(toFail: doubleTap)` sends the single tap only once
    /// the double tap has failed, 0.35 s after the tap (the double tap's wait for a second one). Requiring
    /// itself, or one already required, changes nothing.
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        guard otherGestureRecognizer !== self,
              !failureRequirements.contains(where: { $0.object === otherGestureRecognizer }) else { return }
        failureRequirements.append(WeakRecognizer(object: otherGestureRecognizer))
        otherGestureRecognizer.dependents.append(WeakRecognizer(object: self))
    }

    // MARK: State and settings

    /// Where the recogniser is in recognising its gesture. A subclass sets it as it recognises; moves UIKit
    /// does not allow (`.possible` to `.changed`, anything out of `.failed`) are reported and ignored.
    open var state: State {
        get { currentState }
        set { transition(to: newValue) }
    }

    /// Whether the recogniser works (true by default). Set to false it stops: a gesture in progress is
    /// cancelled (a continuous one sends `.cancelled`), one not recognised yet fails, and it receives no
    /// touches until enabled again.
    open var isEnabled = true {
        didSet { if !isEnabled { stopForDisabling() } }
    }

    /// The view the recogniser is attached to.
    public internal(set) weak var view: UIView?

    /// Whether the touch's view gets `touchesCancelled` when the recogniser recognises (true by default), and
    /// no more of the touch; false lets the view follow the touch too.
    open var cancelsTouchesInView = true

    /// The delegate asked whether the recogniser may begin, receive a touch, or recognise with another; held
    /// weakly.
    open weak var delegate: (any UIGestureRecognizerDelegate)?

    /// A name for debugging.
    open var name: String?

    // MARK: Touches

    /// How many touches the recogniser is following (0 or 1: Quartzite's pointer is one finger).
    open var numberOfTouches: Int { activeTouches.count }

    /// Where the gesture is, in `view`'s coordinates (the window's when nil): the centroid of its touches, or
    /// where its last touch lifted once every one has. The origin before it has had a touch.
    open func location(in view: UIView?) -> CGPoint {
        guard !activeTouches.isEmpty else { return lastLocation.map { lastWindowPoint($0, in: view) } ?? .zero }
        let points = activeTouches.map { $0.location(in: view) }
        let count = CGFloat(points.count)
        return CGPoint(x: points.reduce(0) { $0 + $1.x } / count, y: points.reduce(0) { $0 + $1.y } / count)
    }

    /// `point` in the last touch's window's coordinates converted to `view`'s (the window's when nil).
    func lastWindowPoint(_ point: CGPoint, in view: UIView?) -> CGPoint {
        guard let view, let window = lastWindow, view !== window else { return point }
        return view.convert(point, from: window)
    }

    /// Where the touch at `touchIndex` is, in `view`'s coordinates. An index out of range (UIKit raises) is
    /// reported and gives the origin.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        guard activeTouches.indices.contains(touchIndex) else {
            Diagnostics.report("UIGestureRecognizer.location(ofTouch:in:): touch index \(touchIndex) out of range; the origin")
            return .zero
        }
        return activeTouches[touchIndex].location(in: view)
    }

    // MARK: What subclasses override

    /// A touch the recogniser receives began. Does nothing by default.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// A touch the recogniser receives moved. Does nothing by default.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// A touch the recogniser receives lifted. Does nothing by default.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// A touch the recogniser receives was cancelled. Fails a gesture not yet recognised, and cancels one in
    /// progress, by default.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .cancelled
        default: break
        }
    }

    /// Clears what the recogniser tracked for the last gesture; called as it returns to `.possible`. A
    /// subclass calls `super.reset()`.
    open func reset() {}

    /// The media time `deadline` named came: what a recogniser that waits for time does then. Nothing by
    /// default.
    func deadlinePassed(at time: TimeInterval) {}
}
