import Foundation

/// The display the layers are shown on (UIKit's `UIScreen`), for what iOS code reads of it: its scale, as in
/// `layer.contentsScale = UIScreen.main.scale`, which draws a `draw(in:)` backing store at the display's
/// density (on a display of one pixel a point, a store at scale 2 is four times the pixels to draw, upload
/// and filter down for nothing). A window sets it to its pixels per point when it opens or moves to another
/// density; headless capture to the scale it renders at. It is 1 until then.
@MainActor
public final class UIScreen {
    /// The display the app's layers are shown on.
    public static let main = UIScreen()

    /// Device pixels per point: 1, or 2 and more on a dense display.
    public var scale: CGFloat { Self.scaleFromAnyThread }

    /// The display's own pixels per point; `scale`, since there is no display zoom here.
    public var nativeScale: CGFloat { scale }

    private init() {}

    /// Records the display's pixels per point; a value that is not finite and positive leaves it unchanged.
    package func setScale(_ newScale: CGFloat) {
        guard newScale.isFinite, newScale > 0 else { return }
        Self.lock.lock()
        Self.storedScale = newScale
        Self.lock.unlock()
    }

    /// The main screen's scale, for what UIKit lets any thread ask (an image renderer's default format).
    package nonisolated static var scaleFromAnyThread: CGFloat {
        lock.lock()
        defer { lock.unlock() }
        return storedScale
    }

    private nonisolated static let lock = NSLock()
    private nonisolated(unsafe) static var storedScale: CGFloat = 1
}
