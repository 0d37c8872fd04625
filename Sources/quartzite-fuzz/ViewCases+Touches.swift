import Foundation
import Quartzite

// The view tree of a view case put in a shown window, with gesture recognisers of every kind and hostile
// settings on random views, whose actions move views by the gesture's translation, remove views and
// recognisers, disable recognisers and add requirements; then a pointer sequence with random and hostile
// phases, locations and timestamps, display frames in between. Nothing may trap, and the tree drawn
// afterwards must keep a finite display list and an intact frame.

extension FuzzCase {
    /// Puts `root` in a window, attaches recognisers to `views`, sends pointer events, and draws the window.
    func touchViews(_ views: [UIView], root: UIView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 48, height: 48))
        run("let window = UIWindow(frame: 48 x 48); window.makeKeyAndVisible(); window.addSubview(root)") {
            window.makeKeyAndVisible()
            window.addSubview(root)
        }
        var recognizers: [UIGestureRecognizer] = []
        for i in 0..<rng.below(5) {
            recognizers.append(attachRecognizer(i, to: rng.pick(views), among: views))
        }
        if recognizers.count > 1 {
            let a = rng.pick(recognizers), b = rng.pick(recognizers)
            run("a.require(toFail: b) (perhaps itself)") { a.require(toFail: b) }
        }
        var time = rng.unit()
        for _ in 0..<(1 + rng.below(16)) {
            time = nextTime(after: time)
            sendPointer(to: window, at: time)
        }
        stage.show(window.layer, at: [time, time + 1], in: self, finitePresentation: false)
        run("root.removeFromSuperview()") { root.removeFromSuperview() }
    }

    /// A tap, pan or long-press recogniser with random or hostile settings, attached to `view`; its action
    /// changes the tree.
    private func attachRecognizer(_ i: Int, to view: UIView, among views: [UIView]) -> UIGestureRecognizer {
        let effect = rng.below(6), other = rng.pick(views)
        // Weak: the recogniser belongs to the view, and the case's trees are meant to go when it ends.
        let action: (UIGestureRecognizer) -> Void = { [weak view, weak other] recognizer in
            guard let view else { return }
            switch effect {
            case 0:
                if let pan = recognizer as? UIPanGestureRecognizer {
                    let t = pan.translation(in: view.superview)
                    _ = pan.velocity(in: other)
                    view.center = CGPoint(x: view.center.x + t.x, y: view.center.y + t.y)
                    pan.setTranslation(.zero, in: view.superview)
                }
            case 1: other?.removeFromSuperview()
            case 2: recognizer.isEnabled = false
            case 3: view.removeGestureRecognizer(recognizer)
            case 4: _ = recognizer.location(in: other); _ = recognizer.location(ofTouch: 1, in: nil)
            default: view.isHidden.toggle()
            }
        }
        let recognizer: UIGestureRecognizer
        switch rng.below(3) {
        case 0:
            let tap = UITapGestureRecognizer(handler: action)
            tap.numberOfTapsRequired = rng.chance(0.8) ? 1 + rng.below(3) : Int(truncatingIfNeeded: rng.next())
            tap.numberOfTouchesRequired = rng.chance(0.9) ? 1 : Int(truncatingIfNeeded: rng.next())
            recognizer = tap
        case 1:
            let pan = UIPanGestureRecognizer(handler: action)
            pan.minimumNumberOfTouches = rng.chance(0.9) ? 1 : Int(truncatingIfNeeded: rng.next())
            pan.maximumNumberOfTouches = rng.chance(0.9) ? Int.max : Int(truncatingIfNeeded: rng.next())
            recognizer = pan
        default:
            let press = UILongPressGestureRecognizer(handler: action)
            press.minimumPressDuration = rng.chance(0.7) ? rng.unit() : Double(rng.number(hostile: 6))
            press.allowableMovement = rng.chance(0.7) ? rng.unit() * 20 : rng.number(hostile: 6)
            press.numberOfTapsRequired = rng.chance(0.8) ? rng.below(2) : Int(truncatingIfNeeded: rng.next())
            recognizer = press
        }
        recognizer.cancelsTouchesInView = rng.chance(0.5)
        run("v.addGestureRecognizer(\(type(of: recognizer)) #\(i), action effect \(effect))") {
            view.addGestureRecognizer(recognizer)
        }
        return recognizer
    }

    /// The time of the next pointer event: usually a little later, sometimes hostile (earlier, huge, NaN).
    private func nextTime(after time: Double) -> Double {
        rng.chance(0.8) ? time + rng.unit() * 0.4 : Double(rng.number(hostile: 6))
    }

    /// One pointer event with a random phase and a location on the canvas or hostile, perhaps a display
    /// frame first.
    private func sendPointer(to window: UIWindow, at time: Double) {
        let phases: [UITouch.Phase] = [.began, .moved, .moved, .moved, .ended, .cancelled, .stationary, .regionExited]
        let phase = rng.pick(phases)
        let point = rng.chance(0.8) ? CGPoint(x: rng.unit() * 56 - 4, y: rng.unit() * 56 - 4) : rng.point(hostile: 6)
        if rng.chance(0.2) {
            run("display frame at \(lit(time))") { _ = DisplayLinkRegistry.fireLinks(at: time, refreshInterval: 1.0 / 60) }
        }
        run("window.sendPointer(.\(phase), at: \(lit(point)), timestamp: \(lit(time)))") {
            window.sendPointer(phase, at: point, timestamp: time)
        }
    }
}
