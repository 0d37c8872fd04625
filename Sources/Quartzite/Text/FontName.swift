import CPango
import Foundation

/// A font name read as a family and a style: "DejaVu Sans-BoldCondensedItalic" is the family "DejaVu Sans"
/// at bold weight, condensed, italic. The one place a name's style words are read and written: text layout
/// turns it into a Pango font description, `UIFontDescriptor` into traits, and a descriptor writes its face
/// back as such a name (`UIFont.fontName`).
struct FontName: Hashable, Sendable {
    /// How a face slants.
    enum Slant: Hashable, Sendable { case upright, italic, oblique }

    var family: String
    var weight: UIFont.Weight = .regular
    var slant = Slant.upright
    /// -1 condensed, 0 normal, 1 expanded.
    var width = 0

    init(family: String) { self.family = family }

    /// The family and style of `name`: the suffix after the last hyphen is a style when it is made of style
    /// words (or starts with "bold", as "Helvetica-BoldMT"); otherwise the whole name is the family.
    init(parsing name: String) {
        family = name
        guard let hyphen = name.lastIndex(of: "-") else { return }
        let suffix = name[name.index(after: hyphen)...].lowercased()
        guard Self.isStyle(suffix) else { return }
        family = String(name[..<hyphen])
        weight = Self.weights.first { suffix.contains($0.word) }?.weight ?? .regular
        slant = suffix.contains("italic") ? .italic : suffix.contains("oblique") ? .oblique : .upright
        width = suffix.contains("condensed") ? -1 : suffix.contains("expanded") ? 1 : 0
    }

    /// The name: the family, then a hyphen and the style words when the style is not plain.
    var name: String {
        let weightWord = Self.weights.first { $0.weight == weight }?.suffix ?? ""
        let widthWord = width < 0 ? "Condensed" : width > 0 ? "Expanded" : ""
        let slantWord = slant == .italic ? "Italic" : slant == .oblique ? "Oblique" : ""
        let suffix = weightWord + widthWord + slantWord
        return suffix.isEmpty ? family : family + "-" + suffix
    }

    /// Pango's weight, nil for regular.
    var pangoWeight: PangoWeight? { Self.weights.first { $0.weight == weight }?.pango }

    /// Whether the weight is bold enough for `traitBold` (semibold and heavier, as UIKit's headline style is).
    var isBold: Bool { weight.rawValue >= UIFont.Weight.semibold.rawValue }

    /// The named weights: the word a name carries, UIKit's weight, Pango's. A lighter name is listed before
    /// the heavier one whose word it contains ("ultralight" before "light", "semibold" before "bold").
    static let weights: [(word: String, suffix: String, weight: UIFont.Weight, pango: PangoWeight)] = [
        ("ultralight", "UltraLight", .ultraLight, PANGO_WEIGHT_ULTRALIGHT), ("thin", "Thin", .thin, PANGO_WEIGHT_THIN),
        ("light", "Light", .light, PANGO_WEIGHT_LIGHT), ("medium", "Medium", .medium, PANGO_WEIGHT_MEDIUM),
        ("semibold", "Semibold", .semibold, PANGO_WEIGHT_SEMIBOLD), ("bold", "Bold", .bold, PANGO_WEIGHT_BOLD),
        ("heavy", "Heavy", .heavy, PANGO_WEIGHT_HEAVY), ("black", "Black", .black, PANGO_WEIGHT_ULTRAHEAVY),
    ]

    /// The words a style suffix is made of.
    private static let styleWords = ["ultralight", "semibold", "bold", "italic", "oblique", "regular", "roman", "medium",
                                     "light", "thin", "heavy", "black", "condensed", "expanded"]

    /// Whether `suffix` (lowercased) is a style: style words one after another, or a word starting "bold".
    private static func isStyle(_ suffix: String) -> Bool {
        if suffix.hasPrefix("bold") { return true }
        var rest = Substring(suffix)
        while !rest.isEmpty {
            guard let word = styleWords.first(where: { rest.hasPrefix($0) }) else { return false }
            rest = rest.dropFirst(word.count)
        }
        return !suffix.isEmpty
    }
}
