import Foundation

extension NSAttributedString {
    /// The attributed string of a Swift `AttributedString`: its characters with UIKit's attributes
    /// (`AttributeScopes.UIKitAttributes`) and Foundation's link under their `NSAttributedString.Key`s, line
    /// styles as their raw values, as UIKit code gives them. Other attributes are left out.
    /// - Complexity: O(n) in the characters and runs.
    public convenience init(_ attributedString: AttributedString) {
        let made = NSMutableAttributedString(string: String(attributedString.characters))
        var location = 0
        for run in attributedString.runs {
            let length = attributedString[run.range].characters.reduce(0) { $0 + $1.utf16.count }
            let attributes = Self.uiKitAttributes(of: run)
            if !attributes.isEmpty { made.addAttributes(attributes, range: NSRange(location: location, length: length)) }
            location += length
        }
        self.init(attributedString: made)
    }

    /// A run's UIKit attributes as `NSAttributedString` keys and values.
    private static func uiKitAttributes(of run: AttributedString.Runs.Run) -> [NSAttributedString.Key: Any] {
        typealias UIKit = AttributeScopes.UIKitAttributes
        var attributes: [NSAttributedString.Key: Any] = [:]
        attributes[.font] = run[UIKit.FontAttribute.self]
        attributes[.foregroundColor] = run[UIKit.ForegroundColorAttribute.self]
        attributes[.backgroundColor] = run[UIKit.BackgroundColorAttribute.self]
        attributes[.kern] = run[UIKit.KernAttribute.self]
        attributes[.underlineStyle] = run[UIKit.UnderlineStyleAttribute.self]?.rawValue
        attributes[.strikethroughStyle] = run[UIKit.StrikethroughStyleAttribute.self]?.rawValue
        attributes[.paragraphStyle] = run[UIKit.ParagraphStyleAttribute.self]
        attributes[.shadow] = run[UIKit.ShadowAttribute.self]
        attributes[.baselineOffset] = run[UIKit.BaselineOffsetAttribute.self]
        attributes[.link] = run[AttributeScopes.FoundationAttributes.LinkAttribute.self]
        return attributes
    }
}
