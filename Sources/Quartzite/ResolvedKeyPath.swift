import Foundation

/// A key path parsed once per animation, so that evaluating a frame does not compare strings: the keys
/// animations use most get direct access, the rest go through `LayerProperties.value(forKeyPath:)`.
/// Transform components (`transform.rotation.z`, `transform.scale`, ...) on an identity transform, the
/// common case, are read and built directly instead of by decomposing the matrix.
struct ResolvedKeyPath: Sendable {
    enum Key: Sendable {
        case position, positionX, positionY, opacity, bounds, transform, backgroundColor, strokeEnd, strokeStart
        case transformRotationZ, transformScale, transformScaleX, transformScaleY, transformScaleXY
        case transformTranslationX, transformTranslationY
        /// `transform` or `sublayerTransform` animated through a value function (`valueFunction`).
        case throughFunction
        case other
    }

    let keyPath: String
    let key: Key
    /// The property's entry in `LayerPropertyTable`, for keys without direct access (nil for a transform
    /// component, parsed when read).
    let entry: LayerPropertyEntry?
    /// For `throughFunction`: the function, and whether it builds the sublayer transform.
    let valueFunction: ValueFunctionKind?
    let functionBuildsSublayerTransform: Bool

    /// `keyPath` resolved; with a value function on `transform` or `sublayerTransform`, the animation's
    /// values are the function's inputs (`CAPropertyAnimation.valueFunction`).
    init(_ keyPath: String, valueFunction: CAValueFunction? = nil) {
        self.keyPath = keyPath
        entry = LayerPropertyTable.entries[keyPath]
        if let function = valueFunction.flatMap({ ValueFunctionKind($0.name) }),
           keyPath == "transform" || keyPath == "sublayerTransform" {
            key = .throughFunction
            self.valueFunction = function
            functionBuildsSublayerTransform = keyPath == "sublayerTransform"
            return
        }
        self.valueFunction = nil
        functionBuildsSublayerTransform = false
        switch keyPath {
        case "position": key = .position
        case "position.x": key = .positionX
        case "position.y": key = .positionY
        case "opacity": key = .opacity
        case "bounds": key = .bounds
        case "transform": key = .transform
        case "backgroundColor": key = .backgroundColor
        case "strokeEnd": key = .strokeEnd
        case "strokeStart": key = .strokeStart
        case "transform.rotation.z", "transform.rotation": key = .transformRotationZ
        case "transform.scale": key = .transformScale
        case "transform.scale.x": key = .transformScaleX
        case "transform.scale.y": key = .transformScaleY
        case "transform.scale.xy": key = .transformScaleXY
        case "transform.translation.x": key = .transformTranslationX
        case "transform.translation.y": key = .transformTranslationY
        default: key = .other
        }
    }

    /// The value at the key path, nil when the key path is unknown.
    func value(in p: LayerProperties) -> AnimatableValue? {
        switch key {
        case .position: return .point(p.position)
        case .positionX: return .number(Double(p.position.x))
        case .positionY: return .number(Double(p.position.y))
        case .opacity: return .number(Double(p.opacity))
        case .bounds: return .rect(p.bounds)
        case .transform: return .transform(p.transform)
        case .strokeEnd: return .number(Double(p.strokeEnd))
        case .strokeStart: return .number(Double(p.strokeStart))
        case .transformRotationZ, .transformTranslationX, .transformTranslationY:
            return CATransform3DIsIdentity(p.transform) ? .number(0) : p.value(forKeyPath: keyPath)
        case .transformScale, .transformScaleX, .transformScaleY, .transformScaleXY:
            return CATransform3DIsIdentity(p.transform) ? .number(1) : p.value(forKeyPath: keyPath)
        case .throughFunction:
            return valueFunction?.input(of: functionBuildsSublayerTransform ? p.sublayerTransform : p.transform)
        case .backgroundColor, .other: return entry?.read(p) ?? p.value(forKeyPath: keyPath)
        }
    }

    /// Stores a value at the key path; throws as `LayerProperties.setValue(_:forKeyPath:)` does.
    func set(_ value: AnimatableValue, in p: inout LayerProperties) throws {
        switch (key, value) {
        case (.position, .point(let v)): p.position = v
        case (.positionX, .number(let v)): p.position.x = CGFloat(v)
        case (.positionY, .number(let v)): p.position.y = CGFloat(v)
        case (.opacity, .number(let v)): p.opacity = Float(v)
        case (.bounds, .rect(let v)): p.bounds = v
        case (.transform, .transform(let v)): p.transform = v
        case (.strokeEnd, .number(let v)): p.strokeEnd = CGFloat(v)
        case (.strokeStart, .number(let v)): p.strokeStart = CGFloat(v)
        case (.transformRotationZ, .number(let v)) where CATransform3DIsIdentity(p.transform) && v.isFinite:
            p.transform = Self.zRotation(v)
        case (.transformScale, .number(let v)) where CATransform3DIsIdentity(p.transform) && v.isFinite:
            p.transform = CATransform3DMakeScale(CGFloat(v), CGFloat(v), CGFloat(v))
        case (.transformScaleX, .number(let v)) where CATransform3DIsIdentity(p.transform) && v.isFinite:
            p.transform = CATransform3DMakeScale(CGFloat(v), 1, 1)
        case (.transformScaleY, .number(let v)) where CATransform3DIsIdentity(p.transform) && v.isFinite:
            p.transform = CATransform3DMakeScale(1, CGFloat(v), 1)
        case (.transformScaleXY, .number(let v)) where CATransform3DIsIdentity(p.transform) && v.isFinite:
            p.transform = CATransform3DMakeScale(CGFloat(v), CGFloat(v), 1)
        case (.transformTranslationX, .number(let v)) where CATransform3DIsIdentity(p.transform) && v.isFinite:
            p.transform = CATransform3DMakeTranslation(CGFloat(v), 0, 0)
        case (.transformTranslationY, .number(let v)) where CATransform3DIsIdentity(p.transform) && v.isFinite:
            p.transform = CATransform3DMakeTranslation(0, CGFloat(v), 0)
        case (.throughFunction, _):
            guard let transform = valueFunction?.transform(for: value) else {
                throw KeyPathError.wrongType(keyPath: keyPath, expected: "value function input", got: value.kindName)
            }
            if functionBuildsSublayerTransform { p.sublayerTransform = transform } else { p.transform = transform }
        default:
            if let entry { return try entry.write(&p, value, keyPath) }
            try p.setValue(value, forKeyPath: keyPath)
        }
    }

    /// `CATransform3DMakeRotation(angle, 0, 0, 1)`, entry for entry and bit for bit (the same expressions with
    /// the axis (0, 0, 1) substituted), without the general axis-angle path's temporary array: this runs
    /// for every layer with a rotation animation every frame.
    static func zRotation(_ angle: Double) -> CATransform3D {
        zRotation(cos: cos(angle), sin: sin(angle))
    }

    /// `zRotation` of the angle whose cosine and sine are `c` and `s`.
    static func zRotation(cos c: Double, sin s: Double) -> CATransform3D {
        var t = CATransform3DIdentity
        t.m11 = CGFloat(c); t.m12 = CGFloat(s)
        t.m21 = CGFloat(0 - s); t.m22 = CGFloat(c)
        // c + (1 - c) * z * z with z = 1, as the general formula rounds it (not always exactly 1).
        t.m33 = CGFloat(c + (1 - c))
        return t
    }
}
