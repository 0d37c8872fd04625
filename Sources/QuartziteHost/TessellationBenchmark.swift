import Foundation
import Quartzite

/// Times the geometry engine alone (no GL), as issue 4 asks: per frame, flatten and stroke 1,000 polylines of
/// 8 points (width 6, round caps and joins) and fill 500 self-intersecting five-point stars (non-zero rule),
/// all at 0.25 px tolerance. Every point moves every frame, so no result could be reused from the frame
/// before; the paths are built outside the timed region (that is the app's work, not tessellation).
public enum TessellationBenchmark {
    /// Median and 99th percentile of each half and of their sum, in microseconds, plus the mesh sizes of the
    /// last frame (they barely change between frames).
    public struct Result: Encodable, Sendable {
        /// Frames timed.
        public var frames: Int
        /// Stroking 1,000 polylines: median and p99, microseconds.
        public var strokeMedianUs: Double, strokeP99Us: Double
        /// Filling 500 stars: median and p99, microseconds.
        public var fillMedianUs: Double, fillP99Us: Double
        /// Both halves of one frame: median and p99, microseconds.
        public var totalMedianUs: Double, totalP99Us: Double
        /// Vertices and triangles of all stroke meshes of the last frame.
        public var strokeVertices: Int, strokeTriangles: Int
        /// Vertices and triangles of all fill meshes of the last frame.
        public var fillVertices: Int, fillTriangles: Int

        /// One line per half and the total, for a terminal.
        public var table: String {
            func row(_ name: String, _ median: Double, _ p99: Double, _ v: Int?, _ t: Int?) -> String {
                let mesh = v.map { " vertices \($0), triangles \(t ?? 0)" } ?? ""
                let label = name.padding(toLength: 40, withPad: " ", startingAt: 0)
                return label + String(format: " median %8.1f us  p99 %8.1f us", median, p99) + mesh
            }
            return [
                "tessellation: \(frames) frames, tolerance 0.25",
                row("stroke 1000 polylines x 8 (w 6, round)", strokeMedianUs, strokeP99Us, strokeVertices, strokeTriangles),
                row("fill 500 pentagrams (non-zero)", fillMedianUs, fillP99Us, fillVertices, fillTriangles),
                row("total", totalMedianUs, totalP99Us, nil, nil),
            ].joined(separator: "\n")
        }
    }

    static let polylines = 1000, pointsPerLine = 8, stars = 500
    static let box = 120.0, lineWidth = 6.0, wobble = 10.0, tolerance: CGFloat = 0.25
    static let canvas = (width: 1280.0, height: 720.0)

    /// Runs `frames` timed frames (after 5 untimed ones, which warm caches and the allocator) 1/60 s apart.
    /// The generators seed the polylines and the stars; pass two SplitMix64 at seed 1 for the figures in
    /// BENCHMARKS.md, which are then S3's polylines and S4's stars. Draw order as in those scenes, per
    /// polyline: box x, box y, three colour channels (unused here), then per point x, y, phase; per star:
    /// centre x, centre y, radius, three colour channels, speed, direction.
    public static func run<R: RandomNumberGenerator>(frames: Int, polylineRandom: inout R,
                                                     starRandom: inout R) -> Result {
        let scene = Scene(polylineRandom: &polylineRandom, starRandom: &starRandom)
        let strokeStyle = StrokeStyle(lineWidth: lineWidth, lineCap: .round, lineJoin: .round)
        var strokeTimes: [Double] = [], fillTimes: [Double] = [], totals: [Double] = []
        let count = max(1, frames)
        strokeTimes.reserveCapacity(count); fillTimes.reserveCapacity(count); totals.reserveCapacity(count)
        var sizes = (sv: 0, st: 0, fv: 0, ft: 0)
        for f in -5..<count {
            let t = Double(f) / 60
            let lines = scene.polylinePaths(at: t), shapes = scene.starPaths(at: t)
            sizes = (0, 0, 0, 0)
            let c0 = ContinuousClock.now
            for path in lines {
                let mesh = path.strokeMesh(strokeStyle, tolerance: tolerance)
                sizes.sv += mesh.positions.count; sizes.st += mesh.triangleCount
            }
            let c1 = ContinuousClock.now
            for path in shapes {
                let mesh = path.fillMesh(rule: .winding, tolerance: tolerance)
                sizes.fv += mesh.positions.count; sizes.ft += mesh.triangleCount
            }
            let c2 = ContinuousClock.now
            guard f >= 0 else { continue }
            strokeTimes.append(microseconds(c1 - c0))
            fillTimes.append(microseconds(c2 - c1))
            totals.append(microseconds(c2 - c0))
        }
        let stroke = percentiles(strokeTimes), fill = percentiles(fillTimes), total = percentiles(totals)
        return Result(frames: count, strokeMedianUs: stroke.median, strokeP99Us: stroke.p99,
                      fillMedianUs: fill.median, fillP99Us: fill.p99, totalMedianUs: total.median, totalP99Us: total.p99,
                      strokeVertices: sizes.sv, strokeTriangles: sizes.st, fillVertices: sizes.fv, fillTriangles: sizes.ft)
    }

