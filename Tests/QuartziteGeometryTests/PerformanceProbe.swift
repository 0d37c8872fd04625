import Foundation
import Testing
@testable import QuartziteGeometry

/// Prints timings when GEOMETRY_PERF is set (run with `GEOMETRY_PERF=1 swift test -c release --filter
/// PerformanceProbe`); never asserts a time, and is skipped otherwise.
@Suite struct PerformanceProbe {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["GEOMETRY_PERF"] != nil))
    func strokeThousandPolylines() {
        let m = CGMutablePath()
        for i in 0..<1000 {
            let base = CGFloat(i % 40) * 20
            m.addLines(between: (0..<8).map { CGPoint(x: base + CGFloat($0 * 7), y: CGFloat(i / 40 * 20) + CGFloat(($0 * 37) % 11)) })
        }
        let style = StrokeStyle(lineWidth: 3, lineCap: .round, lineJoin: .round)
        var best = Double.infinity
        var triangles = 0
        for _ in 0..<20 {
            let t0 = Date()
            triangles = m.strokeMesh(style).triangleCount
            best = min(best, Date().timeIntervalSince(t0))
        }
        print("PERF stroke 1000x8 round: \(best * 1000) ms, \(triangles) triangles")
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 500, height: 500))
        let t1 = Date()
        let fill = circle.fillMesh()
        print("PERF fill circle r=250: \(Date().timeIntervalSince(t1) * 1000) ms, \(fill.triangleCount) triangles")
    }
}
