import Foundation

extension UIFontDescriptor {
    /// A face's stylistic traits, with UIKit's bits.
    public struct SymbolicTraits: OptionSet, Hashable, Sendable {
        /// The traits' bits.
        public let rawValue: UInt32
        /// Traits of these bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Italic or oblique.
        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        /// Bold (semibold and heavier here).
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
        /// Wider than normal.
        public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
        /// Narrower than normal.
        public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
        /// Every glyph one width.
        public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
        /// Vertical glyphs (never set here).
        public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
        /// Optimised for UI (never set here).
        public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
        /// Tighter line spacing (never set here).
        public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
        /// Looser line spacing (never set here).
        public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)
    }

    /// A system font design, UIKit's.
    public struct SystemDesign: RawRepresentable, Hashable, Sendable {
        /// The design's name, as UIKit spells it.
        public let rawValue: String
        /// A design of this name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The system font: DejaVu Sans.
        public static let `default` = SystemDesign(rawValue: "NSCTFontUIFontDesignDefault")
        /// Rounded: no rounded face ships with DejaVu, so this is the default design.
        public static let rounded = SystemDesign(rawValue: "NSCTFontUIFontDesignRounded")
        /// Monospaced: DejaVu Sans Mono.
        public static let monospaced = SystemDesign(rawValue: "NSCTFontUIFontDesignMonospaced")
        /// Serif: DejaVu Serif.
        public static let serif = SystemDesign(rawValue: "NSCTFontUIFontDesignSerif")

        /// The family drawn for the design; an unknown design is the default one.
        var family: String {
            switch self {
            case .serif: "DejaVu Serif"
            case .monospaced: "DejaVu Sans Mono"
            default: TextRasterizer.defaultFamily
            }
        }
    }

    /// The traits of the face: bold, italic, condensed or expanded from its style, monospaced when its family
    /// is (as fontconfig reports it).
    public var symbolicTraits: SymbolicTraits {
        var traits: SymbolicTraits = []
        if face.isBold { traits.insert(.traitBold) }
        if face.slant != .upright { traits.insert(.traitItalic) }
        if face.width < 0 { traits.insert(.traitCondensed) }
        if face.width > 0 { traits.insert(.traitExpanded) }
        if FontFamilies.family(named: drawnFamily)?.isMonospace == true { traits.insert(.traitMonoSpace) }
        return traits
    }

    /// The same descriptor with these traits in place of its own (bold, italic, condensed, expanded; without
    /// `traitBold` a bold face becomes regular). Nil when the family drawn has no face with every trait asked
    /// for: monospace in a family that is not, bold or italic or a width no face of the family has, or both
    /// condensed and expanded.
    public func withSymbolicTraits(_ symbolicTraits: SymbolicTraits) -> UIFontDescriptor? {
        let wantsBold = symbolicTraits.contains(.traitBold), wantsItalic = symbolicTraits.contains(.traitItalic)
        let condensed = symbolicTraits.contains(.traitCondensed), expanded = symbolicTraits.contains(.traitExpanded)
        guard !(condensed && expanded), let family = FontFamilies.family(named: drawnFamily) else { return nil }
        if symbolicTraits.contains(.traitMonoSpace), !family.isMonospace { return nil }
        let width = condensed ? -1 : expanded ? 1 : 0
        let offered = family.faces.contains { face in
            (!wantsBold || face.isBold) && (!wantsItalic || face.isItalic) && (width == 0 || face.width == width)
        }
        guard offered else { return nil }
        var made = face
        if wantsBold != face.isBold { made.weight = wantsBold ? .bold : .regular }
        if wantsItalic != (face.slant != .upright) { made.slant = wantsItalic ? .italic : .upright }
        made.width = width
        return UIFontDescriptor(face: made, size: pointSize, textStyle: textStyle)
    }

    /// The same descriptor in a system design's family (DejaVu Serif, DejaVu Sans Mono, DejaVu Sans), its
    /// weight, slant and width kept; nil, as Apple's, unless the descriptor is of a system font (a family of
    /// one of the designs). `.rounded` has no face here and gives the default design.
    public func withDesign(_ design: SystemDesign) -> UIFontDescriptor? {
        let systemFamilies = [SystemDesign.default, .serif, .monospaced].map(\.family)
        guard systemFamilies.contains(face.family) else { return nil }
        var made = face
        made.family = design.family
        return UIFontDescriptor(face: made, size: pointSize, textStyle: textStyle)
    }

    /// The family fontconfig draws the face with (the name's own family when it finds none).
    private var drawnFamily: String {
        let found = FontFaceTables.facts(name: face.name)?.family ?? ""
        return found.isEmpty ? face.family : found
    }
}
