import Foundation

/// UIKit's window: the root of a view hierarchy that delivers touches to its views. Quartzite's pointer
/// reaches it through `sendPointer(_:at:timestamp:)`, as one finger: a press hit-tests its location
/// (`hitTest(_:with:)`), and the view found keeps the touch until it lifts, getting `touchesBegan`,
/// `touchesMoved` and `touchesEnded` (or `touchesCancelled`) through `sendEvent(_:)`, after the gesture
/// recognisers of that view and its ancestors have seen each.
///
/// As in UIKit a window is hidden until `makeKeyAndVisible()` (a hidden window hit-tests nothing, so it
/// receives no touches), its `next` responder is nil (there is no `UIApplication`), and its coordinates
/// are those of `location(in: nil)`.
///
/// Gesture recognisers that wait for time to pass (a double tap's second tap, a long press) are checked
/// at each pointer event and at each display frame, through a display link the window keeps only while
/// one waits.
open class UIWindow: UIView {
    /// The touch of the press in progress.
    var sequence: TouchSequence?
    /// Whether the pointer is down (a press that hit no view has no sequence).
    var pointerIsDown = false
    /// Recognisers whose touch has lifted but which still wait (a tap recogniser between taps).
    var waitingRecognizers: [UIGestureRecognizer] = []
    var tapCounter = TapCounter()
    /// Where the current tap sequence began, in the window's coordinates.
    var tapOrigin: CGPoint = .zero
    /// The latest pointer time, so that time never runs backwards.
    var latestTimestamp: TimeInterval = 0
    /// Fires each frame while a recogniser waits for time, so it is checked without pointer events.
    var deadlineLink: CADisplayLink?

    /// A window of `frame`, hidden until `makeKeyAndVisible()` or `isHidden = false`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isHidden = true
    }

    /// Interface Builder's initializer: a hidden window with a zero frame.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isHidden = true
    }

    deinit {
        deadlineLink?.invalidate()
    }

    /// Whether the window is the key window: true once `makeKeyAndVisible()` has been called.
    public private(set) var isKeyWindow = false

    /// Shows the window and makes it the key window.
    open func makeKeyAndVisible() {
        isHidden = false
        isKeyWindow = true
    }

    /// A window is the end of its responder chain here: nil.
    open override var next: UIResponder? { nil }

    /// Delivers the event's touches that are in this window: each to the recognisers that receive it and then
    /// to its view, in the touch's phase. A subclass that overrides it to watch events calls `super`.
    open func sendEvent(_ event: UIEvent) {
        guard let sequence, event.allTouches?.contains(sequence.touch) == true else { return }
        sequence.deliver()
    }
}
