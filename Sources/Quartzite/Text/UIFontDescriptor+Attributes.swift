import Foundation

extension UIFontDescriptor {
    /// A font attribute's name, with UIKit's raw values.
    public struct AttributeName: RawRepresentable, Hashable, Sendable {
        /// The attribute's name, as UIKit spells it.
        public let rawValue: String
        /// An attribute of this name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The family: a String.
        public static let family = AttributeName(rawValue: "NSFontFamilyAttribute")
        /// The face's name: a String (a family with an optional style suffix).
        public static let name = AttributeName(rawValue: "NSFontNameAttribute")
        /// The size in points: a number.
        public static let size = AttributeName(rawValue: "NSFontSizeAttribute")
        /// The traits: a dictionary keyed by `TraitKey`.
        public static let traits = AttributeName(rawValue: "NSCTFontTraitsAttribute")
        /// The Dynamic Type style: a `UIFont.TextStyle` or its raw value.
        public static let textStyle = AttributeName(rawValue: "NSCTFontUIUsageAttribute")
        /// The face's style name (read, not applied here).
        public static let face = AttributeName(rawValue: "NSFontFaceAttribute")
    }

    /// A key of the `.traits` dictionary, with UIKit's raw values.
    public struct TraitKey: RawRepresentable, Hashable, Sendable {
        /// The key, as UIKit spells it.
        public let rawValue: String
        /// A key of this name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// `SymbolicTraits` bits, as a number.
        public static let symbolic = TraitKey(rawValue: "NSCTFontSymbolicTrait")
        /// The weight, -1 ... 1, as a number or `UIFont.Weight` (the nearest named weight is used).
        public static let weight = TraitKey(rawValue: "NSCTFontWeightTrait")
        /// The width, -1 (condensed) ... 1 (expanded), as a number.
        public static let width = TraitKey(rawValue: "NSCTFontProportionTrait")
        /// The slant, as a number (any slant but 0 reads as italic).
        public static let slant = TraitKey(rawValue: "NSCTFontSlantTrait")
    }

    /// This descriptor with `attributes` over it: name first, then family, size, traits, text style.
    func adding(_ attributes: [AttributeName: Any]) -> UIFontDescriptor {
        var face = self.face, size = pointSize, style = textStyle
        if let name = attributes[.name] as? String, !name.isEmpty { face = FontName(parsing: name) }
        if let family = attributes[.family] as? String, !family.isEmpty { face.family = family }
        if let number = TextContent.number(attributes[.size]), number.isFinite, number >= 0 { size = number }
        if let traits = attributes[.traits] as? [TraitKey: Any] { Self.apply(traits, to: &face) }
        if let named = Self.textStyle(in: attributes) { style = named }
        return UIFontDescriptor(face: face, size: size, textStyle: style)
    }

    /// The `.textStyle` attribute: a `UIFont.TextStyle` or its raw value; nil for none or another type.
    static func textStyle(in attributes: [AttributeName: Any]) -> UIFont.TextStyle? {
        if let named = attributes[.textStyle] as? UIFont.TextStyle { return named }
        return (attributes[.textStyle] as? String).map { UIFont.TextStyle(rawValue: $0) }
    }

    /// A traits dictionary's weight, width, slant and symbolic bits laid over `face`.
    private static func apply(_ traits: [TraitKey: Any], to face: inout FontName) {
        if let symbolic = TextContent.number(traits[.symbolic]).flatMap({ UInt32(exactly: $0.rounded()) }) {
            let bits = SymbolicTraits(rawValue: symbolic)
            if bits.contains(.traitBold), !face.isBold { face.weight = .bold }
            if bits.contains(.traitItalic), face.slant == .upright { face.slant = .italic }
            if bits.contains(.traitCondensed) { face.width = -1 }
            if bits.contains(.traitExpanded) { face.width = 1 }
        }
        let weight = (traits[.weight] as? UIFont.Weight)?.rawValue ?? TextContent.number(traits[.weight])
        if let weight, weight.isFinite { face.weight = nearestWeight(weight) }
        if let width = TextContent.number(traits[.width]), width.isFinite { face.width = width < 0 ? -1 : width > 0 ? 1 : 0 }
        if let slant = TextContent.number(traits[.slant]), slant.isFinite { face.slant = slant == 0 ? .upright : .italic }
    }

    /// The named weight nearest `value` (regular among them).
    private static func nearestWeight(_ value: CGFloat) -> UIFont.Weight {
        let named = FontName.weights.map(\.weight) + [.regular]
        return named.min { abs($0.rawValue - value) < abs($1.rawValue - value) } ?? .regular
    }
}
