import Foundation
import Testing
@testable import Quartzite

/// `UIFontMetrics` and the Dynamic Type sizes: identity at the default category (`.large`), and body text at
/// every category as iOS gives it (UIFontTextStyleBody: 14, 15, 16, 17, 19, 21, 23 points from xSmall to
/// xxxLarge, 28, 33, 40, 47, 53 at AX1 to AX5, the Human Interface Guidelines' table).
@Suite struct DynamicTypeScalingTests {
    let bodySizes: [(UIContentSizeCategory, CGFloat)] = [
        (.extraSmall, 14), (.small, 15), (.medium, 16), (.large, 17), (.extraLarge, 19), (.extraExtraLarge, 21),
        (.extraExtraExtraLarge, 23), (.accessibilityMedium, 28), (.accessibilityLarge, 33),
        (.accessibilityExtraLarge, 40), (.accessibilityExtraExtraLarge, 47), (.accessibilityExtraExtraExtraLarge, 53),
    ]

    @Test func theDefaultCategoryScalesNothing() {
        let font = UIFont(name: "DejaVu Serif", size: 15) ?? UIFont.systemFont(ofSize: 15)
        #expect(UIFontMetrics.default.scaledFont(for: font) == font)
        #expect(UIFontMetrics(forTextStyle: .title1).scaledValue(for: 44) == 44)
        let large = UITraitCollection(preferredContentSizeCategory: .large)
        #expect(UIFontMetrics(forTextStyle: .footnote).scaledFont(for: font, compatibleWith: large) == font)
        #expect(UITraitCollection().preferredContentSizeCategory == .unspecified)
    }

    @Test func bodyTextTakesApplesSizeAtEachCategory() {
        let body = UIFont.preferredFont(forTextStyle: .body)
        for (category, size) in bodySizes {
            let traits = UITraitCollection(preferredContentSizeCategory: category)
            #expect(UIFont.preferredFont(forTextStyle: .body, compatibleWith: traits).pointSize == size, "\(category.rawValue)")
            #expect(UIFontMetrics.default.scaledFont(for: body, compatibleWith: traits).pointSize == size, "\(category.rawValue)")
            #expect(UIFontDescriptor.preferredFontDescriptor(withTextStyle: .body, compatibleWith: traits).pointSize == size)
        }
        #expect(UIFont.preferredFont(forTextStyle: .headline, compatibleWith: nil).fontName == "DejaVu Sans-Semibold")
    }

    @Test func customFontsAndValuesScaleByTheStylesRatio() {
        let font = UIFont.systemFont(ofSize: 34)
        let xxxl = UITraitCollection(preferredContentSizeCategory: .extraExtraExtraLarge)
        let ratio: CGFloat = 23.0 / 17.0
        #expect(abs(UIFontMetrics.default.scaledFont(for: font, compatibleWith: xxxl).pointSize - 34 * ratio) < 1e-9)
        #expect(abs(UIFontMetrics.default.scaledValue(for: 10, compatibleWith: xxxl) - 10 * ratio) < 1e-9)
        #expect(UIFontMetrics.default.scaledFont(for: font, maximumPointSize: 40, compatibleWith: xxxl).pointSize == 40)
        #expect(abs(UIFontMetrics.default.scaledFont(for: font, maximumPointSize: 0, compatibleWith: xxxl).pointSize - 34 * ratio) < 1e-9)
        let current = UITraitCollection(preferredContentSizeCategory: .extraSmall)
        current.performAsCurrent {
            #expect(UIFontMetrics.default.scaledValue(for: 17) == 14)
            // Without a trait collection, the preferred font follows the current traits too.
            #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 14)
            #expect(UIFont.preferredFont(forTextStyle: .body, compatibleWith: nil).pointSize == 14)
            #expect(UIFontDescriptor.preferredFontDescriptor(withTextStyle: .body).pointSize == 14)
        }
    }

    @Test func categoriesAreOrderedAndHostileValuesPassThrough() {
        #expect(UIContentSizeCategory.extraSmall < .large && UIContentSizeCategory.large < .accessibilityMedium)
        #expect(UIContentSizeCategory.unspecified < .extraSmall)
        #expect(UIContentSizeCategory.accessibilityLarge.isAccessibilityCategory && !UIContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
        #expect(UIFontMetrics.default.scaledValue(for: .nan).isNaN)
        #expect(UIFontMetrics.default.scaledValue(for: .infinity) == .infinity)
        let unknown = UITraitCollection(preferredContentSizeCategory: UIContentSizeCategory(rawValue: "huge"))
        #expect(UIFontMetrics(forTextStyle: UIFont.TextStyle(rawValue: "odd")).scaledValue(for: 5, compatibleWith: unknown) == 5)
    }
}
