import Foundation

/// UIKit's event: the touches a window delivers together, at one time. A window makes one for each
/// pointer event (`UIWindow.sendPointer(_:at:timestamp:)`) holding its one touch; `UIEvent()` makes an
/// empty one, for calls such as `hitTest(_:with:)` that take an event.
open class UIEvent {
    /// The kinds of event UIKit has; a window sends `.touches` only.
    public enum EventType: Int, Sendable {
        /// Touches on the screen.
        case touches = 0
        /// Device motion (never sent here).
        case motion = 1
        /// Remote-control commands (never sent here).
        case remoteControl = 2
        /// Physical button presses (never sent here).
        case presses = 3
    }

    /// The event's touches; nil for an event without touches, as `UIEvent()`.
    var touchSet: Set<UITouch>?
    /// When the event happened, in seconds on the media clock.
    var eventTimestamp: TimeInterval

    /// An event with no touches, at time 0.
    public init() {
        eventTimestamp = 0
    }

    /// An event holding `touches`, at `timestamp`.
    init(touches: Set<UITouch>, timestamp: TimeInterval) {
        touchSet = touches
        eventTimestamp = timestamp
    }

    /// The kind of event: `.touches`.
    open var type: EventType { .touches }

    /// When the event happened, in seconds on the media clock (`CACurrentMediaTime()`).
    open var timestamp: TimeInterval { eventTimestamp }

    /// Every touch of the event; nil when it has none.
    open var allTouches: Set<UITouch>? { touchSet }

    /// The event's touches that began in `view` (whose `view` it is); nil when the event has none.
    open func touches(for view: UIView) -> Set<UITouch>? {
        touchSet?.filter { $0.view === view }
    }

    /// The event's touches in `window`; nil when the event has none.
    open func touches(for window: UIWindow) -> Set<UITouch>? {
        touchSet?.filter { $0.window === window }
    }

    /// The event's touches that `gesture` receives; nil when the event has none.
    open func touches(for gesture: UIGestureRecognizer) -> Set<UITouch>? {
        touchSet?.filter { touch in touch.gestureRecognizers?.contains { $0 === gesture } ?? false }
    }
}
