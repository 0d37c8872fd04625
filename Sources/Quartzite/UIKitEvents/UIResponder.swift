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
        handOn { $0.touchesBegan(touches, with: event) }
    }

    /// One or more fingers moved: passes them to `next` by default.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        handOn { $0.touchesMoved(touches, with: event) }
    }

    /// One or more fingers lifted: passes them to `next` by default.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        handOn { $0.touchesEnded(touches, with: event) }
    }

    /// The system cancelled the touches (a gesture recogniser took them, or the touch sequence was cut
    /// off): passes them to `next` by default. A responder undoes what their `touchesBegan` started.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        handOn { $0.touchesCancelled(touches, with: event) }
    }

    /// Passes a touch method on to `next` without nesting a stack frame per responder: called from a
    /// forwarding loop, it hands `next` back to the loop; otherwise it runs the loop, which calls each
    /// responder in turn until one handles the touches (does not hand them on).
    private func handOn(_ deliver: (UIResponder) -> Void) {
        let walk = ViewWalkState.current
        if walk.hopTarget === self {
            walk.hopTarget = nil
            walk.handedOn = next
            return
        }
        let (savedTarget, savedHandedOn) = (walk.hopTarget, walk.handedOn)
        defer { (walk.hopTarget, walk.handedOn) = (savedTarget, savedHandedOn) }
        var responder = next
        while let current = responder {
            walk.hopTarget = current
            walk.handedOn = nil
            deliver(current)
            responder = walk.handedOn
        }
    }
}
