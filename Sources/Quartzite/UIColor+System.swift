import Foundation

/// UIKit's adaptive system colours, light or dark as the traits they are resolved for say (`UITraitCollection`,
/// `resolvedColor(with:)`; `cgColor` resolves for `UITraitCollection.current`), at default contrast (there is
/// no accessibility contrast here). The values are the sRGB components (out of 255) that Apple's Human
/// Interface Guidelines list under Color > Specifications for iOS, light and dark (the iOS 15 - 17 table; the
/// dark labels' and separators' alphas as iOS 13 reports them); Apple notes that the values may change
/// between releases. Each doc comment gives the light value.
extension UIColor {
    /// An sRGB colour from 0...255 components.
    private static func hig(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ alpha: CGFloat = 1) -> UIColor {
        UIColor(red: r / 255, green: g / 255, blue: b / 255, alpha: alpha)
    }

    /// `light`, or `dark` for the dark appearance.
    private static func adaptive(_ light: UIColor, dark: UIColor) -> UIColor {
        UIColor { $0.userInterfaceStyle == .dark ? dark : light }
    }

    /// System red: (255, 59, 48).
    public static let systemRed = adaptive(hig(255, 59, 48), dark: hig(255, 69, 58))
    /// System orange: (255, 149, 0).
    public static let systemOrange = adaptive(hig(255, 149, 0), dark: hig(255, 159, 10))
    /// System yellow: (255, 204, 0).
    public static let systemYellow = adaptive(hig(255, 204, 0), dark: hig(255, 214, 10))
    /// System green: (52, 199, 89).
    public static let systemGreen = adaptive(hig(52, 199, 89), dark: hig(48, 209, 88))
    /// System mint: (0, 199, 190).
    public static let systemMint = adaptive(hig(0, 199, 190), dark: hig(102, 212, 207))
    /// System teal: (48, 176, 199).
    public static let systemTeal = adaptive(hig(48, 176, 199), dark: hig(64, 200, 224))
    /// System cyan: (50, 173, 230).
    public static let systemCyan = adaptive(hig(50, 173, 230), dark: hig(100, 210, 255))
    /// System blue: (0, 122, 255).
    public static let systemBlue = adaptive(hig(0, 122, 255), dark: hig(10, 132, 255))
    /// System indigo: (88, 86, 214).
    public static let systemIndigo = adaptive(hig(88, 86, 214), dark: hig(94, 92, 230))
    /// System purple: (175, 82, 222).
    public static let systemPurple = adaptive(hig(175, 82, 222), dark: hig(191, 90, 242))
    /// System pink: (255, 45, 85).
    public static let systemPink = adaptive(hig(255, 45, 85), dark: hig(255, 55, 95))
    /// System brown: (162, 132, 94).
    public static let systemBrown = adaptive(hig(162, 132, 94), dark: hig(172, 142, 104))

    /// System grey: (142, 142, 147).
    public static let systemGray = adaptive(hig(142, 142, 147), dark: hig(142, 142, 147))
    /// Second system grey: (174, 174, 178).
    public static let systemGray2 = adaptive(hig(174, 174, 178), dark: hig(99, 99, 102))
    /// Third system grey: (199, 199, 204).
    public static let systemGray3 = adaptive(hig(199, 199, 204), dark: hig(72, 72, 74))
    /// Fourth system grey: (209, 209, 214).
    public static let systemGray4 = adaptive(hig(209, 209, 214), dark: hig(58, 58, 60))
    /// Fifth system grey: (229, 229, 234).
    public static let systemGray5 = adaptive(hig(229, 229, 234), dark: hig(44, 44, 46))
    /// Sixth system grey: (242, 242, 247).
    public static let systemGray6 = adaptive(hig(242, 242, 247), dark: hig(28, 28, 30))

    /// The background of a view: white in light mode.
    public static let systemBackground = adaptive(hig(255, 255, 255), dark: hig(0, 0, 0))
    /// Content layered on the system background: (242, 242, 247).
    public static let secondarySystemBackground = adaptive(hig(242, 242, 247), dark: hig(28, 28, 30))
    /// Content layered on the secondary background: white.
    public static let tertiarySystemBackground = adaptive(hig(255, 255, 255), dark: hig(44, 44, 46))
    /// The background of a grouped table: (242, 242, 247).
    public static let systemGroupedBackground = adaptive(hig(242, 242, 247), dark: hig(0, 0, 0))
    /// Content layered on the grouped background: white.
    public static let secondarySystemGroupedBackground = adaptive(hig(255, 255, 255), dark: hig(28, 28, 30))
    /// Content layered on the secondary grouped background: (242, 242, 247).
    public static let tertiarySystemGroupedBackground = adaptive(hig(242, 242, 247), dark: hig(44, 44, 46))

    /// Primary text: black.
    public static let label = adaptive(hig(0, 0, 0), dark: hig(255, 255, 255))
    /// Secondary text: (60, 60, 67) at alpha 0.6.
    public static let secondaryLabel = adaptive(hig(60, 60, 67, 0.6), dark: hig(235, 235, 245, 0.6))
    /// Tertiary text: (60, 60, 67) at alpha 0.3.
    public static let tertiaryLabel = adaptive(hig(60, 60, 67, 0.3), dark: hig(235, 235, 245, 0.3))
    /// Quaternary text: (60, 60, 67) at alpha 0.18.
    public static let quaternaryLabel = adaptive(hig(60, 60, 67, 0.18), dark: hig(235, 235, 245, 0.18))
    /// A separator that lets content show through: (60, 60, 67) at alpha 0.29.
    public static let separator = adaptive(hig(60, 60, 67, 0.29), dark: hig(84, 84, 88, 0.6))
    /// A separator that hides content: (198, 198, 200).
    public static let opaqueSeparator = adaptive(hig(198, 198, 200), dark: hig(56, 56, 58))

    /// A fill for thin, small shapes: (120, 120, 128) at alpha 0.2.
    public static let systemFill = adaptive(hig(120, 120, 128, 0.2), dark: hig(120, 120, 128, 0.36))
    /// A fill for medium shapes: (120, 120, 128) at alpha 0.16.
    public static let secondarySystemFill = adaptive(hig(120, 120, 128, 0.16), dark: hig(120, 120, 128, 0.32))
    /// A fill for large shapes: (118, 118, 128) at alpha 0.12.
    public static let tertiarySystemFill = adaptive(hig(118, 118, 128, 0.12), dark: hig(118, 118, 128, 0.24))
    /// A fill for large areas with complex content: (116, 116, 128) at alpha 0.08.
    public static let quaternarySystemFill = adaptive(hig(116, 116, 128, 0.08), dark: hig(118, 118, 128, 0.18))
    /// Placeholder text: (60, 60, 67) at alpha 0.3.
    public static let placeholderText = adaptive(hig(60, 60, 67, 0.3), dark: hig(235, 235, 245, 0.3))
    /// Link text: (0, 122, 255).
    public static let link = adaptive(hig(0, 122, 255), dark: hig(9, 132, 255))
    /// The app's tint: the system blue here (there is no window tint to inherit).
    public static var tintColor: UIColor { systemBlue }
}
