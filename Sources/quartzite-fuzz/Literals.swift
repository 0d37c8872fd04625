import Foundation
import Quartzite

/// Swift source for a value, so a recipe line compiles as written (`CGFloat.nan`, `-CGFloat.infinity`,
/// `1e+300`): the type is named because `CGPoint(x: .nan, y: .nan)` is ambiguous between its initialisers.
func lit(_ x: CGFloat) -> String {
    if x.isNaN { return "CGFloat.nan" }
    if x.isInfinite { return x < 0 ? "-CGFloat.infinity" : "CGFloat.infinity" }
    // Written as digits, the smallest subnormal draws a warning that it underflows.
    if abs(x) == .leastNonzeroMagnitude { return x < 0 ? "-CGFloat.leastNonzeroMagnitude" : "CGFloat.leastNonzeroMagnitude" }
    if x == x.rounded(), abs(x) < 1e15 { return x == 0 && x.sign == .minus ? "-0.0" : String(Int64(x)) }
    return "\(x)"
}

/// Swift source for a `Double`.
func lit(_ x: Double, _: Void = ()) -> String { lit(CGFloat(x)) }

/// Swift source for a `Float`.
func lit(_ x: Float) -> String { lit(CGFloat(x)) }

/// Swift source for a point.
func lit(_ p: CGPoint) -> String { "CGPoint(x: \(lit(p.x)), y: \(lit(p.y)))" }

/// Swift source for a size.
func lit(_ s: CGSize) -> String { "CGSize(width: \(lit(s.width)), height: \(lit(s.height)))" }

/// Swift source for a rectangle.
func lit(_ r: CGRect) -> String {
    "CGRect(x: \(lit(r.origin.x)), y: \(lit(r.origin.y)), width: \(lit(r.size.width)), height: \(lit(r.size.height)))"
}

/// Swift source for a colour.
func lit(_ c: CGColor) -> String {
    let v = c.components ?? []
    let part = { (i: Int) in i < v.count ? lit(v[i]) : "0" }
    return "CGColor(red: \(part(0)), green: \(part(1)), blue: \(part(2)), alpha: \(part(3)))"
}

/// Swift source for a list of numbers.
func lit(_ values: [CGFloat]) -> String { "[" + values.map { lit($0) }.joined(separator: ", ") + "]" }

/// Swift source for a list of NSNumbers (key times, locations, dash patterns).
func lit(_ numbers: [NSNumber]) -> String { "[" + numbers.map { lit($0.doubleValue) }.joined(separator: ", ") + "]" }
