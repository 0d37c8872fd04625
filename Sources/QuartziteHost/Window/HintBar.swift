import Foundation
import Quartzite

/// The one-line list of keys at the window's foot: shown when a demo or the gallery opens, faded out over
/// its last second after `shown` seconds of real time (set each frame from the system clock, so slow motion
/// and pause do not hold it on screen).
@MainActor
package final class HintBar {
    /// The bar, laid out by `layout(canvas:)`.
    package let layer = CATextLayer()
    private var openedAt: CFTimeInterval
    /// Seconds the hint shows in all, the last of them fading.
    static let shown: CFTimeInterval = 4

    /// A hint shown from system time `system`.
    package init(at system: CFTimeInterval) {
        openedAt = system
        layer.string = WindowKeys.hint
        layer.fontSize = 12
        layer.alignmentMode = .center
        layer.truncationMode = .end
        layer.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.6)
    }

    /// Places the bar along the foot of a canvas of `canvas` points.
    package func layout(canvas: CGSize) {
        withoutActions {
            layer.frame = CGRect(x: 0, y: max(canvas.height - 22, 0), width: canvas.width, height: 22)
        }
    }

    /// Shows the hint again from system time `system`.
    package func show(at system: CFTimeInterval) { openedAt = system }

    /// Sets the bar's opacity for system time `system`.
    package func update(at system: CFTimeInterval) {
        let opacity = Float(min(max(Self.shown - (system - openedAt), 0), 1))
        guard layer.opacity != opacity else { return }
        withoutActions {
            layer.opacity = opacity
            layer.isHidden = opacity == 0
        }
    }

    /// The system time after `system` at which the bar next changes: the start of its fade, then `system`
    /// itself while it fades (the window draws those frames at 60 Hz); nil once it has gone.
    package func nextChange(after system: CFTimeInterval) -> CFTimeInterval? {
        let fadeStart = openedAt + Self.shown - 1
        if system < fadeStart { return fadeStart }
        return system < openedAt + Self.shown ? system : nil
    }
}
