import Foundation

/// A label's text as UIKit's string drawing lays it out: the label's font, colour and alignment filled in
/// where the text sets none, line breaking for its number of lines, measured and drawn with
/// `NSAttributedString.boundingRect` / `draw(with:options:context:)` and `.usesLineFragmentOrigin`.
///
/// Lines are limited by height: the text is laid out wrapped, and `numberOfLines` lines are the height from
/// its top to midway between the foot of its last such line and the foot of the next, in which the layout
/// keeps the lines that fit whole (and ends the last with an ellipsis when the text goes on): counted, so
/// line and paragraph spacing and lines of different heights change nothing. A label whose mode wraps or
/// clips is measured that way and drawn without the ellipsis, cut after its last line. A label of several
/// lines truncating its head or middle wraps its lines as any other and cuts only the last, which holds the
/// rest of the text on one line (`drawTruncatingLastLine`).
struct LabelText {
    /// The text as set, nil for none.
    let content: NSAttributedString?
    let font: UIFont
    let textColor: UIColor
    /// A colour for the whole text (a disabled label's grey, a highlighted one's colour), or nil.
    let overridingColor: UIColor?
    let alignment: NSTextAlignment
    /// The most lines, 0 for any number.
    let numberOfLines: Int
    let lineBreakMode: NSLineBreakMode
    /// The smallest font scale a one-line label shrinks to fit its width; nil when it does not shrink.
    let minimumScale: CGFloat?
    let shadowColor: UIColor?
    let shadowOffset: CGSize

    /// A width wider than any label's: "no limit" as a width the layout still truncates in.
    static let unboundedWidth: CGFloat = 100_000

    /// The values of `label`, with `numberOfLines` in place of its own when given.
    init(label: UILabel, numberOfLines lines: Int? = nil) {
        content = label.content
        font = label.font ?? UILabel.defaultFont
        textColor = label.textColor ?? .label
        overridingColor = !label.isEnabled ? UILabel.disabledTextColor
            : label.isHighlighted ? label.highlightedTextColor : nil
        alignment = label.textAlignment
        numberOfLines = max(lines ?? label.numberOfLines, 0)
        lineBreakMode = label.lineBreakMode
        let factor = label.minimumScaleFactor
        minimumScale = label.adjustsFontSizeToFitWidth && numberOfLines == 1
            ? (factor.isFinite ? min(max(factor, 0), 1) : 0) : nil
        shadowColor = label.shadowColor
        let offset = label.shadowOffset
        shadowOffset = offset.width.isFinite && offset.height.isFinite ? offset : .zero
    }

    /// `length` when it is finite and positive, else nil.
    static func usableLength(_ length: CGFloat) -> CGFloat? { length.isFinite && length > 0 ? length : nil }

    // MARK: Styling

    /// `string` with the label's font, colour and paragraph style (alignment, line break mode) wherever it
    /// sets none.
    func styled(_ string: NSAttributedString) -> NSAttributedString {
        let styled = NSMutableAttributedString(attributedString: string)
        let style = NSMutableParagraphStyle()
        style.alignment = alignment
        style.lineBreakMode = lineBreakMode
        fill(styled, .font, with: font)
        fill(styled, .foregroundColor, with: textColor)
        fill(styled, .paragraphStyle, with: style)
        return styled
    }

    /// Sets `key` to `value` over the parts of `string` that have no value for it.
    private func fill(_ string: NSMutableAttributedString, _ key: NSAttributedString.Key, with value: Any) {
        let whole = NSRange(location: 0, length: string.length)
        var missing: [NSRange] = []
        string.enumerateAttribute(key, in: whole) { found, range, _ in if found == nil { missing.append(range) } }
        for range in missing { string.addAttribute(key, value: value, range: range) }
    }

    /// The styled text with every paragraph's line break mode `mode`, every font scaled by `scale` and every
    /// colour `color` when given; nil for no text.
    func laidOut(mode: NSLineBreakMode, scale: CGFloat = 1, color: UIColor? = nil) -> NSMutableAttributedString? {
        guard let content, content.length > 0 else { return nil }
        let string = NSMutableAttributedString(attributedString: styled(content))
        let whole = NSRange(location: 0, length: string.length)
        Self.setLineBreakMode(mode, in: string)
        if scale != 1 {
            var fonts: [(UIFont, NSRange)] = []
            string.enumerateAttribute(.font, in: whole) { value, range, _ in
                if let font = value as? UIFont { fonts.append((font, range)) }
            }
            for (font, range) in fonts { string.addAttribute(.font, value: font.withSize(font.pointSize * scale), range: range) }
        }
        if let color { string.addAttribute(.foregroundColor, value: color, range: whole) }
        return string
    }

