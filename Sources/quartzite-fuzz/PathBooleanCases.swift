import Foundation
import Quartzite

// The iOS 16 path boolean and line operations on pairs of random, often hostile paths: every result finite
// when its inputs are, and inside the inputs' bounds.

extension FuzzCase {
    /// Every boolean and line operation of two random paths under a random rule.
    func runPathBooleanCase() {
        let p = path("p", elements: 8), q = path("q", elements: 8)
        let rule: CGPathFillRule = rng.chance(0.5) ? .winding : .evenOdd
        let name = rule == .winding ? "winding" : "evenOdd"
        recipe("let results = [p.union(q, using: .\(name)), p.intersection(q, using: .\(name)), p.subtracting(q, using: .\(name)), p.symmetricDifference(q, using: .\(name)), p.normalized(using: .\(name)), p.lineIntersection(q, using: .\(name)), p.lineSubtracting(q, using: .\(name))]")
        let results = [("union", p.union(q, using: rule)), ("intersection", p.intersection(q, using: rule)),
                       ("subtracting", p.subtracting(q, using: rule)),
                       ("symmetricDifference", p.symmetricDifference(q, using: rule)), ("normalized", p.normalized(using: rule)),
                       ("lineIntersection", p.lineIntersection(q, using: rule)), ("lineSubtracting", p.lineSubtracting(q, using: rule))]
        guard pathProblem(p) == nil, pathProblem(q) == nil else { return }
        let bounds = p.boundingBox.union(q.boundingBox)
        for (operation, result) in results {
            if let problem = pathProblem(result) { fail("\(operation): \(problem)"); continue }
            if let stray = strayPoint(result, outside: bounds) { fail("\(operation): \(stray) outside the inputs' bounds \(bounds)") }
        }
    }

    /// A point of `path` outside `bounds`, beyond the Float rounding the fill operations keep points to.
    private func strayPoint(_ path: CGPath, outside bounds: CGRect) -> CGPoint? {
        guard !bounds.isNull else { return path.isEmpty ? nil : path.currentPoint }
        let scale = max(abs(bounds.minX), abs(bounds.maxX), abs(bounds.minY), abs(bounds.maxY))
        let slack = scale * 1e-6 + 1e-9
        let allowed = bounds.insetBy(dx: -slack, dy: -slack)
        var stray: CGPoint?
        path.applyWithBlock { element in
            let count = element.pointee.type == .closeSubpath ? 0 : 1
            let points = UnsafeBufferPointer(start: element.pointee.points, count: count)
            if stray == nil, let point = points.first(where: { !allowed.contains($0) }) { stray = point }
        }
        return stray
    }
}
