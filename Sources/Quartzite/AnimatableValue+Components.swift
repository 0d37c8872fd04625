import Foundation

extension AnimatableValue {
    /// The value as a flat list of numbers, for the component-wise cubic splines and paced distances of
    /// keyframe animations: numbers, points, sizes, rects, colours (RGBA), number arrays and colour arrays.
    /// Transforms give their 16 entries (used for distances only). nil for kinds without components.
    var components: [Double]? {
        switch self {
        case .number(let v): return [v]
        case .point(let p): return [Double(p.x), Double(p.y)]
        case .size(let s): return [Double(s.width), Double(s.height)]
        case .rect(let r): return [Double(r.origin.x), Double(r.origin.y), Double(r.width), Double(r.height)]
        case .color(let c): return c.rgba.map(Double.init)
        case .numbers(let n): return n
        case .colors(let c): return c.flatMap { $0.rgba.map(Double.init) }
        case .bool(let b): return [b ? 1 : 0]
        case .transform(let t):
            return [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                    t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map(Double.init)
        case .path, .image, .none: return nil
        }
    }

    /// A value of the same kind as `self` built from `components` (as `components` lists them); nil for
    /// kinds that cannot be rebuilt component-wise (transforms, paths, images) or a count that does not fit.
    func rebuilt(from c: [Double]) -> AnimatableValue? {
        func f(_ i: Int) -> CGFloat { CGFloat(c[i]) }
        switch self {
        case .number: return c.count == 1 ? .number(c[0]) : nil
        case .point: return c.count == 2 ? .point(CGPoint(x: f(0), y: f(1))) : nil
        case .size: return c.count == 2 ? .size(CGSize(width: f(0), height: f(1))) : nil
        case .rect: return c.count == 4 ? .rect(CGRect(x: f(0), y: f(1), width: f(2), height: f(3))) : nil
        case .color: return c.count == 4 ? .color(CGColor(red: f(0), green: f(1), blue: f(2), alpha: f(3))) : nil
        case .numbers(let n): return c.count == n.count ? .numbers(c) : nil
        case .colors(let colours):
            guard c.count == 4 * colours.count else { return nil }
            return .colors((0..<colours.count).map { i in
                CGColor(red: f(4 * i), green: f(4 * i + 1), blue: f(4 * i + 2), alpha: f(4 * i + 3))
            })
        case .bool, .transform, .path, .image, .none: return nil
        }
    }

    /// The distance between two values, for paced keyframes: Euclidean over the components (for
    /// transforms, over the matrix entries). nil when the kinds differ or have no components.
    func distance(to other: AnimatableValue) -> Double? {
        guard let a = components, let b = other.components, a.count == b.count else { return nil }
        var sum = 0.0
        for i in a.indices { sum += (a[i] - b[i]) * (a[i] - b[i]) }
        return sum.squareRoot()
    }
}

extension AnimatableValue {
    /// The value as a number: a number as it is, a flag as 1 or 0; nil for any other kind of value (what
    /// key-value coding of numeric and Boolean properties accepts).
    var numberOrFlag: Double? {
        switch self {
        case .number(let n): return n
        case .bool(let b): return b ? 1 : 0
        default: return nil
        }
    }
}
