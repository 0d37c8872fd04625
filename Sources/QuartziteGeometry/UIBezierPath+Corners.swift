import Foundation

/// The corners of a rectangle, for `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` (UIKit's
/// names; y down, so "top" is the minimum y).
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    public var rawValue: UInt
    /// Creates a set of corners from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top-left corner.
    public static let topLeft = UIRectCorner(rawValue: 1)
    /// The top-right corner.
    public static let topRight = UIRectCorner(rawValue: 2)
    /// The bottom-left corner.
    public static let bottomLeft = UIRectCorner(rawValue: 4)
    /// The bottom-right corner.
    public static let bottomRight = UIRectCorner(rawValue: 8)
    /// All four corners.
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

extension UIBezierPath {
    /// A rectangle with only `corners` rounded, as UIKit builds it: from the top edge's start, visually
    /// clockwise, closed. UIKit rounds with `cornerRadii.width` only (the height is ignored), clamped to
    /// half the shorter side; a non-finite or negative radius rounds nothing.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = rect.standardized
        guard r.width.isFinite, r.height.isFinite, r.origin.x.isFinite, r.origin.y.isFinite else { return }
        let wanted = cornerRadii.width.isFinite ? max(0, cornerRadii.width) : 0
        let radius = min(wanted, r.width / 2, r.height / 2)
        func rounding(_ corner: UIRectCorner) -> CGFloat { corners.contains(corner) ? radius : 0 }
        let (tl, tr, br, bl) = (rounding(.topLeft), rounding(.topRight), rounding(.bottomRight), rounding(.bottomLeft))
        path.move(to: CGPoint(x: r.minX + tl, y: r.minY))
        path.addLine(to: CGPoint(x: r.maxX - tr, y: r.minY))
        addCorner(CGPoint(x: r.maxX - tr, y: r.minY + tr), radius: tr, from: -.pi / 2)
        path.addLine(to: CGPoint(x: r.maxX, y: r.maxY - br))
        addCorner(CGPoint(x: r.maxX - br, y: r.maxY - br), radius: br, from: 0)
        path.addLine(to: CGPoint(x: r.minX + bl, y: r.maxY))
        addCorner(CGPoint(x: r.minX + bl, y: r.maxY - bl), radius: bl, from: .pi / 2)
        path.addLine(to: CGPoint(x: r.minX, y: r.minY + tl))
        addCorner(CGPoint(x: r.minX + tl, y: r.minY + tl), radius: tl, from: .pi)
        path.closeSubpath()
    }

    /// A quarter turn of radius `radius` round `center`, visually clockwise from angle `start`; nothing for a
    /// square corner.
    private func addCorner(_ center: CGPoint, radius: CGFloat, from start: CGFloat) {
        guard radius > 0 else { return }
        path.addArc(center: center, radius: radius, startAngle: start, endAngle: start + .pi / 2, clockwise: false)
    }

    /// The same shape traced backwards: each subpath's segments in reverse order and direction, so a stroke
    /// looks the same but runs the other way (strokeEnd animations grow from the other end).
    public func reversing() -> UIBezierPath {
        let reversed = UIBezierPath()
        reversed.path.elements = Self.reversedElements(path.elements)
        reversed.takeDrawingProperties(of: self)
        return reversed
    }

    /// `elements` with every subpath reversed: it starts at its old end, and stays closed if it was.
    static func reversedElements(_ elements: [PathElement]) -> [PathElement] {
        var result: [PathElement] = []
        var subpath: [PathElement] = []
        func flush() {
            result += reversedSubpath(subpath)
            subpath.removeAll()
        }
        for element in elements {
            if case .moveTo = element, !subpath.isEmpty { flush() }
            subpath.append(element)
        }
        flush()
        return result
    }

    private static func reversedSubpath(_ subpath: [PathElement]) -> [PathElement] {
        guard case .moveTo(let start)? = subpath.first else { return subpath }
        let closed = subpath.contains(.closeSubpath)
        var points = [start]
        var segments: [PathElement] = []
        for element in subpath.dropFirst() {
            guard let from = points.last else { break }
            switch element {
            case .lineTo(let p): segments.append(.lineTo(from)); points.append(p)
            case .quadCurveTo(let c, let p): segments.append(.quadCurveTo(control: c, end: from)); points.append(p)
            case .curveTo(let c1, let c2, let p):
                segments.append(.curveTo(control1: c2, control2: c1, end: from)); points.append(p)
            case .moveTo, .closeSubpath: break
            }
        }
        guard let end = points.last else { return subpath }
        var out: [PathElement] = [.moveTo(end)]
        // A closed subpath's closing segment runs from its end back to its start; reversed, it runs from
        // the start to the end, which the reversed subpath's own close draws.
        out += segments.reversed()
        if closed { out.append(.closeSubpath) }
        return out
    }
}
