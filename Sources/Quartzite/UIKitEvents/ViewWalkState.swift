import Foundation

/// What hit testing and responder forwarding keep per thread: both call overridable methods one inside the
/// other (`hitTest(_:with:)` of each subview, `touchesBegan` of each `next`), so a deep view chain would
/// otherwise nest one stack frame per level and overflow the stack.
final class ViewWalkState {
    /// How many `hitTest(_:with:)` calls are under way, one inside the other.
    var hitNesting = 0
    /// The responder a forwarding loop is calling now: its default touch method hands `next` back to the
    /// loop instead of calling it.
    weak var hopTarget: UIResponder?
    /// The responder the hop target handed back; nil when it handled the touches.
    var handedOn: UIResponder?

    /// The calling thread's state.
    static var current: ViewWalkState {
        let dictionary = Thread.current.threadDictionary
        if let state = dictionary[key] as? ViewWalkState { return state }
        let state = ViewWalkState()
        dictionary[key] = state
        return state
    }

    private static let key = "Quartzite.ViewWalkState"

    /// How many levels of `hitTest(_:with:)` call each other before the search goes on in a loop.
    static let hitTestRecursionDepth = 48
}
