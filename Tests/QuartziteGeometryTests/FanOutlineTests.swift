import Foundation
import Testing
import QuartziteGeometry

/// Which fills carry a `FanOutline` (a loop seen whole from its centroid) and that the fan it describes
/// covers exactly the filled region.
@Suite struct FanOutlineTests {
    static func polygon(_ points: [CGPoint]) -> CGPath {
        let p = CGMutablePath()
        p.addLines(between: points)
        p.closeSubpath()
        return p
    }

    static func pentagram(radius r: CGFloat) -> CGPath {
        polygon((0..<5).map { i in
            let a = -CGFloat.pi / 2 + CGFloat(i) * 4 * .pi / 5
            return CGPoint(x: 100 + r * cos(a), y: 100 + r * sin(a))
        })
    }

    /// Twice the signed area of the fan's triangles (positive when each turns clockwise on screen).
    static func fanArea(_ fan: FanOutline) -> Double {
        var sum = 0.0
        for k in 0..<fan.points.count {
            let p = fan.points[k] - fan.centre, q = fan.points[(k + 1) % fan.points.count] - fan.centre
            sum += Double(p.x) * Double(q.y) - Double(p.y) * Double(q.x)
        }
        return sum / 2
    }

    @Test func pentagramUnionIsATenCornerFanAboutItsCentre() throws {
        let mesh = Self.pentagram(radius: 50).fillMesh(rule: .winding)
        let fan = try #require(mesh.fanOutline)
        // The non-zero union of a pentagram is a ten-cornered star: five tips at radius 50, five inner
        // corners at 50 sin 18° / sin 126° (the chords' crossings), symmetric about the centre.
        #expect(fan.points.count == 10)
        #expect(abs(fan.centre.x - 100) < 1e-3 && abs(fan.centre.y - 100) < 1e-3)
        let inner = 50 * sin(CGFloat.pi / 10) / sin(7 * CGFloat.pi / 10)
        let radii = fan.points.map { p in Double(((p.x - 100) * (p.x - 100) + (p.y - 100) * (p.y - 100)).squareRoot()) }.sorted()
        for r in radii.prefix(5) { #expect(abs(r - Double(inner)) < 1e-3) }
        for r in radii.suffix(5) { #expect(abs(r - 50) < 1e-3) }
        // The fan covers exactly the mesh's triangles: area 10 * (1/2) * R * r * sin 36°.
        let exact = 5 * 50 * Double(inner) * sin(Double.pi / 5)
        #expect(abs(Self.fanArea(fan) - exact) < 1e-3 * exact)
        #expect(abs(mesh.area - exact) < 1e-3 * exact)
    }

    /// The inner corners are crossings of two chords, found once from each. For some radii the two Float
    /// results differ in the last bit (r = 22.8, 26.14), or the outline joins them with a piece one ulp long
    /// (r = 24.95, 26.24): the loop must still close, with ten corners.
    @Test func pentagramsOfEveryRadiusChainIntoALoop() {
        var missing: [Double] = []
        for i in 0..<2000 {
            let r = 20 + 20 * Double(i) / 2000
            let star = Self.polygon((0..<5).map { k in
                let a = -Double.pi / 2 + Double(k) * 4 * .pi / 5
                return CGPoint(x: r + r * cos(a), y: r + r * sin(a))
            })
            if star.fillMesh(rule: .winding).fanOutline?.points.count != 10 { missing.append(r) }
        }
        #expect(missing.isEmpty, "no ten-corner fan for radii \(missing.prefix(5))")
    }

    @Test func rectangleMergesItsSplitSidesIntoFourCorners() throws {
        let fan = try #require(CGPath(rect: CGRect(x: 10, y: 20, width: 30, height: 40), transform: nil).fillMesh().fanOutline)
        #expect(fan.points.count == 4)
        #expect(fan.centre == SIMD2(25, 40))
        #expect(abs(Self.fanArea(fan) - 1200) < 1e-3)
    }

    @Test func circleIsAFanOfItsFlattenedOutline() throws {
        let mesh = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 80, height: 80), transform: nil).fillMesh(tolerance: 0.1)
        let fan = try #require(mesh.fanOutline)
        #expect(fan.points.count == mesh.boundary.count)
        #expect(abs(Self.fanArea(fan) - mesh.area) < 1e-3 * mesh.area)
    }

