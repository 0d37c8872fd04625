import Foundation
@testable import Quartzite

/// A view of `frame` whose layer has committed, as one on screen would be, with the clock frozen at 100: the
/// start of the UIView animation suites.
func committedView(frame: CGRect = CGRect(x: 0, y: 0, width: 10, height: 10)) -> UIView {
    MediaClock.freeze(at: 100)
    CATransaction.flush()
    let view = UIView(frame: frame)
    CATransaction.flush()
    return view
}
