import Foundation

/// The attribute keys a text layer reads from an `NSAttributedString`, under UIKit's names (Foundation on
/// Linux has no UIKit to declare them), with UIKit's raw values.
extension NSAttributedString.Key {
    /// The text's colour: a `CGColor`.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// The text's font: a font name, `CGFont` or `CTFont` (with its size).
    public static let font = NSAttributedString.Key("NSFont")
    /// Extra space after each character, in points: a number.
    public static let kern = NSAttributedString.Key("NSKern")
    /// The underline: a number, 0 none, 1 single, 2 thick, 9 double (`NSUnderlineStyle`'s raw values).
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
}
