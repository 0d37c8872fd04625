import Foundation

/// Immutable path, like Core Graphics' `CGPath`.
///
/// A class (not a struct) so that ported code such as `let p = CGMutablePath(); p.addLine(...)` compiles.
/// Equality and hashing are by elements. `@unchecked Sendable` because only `CGMutablePath` mutates, and a
/// mutable path shared across threads is as unsafe here as it is on Apple platforms.
open class CGPath: @unchecked Sendable, Equatable, Hashable {
    /// The path's elements. Builders keep them well formed: every subpath starts with `.moveTo`.
    package internal(set) var elements: [PathElement]

    /// An empty path.
    public init() { elements = [] }

    /// Wraps already well-formed elements (internal: public construction goes through the builders).
    init(elements: [PathElement]) { self.elements = elements }

    /// A closed rectangle path (Core Graphics' element order).
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        let m = CGMutablePath()
        m.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: m.elements)
    }

    /// An ellipse inscribed in `rect`: starts at 3 o'clock, 4 cubics in increasing angle, closed.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        let m = CGMutablePath()
        m.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: m.elements)
    }

    /// A rounded rectangle; corner sizes are clamped to half the rect's size.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>? = nil) {
        let m = CGMutablePath()
        m.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                         transform: transform?.pointee ?? .identity)
        self.init(elements: m.elements)
    }

    /// Paths are equal when their elements are.
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs === rhs || lhs.elements == rhs.elements }

    /// Hashes the elements, consistent with `==`. (A switch rather than `points`: the mesh cache hashes
    /// every drawn path every frame, and `points` makes an array per element.)
    public func hash(into hasher: inout Hasher) {
        hasher.combine(elements.count)
        for element in elements {
            switch element {
            case .moveTo(let p), .lineTo(let p):
                hasher.combine(p.x); hasher.combine(p.y)
            case .quadCurveTo(let c, let e):
                hasher.combine(c.x); hasher.combine(c.y); hasher.combine(e.x); hasher.combine(e.y)
            case .curveTo(let c1, let c2, let e):
                hasher.combine(c1.x); hasher.combine(c1.y); hasher.combine(c2.x); hasher.combine(c2.y)
                hasher.combine(e.x); hasher.combine(e.y)
            case .closeSubpath:
                hasher.combine(-1)
            }
        }
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The point where the next segment would start (`.zero` for an empty path, as Core Graphics).
    public var currentPoint: CGPoint {
        var start = CGPoint.zero, current = CGPoint.zero
        for element in elements {
            switch element {
            case .moveTo(let p): start = p; current = p
            case .closeSubpath: current = start
            default: current = element.endPoint ?? current
            }
        }
        return current
    }

    /// An immutable copy; optional as Core Graphics declares it (iOS code writes `path.copy()!`), never nil here.
    public func copy() -> CGPath? { immutableCopy }

    /// An immutable copy, for the package's own callers.
    package var immutableCopy: CGPath { CGPath(elements: elements) }

    /// A copy transformed by `transform` (nil means identity).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let t = transform?.pointee, !t.isIdentity else { return immutableCopy }
        return CGPath(elements: CGPath.transformed(elements, by: t))
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }

    /// A mutable copy transformed by `transform` (nil means identity). A transform with a non-finite entry
    /// drops the elements it would make non-finite, as every builder does.
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        guard let t = transform?.pointee, !t.isIdentity else { return mutableCopy() }
        return CGMutablePath(elements: CGPath.transformed(elements, by: t))
    }

    /// `elements` under `t`, keeping every subpath's leading moveTo: an element whose points become
    /// unusable is dropped, and so is a moveTo left with nothing after it but another moveTo.
    static func transformed(_ elements: [PathElement], by t: CGAffineTransform) -> [PathElement] {
        let m = CGMutablePath()
        m.addPath(CGPath(elements: elements), transform: t)
        return m.elements
    }
}
