import Foundation

/// One layer property as key-value coding and animations reach it by key: how it reads and writes as an
/// `AnimatableValue`, and whether a change of it animates implicitly (Core Animation's animatable
/// properties).
struct LayerPropertyEntry: Sendable {
    let read: @Sendable (LayerProperties) -> AnimatableValue
    /// Writes the value, or throws `KeyPathError.wrongType` (naming the key path) leaving the properties as
    /// they were.
    let write: @Sendable (inout LayerProperties, AnimatableValue, _ keyPath: String) throws -> Void
    let animatesImplicitly: Bool
}

/// Every layer property reached by key, in one table: `value(forKeyPath:)`, `setValue(_:forKeyPath:)`,
/// resolved key paths and the implicit-action keys all read it. A new property is its storage, its public
/// accessor and one entry here (then its drawing). Transform components (`transform.rotation.z`, ...) are
/// parsed, not listed.
enum LayerPropertyTable {
    static let entries: [String: LayerPropertyEntry] = [
        "bounds": .rect(\.bounds),
        "bounds.origin": .point(\.bounds.origin, implicit: false),
        "bounds.origin.x": .number(\.bounds.origin.x, implicit: false),
        "bounds.origin.y": .number(\.bounds.origin.y, implicit: false),
        "bounds.size": .size(\.bounds.size, implicit: false),
        "bounds.size.width": .number(\.bounds.size.width, implicit: false),
        "bounds.size.height": .number(\.bounds.size.height, implicit: false),
        "position": .point(\.position),
        "position.x": .number(\.position.x, implicit: false),
        "position.y": .number(\.position.y, implicit: false),
        "zPosition": .number(\.zPosition),
        "anchorPoint": .point(\.anchorPoint),
        "anchorPointZ": .number(\.anchorPointZ),
        "transform": .transform(\.transform),
        "sublayerTransform": .transform(\.sublayerTransform),
        "opacity": .float(\.opacity),
        "hidden": .flag(\.isHidden),
        "isHidden": .flag(\.isHidden, implicit: false),
        "backgroundColor": .color(\.backgroundColor),
        "cornerRadius": .number(\.cornerRadius),
        "masksToBounds": .flag(\.masksToBounds),
        "borderWidth": .number(\.borderWidth),
        "borderColor": .color(\.borderColor),
        "contents": .image(\.contents),
        "contentsRect": .rect(\.contentsRect),
        "contentsCenter": .rect(\.contentsCenter),
        "shadowColor": .color(\.shadowColor),
        "shadowOpacity": .float(\.shadowOpacity),
        "shadowRadius": .number(\.shadowRadius),
        "shadowOffset": .size(\.shadowOffset),
        "shadowPath": .path(\.shadowPath),
        "needsDisplayOnBoundsChange": .flag(\.sharedValues.needsDisplayOnBoundsChange, implicit: false),
        "path": .path(\.path),
        "fillColor": .color(\.fillColor),
        "strokeColor": .color(\.strokeColor),
        "lineWidth": .number(\.lineWidth),
        "miterLimit": .number(\.miterLimit),
        "lineDashPhase": .number(\.lineDashPhase),
        // Not animatable on Apple's platforms.
        "lineDashPattern": .numbers(\.lineDashPattern, implicit: false),
        "strokeStart": .number(\.strokeStart),
        "strokeEnd": .number(\.strokeEnd),
        "colors": .colors(\.colors),
        "locations": .numbers(\.locations),
        "startPoint": .point(\.startPoint),
        "endPoint": .point(\.endPoint),
        // CAEmitterLayer's: animatable, not implicitly (an implicit animation would move the particles in
        // flight with the emitter).
        "emitterPosition": .point(\.emitterPosition, implicit: false),
        "emitterZPosition": .number(\.emitterZPosition, implicit: false),
        "emitterSize": .size(\.emitterSize, implicit: false),
        "emitterDepth": .number(\.emitterDepth, implicit: false),
        // CAReplicatorLayer's: the count and preservesDepth are not animatable on Apple's platforms; the rest
        // are, implicitly too, as every animatable property of a standalone layer.
        "instanceCount": .number(\.instanceCountNumber, implicit: false),
        "instanceDelay": .number(\.instanceDelay),
        "instanceTransform": .transform(\.instanceTransform),
        "instanceColor": .color(\.instanceColor),
        "instanceRedOffset": .float(\.instanceRedOffset),
        "instanceGreenOffset": .float(\.instanceGreenOffset),
        "instanceBlueOffset": .float(\.instanceBlueOffset),
        "instanceAlphaOffset": .float(\.instanceAlphaOffset),
        "preservesDepth": .flag(\.preservesDepth, implicit: false),
        // CATextLayer's: fontSize and foregroundColor animate, implicitly too; the rest do not animate.
        "fontSize": .number(\.fontSize),
        "foregroundColor": .color(\.foregroundColor),
        "wrapped": .flag(\.isWrapped, implicit: false),
        "allowsFontSubpixelQuantization": .flag(\.allowsFontSubpixelQuantization, implicit: false),
    ]

    /// The keys whose changes animate implicitly.
    static let implicitlyAnimatableKeys = Set(entries.filter(\.value.animatesImplicitly).keys)
}

