import Foundation
import Quartzite

/// The window's control of time: slow motion (T) and pause (P or Space). Both set the media clock's rate
/// (`MediaClock.setRate`), so every animation, script and display link slows or stops together without a
/// jump, and a paused window draws nothing new until it is stepped, scrubbed or resumed.
@MainActor
package final class Playback {
    /// The clock's rate in slow motion, as the iOS Simulator's Slow Animations.
    package static let slowRate = 0.1
    package private(set) var isSlow = false
    package private(set) var isPaused = false
    /// Where the clock stood at the last change of rate: system seconds and media time, for the readout of
    /// how fast it has run since.
    private var since: (system: CFTimeInterval, media: CFTimeInterval)

    /// Starts at normal speed.
    package init() {
        since = (ProcessInfo.processInfo.systemUptime, CACurrentMediaTime())
        apply()
    }

    /// The clock's rate now: 0 paused, 0.1 in slow motion, else 1.
    package var rate: Double { isPaused ? 0 : isSlow ? Self.slowRate : 1 }

    /// Toggles slow motion (kept across a pause).
    package func toggleSlowMotion() { isSlow.toggle(); apply() }

    /// Pauses or resumes.
    package func togglePause() { isPaused.toggle(); apply() }

    /// Pauses (scrubbing pauses first, as a video player does).
    package func pause() {
        guard !isPaused else { return }
        isPaused = true
        apply()
    }

    /// Media seconds per system second since the last change of rate, as measured on the clock itself.
    package var measuredRate: (rate: Double, overSeconds: Double) {
        let system = ProcessInfo.processInfo.systemUptime - since.system
        return (system > 0 ? (CACurrentMediaTime() - since.media) / system : rate, system)
    }

    /// Returns the clock to normal speed (the window closes; a test's next window starts as this one did).
    package func reset() {
        isSlow = false
        isPaused = false
        apply()
    }

    private func apply() {
        MediaClock.setRate(rate)
        since = (ProcessInfo.processInfo.systemUptime, CACurrentMediaTime())
    }
}
