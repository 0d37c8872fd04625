import Foundation

extension CGPath {
    /// Whether the path is exactly one rectangle with edges parallel to the axes, as `addRect` and
    /// `CGPath(rect:transform:)` make it: a moveTo, three lines (a fourth back to the start is allowed) and
    /// a close, each edge turning a right angle from the one before, none of length zero. When it is and
    /// `rect` is not nil, the rectangle (standardized) is written there; otherwise `rect` is left alone.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        guard let found = CGPath.axisAlignedRect(elements) else { return false }
        rect?.pointee = found
        return true
    }

    /// The rectangle `elements` trace, or nil when they trace anything else.
    static func axisAlignedRect(_ elements: [PathElement]) -> CGRect? {
        guard elements.count == 5 || elements.count == 6, case .moveTo(let start) = elements[0],
              elements[elements.count - 1] == .closeSubpath else { return nil }
        var corners = [start]
        for element in elements[1..<(elements.count - 1)] {
            guard case .lineTo(let p) = element else { return nil }
            corners.append(p)
        }
        if corners.count == 5 {
            guard corners[4] == start else { return nil }
            corners.removeLast()
        }
        // Edges alternate between horizontal and vertical, starting with either.
        let firstHorizontal = corners[0].y == corners[1].y
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            let horizontal = (i % 2 == 0) == firstHorizontal
            guard horizontal ? (a.y == b.y && a.x != b.x) : (a.x == b.x && a.y != b.y) else { return nil }
        }
        return CGRect(x: corners[0].x, y: corners[0].y, width: corners[2].x - corners[0].x,
                      height: corners[2].y - corners[0].y).standardized
    }
}
