import Foundation

/// A run's glyph outline (`.strokeWidth`, `.strokeColor`): a width as a percentage of the font size,
/// positive to stroke only, negative to fill and stroke (UIKit's convention).
package struct TextStroke: Hashable, Sendable {
    /// The width in percent of the font size; never 0.
    package var percent: CGFloat
    /// The outline's colour; nil is the run's foreground colour.
    package var color: CGColor?

    /// The stroke of these attribute values; nil for no width, 0, or a width that is not finite.
    init?(width: Any?, color: Any?) {
        guard let percent = TextContent.number(width), percent.isFinite, percent != 0 else { return nil }
        self.percent = min(max(percent, -100), 100)
        self.color = color == nil ? nil : TextContent.color(color)
    }

    /// Whether the glyphs are filled as well as stroked.
    package var fills: Bool { percent < 0 }
}

/// A run's shadow (`.shadow`, an `NSShadow`) as plain values.
package struct TextShadow: Hashable, Sendable {
    package var offsetWidth: CGFloat
    package var offsetHeight: CGFloat
    package var blur: CGFloat
    package var color: CGColor

    /// The shadow an `NSShadow` describes; nil for another value or one with values that are not finite.
    init?(_ value: Any) {
        guard let shadow = value as? NSShadow else {
            Diagnostics.report("NSAttributedString.Key.shadow: a value of type \(type(of: value)) is not an NSShadow; no shadow")
            return nil
        }
        let numbers = [shadow.shadowOffset.width, shadow.shadowOffset.height, shadow.shadowBlurRadius]
        guard numbers.allSatisfy(\.isFinite) else { return nil }
        offsetWidth = shadow.shadowOffset.width
        offsetHeight = shadow.shadowOffset.height
        blur = max(shadow.shadowBlurRadius, 0)
        color = shadow.shadowColor.flatMap { TextContent.color($0) } ?? CGColor(gray: 0, alpha: 1.0 / 3)
    }
}
