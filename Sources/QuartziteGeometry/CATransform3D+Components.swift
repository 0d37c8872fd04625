import Foundation

extension CATransform3D {
    /// Reads one component of the decomposed transform, for Core Animation's transform key paths
    /// (`"transform.rotation.z"` etc.). `key` is the part after `"transform."` (the prefix is also
    /// accepted): `"rotation.x"`, `"rotation.y"`, `"rotation.z"`, `"rotation"` (= rotation.z),
    /// `"scale.x"`, `"scale.y"`, `"scale.z"`, `"scale"` (the average of the three, as Apple's
    /// Core Animation Programming Guide documents), `"scale.xy"` (x and y together, their mean when read), `"translation.x"`, `"translation.y"`,
    /// `"translation.z"`. Rotations are Euler angles in radians with x applied first, then y,
    /// then z. Nil for an unknown key or a transform that cannot be decomposed.
    /// (`"translation"`, a CGSize in Apple's API, is not handled here.)
    public func value(forComponent key: String) -> CGFloat? {
        guard let component = TransformComponent(key), let d = DecomposedTransform3D(self) else { return nil }
        let euler = Rotation3.eulerAngles(matrix: Rotation3.matrix(quaternion: d.quaternion))
        switch component {
        case .rotation(let axis): return CGFloat(euler[axis])
        case .scale(let axis?): return CGFloat(d.scale[axis])
        case .scale(nil): return CGFloat(d.scale.sum() / 3)
        case .scaleXY: return CGFloat((d.scale.x + d.scale.y) / 2)
        case .translation(let axis): return CGFloat(d.translation[axis])
        }
    }

    /// This transform with one decomposed component replaced (same keys as `value(forComponent:)`;
    /// `"scale"` sets all three scales). The other components, skew and perspective are kept.
    /// Nil for an unknown key, a non-finite value, or a transform that cannot be decomposed.
    package func settingValue(_ v: CGFloat, forComponent key: String) -> CATransform3D? {
        let value = Double(v)
        guard value.isFinite, let component = TransformComponent(key), var d = DecomposedTransform3D(self) else {
            return nil
        }
        switch component {
        case .rotation(let axis):
            var euler = Rotation3.eulerAngles(matrix: Rotation3.matrix(quaternion: d.quaternion))
            euler[axis] = value
            d.quaternion = Rotation3.quaternion(matrix: Rotation3.matrix(euler: euler))
        case .scale(let axis?): d.scale[axis] = value
        case .scale(nil): d.scale = SIMD3(repeating: value)
        case .scaleXY: d.scale.x = value; d.scale.y = value
        case .translation(let axis): d.translation[axis] = value
        }
        return d.matrix
    }
}

/// A parsed transform key-path component; axis 0, 1, 2 = x, y, z.
enum TransformComponent: Equatable {
    case rotation(Int)
    case scale(Int?)
    /// `scale.xy`: the x and y scales together (read as their mean), as iOS code uses it to grow a layer in
    /// its plane.
    case scaleXY
    case translation(Int)

    init?(_ rawKey: String) {
        let key = rawKey.hasPrefix("transform.") ? String(rawKey.dropFirst("transform.".count)) : rawKey
        switch key {
        case "rotation", "rotation.z": self = .rotation(2)
        case "rotation.x": self = .rotation(0)
        case "rotation.y": self = .rotation(1)
        case "scale": self = .scale(nil)
        case "scale.x": self = .scale(0)
        case "scale.y": self = .scale(1)
        case "scale.z": self = .scale(2)
        case "scale.xy": self = .scaleXY
        case "translation.x": self = .translation(0)
        case "translation.y": self = .translation(1)
        case "translation.z": self = .translation(2)
        default: return nil
        }
    }
}
