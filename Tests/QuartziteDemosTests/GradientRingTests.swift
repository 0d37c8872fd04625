import Foundation
import Testing
import Quartzite
import QuartziteRender
import QuartziteHost
@testable import QuartziteDemos

/// Seed 003 captured headless, probed at the checkpoints of ../shared/DEMOS.md (container-local points for
/// the ring, the container at (40, 20); bar-local points for the bar at (50, 400)). Tolerance ±12/255 on
/// gradients, as DEMOS.md states.
@MainActor
@Suite(.serialized)
struct GradientRingTests {
    let size = GradientRingDemo.preferredSize

    func probe(_ frame: Bitmap, ring x: Double, _ y: Double) -> SIMD4<UInt8>? {
        frame.pixel(x: Int(40 + x), y: Int(20 + y))
    }
    func probe(_ frame: Bitmap, bar x: Double, _ y: Double) -> SIMD4<UInt8>? {
        frame.pixel(x: Int(50 + x), y: Int(400 + y))
    }
    func near(_ p: SIMD4<UInt8>?, _ r: Int, _ g: Int, _ b: Int, _ tolerance: Int = 12) -> Bool {
        guard let p else { return false }
        return abs(Int(p[0]) - r) <= tolerance && abs(Int(p[1]) - g) <= tolerance && abs(Int(p[2]) - b) <= tolerance
    }

    @Test func ringCheckpoints() throws {
        let half = try Capture.frame(GradientRingDemo.self, size: size, at: 0.5)
        #expect(near(probe(half, ring: 266.1, 53.9), 255, 46, 0))   // strokeEnd 0.25: the first eighth is drawn
        #expect(near(probe(half, ring: 289.9, 235), 255, 255, 255))  // a third of the way round: not yet
        // Inside the ring: DEMOS.md probes the centre, where the percentage now stands; above it is as bare.
        #expect(near(probe(half, ring: 160, 100), 255, 255, 255))
        let later = try Capture.frame(GradientRingDemo.self, size: size, at: 1.5)
        #expect(near(probe(later, ring: 160, 310), 255, 255, 0))
        #expect(near(probe(later, ring: 30.1, 235), 200, 255, 0))
        #expect(near(probe(later, ring: 30.1, 85), 255, 255, 255))
        let done = try Capture.frame(GradientRingDemo.self, size: size, at: 2.5)
        #expect(near(probe(done, ring: 150, 10), 8, 255, 0))          // the inherent seam at the top
        #expect(near(probe(done, ring: 170, 10), 255, 8, 0))
    }

    @Test func atHalfStrokeTheRightHalfIsColouredAndTheLeftIsNot() throws {
        // strokeEnd = t / 2: at t = 1 the ring is drawn from 12 o'clock clockwise to 6 o'clock.
        let frame = try Capture.frame(GradientRingDemo.self, size: size, at: 1.0)
        for degrees in stride(from: 10.0, through: 170, by: 20) {
            let a = (degrees - 90) * .pi / 180
            let p = probe(frame, ring: 160 + 150 * cos(a), 160 + 150 * sin(a))
            #expect(!near(p, 255, 255, 255, 30), "right half at \(degrees)° should be coloured")
        }
        for degrees in stride(from: 190.0, through: 350, by: 20) {
            let a = (degrees - 90) * .pi / 180
            #expect(near(probe(frame, ring: 160 + 150 * cos(a), 160 + 150 * sin(a)), 255, 255, 255, 3),
                    "left half at \(degrees)° should be white")
        }
    }

    @Test func shimmerBarCheckpoints() throws {
        let one = try Capture.frame(GradientRingDemo.self, size: size, at: 1)
        #expect(near(probe(one, bar: 30, 10), 204, 255, 51))
        #expect(near(probe(one, bar: 100, 10), 255, 255, 255, 3))
        let three = try Capture.frame(GradientRingDemo.self, size: size, at: 3)
        #expect(near(probe(three, bar: 150, 10), 0, 255, 255))
        #expect(near(probe(three, bar: 75, 10), 128, 255, 128))
        #expect(near(probe(three, bar: 250, 10), 255, 255, 255, 3))
        let late = try Capture.frame(GradientRingDemo.self, size: size, at: 5.5)
        #expect(near(probe(late, bar: 75, 10), 255, 255, 0))
        #expect(near(probe(late, bar: 225, 10), 0, 255, 255))
    }

    @Test func conicRingHasNoSeamAtTheBottom() throws {
        // Walk the bottom of the completed ring a degree at a time; the largest colour step between
        // neighbours shows a seam. One conic gradient changes colour smoothly everywhere but at the top (the
        // tutorial's two halves need the yellow strip to hide theirs).
        func largestStep(_ type: any Demo.Type) throws -> Int {
            let frame = try Capture.frame(type, size: size, at: 2.5)
            var previous: SIMD4<UInt8>?
            var worst = 0
            for degrees in stride(from: 150.0, through: 210, by: 1) {
                let a = (degrees - 90) * .pi / 180
                let p = probe(frame, ring: 160 + 144 * cos(a), 160 + 144 * sin(a))
                if let p, let q = previous { worst = max(worst, maxChannelDifference(p, q)) }
                previous = p
            }
            return worst
        }
        let conic = try largestStep(ConicGradientRingDemo.self)
        #expect(conic <= 12, "conic ring: a step of \(conic)/255 between neighbouring degrees")
    }
}

func maxChannelDifference(_ a: SIMD4<UInt8>, _ b: SIMD4<UInt8>) -> Int {
    (0..<3).map { abs(Int(a[$0]) - Int(b[$0])) }.max() ?? 0
}
