import Foundation

/// UIKit's touch: one finger on the screen from touch-down to lift-off. Quartzite's pointer is its one
/// finger (`UIWindow.sendPointer(_:at:timestamp:)`): the same object is updated for each event of one
/// press, so a responder can keep it across `touchesBegan` and `touchesEnded`.
open class UITouch: Hashable {
    /// What a touch is doing.
    public enum Phase: Int, Sendable {
        /// The finger touched down.
        case began
        /// The finger moved.
        case moved
        /// The finger is down and has not moved since the last event.
        case stationary
        /// The finger lifted.
        case ended
        /// The system cancelled the touch.
        case cancelled
        /// A pointer entered a region (never sent here: there is no hover).
        case regionEntered
        /// A pointer moved in a region (never sent here).
        case regionMoved
        /// A pointer left a region (never sent here).
        case regionExited
    }

    /// The touch's phase in the event being delivered.
    public internal(set) var phase: Phase = .began
    /// How many times in a row the finger tapped at this place: 1 for a first touch, 2 for the second of a
    /// double tap (`TapLimits`: the touch begins within 0.35 s and 10 points of the previous one, which was a
    /// tap itself).
    public internal(set) var tapCount = 1
    /// When the touch last changed, in seconds on the media clock (`CACurrentMediaTime()`).
    public internal(set) var timestamp: TimeInterval = 0
    /// The view the touch began in (its hit-test view), kept for the touch's whole life.
    public internal(set) weak var view: UIView?
    /// The window the touch is in.
    public internal(set) weak var window: UIWindow?
    /// The gesture recognisers that receive the touch; nil when none do.
    public internal(set) var gestureRecognizers: [UIGestureRecognizer]?

    /// Where the touch is, in the window's coordinates.
    var windowLocation: CGPoint = .zero
    /// Where it was at the event before, in the window's coordinates.
    var previousWindowLocation: CGPoint = .zero
    /// Where the touch began, in the window's coordinates.
    var startLocation: CGPoint = .zero
    /// When the touch began.
    var startTimestamp: TimeInterval = 0

    /// A touch no window has sent: at the origin, phase `.began`.
    public init() {}

    /// Where the touch is in `view`'s coordinates (the window's when `view` is nil).
    open func location(in view: UIView?) -> CGPoint {
        convert(windowLocation, to: view)
    }

    /// Where the touch was at the previous event, in `view`'s coordinates (the window's when nil).
    open func previousLocation(in view: UIView?) -> CGPoint {
        convert(previousWindowLocation, to: view)
    }

    /// `point` in the window's coordinates converted to `view`'s.
    func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        guard let view, let window, view !== window else { return point }
        return view.convert(point, from: window)
    }

    /// Touches are equal when they are the same object.
    public static func == (lhs: UITouch, rhs: UITouch) -> Bool { lhs === rhs }

    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