    /// Sets every paragraph style of `string` to break lines by `mode`.
    private static func setLineBreakMode(_ mode: NSLineBreakMode, in string: NSMutableAttributedString) {
        var styles: [(NSParagraphStyle, NSRange)] = []
        string.enumerateAttribute(.paragraphStyle, in: NSRange(location: 0, length: string.length)) { value, range, _ in
            if let style = value as? NSParagraphStyle { styles.append((style, range)) }
        }
        for (style, range) in styles {
            let changed = style.mutableCopy()
            changed.lineBreakMode = mode
            string.addAttribute(.paragraphStyle, value: changed, range: range)
        }
    }

    // MARK: Lines

    /// Whether the mode ends cut text with an ellipsis.
    var truncates: Bool { [.byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail].contains(lineBreakMode) }

    /// The line break mode the text is measured in: a one-line label's own truncating mode (the tail for a
    /// mode that does not truncate), a label of several lines wrapped (by character when its mode says so).
    var measuringMode: NSLineBreakMode {
        if numberOfLines == 1 { return truncates ? lineBreakMode : .byTruncatingTail }
        return lineBreakMode == .byCharWrapping ? .byCharWrapping : .byWordWrapping
    }

    /// The line break mode the text is drawn in: a one-line label's own, a label of several lines wrapped.
    var drawingMode: NSLineBreakMode { numberOfLines == 1 ? lineBreakMode : measuringMode }

    /// The height that holds `numberOfLines` lines of `string` laid out `width` points wide and not one more:
    /// midway between the foot of the last of them and the foot of the next; nil for any number, or when the
    /// text has no more lines than that.
    func linesHeight(_ string: NSAttributedString, width: CGFloat) -> CGFloat? {
        guard numberOfLines > 0 else { return nil }
        let lines = Self.lines(of: string, width: width)
        guard lines.count > numberOfLines else { return nil }
        return (lines[numberOfLines - 1].logical.maxY + lines[numberOfLines].logical.maxY) / 2
    }

    /// The lines of `string` laid out `width` points wide as string drawing lays it out (its first paragraph's
    /// line break mode), however many, and the layout's text.
    private static func lines(of string: NSAttributedString, width: CGFloat) -> [TextLines.Line] {
        let bounds = CGSize(width: width, height: unboundedWidth)
        return StringDrawing.request(string, .within(bounds, truncatesLast: false)).map(TextLines.lines) ?? []
    }

    /// The font scale that fits a one-line label's text in `width` (1 when it fits or does not shrink).
    func fittingScale(width: CGFloat) -> CGFloat {
        guard let minimumScale, let string = laidOut(mode: .byClipping) else { return 1 }
        let natural = string.boundingRect(with: CGSize(width: Self.unboundedWidth, height: Self.unboundedWidth),
                                          options: .usesLineFragmentOrigin, context: nil).width
        guard natural > width, natural > 0 else { return 1 }
        return max(width / natural, minimumScale)
    }

    // MARK: Measuring