/// The entries of the table by the kind of value they hold; each reads and writes through a key path.
extension LayerPropertyEntry {
    typealias Key<Value> = WritableKeyPath<LayerProperties, Value> & Sendable

    /// An entry whose value converts with `make` and `take` (nil from `take`: the wrong kind of value).
    private static func converting<Value>(_ key: Key<Value>, implicit: Bool, expected: String,
                                          make: @escaping @Sendable (Value) -> AnimatableValue,
                                          take: @escaping @Sendable (AnimatableValue) -> Value?) -> LayerPropertyEntry {
        LayerPropertyEntry(
            read: { make($0[keyPath: key]) },
            write: { properties, value, keyPath in
                guard let converted = take(value) else {
                    throw KeyPathError.wrongType(keyPath: keyPath, expected: expected, got: value.kindName)
                }
                properties[keyPath: key] = converted
            },
            animatesImplicitly: implicit)
    }

    /// A number (a Bool counts as 0 or 1).
    static func number(_ key: Key<CGFloat>, implicit: Bool = true) -> LayerPropertyEntry {
        converting(key, implicit: implicit, expected: "number", make: { .number(Double($0)) }, take: numberValue)
    }

    /// A number stored as a Float (opacities).
    static func float(_ key: Key<Float>, implicit: Bool = true) -> LayerPropertyEntry {
        converting(key, implicit: implicit, expected: "number", make: { .number(Double($0)) },
                   take: { numberValue($0).map { Float($0) } })
    }

    /// A Bool (a number counts as true unless 0).
    static func flag(_ key: Key<Bool>, implicit: Bool = true) -> LayerPropertyEntry {
        converting(key, implicit: implicit, expected: "Bool", make: { .bool($0) }, take: { value in
            switch value {
            case .bool(let b): return b
            case .number(let n): return n != 0
            default: return nil
            }
        })
    }

    static func point(_ key: Key<CGPoint>, implicit: Bool = true) -> LayerPropertyEntry {
        converting(key, implicit: implicit, expected: "CGPoint", make: { .point($0) }, take: { value in
            if case .point(let p) = value { return p }
            return nil
        })
    }

    static func size(_ key: Key<CGSize>, implicit: Bool = true) -> LayerPropertyEntry {
        converting(key, implicit: implicit, expected: "CGSize", make: { .size($0) }, take: { value in
            if case .size(let s) = value { return s }
            return nil
        })
    }

    static func rect(_ key: Key<CGRect>, implicit: Bool = true) -> LayerPropertyEntry {
        converting(key, implicit: implicit, expected: "CGRect", make: { .rect($0) }, take: { value in
            if case .rect(let r) = value { return r }
            return nil
        })
    }

    static func transform(_ key: Key<CATransform3D>, implicit: Bool = true) -> LayerPropertyEntry {
        converting(key, implicit: implicit, expected: "CATransform3D", make: { .transform($0) }, take: { value in
            if case .transform(let t) = value { return t }
            return nil
        })
    }

    /// An optional colour (`.none` clears it).
    static func color(_ key: Key<CGColor?>, implicit: Bool = true) -> LayerPropertyEntry {
        optional(key, implicit: implicit, expected: "CGColor", make: AnimatableValue.color) { value in
            if case .color(let c) = value { return c }
            return nil
        }
    }

    static func image(_ key: Key<CGImage?>, implicit: Bool = true) -> LayerPropertyEntry {
        optional(key, implicit: implicit, expected: "CGImage", make: AnimatableValue.image) { value in
            if case .image(let i) = value { return i }
            return nil
        }
    }

    static func path(_ key: Key<CGPath?>, implicit: Bool = true) -> LayerPropertyEntry {
        optional(key, implicit: implicit, expected: "CGPath", make: AnimatableValue.path) { value in
            if case .path(let p) = value { return p }
            return nil
        }
    }

    static func numbers(_ key: Key<[CGFloat]?>, implicit: Bool = true) -> LayerPropertyEntry {
        optional(key, implicit: implicit, expected: "[number]", make: { .numbers($0.map(Double.init)) }) { value in
            if case .numbers(let n) = value { return n.map { CGFloat($0) } }
            return nil
        }
    }

    static func colors(_ key: Key<[CGColor]?>, implicit: Bool = true) -> LayerPropertyEntry {
        optional(key, implicit: implicit, expected: "[CGColor]", make: AnimatableValue.colors) { value in
            if case .colors(let c) = value { return c }
            return nil
        }
    }

    /// An optional value: nil reads as `.none`, and `.none` writes nil.
    private static func optional<Value>(_ key: Key<Value?>, implicit: Bool, expected: String,
                                        make: @escaping @Sendable (Value) -> AnimatableValue,
                                        take: @escaping @Sendable (AnimatableValue) -> Value?) -> LayerPropertyEntry {
        converting(key, implicit: implicit, expected: expected, make: { $0.map(make) ?? AnimatableValue.none },
                   take: { value -> Value?? in
                       if case .none = value { return .some(nil) }
                       return take(value).map { .some($0) }
                   })
    }

    /// A number's value as a CGFloat; a Bool as 0 or 1; nil for anything else.
    @Sendable private static func numberValue(_ value: AnimatableValue) -> CGFloat? {
        switch value {
        case .number(let n): return CGFloat(n)
        case .bool(let b): return b ? 1 : 0
        default: return nil
        }
    }
}
