import Foundation

/// Why a key path could not be read or written.
package enum KeyPathError: Error, Equatable, CustomStringConvertible {
    /// No layer property has this key path.
    case unknownKeyPath(String)
    /// The key path exists but the value is of another type.
    case wrongType(keyPath: String, expected: String, got: String)

    package var description: String {
        switch self {
        case .unknownKeyPath(let k):
            return "'\(k)' is not a key path of CALayer, CAShapeLayer or their animatable sub-keys"
        case .wrongType(let k, let expected, let got):
            return "'\(k)' takes a \(expected), not a \(got)"
        }
    }
}

extension LayerProperties {
    /// The value at a key path (`opacity`, `position.x`, `transform.rotation.z`, `bounds.size.width`, ...),
    /// or nil for an unknown key path.
    package func value(forKeyPath keyPath: String) -> AnimatableValue? {
        if let entry = LayerPropertyTable.entries[keyPath] { return entry.read(self) }
        for (prefix, isSublayer) in [("transform.", false), ("sublayerTransform.", true)] where keyPath.hasPrefix(prefix) {
            let base = isSublayer ? sublayerTransform : transform
            return base.value(forComponent: String(keyPath.dropFirst(prefix.count))).map { .number(Double($0)) }
        }
        return shared.values.customKeys[keyPath]
    }

    /// Sets the value at a key path; throws for an unknown key path or a value of the wrong type, leaving the
    /// properties unchanged.
    package mutating func setValue(_ value: AnimatableValue, forKeyPath keyPath: String) throws {
        if let entry = LayerPropertyTable.entries[keyPath] { return try entry.write(&self, value, keyPath) }
        if shared.values.customKeys[keyPath] != nil { return sharedValues.customKeys[keyPath] = value }
        for (prefix, isSublayer) in [("transform.", false), ("sublayerTransform.", true)] where keyPath.hasPrefix(prefix) {
            let component = String(keyPath.dropFirst(prefix.count))
            let number: CGFloat
            switch value {
            case .number(let n): number = CGFloat(n)
            case .bool(let b): number = b ? 1 : 0
            default: throw KeyPathError.wrongType(keyPath: keyPath, expected: "number", got: value.kindName)
            }
            let base = isSublayer ? sublayerTransform : transform
            guard let updated = base.settingValue(number, forComponent: component) else {
                throw KeyPathError.unknownKeyPath(keyPath)
            }
            if isSublayer { sublayerTransform = updated } else { transform = updated }
            return
        }
        throw KeyPathError.unknownKeyPath(keyPath)
    }
}
