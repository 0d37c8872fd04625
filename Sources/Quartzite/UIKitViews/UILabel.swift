import Foundation

/// UIKit's label: one or more lines of read-only text, drawn in `draw(_:)` with UIKit's string drawing
/// (`NSAttributedString.draw(with:options:context:)`), the text block centred vertically in the bounds as
/// UILabel centres it, cut to `numberOfLines` lines (0: as many as fit) the way `lineBreakMode` says.
///
/// `text` and `attributedText` are one value: setting either replaces the other. The label's `font`,
/// `textColor` and `textAlignment` style the text wherever an attributed text sets none (UIKit instead
/// rewrites the attributed text when they change; the drawing is the same for text that sets none). Any
/// change that alters the drawing asks for display again. Sizes the label reports (`sizeThatFits(_:)`,
/// `intrinsicContentSize`) are the text's rounded up to whole points, as UIKit's are.
///
/// As in UIKit, a label takes no user interaction by default, its `contentMode` is `.redraw` and its
/// layer is not opaque; a disabled label draws its text grey, a highlighted one in `highlightedTextColor`.
open class UILabel: UIView {
    /// The text shown; nil or empty shows nothing. Setting it replaces `attributedText`.
    open var text: String? {
        get { content.map { $0.string } }
        set { content = newValue.map { NSAttributedString(string: $0) }; isAttributed = false; textChanged() }
    }
    /// The styled text shown; the label's font, colour and alignment fill in what it does not set. Reading
    /// it after setting `text` gives the text styled with the label's values. Setting it replaces `text`.
    open var attributedText: NSAttributedString? {
        get { content.map { LabelText(label: self).styled($0) } }
        set { content = newValue.map { NSAttributedString(attributedString: $0) }; isAttributed = newValue != nil; textChanged() }
    }
    /// The font of text that sets none: the system font at 17 points (`UIFont.labelFontSize`) by default.
    /// Setting nil restores the default, as in UIKit.
    open var font: UIFont! {
        get { fontStorage }
        set { fontStorage = newValue ?? UILabel.defaultFont; textChanged() }
    }
    /// The colour of text that sets none: `.label` (black in light mode) by default; nil restores it.
    open var textColor: UIColor! {
        get { textColorStorage }
        set { textColorStorage = newValue ?? .label; setNeedsDisplay() }
    }
    /// How lines line up in the label's width: `.natural` (left for left-to-right text) by default.
    open var textAlignment: NSTextAlignment = .natural { didSet { setNeedsDisplay() } }
    /// The most lines shown, 1 by default; 0 (or less) shows as many as fit the bounds.
    open var numberOfLines = 1 { didSet { textChanged() } }
    /// How the last line shown ends when the text does not fit: `.byTruncatingTail` (an ellipsis) by
    /// default. On a label of several lines every truncating mode ends the last line with an ellipsis, and
    /// the wrapping and clipping modes cut the text after the last line.
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { textChanged() } }
    /// The width at which a label of several lines wraps for its `intrinsicContentSize`; 0 (the default)
    /// lays each paragraph out on one line.
    open var preferredMaxLayoutWidth: CGFloat = 0 { didSet { invalidateIntrinsicContentSize() } }
    /// Whether a one-line label shrinks its font, down to `minimumScaleFactor`, so the text fits its width.
    open var adjustsFontSizeToFitWidth = false { didSet { setNeedsDisplay() } }
    /// The smallest fraction of the font size `adjustsFontSizeToFitWidth` shrinks to (0 by default: the
    /// font may shrink as far as needed); values outside 0...1 read as the nearest end.
    open var minimumScaleFactor: CGFloat = 0 { didSet { setNeedsDisplay() } }
    /// Whether the text draws in its colour (true) or grey (false), as a disabled label's does.
    open var isEnabled = true { didSet { setNeedsDisplay() } }
    /// Whether the text draws in `highlightedTextColor` (when that is set).
    open var isHighlighted = false { didSet { setNeedsDisplay() } }
    /// The colour of the whole text while `isHighlighted`; nil keeps the usual colours.
    open var highlightedTextColor: UIColor? { didSet { setNeedsDisplay() } }
    /// The colour of a hard shadow under the text; nil (the default) draws none.
    open var shadowColor: UIColor? { didSet { setNeedsDisplay() } }
    /// How far the shadow falls, in points, y down: (0, -1) by default, as in UIKit.
    open var shadowOffset = CGSize(width: 0, height: -1) { didSet { setNeedsDisplay() } }

    /// UIKit's label font: the system font at `UIFont.labelFontSize`.
    static let defaultFont = UIFont.systemFont(ofSize: UIFont.labelFontSize)
    /// The colour a disabled label's text draws in (UIKit documents no value: grey).
    static let disabledTextColor = UIColor.systemGray

    /// The text as set (its characters, and its attributes when set as `attributedText`).
    var content: NSAttributedString?
    /// Whether `content` came from `attributedText`.
    var isAttributed = false
    private var fontStorage: UIFont = UILabel.defaultFont
    private var textColorStorage: UIColor = .label

    /// A label of `frame` showing no text.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        configureAsLabel()
    }

    /// Interface Builder's initializer; Quartzite has no archives, so the label has a zero frame and no text.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        configureAsLabel()
    }

    /// UIKit's label defaults that differ from a view's.
    private func configureAsLabel() {
        isUserInteractionEnabled = false
        isOpaque = false
        contentMode = .redraw
    }

    /// Redraws, and says the content size changed.
    private func textChanged() {
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    // MARK: Size

    /// The size of the text laid out at most `size.width` wide (a label of one line: however wide), at most
    /// `numberOfLines` lines, rounded up to whole points; zero for no text.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = numberOfLines == 1 ? nil : LabelText.usableLength(size.width)
        return LabelText(label: self).size(width: width, height: nil)
    }

    /// The text's size at `preferredMaxLayoutWidth` (for a label of several lines; unbounded when 0), at most
    /// `numberOfLines` lines, rounded up to whole points; zero for no text.
    open override var intrinsicContentSize: CGSize {
        let width = numberOfLines == 1 ? nil : LabelText.usableLength(preferredMaxLayoutWidth)
        return LabelText(label: self).size(width: width, height: nil)
    }

    // MARK: Drawing

    /// The rectangle the text takes in `bounds` at most `numberOfLines` lines (0: as many as fit): the text's
    /// size laid out in the bounds, rounded up to whole points, at the bounds' origin; `bounds` itself when
    /// there is no text or the bounds are not finite. `drawText(in:)` centres a block that tall.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        LabelText(label: self, numberOfLines: numberOfLines).textRect(in: bounds)
    }

    /// Draws the text in `rect`, centred vertically in it, with the shadow first when `shadowColor` is set.
    open func drawText(in rect: CGRect) {
        LabelText(label: self).draw(in: rect)
    }

    /// Draws the label: `drawText(in:)` of the bounds.
    open override func draw(_ rect: CGRect) {
        drawText(in: bounds)
    }
}