    private static func microseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12
    }

    private static func percentiles(_ values: [Double]) -> (median: Double, p99: Double) {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return (0, 0) }
        let p99 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.down)))]
        return (sorted[sorted.count / 2], p99)
    }

    /// The seeded geometry: S3's polylines (points circling at radius 10, one turn per 2 s) and S4's stars,
    /// placed on the canvas, except that the stars' rotation is applied to the path, so the fill has to be
    /// redone every frame.
    private struct Scene {
        var lineOrigins: [CGPoint] = [], lineBases: [[CGPoint]] = [], linePhases: [[Double]] = []
        var starCentres: [CGPoint] = [], starRadii: [Double] = [], starSpeeds: [Double] = []

        init<R: RandomNumberGenerator>(polylineRandom: inout R, starRandom: inout R) {
            // SplitMix64's unit(): the top 53 bits, so the sequence matches the scenes' exactly.
            func unit(_ random: inout R) -> Double { Double(random.next() >> 11) * 0x1.0p-53 }
            func uniform(_ r: ClosedRange<Double>, _ random: inout R) -> Double {
                r.lowerBound + unit(&random) * (r.upperBound - r.lowerBound)
            }
            // Points stay inside their box while they circle, stroke included (as in S3).
            let margin = wobble + lineWidth / 2
            for _ in 0..<polylines {
                let x = uniform(0...(canvas.width - box), &polylineRandom)
                let y = uniform(0...(canvas.height - box), &polylineRandom)
                lineOrigins.append(CGPoint(x: x, y: y))
                for _ in 0..<3 { _ = unit(&polylineRandom) }
                var base: [CGPoint] = [], phase: [Double] = []
                for _ in 0..<pointsPerLine {
                    let px = uniform(margin...(box - margin), &polylineRandom)
                    let py = uniform(margin...(box - margin), &polylineRandom)
                    base.append(CGPoint(x: px, y: py))
                    phase.append(uniform(0...2 * .pi, &polylineRandom))
                }
                lineBases.append(base); linePhases.append(phase)
            }
            for _ in 0..<stars {
                let cx = uniform(40...(canvas.width - 40), &starRandom)
                let cy = uniform(40...(canvas.height - 40), &starRandom)
                starCentres.append(CGPoint(x: cx, y: cy))
                starRadii.append(uniform(20...40, &starRandom))
                for _ in 0..<3 { _ = unit(&starRandom) }
                let speed = uniform(0.5...2, &starRandom)
                starSpeeds.append(unit(&starRandom) < 0.5 ? -speed : speed)
            }
        }

        func polylinePaths(at t: Double) -> [CGPath] {
            (0..<lineBases.count).map { i in
                let o = lineOrigins[i]
                let points = (0..<pointsPerLine).map { k -> CGPoint in
                    let angle = .pi * t + linePhases[i][k]
                    return CGPoint(x: o.x + lineBases[i][k].x + wobble * cos(angle),
                                   y: o.y + lineBases[i][k].y + wobble * sin(angle))
                }
                let path = CGMutablePath()
                path.addLines(between: points)
                return path
            }
        }

        /// Pentagrams: every second vertex of a regular pentagon, one closed subpath, turned by speed x t.
        func starPaths(at t: Double) -> [CGPath] {
            (0..<starCentres.count).map { i in
                let c = starCentres[i], r = starRadii[i], turn = starSpeeds[i] * t
                let points = (0..<5).map { k -> CGPoint in
                    let angle = -Double.pi / 2 + Double(k) * 4 * .pi / 5 + turn
                    return CGPoint(x: c.x + r * cos(angle), y: c.y + r * sin(angle))
                }
                let path = CGMutablePath()
                path.addLines(between: points)
                path.closeSubpath()
                return path
            }
        }
    }
}
