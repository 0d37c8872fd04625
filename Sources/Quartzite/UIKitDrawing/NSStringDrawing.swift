import Foundation

/// How `draw(with:options:...)` and `boundingRect(with:options:...)` lay text out (UIKit's values).
public struct NSStringDrawingOptions: OptionSet, Hashable, Sendable {
    /// The options' bits.
    public let rawValue: Int
    /// Options of these bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The rect's origin is the top-left corner of the first line, and lines wrap at its width; without it
    /// the origin is the first baseline's start and the text is one line a paragraph.
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Line heights include the font's leading (Pango's line heights already do).
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Glyph bounds from the device's metrics (the same metrics here).
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// Wrapped text that does not fit the rect's height ends with an ellipsis on the last line that fits.
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

extension NSString {
    /// UIKit's name for the string drawing options, as Swift code spells it (`NSString.DrawingOptions`).
    public typealias DrawingOptions = NSStringDrawingOptions
}

/// What string drawing did, for the caller to read back: UIKit's scale factors and the bounds drawn.
/// Text is never shrunk to fit here, so `actualScaleFactor` stays 1.
public final class NSStringDrawingContext {
    /// The smallest scale the text may be shrunk to (kept; text is not shrunk here).
    public var minimumScaleFactor: CGFloat = 0
    /// The scale the text was drawn at: always 1.
    public private(set) var actualScaleFactor: CGFloat = 1
    /// The bounds of the text last laid out with this context.
    public internal(set) var totalBounds: CGRect = .zero
    /// A context to pass to a drawing or measuring call.
    public init() {}
}

extension NSAttributedString {
    /// Draws the string in the current context on one line a paragraph, its first line's top-left corner at
    /// `point` (y down, as UIKit's contexts are).
    public func draw(at point: CGPoint) { StringDrawing.draw(self, at: point, .unbounded) }

    /// Draws the string in `rect` of the current context: wrapped at its width (or truncated, as the
    /// paragraph style's line break mode says) and cut to the rect.
    public func draw(in rect: CGRect) {
        let r = rect.standardized
        guard [r.minX, r.minY, r.width, r.height].allSatisfy(\.isFinite) else {
            return Diagnostics.report("NSAttributedString.draw(in:): rect \(rect) is not finite; nothing is drawn")
        }
        StringDrawing.draw(self, at: r.origin, .within(r.size, truncatesLast: false), clip: r)
    }

    /// Draws the string as `options` say: with `.usesLineFragmentOrigin`, wrapped at `rect`'s width with its
    /// first line's top-left corner at its origin; without, one line a paragraph with the first baseline
    /// starting at `rect`'s origin.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) {
        let r = rect.standardized
        let lines = Self.lines(r.size, options)
        let top = options.contains(.usesLineFragmentOrigin)
            ? r.origin : CGPoint(x: r.minX, y: r.minY - StringDrawing.extents(self, lines).baseline)
        StringDrawing.draw(self, at: top, lines)
        context?.totalBounds = boundingRect(with: r.size, options: options, context: nil)
    }

    /// The size the string takes drawn with `draw(at:)`, in points (fractional: round up to size a view).
    public func size() -> CGSize { StringDrawing.extents(self, .unbounded).logical.size }

    /// The rectangle the string takes drawn with `draw(with:options:context:)` into a rect of `size`: with
    /// `.usesLineFragmentOrigin`, from the first line's top-left corner, as wide as its widest line; without,
    /// one line, from its baseline's start (a negative y: the ascent).
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             context: NSStringDrawingContext?) -> CGRect {
        let (logical, baseline) = StringDrawing.extents(self, Self.lines(size, options))
        let rect = options.contains(.usesLineFragmentOrigin)
            ? CGRect(origin: .zero, size: logical.size)
            : CGRect(x: 0, y: -baseline, width: logical.width, height: logical.height)
        context?.totalBounds = rect
        return rect
    }

    /// The lines `options` lay out in a rect of `size`.
    private static func lines(_ size: CGSize, _ options: NSStringDrawingOptions) -> StringDrawing.Lines {
        guard options.contains(.usesLineFragmentOrigin) else { return .unbounded }
        return .within(size, truncatesLast: options.contains(.truncatesLastVisibleLine))
    }
}

extension NSString {
    /// Draws the string with `attrs` (over the whole string) in the current context, its first line's top-left
    /// corner at `point`.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        attributed(attrs).draw(at: point)
    }

    /// Draws the string with `attrs` in `rect` of the current context, wrapped at its width and cut to it.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        attributed(attrs).draw(in: rect)
    }

    /// Draws the string with `attrs` as `options` say (see `NSAttributedString.draw(with:options:context:)`).
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [],
                     attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) {
        attributed(attributes).draw(with: rect, options: options, context: context)
    }

    /// The size the string takes drawn with `attrs` at a point, in points.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        attributed(attrs).size()
    }

    /// The rectangle the string takes drawn with `attributes` as `options` say into a rect of `size`.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil,
                             context: NSStringDrawingContext?) -> CGRect {
        attributed(attributes).boundingRect(with: size, options: options, context: context)
    }

    /// The string with `attrs` over all of it.
    private func attributed(_ attrs: [NSAttributedString.Key: Any]?) -> NSAttributedString {
        NSAttributedString(string: String(self), attributes: attrs)
    }
}

/// The same string drawing on Swift strings, as Swift code calls it on a `String` without a cast.
extension StringProtocol {
    /// Draws the string with `attrs` in the current context, its first line's top-left corner at `point`.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        NSString(string: String(self)).draw(at: point, withAttributes: attrs)
    }

    /// Draws the string with `attrs` in `rect` of the current context, wrapped at its width and cut to it.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        NSString(string: String(self)).draw(in: rect, withAttributes: attrs)
    }

    /// Draws the string with `attributes` as `options` say.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [],
                     attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) {
        NSString(string: String(self)).draw(with: rect, options: options, attributes: attributes, context: context)
    }

    /// The size the string takes drawn with `attrs` at a point, in points.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        NSString(string: String(self)).size(withAttributes: attrs)
    }

    /// The rectangle the string takes drawn with `attributes` as `options` say into a rect of `size`.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil,
                             context: NSStringDrawingContext?) -> CGRect {
        NSString(string: String(self)).boundingRect(with: size, options: options, attributes: attributes,
                                                   context: context)
    }
}