    /// The text's size laid out at most `width` wide (unbounded when nil) and `height` tall (`numberOfLines`
    /// only when nil), rounded up to whole points; zero for no text.
    func size(width: CGFloat?, height: CGFloat?, scale: CGFloat = 1) -> CGSize {
        guard let string = laidOut(mode: measuringMode, scale: scale) else { return .zero }
        let limits = [linesHeight(string, width: width ?? Self.unboundedWidth), height.flatMap(Self.usableLength)].compactMap { $0 }
        let bounding = CGSize(width: width ?? Self.unboundedWidth, height: limits.min() ?? Self.unboundedWidth)
        let rect = string.boundingRect(with: bounding, options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine],
                                       context: nil)
        guard rect.width.isFinite, rect.height.isFinite else { return .zero }
        return CGSize(width: ceil(max(rect.width, 0)), height: ceil(max(rect.height, 0)))
    }

    /// The text's rectangle at the top of `bounds`: the size it takes there, at the bounds' origin; `bounds`
    /// when there is no text or the bounds are not finite.
    func textRect(in bounds: CGRect) -> CGRect {
        let r = bounds.standardized
        guard [r.minX, r.minY, r.width, r.height].allSatisfy(\.isFinite), content?.length ?? 0 > 0 else { return bounds }
        let size = size(width: r.width, height: r.height, scale: fittingScale(width: r.width))
        return CGRect(origin: r.origin, size: size)
    }

    // MARK: Drawing

    /// Draws the text as wide as `rect`, its block centred vertically in it, its shadow first.
    func draw(in rect: CGRect) {
        let r = rect.standardized
        guard [r.minX, r.minY, r.width, r.height].allSatisfy(\.isFinite), r.width > 0 else { return }
        let scale = fittingScale(width: r.width)
        let height = size(width: r.width, height: r.height, scale: scale).height
        guard height > 0 else { return }
        let block = CGRect(x: r.minX, y: r.minY + (r.height - height) / 2, width: r.width, height: height)
        if let shadowColor, let shadow = laidOut(mode: drawingMode, scale: scale, color: shadowColor) {
            draw(shadow, in: block.offsetBy(dx: shadowOffset.width, dy: shadowOffset.height))
        }
        if let text = laidOut(mode: drawingMode, scale: scale, color: overridingColor) { draw(text, in: block) }
    }

    /// Draws `string` in `block`: truncated on its last line, or for a mode that does not truncate, cut
    /// after the block's lines.
    private func draw(_ string: NSAttributedString, in block: CGRect) {
        if numberOfLines != 1, [.byTruncatingHead, .byTruncatingMiddle].contains(lineBreakMode),
           drawTruncatingLastLine(string, in: block) {
            return
        }
        guard !truncates, let context = UIGraphicsGetCurrentContext() else {
            return string.draw(with: block, options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine], context: nil)
        }
        context.saveGState()
        context.clip(to: block.insetBy(dx: -Self.unboundedWidth, dy: 0))
        string.draw(with: block, options: .usesLineFragmentOrigin, context: nil)
        context.restoreGState()
    }

    /// Draws wrapped `string` in `block` as a label of several lines truncating its head or middle: the lines
    /// that fit but the last as wrapped, and in the last line's place the rest of the text as one line (its
    /// breaks as spaces) cut at its head or middle with an ellipsis to the block's width, so it keeps the last
    /// line's start (for the middle) and the text's end. False, drawing nothing, when every line fits.
    ///
    /// UIKit documents these modes for single lines (a paragraph in them is one line); for a label of several
    /// lines it says nothing, and iOS wraps the lines and cuts the last, as a tail-truncating label does.
    private func drawTruncatingLastLine(_ string: NSAttributedString, in block: CGRect) -> Bool {
        guard let request = StringDrawing.request(string, .within(CGSize(width: block.width, height: Self.unboundedWidth),
                                                                  truncatesLast: false)) else { return false }
        let lines = TextLines.lines(of: request)
        let fitting = lines.prefix { $0.logical.maxY <= block.height }.count
        guard fitting < lines.count else { return false }
        let last = lines[max(fitting - 1, 0)]
        let split = TextLines.utf16Offset(ofByte: last.bytes.lowerBound, in: request.content.text)
        guard split < string.length else { return false }
        if split > 0 {
            string.attributedSubstring(from: NSRange(location: 0, length: split))
                .draw(with: CGRect(x: block.minX, y: block.minY, width: block.width, height: last.logical.minY),
                      options: .usesLineFragmentOrigin, context: nil)
        }
        let rest = NSMutableAttributedString(attributedString: string.attributedSubstring(
            from: NSRange(location: split, length: string.length - split)))
        let units = rest.string as NSString
        for i in 0..<units.length where [0x0A, 0x0D, 0x2028, 0x2029, 0x85].contains(units.character(at: i)) {
            rest.replaceCharacters(in: NSRange(location: i, length: 1), with: " ")
        }
        Self.setLineBreakMode(lineBreakMode, in: rest)
        rest.draw(with: CGRect(x: block.minX, y: block.minY + last.logical.minY, width: block.width,
                               height: max(block.height - last.logical.minY, 1)), options: .usesLineFragmentOrigin, context: nil)
        return true
    }
}
