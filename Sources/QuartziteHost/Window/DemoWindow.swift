import Foundation
import Quartzite
import QuartziteRender

/// Runs demos in a window: one demo (`run`) or the gallery of them all (`runGallery`). Each frame feeds the
/// clock and input to what shows, calls the display links due (`CADisplayLink`), renders, swaps, and delivers
/// animation callbacks; the keys of `WindowKeys` slow, pause, step, scrub and restart the demo and show the
/// frame-time HUD.
@MainActor
public enum DemoWindow {
    /// Opens `type` in a window and runs until it is closed (Esc or Q) or `duration` seconds have passed.
    /// Prints frame statistics at the end when `reportStatistics` is set. `samples`: 4 for 4x MSAA, 1 for
    /// coverage antialiasing.
    public static func run(_ type: any Demo.Type, size: CGSize, duration: CFTimeInterval?, samples: Int = 1,
                           reportStatistics: Bool = true) throws {
        try run(type, size: size, duration: duration, samples: samples, pointerScript: [],
                reportStatistics: reportStatistics)
    }

    /// `run`, with the pointer events of `pointerScript` given to the demo at their demo times as well as the
    /// window's own (the command line's `--pointer`). The statistics line ends with the pointer events the
    /// demo now running has handled.
    package static func run(_ type: any Demo.Type, size: CGSize, duration: CFTimeInterval?, samples: Int,
                            pointerScript: [ScriptedPointer], reportStatistics: Bool) throws {
        let session = try WindowSession(title: "Quartzite — \(type.name)", size: size, samples: samples)
        defer { session.close() }
        session.open(type, pointerScript: pointerScript)
        session.loop(duration: duration)
        if reportStatistics { session.printStatistics(name: type.name) }
    }

    /// Opens a gallery of `types` (every one live in a grid of thumbnails): a click or Enter opens one at full
    /// size, Esc goes back. Runs until closed (Q, or Esc in the gallery) or `duration` seconds have passed.
    public static func runGallery(_ types: [any Demo.Type], size: CGSize, duration: CFTimeInterval?, samples: Int = 1,
                                  reportStatistics: Bool = true) throws {
        let session = try WindowSession(title: "Quartzite — gallery", size: size, samples: samples)
        defer { session.close() }
        session.showGallery(of: types)
        session.loop(duration: duration)
        if reportStatistics { session.printStatistics(name: "gallery") }
    }
}
