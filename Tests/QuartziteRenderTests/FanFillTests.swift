import Foundation
import Testing
import Quartzite
import QuartziteRender

/// Star-shaped fills drawn as fans whose triangles antialias their own outline piece (`DisplayList.appendFan`)
/// against cairo, turned, mirrored and squashed; and the shapes whose fan would fold, which must fall back to
/// the fringe and still match.
@MainActor
@Suite(.serialized)
struct FanFillTests {
    static let size = 128
    let cairo = CairoComparisonTests()

    /// The pentagram's corners about (64, 66), radius 58, as CairoComparisonTests draws it.
    static func pentagram() -> [CGPoint] {
        (0..<5).map { i in
            let a = -CGFloat.pi / 2 + CGFloat(i) * 4 * .pi / 5
            return CGPoint(x: 64 + 58 * cos(a), y: 66 + 58 * sin(a))
        }
    }

    static func polygon(_ points: [CGPoint]) -> CGPath {
        let p = CGMutablePath()
        p.addLines(between: points)
        p.closeSubpath()
        return p
    }

    /// Our frame of `path` filled with `color` under `transform` (about the canvas centre), its vertex
    /// count, and cairo's drawing of the same path with the transform applied to its points.
    func draw(_ points: [CGPoint], color: CGColor, transform: CGAffineTransform = .identity)
        throws -> (ours: Bitmap, vertices: Int, reference: [UInt8]) {
        let root = whiteCanvas(CGFloat(Self.size))
        let layer = cairo.shape(Self.polygon(points), fill: .winding)
        layer.fillColor = color
        layer.setAffineTransform(transform)
        root.addSublayer(layer)
        let renderer = try HeadlessRenderer(size: CGSize(width: Self.size, height: Self.size))
        defer { renderer.close() }
        let vertices = try renderer.renderTimed(root, at: 0).vertices
        let ours = try renderer.render(root, at: 0)
        // The layer turns about its centre, the canvas centre.
        let c = CGFloat(Self.size) / 2
        let placed = points.map { p in
            let q = CGPoint(x: p.x - c, y: p.y - c).applying(transform)
            return CGPoint(x: q.x + c, y: q.y + c)
        }
        let reference = CairoReference.render(Self.polygon(placed), paint: .fill(.winding), color: color,
                                              background: .white, width: Self.size, height: Self.size)
        return (ours, vertices, reference)
    }

    /// Pixels whose 3x3 neighbourhood cairo draws in one colour (inside or outside the shape, away from
    /// its edge) where ours differs by more than 2/255: a seam between fan triangles, or a pixel blended
    /// twice, shows here.
    func interiorMismatches(_ ours: Bitmap, _ reference: [UInt8]) -> Int {
        let n = Self.size
        func pixel(_ image: [UInt8], _ x: Int, _ y: Int) -> SIMD4<UInt8> {
            let i = (y * n + x) * 4
            return SIMD4(image[i], image[i + 1], image[i + 2], image[i + 3])
        }
        var count = 0
        for y in 1..<(n - 1) {
            for x in 1..<(n - 1) {
                let centre = pixel(reference, x, y)
                var uniform = true
                for dy in -1...1 { for dx in -1...1 where maxChannelDifference(pixel(reference, x + dx, y + dy), centre) > 2 { uniform = false } }
                if uniform && maxChannelDifference(pixel(ours.rgba, x, y), centre) > 2 { count += 1 }
            }
        }
        return count
    }

    nonisolated static let transforms: [(String, CGAffineTransform)] = [
        ("upright", .identity),
        ("turned 30 degrees", CGAffineTransform(rotationAngle: .pi / 6)),
        ("mirrored", CGAffineTransform(scaleX: -1, y: 1)),
        ("squashed and turned", CGAffineTransform(scaleX: 1.1, y: 0.6).rotated(by: 1)),
    ]

    @Test(arguments: transforms.indices)
    func translucentStarFanMatchesCairo(_ index: Int) throws {
        let (name, transform) = Self.transforms[index]
        let color = CGColor(red: 0.9, green: 0.1, blue: 0.2, alpha: 0.6)
        let (ours, vertices, reference) = try draw(Self.pentagram(), color: color, transform: transform)
        // The union's ten pieces: ten moved corners and ten centres, against a fringe's 40 + the mesh's own.
        #expect(vertices == 20, "\(name)")
        let result = cairo.compare(ours, reference, paint: nil, background: rgba(255, 255, 255))
        // 0.10 - 0.14 here; moving every edge a third of a pixel in gives about 0.4.
        if result.meanDifference >= 0.2 || result.offEdgeOutliers > 0 { keepForInspection(ours, "fan-\(name)") }
        #expect(result.meanDifference < 0.2, "\(name): \(result)")
        #expect(result.offEdgeOutliers == 0, "\(name): \(result)")
        #expect(interiorMismatches(ours, reference) == 0, "\(name)")
    }

    /// A 10-degree spike (a turn too sharp for a bounded mitre) and a square with a V notch whose 0.2-point
    /// floor the moved walls would cross: neither may be drawn as a fan, and both still match cairo.
    @Test(arguments: [0, 1])
    func foldingFansFallBackToTheFringe(_ index: Int) throws {
        let spike = [CGPoint(x: 55.25, y: 114), CGPoint(x: 64, y: 14), CGPoint(x: 72.75, y: 114)]
        let notch = [CGPoint(x: 14, y: 14), CGPoint(x: 59, y: 14), CGPoint(x: 63.9, y: 19), CGPoint(x: 64.1, y: 19),
                     CGPoint(x: 69, y: 14), CGPoint(x: 114, y: 14), CGPoint(x: 114, y: 114), CGPoint(x: 14, y: 114)]
        let points = index == 0 ? spike : notch
        let mesh = Self.polygon(points).fillMesh(rule: .winding)
        // Both are fans as shapes; only moving their pieces out by half a pixel folds them.
        #expect(mesh.fanOutline != nil)
        // Opaque: over the notched square's large inside, translucent paint would measure the two
        // renderers' blend rounding (cairo truncates) more than their edges.
        let color = CGColor(red: 0.1, green: 0.3, blue: 0.8, alpha: 1)
        let (ours, vertices, reference) = try draw(points, color: color)
        #expect(vertices == 4 * mesh.boundary.count + mesh.positions.count)
        let result = cairo.compare(ours, reference, paint: nil, background: rgba(255, 255, 255))
        // 0.02 (spike) and 0.20 (notch, whose outline is three times as long) here.
        if result.meanDifference >= 0.3 || result.offEdgeOutliers > 0 { keepForInspection(ours, "fan-fallback-\(index)") }
        #expect(result.meanDifference < 0.3, "\(result)")
        #expect(result.offEdgeOutliers == 0, "\(result)")
        #expect(interiorMismatches(ours, reference) == 0)
    }
}
