import Foundation

/// The name of a value function (`CAValueFunction`): which transform it builds from its input.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    /// Creates a name (only Apple's names below make a function).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A rotation about x by the input angle in radians.
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    /// A rotation about y by the input angle in radians.
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    /// A rotation about z by the input angle in radians.
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    /// A scale by three inputs (x, y, z).
    public static let scale = CAValueFunctionName(rawValue: "scale")
    /// A scale of x by the input.
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    /// A scale of y by the input.
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    /// A scale of z by the input.
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    /// A translation by three inputs (x, y, z).
    public static let translate = CAValueFunctionName(rawValue: "translate")
    /// A translation along x by the input.
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    /// A translation along y by the input.
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    /// A translation along z by the input.
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}

/// Turns an animation's plain numbers into the transform it animates: a `transform` animation from 0 to
/// 2π with `CAValueFunction(name: .rotateZ)` turns a whole turn, where interpolating the two (equal)
/// matrices would not move at all. The numbers are interpolated first, then the function builds the
/// transform, which replaces the property's value.
open class CAValueFunction: @unchecked Sendable {
    /// The function's name.
    public let name: CAValueFunctionName

    /// The function of one of Apple's names; nil for any other name.
    public init?(name: CAValueFunctionName) {
        guard ValueFunctionKind(name) != nil else { return nil }
        self.name = name
    }
}

/// What a value function does, resolved once per animation.
enum ValueFunctionKind: Sendable, Equatable {
    case rotate(axis: Int)
    case scaleAll
    case scale(axis: Int)
    case translateAll
    case translate(axis: Int)

    init?(_ name: CAValueFunctionName) {
        switch name {
        case .rotateX: self = .rotate(axis: 0)
        case .rotateY: self = .rotate(axis: 1)
        case .rotateZ: self = .rotate(axis: 2)
        case .scale: self = .scaleAll
        case .scaleX: self = .scale(axis: 0)
        case .scaleY: self = .scale(axis: 1)
        case .scaleZ: self = .scale(axis: 2)
        case .translate: self = .translateAll
        case .translateX: self = .translate(axis: 0)
        case .translateY: self = .translate(axis: 1)
        case .translateZ: self = .translate(axis: 2)
        default: return nil
        }
    }

    /// The input that gives the identity transform (what a missing from or to value starts from when the
    /// model transform is the identity).
    var identityInput: AnimatableValue {
        switch self {
        case .rotate, .translate: return .number(0)
        case .scale: return .number(1)
        case .scaleAll: return .numbers([1, 1, 1])
        case .translateAll: return .numbers([0, 0, 0])
        }
    }

    /// The input that reproduces `transform` as far as this function can: its decomposed component.
    func input(of transform: CATransform3D) -> AnimatableValue {
        guard !CATransform3DIsIdentity(transform) else { return identityInput }
        func component(_ key: String, _ fallback: Double) -> Double {
            transform.value(forComponent: key).map(Double.init) ?? fallback
        }
        let axes = ["x", "y", "z"]
        switch self {
        case .rotate(let axis): return .number(component("rotation.\(axes[axis])", 0))
        case .scale(let axis): return .number(component("scale.\(axes[axis])", 1))
        case .translate(let axis): return .number(component("translation.\(axes[axis])", 0))
        case .scaleAll: return .numbers(axes.map { component("scale.\($0)", 1) })
        case .translateAll: return .numbers(axes.map { component("translation.\($0)", 0) })
        }
    }

    /// The transform the function builds from `input`; nil for an input of the wrong shape or not finite.
    func transform(for input: AnimatableValue) -> CATransform3D? {
        let values: [Double]
        switch input {
        case .number(let v): values = [v]
        case .numbers(let v): values = v
        default: return nil
        }
        guard values.allSatisfy(\.isFinite) else { return nil }
        switch (self, values.count) {
        case (.rotate(let axis), 1):
            let a = CGFloat(values[0])
            return CATransform3DMakeRotation(a, axis == 0 ? 1 : 0, axis == 1 ? 1 : 0, axis == 2 ? 1 : 0)
        case (.scale(let axis), 1):
            var s: [CGFloat] = [1, 1, 1]
            s[axis] = CGFloat(values[0])
            return CATransform3DMakeScale(s[0], s[1], s[2])
        case (.translate(let axis), 1):
            var t: [CGFloat] = [0, 0, 0]
            t[axis] = CGFloat(values[0])
            return CATransform3DMakeTranslation(t[0], t[1], t[2])
        case (.scaleAll, 3): return CATransform3DMakeScale(CGFloat(values[0]), CGFloat(values[1]), CGFloat(values[2]))
        case (.translateAll, 3):
            return CATransform3DMakeTranslation(CGFloat(values[0]), CGFloat(values[1]), CGFloat(values[2]))
        default: return nil
        }
    }
}
