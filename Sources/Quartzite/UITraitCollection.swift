import Foundation

/// Light or dark appearance, UIKit's values.
public enum UIUserInterfaceStyle: Int, Sendable {
    /// Not said.
    case unspecified
    /// The light appearance.
    case light
    /// The dark appearance.
    case dark
}

/// The traits that dynamic colours (`UIColor(dynamicProvider:)`) are resolved for: the appearance and the
/// display's scale; and the Dynamic Type size that `UIFontMetrics` and `UIFont.preferredFont(forTextStyle:
/// compatibleWith:)` scale for. There is no system appearance here: each thread's `current` is light until code sets it
/// (as a test of dark mode would, or a program that follows the desktop's setting).
public final class UITraitCollection: @unchecked Sendable {
    /// Light or dark.
    public let userInterfaceStyle: UIUserInterfaceStyle
    /// Pixels per point.
    public let displayScale: CGFloat
    /// The Dynamic Type size (unspecified unless given; fonts read it as `.large`).
    public let preferredContentSizeCategory: UIContentSizeCategory

    /// Traits that say nothing: unspecified appearance, scale 0.
    public convenience init() { self.init(userInterfaceStyle: .unspecified, displayScale: 0) }
    /// Traits of an appearance.
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.init(userInterfaceStyle: userInterfaceStyle, displayScale: 0)
    }
    /// Traits of a display scale.
    public convenience init(displayScale: CGFloat) { self.init(userInterfaceStyle: .unspecified, displayScale: displayScale) }
    /// Traits of a Dynamic Type size.
    public convenience init(preferredContentSizeCategory: UIContentSizeCategory) {
        self.init(userInterfaceStyle: .unspecified, displayScale: 0, category: preferredContentSizeCategory)
    }

    private init(userInterfaceStyle: UIUserInterfaceStyle, displayScale: CGFloat, category: UIContentSizeCategory = .unspecified) {
        self.userInterfaceStyle = userInterfaceStyle
        self.displayScale = displayScale
        preferredContentSizeCategory = category
    }

    /// The thread dictionary's key for this thread's current traits.
    private static let key = "Quartzite.UITraitCollection.current"

    /// The traits dynamic colours resolve for now on this thread (UIKit keeps them a thread): light unless set.
    public class var current: UITraitCollection {
        get { Thread.current.threadDictionary[key] as? UITraitCollection ?? light }
        set { Thread.current.threadDictionary[key] = newValue }
    }

    /// The default traits: the light appearance at one pixel a point.
    private static let light = UITraitCollection(userInterfaceStyle: .light, displayScale: 1)

    /// Runs `actions` with these traits as this thread's `current`, then puts the previous ones back.
    public func performAsCurrent(_ actions: () -> Void) {
        let previous = Self.current
        Self.current = self
        defer { Self.current = previous }
        actions()
    }
}
