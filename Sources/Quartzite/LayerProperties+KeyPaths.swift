import Foundation

/// Why a key path could not be read or written.
public enum KeyPathError: Error, Equatable, CustomStringConvertible {
    /// No layer property has this key path.
    case unknownKeyPath(String)
    /// The key path exists but the value is of another type.
    case wrongType(keyPath: String, expected: String, got: String)

    public var description: String {
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
    public func value(forKeyPath keyPath: String) -> AnimatableValue? {
        switch keyPath {
        case "bounds": return .rect(bounds)
        case "bounds.origin": return .point(bounds.origin)
        case "bounds.origin.x": return .number(Double(bounds.origin.x))
        case "bounds.origin.y": return .number(Double(bounds.origin.y))
        case "bounds.size": return .size(bounds.size)
        case "bounds.size.width": return .number(Double(bounds.width))
        case "bounds.size.height": return .number(Double(bounds.height))
        case "position": return .point(position)
        case "position.x": return .number(Double(position.x))
        case "position.y": return .number(Double(position.y))
        case "zPosition": return .number(Double(zPosition))
        case "anchorPoint": return .point(anchorPoint)
        case "anchorPointZ": return .number(Double(anchorPointZ))
        case "transform": return .transform(transform)
        case "sublayerTransform": return .transform(sublayerTransform)
        case "opacity": return .number(Double(opacity))
        case "hidden", "isHidden": return .bool(isHidden)
        case "backgroundColor": return backgroundColor.map(AnimatableValue.color) ?? AnimatableValue.none
        case "cornerRadius": return .number(Double(cornerRadius))
        case "masksToBounds": return .bool(masksToBounds)
        case "borderWidth": return .number(Double(borderWidth))
        case "borderColor": return borderColor.map(AnimatableValue.color) ?? AnimatableValue.none
        case "contents": return contents.map(AnimatableValue.image) ?? AnimatableValue.none
        case "shadowColor": return shadowColor.map(AnimatableValue.color) ?? AnimatableValue.none
        case "shadowOpacity": return .number(Double(shadowOpacity))
        case "shadowRadius": return .number(Double(shadowRadius))
        case "shadowOffset": return .size(shadowOffset)
        case "path": return path.map(AnimatableValue.path) ?? AnimatableValue.none
        case "fillColor": return fillColor.map(AnimatableValue.color) ?? AnimatableValue.none
        case "strokeColor": return strokeColor.map(AnimatableValue.color) ?? AnimatableValue.none
        case "lineWidth": return .number(Double(lineWidth))
        case "miterLimit": return .number(Double(miterLimit))
        case "lineDashPhase": return .number(Double(lineDashPhase))
        case "lineDashPattern": return lineDashPattern.map { .numbers($0.map(Double.init)) } ?? AnimatableValue.none
        case "strokeStart": return .number(Double(strokeStart))
        case "strokeEnd": return .number(Double(strokeEnd))
        case "colors": return colors.map(AnimatableValue.colors) ?? AnimatableValue.none
        case "locations": return locations.map { .numbers($0.map(Double.init)) } ?? AnimatableValue.none
        case "startPoint": return .point(startPoint)
        case "endPoint": return .point(endPoint)
        case "contentsRect": return .rect(contentsRect)
        case "contentsCenter": return .rect(contentsCenter)
        case "shadowPath": return shadowPath.map(AnimatableValue.path) ?? AnimatableValue.none
        default:
            if keyPath.hasPrefix("transform.") {
                return transform.value(forComponent: String(keyPath.dropFirst(10))).map { .number(Double($0)) }
            }
            if keyPath.hasPrefix("sublayerTransform.") {
                return sublayerTransform.value(forComponent: String(keyPath.dropFirst(18))).map { .number(Double($0)) }
            }
            return nil
        }
    }

    /// Sets the value at a key path; throws for an unknown key path or a value of the wrong type, leaving the
    /// properties unchanged.
    public mutating func setValue(_ value: AnimatableValue, forKeyPath keyPath: String) throws {
        func wrong(_ expected: String) -> KeyPathError {
            .wrongType(keyPath: keyPath, expected: expected, got: value.kindName)
        }
        func number() throws -> CGFloat {
            if case .number(let n) = value { return CGFloat(n) }
            if case .bool(let b) = value { return b ? 1 : 0 }
            throw wrong("number")
        }
        func point() throws -> CGPoint { if case .point(let p) = value { return p }; throw wrong("CGPoint") }
        func size() throws -> CGSize { if case .size(let s) = value { return s }; throw wrong("CGSize") }
        func flag() throws -> Bool {
            if case .bool(let b) = value { return b }
            if case .number(let n) = value { return n != 0 }
            throw wrong("Bool")
        }
        func color() throws -> CGColor? {
            switch value {
            case .color(let c): return c
            case .none: return nil
            default: throw wrong("CGColor")
            }
        }
        func matrix() throws -> CATransform3D { if case .transform(let t) = value { return t }; throw wrong("CATransform3D") }

        switch keyPath {
        case "bounds": guard case .rect(let r) = value else { throw wrong("CGRect") }; bounds = r
        case "bounds.origin": bounds.origin = try point()
        case "bounds.origin.x": bounds.origin.x = try number()
        case "bounds.origin.y": bounds.origin.y = try number()
        case "bounds.size": bounds.size = try size()
        case "bounds.size.width": bounds.size.width = try number()
        case "bounds.size.height": bounds.size.height = try number()
        case "position": position = try point()
        case "position.x": position.x = try number()
        case "position.y": position.y = try number()
        case "zPosition": zPosition = try number()
        case "anchorPoint": anchorPoint = try point()
        case "anchorPointZ": anchorPointZ = try number()
        case "transform": transform = try matrix()
        case "sublayerTransform": sublayerTransform = try matrix()
        case "opacity": opacity = Float(try number())
        case "hidden", "isHidden": isHidden = try flag()
        case "backgroundColor": backgroundColor = try color()
        case "cornerRadius": cornerRadius = try number()
        case "masksToBounds": masksToBounds = try flag()
        case "borderWidth": borderWidth = try number()
        case "borderColor": borderColor = try color()
        case "contents":
            switch value {
            case .image(let image): contents = image
            case .none: contents = nil
            default: throw wrong("CGImage")
            }
        case "shadowColor": shadowColor = try color()
        case "shadowOpacity": shadowOpacity = Float(try number())
        case "shadowRadius": shadowRadius = try number()
        case "shadowOffset": shadowOffset = try size()
        case "path":
            switch value {
            case .path(let p): path = p
            case .none: path = nil
            default: throw wrong("CGPath")
            }
        case "fillColor": fillColor = try color()
        case "strokeColor": strokeColor = try color()
        case "lineWidth": lineWidth = try number()
        case "miterLimit": miterLimit = try number()
        case "lineDashPhase": lineDashPhase = try number()
        case "lineDashPattern":
            switch value {
            case .numbers(let n): lineDashPattern = n.map { CGFloat($0) }
            case .none: lineDashPattern = nil
            default: throw wrong("[number]")
            }
        case "strokeStart": strokeStart = try number()
        case "strokeEnd": strokeEnd = try number()
        case "colors":
            switch value {
            case .colors(let c): colors = c
            case .none: colors = nil
            default: throw wrong("[CGColor]")
            }
        case "locations":
            switch value {
            case .numbers(let n): locations = n.map { CGFloat($0) }
            case .none: locations = nil
            default: throw wrong("[number]")
            }
        case "startPoint": startPoint = try point()
        case "endPoint": endPoint = try point()
        case "contentsRect": guard case .rect(let r) = value else { throw wrong("CGRect") }; contentsRect = r
        case "contentsCenter": guard case .rect(let r) = value else { throw wrong("CGRect") }; contentsCenter = r
        case "shadowPath":
            switch value {
            case .path(let p): shadowPath = p
            case .none: shadowPath = nil
            default: throw wrong("CGPath")
            }
        default:
            for (prefix, isSublayer) in [("transform.", false), ("sublayerTransform.", true)] where keyPath.hasPrefix(prefix) {
                let component = String(keyPath.dropFirst(prefix.count))
                let base = isSublayer ? sublayerTransform : transform
                guard let updated = base.settingValue(try number(), forComponent: component) else {
                    throw KeyPathError.unknownKeyPath(keyPath)
                }
                if isSublayer { sublayerTransform = updated } else { transform = updated }
                return
            }
            throw KeyPathError.unknownKeyPath(keyPath)
        }
    }
}