    /// The fan is the outline's: changing the outline, or adding another mesh, leaves none.
    @Test func aChangedOutlineDropsTheFan() {
        var mesh = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil).fillMesh()
        #expect(mesh.fanOutline != nil)
        var moved = mesh
        moved.boundary[0].x += 1
        #expect(moved.fanOutline == nil)
        mesh.append(CGPath(rect: CGRect(x: 20, y: 0, width: 10, height: 10), transform: nil).fillMesh())
        #expect(mesh.fanOutline == nil)
    }

    @Test func regionsNoPointSeesWholeHaveNoFan() {
        // Even-odd pentagram: five separate tips round a hole.
        #expect(Self.pentagram(radius: 50).fillMesh(rule: .evenOdd).fanOutline == nil)
        // Two squares apart.
        let two = CGMutablePath()
        two.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        two.addRect(CGRect(x: 20, y: 0, width: 10, height: 10))
        #expect(two.fillMesh().fanOutline == nil)
        // A thin L: its centroid lies in the empty corner between the arms.
        let l = Self.polygon([CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 90), CGPoint(x: 100, y: 90),
                              CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100)])
        #expect(l.fillMesh().fanOutline == nil)
        // A ring (even-odd circles): a hole in the middle.
        let ring = CGMutablePath()
        ring.addEllipse(in: CGRect(x: 0, y: 0, width: 80, height: 80))
        ring.addEllipse(in: CGRect(x: 20, y: 20, width: 40, height: 40))
        #expect(ring.fillMesh(rule: .evenOdd).fanOutline == nil)
    }

    /// Seeded star-shaped polygons (corners at increasing angles round a point, random radii): each has a
    /// fan whose area is the polygon's shoelace area, and every piece has the centre on its inner side.
    @Test func randomStarShapedPolygonsFanToTheirArea() throws {
        var seed: UInt64 = 7
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        var seen = 0
        for _ in 0..<50 {
            let n = 5 + Int(next() * 20)
            var points: [CGPoint] = []
            for k in 0..<n {
                let a = 2 * Double.pi * (Double(k) + 0.2 + 0.6 * next()) / Double(n)
                let r = 5 + 45 * next()
                points.append(CGPoint(x: 60 + r * cos(a), y: 60 + r * sin(a)))
            }
            var twiceArea = 0.0, cx = 0.0, cy = 0.0
            for k in 0..<n {
                let p = points[k], q = points[(k + 1) % n]
                let cross = p.x * q.y - q.x * p.y
                twiceArea += cross; cx += (p.x + q.x) * cross; cy += (p.y + q.y) * cross
            }
            // Whether the centroid sees every piece from its inner side (the corners run clockwise on screen).
            let c = CGPoint(x: cx / (3 * twiceArea), y: cy / (3 * twiceArea))
            let sees = (0..<n).allSatisfy { k in
                let p = points[k], q = points[(k + 1) % n]
                return (p.x - c.x) * (q.y - c.y) - (p.y - c.y) * (q.x - c.x) > 0
            }
            let mesh = Self.polygon(points).fillMesh()
            #expect((mesh.fanOutline != nil) == sees)
            if sees { seen += 1 }
            guard let fan = mesh.fanOutline else { continue }
            #expect(abs(Self.fanArea(fan) - twiceArea / 2) < 1e-3 * twiceArea)
            for k in 0..<fan.points.count {
                let p = fan.points[k] - fan.centre, q = fan.points[(k + 1) % fan.points.count] - fan.centre
                #expect(p.x * q.y - p.y * q.x > 0)
            }
        }
        // Most of these polygons are seen whole from their centroid; some are not.
        #expect(seen > 10 && seen < 50, "\(seen) of 50")
    }
}
