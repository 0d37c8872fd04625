import Foundation

/// UIKit's responder: an object that handles touches, or passes them along the responder chain (`next`).
///
/// Each touch method's default passes the touches to `next`, so a view that does not override them lets its
/// superview handle them, as in UIKit. A subclass that handles touches overrides all four (UIKit asks this
/// of a responder that overrides any of them without calling `super`).
///
/// Deliberately different from UIKit: there are no first responders, presses, motion or remote-control
/// events, and no `UIApplication` at the end of the chain (a window's `next` is nil).
open class UIResponder {
    /// A responder with nothing before or after it.
    public init() {}

    /// The next responder in the chain, which gets the touches this one does not handle; nil by default
    /// (a view's is its superview).
    open var next: UIResponder? { nil }

    /// One or more fingers touched down: passes them to `next` by default.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesBegan(touches, with: event)
    }

    /// One or more fingers moved: passes them to `next` by default.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesMoved(touches, with: event)
    }

    /// One or more fingers lifted: passes them to `next` by default.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesEnded(touches, with: event)
    }

    /// The system cancelled the touches (a gesture recogniser took them, or the touch sequence was cut
    /// off): passes them to `next` by default. A responder undoes what their `touchesBegan` started.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }
}
