import Foundation
import Testing
import Quartzite
import QuartziteRender
import QuartziteHost
@testable import QuartziteDemos

/// The replicator loaders captured headless at their preferred size (600 x 400, cells of 200 x 200), probed
/// against the closed forms of their one animation each: copy i of a replicator shows the animation
/// i x instanceDelay behind copy 0, where the instance transform repeated i times puts it.
@MainActor
@Suite(.serialized)
struct LoadersDemoTests {
    let size = LoadersDemo.preferredSize
    static let background: SIMD4<Double> = [0.09, 0.10, 0.13, 1].map { $0 * 255 }.simd
    static let accent: SIMD4<Double> = [0.36, 0.78, 0.98, 1].map { $0 * 255 }.simd

    /// The accent at `opacity` over the background.
    func accent(_ opacity: Double) -> SIMD4<Double> {
        Self.background + (Self.accent - Self.background) * opacity
    }

    func close(_ pixel: SIMD4<UInt8>?, _ expected: SIMD4<Double>, within: Double = 3) -> Bool {
        guard let pixel else { return false }
        return (0..<3).allSatisfy { abs(Double(pixel[$0]) - expected[$0]) <= within }
    }

    @Test func theDotRingFadesEachDotATwelfthOfThePeriodLater() throws {
        let t = 2.0
        let b = try Capture.frame(LoadersDemo.self, size: size, at: t)
        let period = LoadersDemo.ringPeriod, count = LoadersDemo.ringDots
        for i in 0..<count {
            // Dot i: 38 points from the cell's centre (100, 100), turned i/12 of a turn clockwise from the top.
            let a = 2 * Double.pi * Double(i) / Double(count)
            let x = 100 + 38 * sin(a), y = 100 - 38 * cos(a)
            // Its fade from 1 to 0.15, repeating, seen i x period / 12 later than the first dot's.
            let local = t - Double(i) * period / Double(count)
            let fraction = local.truncatingRemainder(dividingBy: period) / period
            let opacity = 1 - 0.85 * fraction
            let pixel = b.pixel(x: Int(x), y: Int(y))
            #expect(close(pixel, accent(opacity)), "dot \(i): \(String(describing: pixel)) against opacity \(opacity)")
        }
    }

    @Test func theEqualiserBarsScaleInTurn() throws {
        // Bar i stands at x = 268 + 16 i in the second cell (its replicator's origin at (250, 50), the first bar
        // at (18, 50) in it) and grows from 0.3 to 1 and back over 0.9 s, 0.12 s behind the bar before it. At
        // 0.45 + 0.12 i it is at its full 56 points: 28 above and below the centre line y = 100.
        for i in 0..<5 {
            let t = 0.45 + 0.12 * Double(i)
            let b = try Capture.frame(LoadersDemo.self, size: size, at: t)
            let x = 268 + 16 * i
            #expect(close(b.pixel(x: x, y: 100 - 26), accent(1)), "bar \(i) reaches up at \(t)")
            #expect(close(b.pixel(x: x, y: 100 + 26), accent(1)), "bar \(i) reaches down at \(t)")
            #expect(close(b.pixel(x: x, y: 100 - 31), accent(0)), "bar \(i) no further than 28 at \(t)")
        }
    }

    @Test func theGridsCopiesCarryBothReplicatorsColours() throws {
        // However far each square has pulsed (down to 0.2 of its 24 points), its centre shows the white square
        // times its row's colour (1 - 0.3 r, 0.55, 0.35 + 0.3 r); the columns' replicator adds no colour.
        let b = try Capture.frame(LoadersDemo.self, size: size, at: 0.6)
        for row in 0..<3 {
            for column in 0..<3 {
                // The grid's rows replicator has its origin at (450, 250); the first square's centre is at
                // (34, 34) in it, each copy 30 points right or down of the one before.
                let x = 484 + 30 * column, y = 284 + 30 * row
                let r = Double(row)
                let expected = SIMD4<Double>(255 * (1 - 0.3 * r), 255 * 0.55, 255 * (0.35 + 0.3 * r), 255)
                #expect(close(b.pixel(x: x, y: y), expected), "square (\(row), \(column))")
            }
        }
    }
}

private extension Array where Element == Double {
    /// Four numbers as a SIMD4.
    var simd: SIMD4<Double> { SIMD4(self[0], self[1], self[2], self[3]) }
}
