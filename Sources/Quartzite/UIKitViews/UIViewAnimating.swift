import Foundation

/// Where a property animator is in its life (UIKit's raw values).
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started, or finished: its animations are not installed.
    case inactive = 0
    /// Started: running or paused.
    case active = 1
    /// Stopped with `stopAnimation(false)`, waiting for `finishAnimation(at:)`.
    case stopped = 2
}

/// Where a property animator's animations ended (UIKit's raw values).
public enum UIViewAnimatingPosition: Int, Sendable {
    /// At the end values.
    case end = 0
    /// Back at the start values (a reversed animator).
    case start = 1
    /// Somewhere between, where they were stopped.
    case current = 2
}
