import Foundation
import Testing
import QuartziteGeometry

/// `applyWithBlock` and `apply(info:function:)` hand out elements in Core Graphics' form, as iOS code reads them.
@Suite struct CGPathElementTests {
    /// A path with one element of each kind, and what Core Graphics reports for it: types in order, points
    /// control points first (CGPath(rect:) and friends are covered by their own spelling tests).
    private static func everyKind() -> CGMutablePath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 2))
        path.addLine(to: CGPoint(x: 3, y: 4))
        path.addQuadCurve(to: CGPoint(x: 7, y: 8), control: CGPoint(x: 5, y: 6))
        path.addCurve(to: CGPoint(x: 13, y: 14), control1: CGPoint(x: 9, y: 10), control2: CGPoint(x: 11, y: 12))
        path.closeSubpath()
        return path
    }

    private static let expected: [(CGPathElementType, [CGPoint])] = [
        (.moveToPoint, [CGPoint(x: 1, y: 2)]),
        (.addLineToPoint, [CGPoint(x: 3, y: 4)]),
        (.addQuadCurveToPoint, [CGPoint(x: 5, y: 6), CGPoint(x: 7, y: 8)]),
        (.addCurveToPoint, [CGPoint(x: 9, y: 10), CGPoint(x: 11, y: 12), CGPoint(x: 13, y: 14)]),
        (.closeSubpath, []),
    ]

    @Test func applyWithBlockGivesTypesAndPointsInOrder() {
        var seen: [(CGPathElementType, [CGPoint])] = []
        Self.everyKind().applyWithBlock { element in
            let count = Self.expected[seen.count].1.count
            seen.append((element.pointee.type, (0..<count).map { element.pointee.points[$0] }))
        }
        #expect(seen.map(\.0) == Self.expected.map(\.0))
        #expect(seen.map(\.1) == Self.expected.map(\.1))
    }

    @Test func applyPassesInfoToTheFunction() {
        var types: [CGPathElementType] = []
        withUnsafeMutablePointer(to: &types) { pointer in
            Self.everyKind().apply(info: pointer) { info, element in
                info?.assumingMemoryBound(to: [CGPathElementType].self).pointee.append(element.pointee.type)
            }
        }
        #expect(types == Self.expected.map(\.0))
    }

    @Test func rawValuesAreCoreGraphics() {
        // kCGPathElementMoveToPoint ... kCGPathElementCloseSubpath are 0 ... 4 in CGPath.h.
        #expect([CGPathElementType.moveToPoint, .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint,
                 .closeSubpath].map(\.rawValue) == [0, 1, 2, 3, 4])
    }
}
