import Foundation

/// `compositingFilter`: a layer, with its sublayers as one picture, blended onto what is behind it.
extension CALayer {
    /// The key `compositingFilter` is kept under, in `customValues` (what the getter returns) and by
    /// key-value coding.
    static let compositingFilterKey = "compositingFilter"

    /// How the layer, with its sublayers as one group, combines with what is drawn behind it: the name of a
    /// Core Image blend filter (`"multiplyBlendMode"`, `"screenBlendMode"`, `"overlayBlendMode"`, ...,
    /// `"luminosityBlendMode"`, `"additionCompositing"`, `"sourceOverCompositing"`), blended with the PDF /
    /// W3C compositing formulas of the matching `CGBlendMode`. nil (the default) draws the layer normally.
    ///
    /// The getter returns what was set. A name Quartzite does not know, or a value that is not a `String`
    /// (a `CIFilter` object on Apple's platforms), is kept, reported once and ignored: the layer draws as
    /// with nil. Not animatable, as on Apple's platforms; settable by key (`setValue(_:forKey:)`) too.
    /// - Complexity: a blended layer costs an offscreen group, a copy of the pixels behind it and a
    ///   full-area composite each frame; layers without one cost nothing extra.
    public var compositingFilter: Any? {
        get { LayerTreeLock.withLock { customValues[Self.compositingFilterKey] } }
        set {
            let mode = CGBlendMode(compositingFilter: newValue)
            if newValue != nil && mode == nil {
                Diagnostics.report("CALayer.compositingFilter: \(Self.describeFilter(newValue)) is not a blend filter Quartzite knows; the layer is drawn normally")
            }
            LayerTreeLock.withLock {
                customValues[Self.compositingFilterKey] = newValue
                // A change of what is drawn, in the open transaction (no implicit animation: none for this key).
                guard modelValues.compositingBlendMode != mode else { return }
                commitChange(forKey: Self.compositingFilterKey) { $0.compositingBlendMode = mode }
            }
        }
    }

    /// A short description of a filter value for a diagnostic.
    private static func describeFilter(_ value: Any?) -> String {
        guard let value else { return "nil" }
        if let name = value as? String { return "\"\(name.prefix(64))\"" }
        return "a \(type(of: value))"
    }
}

extension CGBlendMode {
    /// The blend mode a layer's `compositingFilter` names (a Core Image filter name); nil for nil, for names
    /// that are not blend filters and for values that are not strings.
    package init?(compositingFilter value: Any?) {
        guard let name = value as? String, let mode = Self.compositingFilterModes[name] else { return nil }
        self = mode
    }

    /// Core Image's blend and compositing filter names, by the Core Graphics blend mode that computes each.
    package static let compositingFilterModes: [String: CGBlendMode] = [
        "sourceOverCompositing": .normal,
        "additionCompositing": .plusLighter,
        "multiplyBlendMode": .multiply,
        "screenBlendMode": .screen,
        "overlayBlendMode": .overlay,
        "darkenBlendMode": .darken,
        "lightenBlendMode": .lighten,
        "colorDodgeBlendMode": .colorDodge,
        "colorBurnBlendMode": .colorBurn,
        "softLightBlendMode": .softLight,
        "hardLightBlendMode": .hardLight,
        "differenceBlendMode": .difference,
        "exclusionBlendMode": .exclusion,
        "hueBlendMode": .hue,
        "saturationBlendMode": .saturation,
        "colorBlendMode": .color,
        "luminosityBlendMode": .luminosity,
    ]
}
