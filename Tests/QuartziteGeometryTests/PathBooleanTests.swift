import Foundation
import Testing
@testable import QuartziteGeometry

/// The iOS 16 boolean operations on fills (`union`, `intersection`, `subtracting`, `symmetricDifference`,
/// `normalized`): areas against closed-form geometry, containment of chosen points, and results that fill the
/// same under either rule.
@Suite struct PathBooleanTests {
    /// The area a path's fill covers, by the shoelace sum over its flattened subpaths: a result's holes run
    /// opposite to its outer loops, so their signed areas subtract.
    func area(_ path: CGPath) -> Double {
        abs(path.flattened(tolerance: 0.001).reduce(0.0) { sum, loop in
            let p = loop.points + [loop.points[0]]
            return sum + zip(p, p.dropFirst()).reduce(0.0) { $0 + Double($1.0.x * $1.1.y - $1.1.x * $1.0.y) } / 2
        })
    }

    /// Every subpath of the result is closed, and every point on a grid over `box` is inside under one
    /// rule exactly when it is under the other.
    func expectRulesAgree(_ path: CGPath, over box: CGRect, sourceLocation: SourceLocation = #_sourceLocation) {
        let moves = path.elements.filter { if case .moveTo = $0 { true } else { false } }.count
        let closes = path.elements.filter { $0 == .closeSubpath }.count
        #expect(moves == closes, sourceLocation: sourceLocation)
        var disagree = 0
        for i in 0..<40 {
            for j in 0..<40 {
                let p = CGPoint(x: box.minX + (CGFloat(i) + 0.37) * box.width / 40,
                                y: box.minY + (CGFloat(j) + 0.61) * box.height / 40)
                if path.contains(p, using: .winding) != path.contains(p, using: .evenOdd) { disagree += 1 }
            }
        }
        #expect(disagree == 0, sourceLocation: sourceLocation)
    }

    /// The points of every element, for finiteness checks.
    func allPoints(_ path: CGPath) -> [CGPoint] { path.elements.flatMap(\.points) }

