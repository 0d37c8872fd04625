import Foundation
import Quartzite
import QuartziteHost

/// The window's gallery as a demo, for `quartzite bench gallery` and captures: every gallery demo live in
/// its grid, each played by its own player on the clock the frame runs at.
@MainActor
public final class GalleryDemo: Demo {
    public static let name = "gallery"
    public static let summary = "every demo live in a grid of thumbnails, as `quartzite demo` opens it"
    public static let preferredSize = CGSize(width: 1280, height: 720)

    public let timeline = DemoTimeline()
    let gallery: Gallery
    public var rootLayer: CALayer { gallery.layer }

    public required init(size: CGSize) {
        gallery = Gallery(DemoCatalog.gallery, canvas: size, now: CACurrentMediaTime())
    }

    /// Plays every thumbnail to the frame's time (the clock reads it).
    public func update(at t: CFTimeInterval) { gallery.advance(to: CACurrentMediaTime()) }

    public func nextUpdate(after t: CFTimeInterval) -> CFTimeInterval? { t }
}
