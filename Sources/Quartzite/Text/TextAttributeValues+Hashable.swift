import Foundation

/// Paragraph styles are equal when every value is, as UIKit compares them, so one can be an `AttributedString`
/// attribute (`AttributeScopes.UIKitAttributes.paragraphStyle`).
extension NSParagraphStyle: Hashable {
    /// Equal when every value is.
    public static func == (lhs: NSParagraphStyle, rhs: NSParagraphStyle) -> Bool { lhs.fields == rhs.fields }

    /// Hashes every value.
    public func hash(into hasher: inout Hasher) { hasher.combine(fields) }
}

/// Shadows are equal when offset, blur and colour are (a colour that is neither a `UIColor` nor a `CGColor`
/// compares as none), so one can be an `AttributedString` attribute.
extension NSShadow: Hashable {
    /// Equal when offset, blur radius and colour are.
    public static func == (lhs: NSShadow, rhs: NSShadow) -> Bool {
        lhs.shadowOffset == rhs.shadowOffset && lhs.shadowBlurRadius == rhs.shadowBlurRadius && lhs.color == rhs.color
    }

    /// Hashes the offset and blur radius.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(shadowOffset.width)
        hasher.combine(shadowOffset.height)
        hasher.combine(shadowBlurRadius)
    }

    /// The colour as a `CGColor`, nil for none or a value of another type.
    private var color: CGColor? {
        switch shadowColor {
        case let color as UIColor: color.cgColor
        case let color as CGColor: color
        default: nil
        }
    }
}
