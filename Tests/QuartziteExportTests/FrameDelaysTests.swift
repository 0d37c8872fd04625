import Foundation
import Testing
@testable import QuartziteExport

/// Frame delays in each format's units: whole delays exact, others accumulated so the length is right.
struct FrameDelaysTests {
    func gifDelays(_ frames: Int, fps: Double) -> [Int] {
        (0..<frames).map { FrameDelays.gifCentiseconds(frame: $0, fps: fps) }
    }

    @Test func wholeCentisecondsAreExact() {
        #expect(gifDelays(40, fps: 20).allSatisfy { $0 == 5 })
        #expect(gifDelays(40, fps: 50).allSatisfy { $0 == 2 })
        #expect(gifDelays(5, fps: 1) == [100, 100, 100, 100, 100])
    }

    /// 30 fps is 3 1/3 cs a frame: 3, 4, 3 (rounded start and end times: 0, 3, 7, 10), and 31 frames last 103 cs, the
    /// rounded 103.33.
    @Test func fractionsAccumulate() {
        #expect(gifDelays(6, fps: 30) == [3, 4, 3, 3, 4, 3])
        #expect(gifDelays(31, fps: 30).reduce(0, +) == 103)
        #expect(gifDelays(100, fps: 24).reduce(0, +) == 417)  // 416.67
    }

    /// Up to 50 fps no delay is under 2 cs, the least browsers play as asked.
    @Test func noDelayUnderTwoUpToFifty() {
        for tenth in stride(from: 10, through: 500, by: 7) {
            let fps = Double(tenth) / 10
            let delays = gifDelays(200, fps: fps)
            #expect(delays.min() ?? 0 >= 2, "fps \(fps)")
            #expect(abs(Double(delays.reduce(0, +)) - 20_000 / fps) <= 0.5 + 1e-9, "fps \(fps)")
        }
    }

    @Test func apngDelays() {
        #expect(FrameDelays.apng(frame: 7, fps: 60) == (1, 60))
        #expect(FrameDelays.apng(frame: 0, fps: 24) == (1, 24))
        // 29.97 fps in thousandths: 1000 frames last 33,367 ms (33,366.7).
        let ms = (0..<1000).map { FrameDelays.apng(frame: $0, fps: 29.97) }
        #expect(ms.allSatisfy { $0.denominator == 1000 })
        #expect(ms.map { Int($0.numerator) }.reduce(0, +) == 33_367)
        // A frame every 100 s does not fit thousandths in 16 bits: hundredths.
        #expect(FrameDelays.apng(frame: 0, fps: 0.01) == (10_000, 100))
    }

    @Test func badRatesDoNotTrap() {
        #expect(FrameDelays.gifCentiseconds(frame: 3, fps: 0) == 65535)
        #expect(FrameDelays.gifCentiseconds(frame: 3, fps: .nan) == 65535)
        #expect(FrameDelays.gifCentiseconds(frame: 0, fps: 1e-9) == 65535)
        #expect(FrameDelays.apng(frame: 0, fps: -1) == (65535, 1))
    }
}
