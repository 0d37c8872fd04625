import Foundation
import Testing
import Quartzite
import QuartziteRender
import QuartziteHost
@testable import QuartziteDemos

/// The sine-wave demo captured headless: the stroke lies on y = h/2 + 50 sin(2π x / 120 − 2π t) at the last
/// display frame's time (Capture calls the link at every 1/60 s up to t), and nowhere near the wave's mirror.
@MainActor
@Suite(.serialized)
struct SineWaveDemoTests {
    let size = SineWaveDemo.preferredSize

    func isStroke(_ p: SIMD4<UInt8>?) -> Bool {
        guard let p else { return false }
        return p[1] > 180 && p[2] > 180   // the stroke's (0.35, 0.85, 0.95) against a dark blue sky
    }

    @Test(arguments: [0.0, 0.25, 1.5])
    func theStrokeFollowsTheFormulaAtTheLinksTime(t: CFTimeInterval) throws {
        let b = try Capture.frame(SineWaveDemo.self, size: size, at: t)
        // t is a whole number of 60 Hz frames, so the link's last call was at t itself.
        for x in stride(from: 20.0, through: 340.0, by: 40.0) {
            let y = SineWaveDemo.y(at: x, time: t, height: size.height)
            let mirrored = size.height - y
            #expect(isStroke(b.pixel(x: Int(x), y: Int(y.rounded()))), "x \(x), t \(t): stroke expected at y \(y)")
            if abs(mirrored - y) > 2 * SineWaveDemo.lineWidth {
                #expect(!isStroke(b.pixel(x: Int(x), y: Int(mirrored.rounded()))), "x \(x), t \(t): no stroke at \(mirrored)")
            }
        }
    }

    @Test func theWaveMovesAQuarterWavelengthInAQuarterSecond() {
        // ω / k = 120 points a second: the crest at x = 30 (t = 0) is at x = 60 a quarter second later.
        let h = size.height
        #expect(abs(SineWaveDemo.y(at: 30, time: 0, height: h) - (h / 2 + 50)) < 1e-9)
        #expect(abs(SineWaveDemo.y(at: 60, time: 0.25, height: h) - (h / 2 + 50)) < 1e-9)
    }
}
