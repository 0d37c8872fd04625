import Foundation
import Quartzite
import QuartziteDemos

/// Times the geometry engine alone (no GL): per frame, flatten and stroke S3's 1,000 polylines of 8 points
/// (width 6, round caps and joins) and fill S4's 500 self-intersecting five-point stars (non-zero rule), all
/// at 0.25 px tolerance. The geometry is the scenes' own (their `primitives(at:)`), except that each star's
/// rotation is applied to its points, so every point moves every frame and no result could be reused from
/// the frame before; the paths are built outside the timed region (that is the app's work, not tessellation).
@MainActor
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

    static let tolerance: CGFloat = 0.25

    /// Runs `frames` timed frames (after 5 untimed ones, which warm caches and the allocator) 1/60 s apart.
    public static func run(frames: Int) -> Result {
        let lines = PolylinesScene(animated: true), stars = StarsScene(animated: true)
        let strokeStyle = StrokeStyle(lineWidth: 6, lineCap: .round, lineJoin: .round)
        var strokeTimes: [Double] = [], fillTimes: [Double] = [], totals: [Double] = []
        let count = max(1, frames)
        strokeTimes.reserveCapacity(count); fillTimes.reserveCapacity(count); totals.reserveCapacity(count)
        var sizes = (sv: 0, st: 0, fv: 0, ft: 0)
        for f in -5..<count {
            let t = Double(f) / 60
            let linePaths = paths(lines.primitives(at: t)), starPaths = paths(stars.primitives(at: t))
            sizes = (0, 0, 0, 0)
            let c0 = ContinuousClock.now
            for path in linePaths {
                let mesh = path.strokeMesh(strokeStyle, tolerance: tolerance)
                sizes.sv += mesh.positions.count; sizes.st += mesh.triangleCount
            }
            let c1 = ContinuousClock.now
            for path in starPaths {
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

    /// A scene's polylines (open) and polygons (closed, their transform applied to the points) as paths in
    /// canvas points.
    static func paths(_ primitives: [BenchPrimitive]) -> [CGPath] {
        primitives.compactMap { primitive in
            let path = CGMutablePath()
            switch primitive {
            case .polyline(let points, _, _):
                path.addLines(between: points)
            case .polygon(let points, _, let transform):
                path.addLines(between: points.map { $0.applying(transform) })
                path.closeSubpath()
            default:
                return nil
            }
            return path
        }
    }

    private static func microseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12
    }

    private static func percentiles(_ values: [Double]) -> (median: Double, p99: Double) {
        let sorted = values.sorted()
        return (Percentile.of(sorted, 0.5), Percentile.of(sorted, 0.99))
    }
}
