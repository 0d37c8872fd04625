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

/// A run's skew and stretch (`.obliqueness`, `.expansion`), worked out once for layout and drawing alike: the
/// run is shaped at its size times the stretch, so Pango's advances are stretched, and its outlines are drawn
/// squeezed back to its height and skewed about the baseline.
extension TextContent.Run {
    /// The size the run's glyphs are drawn at: its own (a positive finite size, capped at the largest drawn),
    /// else the text's `textSize`.
    package func baseSize(textSize: CGFloat) -> CGFloat { ownSize ?? textSize }

    /// The run's own size as drawn: a positive finite size, capped at the largest size drawn (Pango refuses
    /// larger ones with a warning); nil for none or any other.
    package var ownSize: CGFloat? {
        guard let fontSize, fontSize.isFinite, fontSize > 0 else { return nil }
        return min(fontSize, TextRasterizer.maximumFontSize)
    }

    /// The size Pango shapes a stretched run at: its base size times e^expansion, capped at the largest size
    /// drawn; nil without expansion or for a base size that is not a positive finite number.
    package func shapedSize(textSize: CGFloat) -> CGFloat? {
        let base = baseSize(textSize: textSize)
        guard let expansion, base.isFinite, base > 0 else { return nil }
        return min(base * exp(expansion), TextRasterizer.maximumFontSize)
    }

    /// The transform of the run's outlines about its baseline origin, y down: squeezed back to the base
    /// size's height, then skewed (a point `h` above the baseline moves `obliqueness * h` right). Nil when the
    /// run neither stretches nor skews.
    package func glyphTransform(textSize: CGFloat) -> CGAffineTransform? {
        guard obliqueness != nil || expansion != nil else { return nil }
        let squeeze = shapedSize(textSize: textSize).map { baseSize(textSize: textSize) / $0 } ?? 1
        let skew = obliqueness ?? 0
        return CGAffineTransform(a: 1, b: 0, c: -skew * squeeze, d: squeeze, tx: 0, ty: 0)
    }
}
