import Foundation

/// What a gesture recogniser's delegate may answer, as in UIKit; each method is optional (the defaults
/// below are UIKit's).
public protocol UIGestureRecognizerDelegate: AnyObject {
    /// Whether `gestureRecognizer` may leave `.possible` (begin, or recognise a discrete gesture); false
    /// makes it fail. True by default.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether `gestureRecognizer` receives `touch` at all, asked when the touch begins. True by default.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    /// Whether `gestureRecognizer` and `otherGestureRecognizer` may both recognise with the same touch;
    /// either's delegate answering true allows it. False by default: the first to recognise makes the
    /// others fail.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
}

extension UIGestureRecognizerDelegate {
    /// True: the recogniser may begin.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// True: the recogniser receives every touch.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        true
    }
    /// False: recognising excludes the other recognisers of the touch.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        false
    }
}

/// What a target of `UIGestureRecognizer(target:action:)` adopts on Linux, where there is no Objective-C
/// message dispatch: the recogniser calls `perform(_:with:)` with the action's selector each time it sends
/// its action, and the target calls the method the selector names.
///
/// ```swift
/// final class CardView: UIView, UIGestureRecognizerTarget {
///     func install() {
///         addGestureRecognizer(UIPanGestureRecognizer(target: self, action: Selector("handlePan:")))
///     }
///     func handlePan(_ pan: UIPanGestureRecognizer) { ... }
///     func perform(_ selector: Selector, with recognizer: UIGestureRecognizer) {
///         if let pan = recognizer as? UIPanGestureRecognizer { handlePan(pan) }
///     }
/// }
/// ```
///
/// A `@MainActor` class adopts it as `@preconcurrency UIGestureRecognizerTarget`. Actions are sent on the
/// thread that delivers the window's pointer events, except those a deadline sends (a long press
/// beginning, a single tap sent once the double tap it requires fails), which come from the window's
/// display link on the thread that renders frames: the main thread in a window and in captures; a
/// program that renders on another thread keeps such targets off the main actor.
public protocol UIGestureRecognizerTarget: AnyObject {
    /// Calls the method `selector` names, with the recogniser sending the action.
    func perform(_ selector: Selector, with recognizer: UIGestureRecognizer)
}
