import Foundation

/// UIKit's geometry strings, "{x, y}", "{w, h}" and "{{x, y}, {w, h}}", as `NSCoder` reads and writes them
/// (iOS code keeps points in plists and keyframe tables this way).
extension NSCoder {
    /// The point a "{x, y}" string names; zero for a string that is not one.
    public static func cgPoint(for string: String) -> CGPoint {
        let n = GeometryString.numbers(in: string, count: 2)
        return CGPoint(x: n[0], y: n[1])
    }

    /// The size a "{w, h}" string names; zero for a string that is not one.
    public static func cgSize(for string: String) -> CGSize {
        let n = GeometryString.numbers(in: string, count: 2)
        return CGSize(width: n[0], height: n[1])
    }

    /// The rectangle a "{{x, y}, {w, h}}" string names; zero for a string that is not one.
    public static func cgRect(for string: String) -> CGRect {
        let n = GeometryString.numbers(in: string, count: 4)
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    /// "{x, y}".
    public static func string(for point: CGPoint) -> String { "{\(GeometryString.format(point.x)), \(GeometryString.format(point.y))}" }

    /// "{w, h}".
    public static func string(for size: CGSize) -> String {
        "{\(GeometryString.format(size.width)), \(GeometryString.format(size.height))}"
    }

    /// "{{x, y}, {w, h}}".
    public static func string(for rect: CGRect) -> String { "{\(string(for: rect.origin)), \(string(for: rect.size))}" }
}

/// The numbers of a geometry string.
enum GeometryString {
    /// The first `count` numbers in `string` when it has exactly that many between braces, else zeros.
    static func numbers(in string: String, count: Int) -> [CGFloat] {
        let zeros = [CGFloat](repeating: 0, count: count)
        guard string.contains("{") else { return zeros }
        let separators = CharacterSet(charactersIn: "{}, \t\n")
        let parts = string.components(separatedBy: separators).filter { !$0.isEmpty }
        let values = parts.compactMap { Double($0) }.map { CGFloat($0) }
        return values.count == count && parts.count == count ? values : zeros
    }

    /// A number as UIKit writes it: whole numbers without a fraction.
    static func format(_ value: CGFloat) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(Double(value))"
    }
}
