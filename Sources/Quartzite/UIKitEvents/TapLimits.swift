import Foundation

/// What makes a touch a tap, and taps one sequence (`UITouch.tapCount`, `UITapGestureRecognizer`). UIKit
/// documents no numbers; these are Quartzite's, chosen to feel like iOS with a mouse: a tap lifts within
/// 1.5 s and within 10 points of where it began (the allowable movement UIKit documents for a long press),
/// and the next tap of a sequence begins within 0.35 s of the last one lifting and within 10 points of
/// where the sequence began.
enum TapLimits {
    /// The longest a tap's finger stays down, in seconds.
    static let maximumDuration: TimeInterval = 1.5
    /// The longest wait between one tap lifting and the next beginning, in seconds.
    static let maximumInterval: TimeInterval = 0.35
    /// How far a tap's finger may move, and the next tap may land, from where the taps began, in points.
    static let allowableMovement: CGFloat = 10

    /// The distance between two points.
    static func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        hypot(a.x - b.x, a.y - b.y)
    }
}

/// Counts taps across a window's touches for `UITouch.tapCount`: a touch that begins soon enough after a tap,
/// near enough where the taps began, continues the count.
struct TapCounter {
    /// The last tap: when it lifted, where the sequence began, and its count.
    private var last: (end: TimeInterval, origin: CGPoint, count: Int)?

    /// The tap count of a touch beginning at `location` at `time`, and where its sequence began.
    func countForTouch(at location: CGPoint, time: TimeInterval) -> (count: Int, origin: CGPoint) {
        guard let last, time - last.end < TapLimits.maximumInterval,
              TapLimits.distance(location, last.origin) <= TapLimits.allowableMovement else {
            return (1, location)
        }
        return (last.count < Int.max ? last.count + 1 : last.count, last.origin)
    }

    /// Records how `touch` (whose sequence began at `origin`) ended: a tap continues the count, anything else
    /// (held too long, moved too far, cancelled) ends it.
    mutating func touchEnded(_ touch: UITouch, origin: CGPoint) {
        let isTap = touch.phase == .ended
            && touch.timestamp - touch.startTimestamp <= TapLimits.maximumDuration
            && TapLimits.distance(touch.windowLocation, touch.startLocation) <= TapLimits.allowableMovement
        last = isTap ? (touch.timestamp, origin, touch.tapCount) : nil
    }
}
