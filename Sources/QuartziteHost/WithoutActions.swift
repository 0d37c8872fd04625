import Quartzite

/// Runs `body` in a transaction with implicit animations off: the window's chrome and the demos' per-frame
/// updates set the value of that frame, not a start of a 0.25 s animation.
@MainActor
package func withoutActions(_ body: () -> Void) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    body()
    CATransaction.commit()
}
