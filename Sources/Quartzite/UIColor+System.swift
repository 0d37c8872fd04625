import Foundation

/// UIKit's adaptive system colours, fixed at their light-mode, default-contrast values: Quartzite has no
/// dark mode or accessibility contrast to adapt to. The values are the sRGB components (out of 255) that
/// Apple's Human Interface Guidelines list under Color > Specifications for iOS in light mode (the
/// iOS 15 - 17 table); Apple notes that the values may change between releases.
extension UIColor {
    /// An sRGB colour from 0...255 components.
    private static func hig(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ alpha: CGFloat = 1) -> UIColor {
        UIColor(red: r / 255, green: g / 255, blue: b / 255, alpha: alpha)
    }

    /// System red: (255, 59, 48).
    public static let systemRed = hig(255, 59, 48)
    /// System orange: (255, 149, 0).
    public static let systemOrange = hig(255, 149, 0)
    /// System yellow: (255, 204, 0).
    public static let systemYellow = hig(255, 204, 0)
    /// System green: (52, 199, 89).
    public static let systemGreen = hig(52, 199, 89)
    /// System mint: (0, 199, 190).
    public static let systemMint = hig(0, 199, 190)
    /// System teal: (48, 176, 199).
    public static let systemTeal = hig(48, 176, 199)
    /// System cyan: (50, 173, 230).
    public static let systemCyan = hig(50, 173, 230)
    /// System blue: (0, 122, 255).
    public static let systemBlue = hig(0, 122, 255)
    /// System indigo: (88, 86, 214).
    public static let systemIndigo = hig(88, 86, 214)
    /// System purple: (175, 82, 222).
    public static let systemPurple = hig(175, 82, 222)
    /// System pink: (255, 45, 85).
    public static let systemPink = hig(255, 45, 85)
    /// System brown: (162, 132, 94).
    public static let systemBrown = hig(162, 132, 94)

    /// System grey: (142, 142, 147).
    public static let systemGray = hig(142, 142, 147)
    /// Second system grey: (174, 174, 178).
    public static let systemGray2 = hig(174, 174, 178)
    /// Third system grey: (199, 199, 204).
    public static let systemGray3 = hig(199, 199, 204)
    /// Fourth system grey: (209, 209, 214).
    public static let systemGray4 = hig(209, 209, 214)
    /// Fifth system grey: (229, 229, 234).
    public static let systemGray5 = hig(229, 229, 234)
    /// Sixth system grey: (242, 242, 247).
    public static let systemGray6 = hig(242, 242, 247)

    /// The background of a view: white in light mode.
    public static let systemBackground = hig(255, 255, 255)
    /// Content layered on the system background: (242, 242, 247).
    public static let secondarySystemBackground = hig(242, 242, 247)
    /// Content layered on the secondary background: white.
    public static let tertiarySystemBackground = hig(255, 255, 255)
    /// The background of a grouped table: (242, 242, 247).
    public static let systemGroupedBackground = hig(242, 242, 247)
    /// Content layered on the grouped background: white.
    public static let secondarySystemGroupedBackground = hig(255, 255, 255)
    /// Content layered on the secondary grouped background: (242, 242, 247).
    public static let tertiarySystemGroupedBackground = hig(242, 242, 247)

    /// Primary text: black.
    public static let label = hig(0, 0, 0)
    /// Secondary text: (60, 60, 67) at alpha 0.6.
    public static let secondaryLabel = hig(60, 60, 67, 0.6)
    /// Tertiary text: (60, 60, 67) at alpha 0.3.
    public static let tertiaryLabel = hig(60, 60, 67, 0.3)
    /// Quaternary text: (60, 60, 67) at alpha 0.18.
    public static let quaternaryLabel = hig(60, 60, 67, 0.18)
    /// A separator that lets content show through: (60, 60, 67) at alpha 0.29.
    public static let separator = hig(60, 60, 67, 0.29)
    /// A separator that hides content: (198, 198, 200).
    public static let opaqueSeparator = hig(198, 198, 200)
}
