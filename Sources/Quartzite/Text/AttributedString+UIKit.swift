import Foundation

extension AttributeScopes {
    /// UIKit's attributes for Swift's `AttributedString` (Linux's Foundation has no UIKit to declare them), under
    /// UIKit's names and raw names, with Foundation's own: `string.font = .systemFont(ofSize: 17)`,
    /// `string.foregroundColor = .red`. `NSAttributedString(_:)` turns such a string into one that string
    /// drawing and text layers read.
    public struct UIKitAttributes: AttributeScope {
        /// The font.
        public let font: FontAttribute
        /// The text's colour.
        public let foregroundColor: ForegroundColorAttribute
        /// The colour behind the text's line boxes.
        public let backgroundColor: BackgroundColorAttribute
        /// Extra space after each character, in points.
        public let kern: KernAttribute
        /// The underline.
        public let underlineStyle: UnderlineStyleAttribute
        /// A line through the text.
        public let strikethroughStyle: StrikethroughStyleAttribute
        /// The paragraph's layout.
        public let paragraphStyle: ParagraphStyleAttribute
        /// The text's shadow.
        public let shadow: ShadowAttribute
        /// How far the glyphs sit above the baseline, in points.
        public let baselineOffset: BaselineOffsetAttribute
        /// Foundation's attributes (`link` among them).
        public let foundation: FoundationAttributes

        /// `NSAttributedString.Key.font`'s attribute: a `UIFont`.
        public enum FontAttribute: AttributedStringKey {
            /// A font.
            public typealias Value = UIFont
            /// UIKit's raw name.
            public static let name = NSAttributedString.Key.font.rawValue
        }
        /// `NSAttributedString.Key.foregroundColor`'s attribute: a `UIColor`.
        public enum ForegroundColorAttribute: AttributedStringKey {
            /// A colour.
            public typealias Value = UIColor
            /// UIKit's raw name.
            public static let name = NSAttributedString.Key.foregroundColor.rawValue
        }
        /// `NSAttributedString.Key.backgroundColor`'s attribute: a `UIColor`.
        public enum BackgroundColorAttribute: AttributedStringKey {
            /// A colour.
            public typealias Value = UIColor
            /// UIKit's raw name.
            public static let name = NSAttributedString.Key.backgroundColor.rawValue
        }
        /// `NSAttributedString.Key.kern`'s attribute: points.
        public enum KernAttribute: AttributedStringKey {
            /// A length in points.
            public typealias Value = CGFloat
            /// UIKit's raw name.
            public static let name = NSAttributedString.Key.kern.rawValue
        }
        /// `NSAttributedString.Key.underlineStyle`'s attribute.
        public enum UnderlineStyleAttribute: AttributedStringKey {
            /// A line style.
            public typealias Value = NSUnderlineStyle
            /// UIKit's raw name.
            public static let name = NSAttributedString.Key.underlineStyle.rawValue
        }
        /// `NSAttributedString.Key.strikethroughStyle`'s attribute.
        public enum StrikethroughStyleAttribute: AttributedStringKey {
            /// A line style.
            public typealias Value = NSUnderlineStyle
            /// UIKit's raw name.
            public static let name = NSAttributedString.Key.strikethroughStyle.rawValue
        }
        /// `NSAttributedString.Key.paragraphStyle`'s attribute.
        public enum ParagraphStyleAttribute: AttributedStringKey {
            /// A paragraph style.
            public typealias Value = NSParagraphStyle
            /// UIKit's raw name.
            public static let name = NSAttributedString.Key.paragraphStyle.rawValue
        }
        /// `NSAttributedString.Key.shadow`'s attribute.
        public enum ShadowAttribute: AttributedStringKey {
            /// A shadow.
            public typealias Value = NSShadow
            /// UIKit's raw name.
            public static let name = NSAttributedString.Key.shadow.rawValue
        }
        /// `NSAttributedString.Key.baselineOffset`'s attribute: points.
        public enum BaselineOffsetAttribute: AttributedStringKey {
            /// A length in points.
            public typealias Value = CGFloat
            /// UIKit's raw name.
            public static let name = NSAttributedString.Key.baselineOffset.rawValue
        }
    }

    /// UIKit's attribute scope.
    public var uiKit: UIKitAttributes.Type { UIKitAttributes.self }
}

extension AttributeDynamicLookup {
    /// UIKit's attributes by name on an `AttributedString` or its runs (`string.font`).
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.UIKitAttributes, T>) -> T {
        self[T.self]
    }
}