    /// A regular star polygon {5/2}: five points on a circle of `radius` about `centre`, joined every second.
    func pentagram(radius: CGFloat, centre: CGPoint = .zero) -> CGPath {
        let m = CGMutablePath()
        let corners = (0..<5).map { k -> CGPoint in
            let angle = -CGFloat.pi / 2 + CGFloat(k) * 4 * .pi / 5
            return CGPoint(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
        }
        m.addLines(between: corners)
        m.closeSubpath()
        return m
    }

    // A is 100 x 60 at the origin, B 100 x 60 at (40, 20): they overlap in 60 x 40 = 2,400.
    let a = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 60))
    let b = CGPath(rect: CGRect(x: 40, y: 20, width: 100, height: 60))

    @Test func overlappingRectanglesAreas() {
        #expect(abs(area(a.union(b)) - (6000 + 6000 - 2400)) < 1e-6)
        #expect(abs(area(a.intersection(b)) - 2400) < 1e-6)
        #expect(abs(area(a.subtracting(b)) - 3600) < 1e-6)
        #expect(abs(area(b.subtracting(a)) - 3600) < 1e-6)
        #expect(abs(area(a.symmetricDifference(b)) - 7200) < 1e-6)
        let box = CGRect(x: -10, y: -10, width: 160, height: 100)
        for result in [a.union(b), a.intersection(b), a.subtracting(b), a.symmetricDifference(b)] {
            expectRulesAgree(result, over: box)
        }
    }

    @Test func overlappingRectanglesContainment() {
        let onlyA = CGPoint(x: 20, y: 10), both = CGPoint(x: 70, y: 40), onlyB = CGPoint(x: 120, y: 70)
        let neither = CGPoint(x: 130, y: 10)
        let union = a.union(b), intersection = a.intersection(b)
        let difference = a.subtracting(b), xor = a.symmetricDifference(b)
        #expect(union.contains(onlyA) && union.contains(both) && union.contains(onlyB) && !union.contains(neither))
        #expect(!intersection.contains(onlyA) && intersection.contains(both) && !intersection.contains(onlyB))
        #expect(difference.contains(onlyA) && !difference.contains(both) && !difference.contains(onlyB))
        #expect(xor.contains(onlyA) && !xor.contains(both) && xor.contains(onlyB) && !xor.contains(neither))
    }

    @Test func eachPathsWindingIsReadOnItsOwn() {
        // B drawn the other way round: under the winding rule each path is still inside itself, so the union
        // is unchanged (summed into one winding number, A's +1 and B's -1 would cancel in the overlap).
        let reversed = CGMutablePath()
        reversed.addLines(between: [CGPoint(x: 40, y: 20), CGPoint(x: 40, y: 80), CGPoint(x: 140, y: 80), CGPoint(x: 140, y: 20)])
        reversed.closeSubpath()
        let union = a.union(reversed)
        #expect(abs(area(union) - 9600) < 1e-6)
        #expect(union.contains(CGPoint(x: 70, y: 40)))
        #expect(abs(area(a.intersection(reversed)) - 2400) < 1e-6)
    }

    @Test func intersectingCirclesLens() {
        // Radius 50, centres 60 apart: the lens is 2r² acos(d / 2r) - (d / 2) sqrt(4r² - d²).
        let r = 50.0, d = 60.0
        let lens = 2 * r * r * acos(d / (2 * r)) - d / 2 * (4 * r * r - d * d).squareRoot()
        let first = CGPath(ellipseIn: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r))
        let second = CGPath(ellipseIn: CGRect(x: d - r, y: -r, width: 2 * r, height: 2 * r))
        // Flattening at 0.01 and the cubic circle's 0.03% bulge move the area by well under 0.5%.
        let intersection = area(first.intersection(second))
        #expect(abs(intersection - lens) < 0.005 * lens, "\(intersection) against \(lens)")
        let union = area(first.union(second)), expectedUnion = 2 * Double.pi * r * r - lens
        #expect(abs(union - expectedUnion) < 0.005 * expectedUnion, "\(union) against \(expectedUnion)")
        #expect(first.intersection(second).contains(CGPoint(x: 30, y: 0)))
        #expect(!first.intersection(second).contains(CGPoint(x: -20, y: 0)))
    }

    @Test func squareMinusCentredSquareHasAHole() {
        let outer = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
        let inner = CGPath(rect: CGRect(x: 25, y: 25, width: 50, height: 50))
        let frame = outer.subtracting(inner)
        #expect(abs(area(frame) - 7500) < 1e-6)
        for rule in [CGPathFillRule.winding, .evenOdd] {
            #expect(!frame.contains(CGPoint(x: 50, y: 50), using: rule))
            #expect(frame.contains(CGPoint(x: 10, y: 50), using: rule))
        }
        #expect(frame.flattened().count == 2)
        expectRulesAgree(frame, over: CGRect(x: -5, y: -5, width: 110, height: 110))
    }

    @Test func disjointPaths() {
        let left = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let right = CGPath(rect: CGRect(x: 20, y: 0, width: 10, height: 10))
        #expect(abs(area(left.union(right)) - 200) < 1e-9)
        #expect(left.union(right).flattened().count == 2)
        #expect(left.intersection(right).isEmpty)
        #expect(abs(area(left.subtracting(right)) - 100) < 1e-9)
        #expect(abs(area(left.symmetricDifference(right)) - 200) < 1e-9)
    }

    @Test func emptyPaths() {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let empty = CGPath()
        #expect(abs(area(empty.union(square)) - 100) < 1e-9)
        #expect(abs(area(square.subtracting(empty)) - 100) < 1e-9)
        #expect(square.intersection(empty).isEmpty)
        #expect(empty.subtracting(square).isEmpty)
        #expect(empty.normalized().isEmpty)
        #expect(empty.union(empty).isEmpty)
        // A lone point or line encloses nothing.
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 10, y: 10))
        #expect(line.normalized().isEmpty)
        #expect(abs(area(square.union(line)) - 100) < 1e-9)
    }

    @Test func pentagramNormalizedByEachRule() {
        // {5/2} of circumradius R: its inner pentagon has circumradius R cos 72° / cos 36°. Under the winding
        // rule it fills the whole star (10 triangles of R r sin 36° / 2); under even-odd, the star less the
        // pentagon ((5 / 2) r² sin 72°). The inner corners are crossings, whose x the sweep finds on each edge
        // a hair apart (either side of 0 at the bottom one): unwelded, a tip went missing.
        let bigR = 100.0, r = bigR * cos(0.4 * Double.pi) / cos(0.2 * Double.pi)
        let star = 5 * bigR * r * sin(0.2 * Double.pi), pentagon = 2.5 * r * r * sin(0.4 * Double.pi)
        let path = pentagram(radius: 100)
        let winding = path.normalized(using: .winding), evenOdd = path.normalized(using: .evenOdd)
        #expect(abs(area(winding) - star) < 1e-3 * star, "\(area(winding)) against \(star)")
        #expect(abs(area(evenOdd) - (star - pentagon)) < 1e-3 * star, "\(area(evenOdd)) against \(star - pentagon)")
        #expect(winding.contains(.zero, using: .evenOdd) && !evenOdd.contains(.zero, using: .winding))
        let box = CGRect(x: -110, y: -110, width: 220, height: 220)
        expectRulesAgree(winding, over: box)
        expectRulesAgree(evenOdd, over: box)
    }

    @Test func theRuleAppliesToBothPaths() {
        // A square at the pentagram's centre lies in its even-odd hole.
        let square = CGPath(rect: CGRect(x: -5, y: -5, width: 10, height: 10))
        #expect(abs(area(pentagram(radius: 100).intersection(square, using: .winding)) - 100) < 1e-6)
        #expect(pentagram(radius: 100).intersection(square, using: .evenOdd).isEmpty)
        // The rule reads the second path too: a pentagram subtracted under even-odd leaves its hole.
        let disc = CGPath(rect: CGRect(x: -10, y: -10, width: 20, height: 20))
        #expect(abs(area(disc.subtracting(pentagram(radius: 100), using: .evenOdd)) - 400) < 1e-6)
        #expect(disc.subtracting(pentagram(radius: 100), using: .winding).isEmpty)
    }

    @Test func unusableCoordinatesDoNotTrap() {
        // Built directly, past the builders that drop unusable points: parsing skips them.
        let bad = CGPath(elements: [.moveTo(CGPoint(x: CGFloat.nan, y: 0)), .lineTo(CGPoint(x: 10, y: 0)),
                                    .lineTo(CGPoint(x: 10, y: CGFloat.infinity)), .closeSubpath,
                                    .moveTo(CGPoint(x: 0, y: 0)), .lineTo(CGPoint(x: -CGFloat.infinity, y: 5)),
                                    .lineTo(CGPoint(x: 0, y: 10)), .closeSubpath])
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        for result in [bad.union(square), bad.intersection(square), bad.subtracting(square),
                       square.symmetricDifference(bad), bad.normalized(using: .evenOdd)] {
            #expect(allPoints(result).allSatisfy { $0.x.isFinite && $0.y.isFinite })
        }
        // Coordinates at the usable limit stay finite (if coarse: Float precision).
        let huge = CGPath(rect: CGRect(x: -1e15, y: -1e15, width: 2e15, height: 2e15))
        let hugeUnion = huge.union(square)
        #expect(!hugeUnion.isEmpty && allPoints(hugeUnion).allSatisfy { $0.x.isFinite && $0.y.isFinite })
        #expect(CGPath(rect: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10)).normalized().elements
            .allSatisfy { $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } })
    }

    @Test func largePolygonsFinish() {
        // Two regular 5,000-gons of radius 1,000 whose centres are 1,200 apart: their intersection is the
        // circles' lens to within the polygons' sagitta (R (1 - cos(π / n)) = 0.0002) times its perimeter.
        func polygon(centreX: CGFloat) -> CGPath {
            let m = CGMutablePath()
            m.addLines(between: (0..<5000).map { k in
                let angle = CGFloat(k) * 2 * .pi / 5000
                return CGPoint(x: centreX + 1000 * cos(angle), y: 1000 * sin(angle))
            })
            m.closeSubpath()
            return m
        }
        let r = 1000.0, d = 1200.0
        let lens = 2 * r * r * acos(d / (2 * r)) - d / 2 * (4 * r * r - d * d).squareRoot()
        let first = polygon(centreX: 0), second = polygon(centreX: 1200)
        let intersection = area(first.intersection(second))
        #expect(abs(intersection - lens) < 1e-4 * lens, "\(intersection) against \(lens)")
        #expect(!first.union(second).isEmpty)
    }
}
