import Foundation

/// A font face by name, as a text layer's `font` accepts it. Quartzite keeps the name and lets fontconfig
/// find the face when the text is drawn (an unknown name falls back to the system's sans-serif face).
public final class CGFont: Sendable {
    /// The name the font was made with (a family such as "DejaVu Sans", or a PostScript name).
    public let fullName: String?
    /// The font's PostScript name: here, the name it was made with.
    public var postScriptName: String? { fullName }

    /// A font named `name`; nil for an empty name.
    public init?(_ name: String) {
        guard !name.isEmpty else { return nil }
        fullName = name
    }
}

/// A glyph's index in its font, as Core Graphics spells it.
public typealias CGGlyph = UInt16

/// A font face at a size, as Core Text makes them (`CTFontCreateWithName`). A text layer's `font` accepts one
/// (its size ignored: `fontSize` applies, as Apple documents); as an attributed string's font its size applies.
public final class CTFont: Sendable {
    /// The face's name.
    let name: String
    /// The size in points.
    let size: CGFloat

    init(name: String, size: CGFloat) {
        self.name = name
        self.size = size
    }
}

/// A Core Text font of a face by name at `size` points (12 when `size` is 0, as Core Text). The matrix is
/// not applied.
public func CTFontCreateWithName(_ name: String, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    CTFont(name: name, size: size == 0 ? 12 : size)
}

/// The size of a Core Text font, in points.
public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.size }
