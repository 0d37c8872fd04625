import Foundation

/// iOS's Dynamic Type sizes in points, from the Human Interface Guidelines' typography tables ("iOS, iPadOS
/// Dynamic Type sizes"): each text style's size at each content size category, xSmall to AX5. Weights do not
/// change with the category and are the style's own (`UIFont.TextStyle.defaultSizeAndWeight`).
enum DynamicTypeSizes {
    /// The sizes of `style` in the order of `UIContentSizeCategory.sized`; an unknown style is body.
    static func sizes(of style: UIFont.TextStyle) -> [CGFloat] {
        switch style {
        case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        default: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        }
    }

    /// The size of `style` at `category` (`.large`'s for an unspecified or unknown category).
    static func size(of style: UIFont.TextStyle, at category: UIContentSizeCategory) -> CGFloat {
        let sizes = sizes(of: style)
        return sizes.indices.contains(category.column) ? sizes[category.column] : sizes[3]
    }
}
