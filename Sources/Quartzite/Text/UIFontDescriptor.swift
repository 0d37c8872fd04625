import Foundation

/// UIKit's font descriptor: a face (family, weight, slant, width) and a size, from which `UIFont(descriptor:
/// size:)` makes a font. Traits and designs are answered from the installed faces (fontconfig, through
/// Pango): `withSymbolicTraits(.traitBold)` on DejaVu Sans is DejaVu Sans Bold, and is nil for a trait no
/// face of the family has (DejaVu Sans has no expanded face), as UIKit answers nil for a trait it cannot give.
public final class UIFontDescriptor: Sendable, Hashable, CustomStringConvertible {
    /// The face, as a family and style.
    let face: FontName
    /// The size in points (0 when not given).
    public let pointSize: CGFloat
    /// The Dynamic Type style the descriptor was made for, or nil.
    let textStyle: UIFont.TextStyle?

    init(face: FontName, size: CGFloat, textStyle: UIFont.TextStyle? = nil) {
        self.face = face
        pointSize = size.isFinite ? max(size, 0) : 0
        self.textStyle = textStyle
    }

    /// A descriptor of the face `fontName` (a family, or a family with a style suffix such as
    /// "DejaVu Sans-Bold") at `size` points; a size that is not a finite positive number is 0.
    public convenience init(name fontName: String, size: CGFloat) {
        self.init(face: FontName(parsing: fontName), size: size)
    }

    /// A descriptor of the attributes: `.family` or `.name` (a String), `.size` (a number), `.traits` (a
    /// dictionary with `.weight`, a number or `UIFont.Weight`, and `.symbolic`, a number of
    /// `SymbolicTraits` bits), `.textStyle` (the style's font, the other attributes laid over it). Other
    /// attributes and values of other types are ignored.
    public convenience init(fontAttributes attributes: [AttributeName: Any] = [:]) {
        let base = Self.textStyle(in: attributes).map { UIFontDescriptor.preferredFontDescriptor(withTextStyle: $0) }
            ?? UIFontDescriptor(face: FontName(family: TextRasterizer.defaultFamily), size: 0)
        let made = base.adding(attributes)
        self.init(face: made.face, size: made.pointSize, textStyle: made.textStyle)
    }

    /// The descriptor of a Dynamic Type style at the current traits' size (`UITraitCollection.current`:
    /// "Large" unless set): the system font at the style's size and weight (an unknown style is body).
    public class func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle) -> UIFontDescriptor {
        preferredFontDescriptor(withTextStyle: style, compatibleWith: nil)
    }

    /// The PostScript name of the face fontconfig draws the descriptor with ("DejaVuSans-Bold"); empty when
    /// no face is found.
    public var postscriptName: String { FontFaceTables.facts(name: face.name)?.postScriptName ?? "" }

    /// The descriptor's attributes: family, name, size, traits (symbolic bits and weight) and text style.
    public var fontAttributes: [AttributeName: Any] {
        var attributes: [AttributeName: Any] = [.family: face.family, .name: face.name, .size: pointSize,
                                                .traits: [TraitKey.symbolic: symbolicTraits.rawValue,
                                                          TraitKey.weight: face.weight.rawValue]]
        if let textStyle { attributes[.textStyle] = textStyle.rawValue }
        return attributes
    }

    /// The same descriptor at another size.
    public func withSize(_ newPointSize: CGFloat) -> UIFontDescriptor {
        UIFontDescriptor(face: face, size: newPointSize, textStyle: textStyle)
    }

    /// The same descriptor of another family, its style kept.
    public func withFamily(_ newFamily: String) -> UIFontDescriptor { adding([.family: newFamily]) }

    /// This descriptor with `attributes` laid over it (see `init(fontAttributes:)` for what is read).
    public func addingAttributes(_ attributes: [AttributeName: Any]) -> UIFontDescriptor { adding(attributes) }

    /// Equal when face, size and text style are.
    public static func == (lhs: UIFontDescriptor, rhs: UIFontDescriptor) -> Bool {
        lhs.face == rhs.face && lhs.pointSize == rhs.pointSize && lhs.textStyle == rhs.textStyle
    }
    /// Hashes the face, size and text style.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(face)
        hasher.combine(pointSize)
        hasher.combine(textStyle)
    }
    /// The name and size.
    public var description: String { "UIFontDescriptor: NSFontNameAttribute = \(face.name); NSFontSizeAttribute = \(pointSize)" }
}

extension UIFont {
    /// A font of `descriptor` at `pointSize` points; 0 (or a size that is not a finite positive number)
    /// takes the descriptor's size.
    public convenience init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
        let size = pointSize.isFinite && pointSize > 0 ? pointSize : descriptor.pointSize
        self.init(face: descriptor.face.name, size: size, textStyle: descriptor.textStyle)
    }

    /// The descriptor of this font's face and size.
    public var fontDescriptor: UIFontDescriptor {
        UIFontDescriptor(face: FontName(parsing: fontName), size: pointSize, textStyle: textStyle)
    }
}
