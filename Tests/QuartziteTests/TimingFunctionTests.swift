import Foundation
import Testing
import Quartzite

@Suite struct TimingFunctionTests {
    @Test func referenceValues() {
        // Independent reference values (LESSONS.md "Timing references").
        #expect(close(CAMediaTimingFunction(name: .easeInEaseOut).evaluate(0.25), 0.129162, 1e-6))
        #expect(close(CAMediaTimingFunction(name: .easeIn).evaluate(0.5), 0.315357, 1e-6))
        #expect(close(CAMediaTimingFunction(name: .easeOut).evaluate(0.5), 0.684643, 1e-6))
        #expect(close(CAMediaTimingFunction(name: .default).evaluate(0.5), 0.802403, 1e-6))
        #expect(close(CAMediaTimingFunction(name: .linear).evaluate(0.37), 0.37, 1e-12))
        // Symmetric curve: easeInEaseOut(0.5) = 0.5, and seed 004's 0.871 at 0.75. (Only to 1e-6:
        // the control points are Floats, and Float(0.42) + Float(0.58) is not exactly 1.)
        #expect(close(CAMediaTimingFunction(name: .easeInEaseOut).evaluate(0.5), 0.5, 1e-6))
        #expect(close(CAMediaTimingFunction(name: .easeInEaseOut).evaluate(0.75), 0.870838, 1e-6))
    }

    /// y at x by brute force: sample the Bézier densely in its parameter and interpolate linearly
    /// between the two samples whose x bracket the input. Shares no code with the solver.
    func bruteForce(_ c: (Double, Double, Double, Double), _ x: Double) -> Double {
        let n = 200_000
        func b(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
        }
        var prevX = 0.0, prevY = 0.0
        for i in 1...n {
            let t = Double(i) / Double(n)
            let px = b(c.0, c.2, t), py = b(c.1, c.3, t)
            if px >= x {
                let f = px > prevX ? (x - prevX) / (px - prevX) : 0
                return prevY + f * (py - prevY)
            }
            prevX = px; prevY = py
        }
        return 1
    }

    @Test(arguments: [
        (0.42, 0.0, 1.0, 1.0), (0.0, 0.0, 0.58, 1.0), (0.42, 0.0, 0.58, 1.0), (0.25, 0.1, 0.25, 1.0),
        // Seed 001's curves, including one flat at the start (strokeEndTF) and overshoot-free extremes.
        (1.0, 0.0, 0.35, 1.0), (0.25, 0.0, 0.2, 1.0), (0.65, 0.0, 0.4, 1.0), (0.15, 0.0, 0.85, 1.0),
        // Overshooting y.
        (0.3, -0.5, 0.7, 1.5),
    ])
    func matchesDenseSampling(_ c: (Double, Double, Double, Double)) {
        let f = CAMediaTimingFunction(controlPoints: Float(c.0), Float(c.1), Float(c.2), Float(c.3))
        // Compare against the Float-rounded control points the function actually stores.
        let cf = (Double(Float(c.0)), Double(Float(c.1)), Double(Float(c.2)), Double(Float(c.3)))
        for i in 0...10 {
            let x = Double(i) / 10
            let got = f.evaluate(x), want = bruteForce(cf, x)
            #expect(close(got, want, 1e-6), "x=\(x): \(got) vs \(want)")
        }
    }

    /// Curves with x1 = 1, x2 = 0 have dx/dt = 0 at t = 0.5, so y(x) has an infinite slope at
    /// x = 0.5: an x rounding error of 1e-16 there is a y error of ~3e-6 in any double
    /// evaluation. Newton cannot work there; bisection must still land within that limit.
    @Test(arguments: [(1.0, 0.0, 0.0, 1.0), (1.0, 0.2, 0.0, 0.9)])
    func zeroSlopeInsideIsSolvedByBisection(_ c: (Double, Double, Double, Double)) {
        let f = CAMediaTimingFunction(controlPoints: Float(c.0), Float(c.1), Float(c.2), Float(c.3))
        let cf = (Double(Float(c.0)), Double(Float(c.1)), Double(Float(c.2)), Double(Float(c.3)))
        for i in 0...20 {
            let x = Double(i) / 20
            #expect(close(f.evaluate(x), bruteForce(cf, x), 2e-5), "x=\(x)")
        }
    }

    @Test func clampsAndNeverFails() {
        let f = CAMediaTimingFunction(name: .easeIn)
        #expect(f.evaluate(-1) == 0 && f.evaluate(0) == 0)
        #expect(f.evaluate(1) == 1 && f.evaluate(7) == 1)
        #expect(f.evaluate(.nan) == 0)
        #expect(f.evaluate(.infinity) == 1)
        // Monotonic on a fine grid for a monotonic curve.
        var last = 0.0
        for i in 0...1000 {
            let y = f.evaluate(Double(i) / 1000)
            #expect(y >= last - 1e-12)
            last = y
        }
    }

    @Test func controlPoints() {
        let f = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)
        var v: [Float] = [-7, -7]
        v.withUnsafeMutableBufferPointer { f.getControlPoint(at: 0, values: $0.baseAddress!) }
        #expect(v == [0, 0])
        v.withUnsafeMutableBufferPointer { f.getControlPoint(at: 1, values: $0.baseAddress!) }
        #expect(v == [0.1, 0.2])
        v.withUnsafeMutableBufferPointer { f.getControlPoint(at: 2, values: $0.baseAddress!) }
        #expect(v == [0.3, 0.4])
        v.withUnsafeMutableBufferPointer { f.getControlPoint(at: 3, values: $0.baseAddress!) }
        #expect(v == [1, 1])
        v = [-7, -7]
        v.withUnsafeMutableBufferPointer { f.getControlPoint(at: 4, values: $0.baseAddress!) }
        v.withUnsafeMutableBufferPointer { f.getControlPoint(at: -1, values: $0.baseAddress!) }
        #expect(v == [-7, -7])
    }

    @Test func equalityAndNames() {
        #expect(CAMediaTimingFunction(name: .easeInEaseOut) == CAMediaTimingFunction(controlPoints: 0.42, 0, 0.58, 1))
        #expect(CAMediaTimingFunction(name: .default) == CAMediaTimingFunction(controlPoints: 0.25, 0.1, 0.25, 1))
        #expect(CAMediaTimingFunction(name: .easeIn) != CAMediaTimingFunction(name: .easeOut))
        #expect(CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: "nope")) == CAMediaTimingFunction(name: .linear))
        #expect(CAMediaTimingFunctionName.easeInEaseOut.rawValue == "easeInEaseOut")
        #expect(CAMediaTimingFillMode.both.rawValue == "both")
    }

    @Test func outOfRangeXIsClampedAndNaNIsLinear() {
        let f = CAMediaTimingFunction(controlPoints: -1, 0, 2, 1)
        #expect(f == CAMediaTimingFunction(controlPoints: 0, 0, 1, 1))
        let g = CAMediaTimingFunction(controlPoints: .nan, .nan, .infinity, .nan)
        #expect(g == CAMediaTimingFunction(name: .linear))
        #expect(close(g.evaluate(0.3), 0.3, 1e-9))
    }
}
