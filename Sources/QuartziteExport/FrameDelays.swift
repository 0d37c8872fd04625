import Foundation

/// How long each frame of an animation shows, in the units each format stores.
///
/// Frame i is captured at from + i / fps, so it should show for 1 / fps. GIF counts delays in whole
/// centiseconds and APNG as a 16-bit fraction; where 1 / fps is not a whole number of units, each delay is
/// the difference of the rounded times at which its frame starts and ends, so the delays vary by one unit
/// (3, 4, 3, 3, 4, 3 cs at 30 fps) and the animation's whole length is right to within one unit.
package enum FrameDelays {
    /// The fastest GIF frame rate: a GIF's delays are whole centiseconds, and browsers play a delay under
    /// 2 cs (a frame rate above 50) at 10 cs, five times slower than asked. A faster capture is refused for
    /// a GIF and suggests an APNG, whose delays are fractions.
    package static let gifMaximumFPS: Double = 50

    /// The delay of frame `i` of a GIF at `fps`, in centiseconds: round(100 (i + 1) / fps) - round(100 i / fps),
    /// clamped to GIF's 0 ... 65535. At most 50 fps every delay is at least 2.
    package static func gifCentiseconds(frame i: Int, fps: Double) -> Int {
        accumulated(frame: i, fps: fps, unitsPerSecond: 100)
    }

    /// The delay of frame `i` of an APNG at `fps` as APNG's fraction of a second: exactly 1 / fps when `fps`
    /// is a whole number of frames a second (60 gives 1/60), else in thousandths (or the finest of
    /// hundredths, tenths and seconds that fits 16 bits) accumulated as GIF's are.
    package static func apng(frame i: Int, fps: Double) -> (numerator: UInt16, denominator: UInt16) {
        if fps.isFinite, fps >= 1, fps <= 65535, fps == fps.rounded() {
            return (1, UInt16(fps))
        }
        for denominator in [1000, 100, 10, 1] where fps.isFinite && fps > 0 && Double(denominator) / fps <= 65535 {
            return (UInt16(accumulated(frame: i, fps: fps, unitsPerSecond: denominator)), UInt16(denominator))
        }
        return (65535, 1)
    }

    /// round(units (i + 1) / fps) - round(units i / fps), clamped to 0 ... 65535 (and 65535 for an fps
    /// that is not a positive finite number).
    private static func accumulated(frame i: Int, fps: Double, unitsPerSecond units: Int) -> Int {
        guard fps.isFinite, fps > 0, i >= 0 else { return 65535 }
        let start = (Double(units) * Double(i) / fps).rounded()
        let end = (Double(units) * Double(i + 1) / fps).rounded()
        let delay = end - start
        guard delay.isFinite else { return 65535 }
        return Int(min(max(delay, 0), 65535))
    }
}
