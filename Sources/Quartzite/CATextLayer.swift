import Foundation

/// A layer that draws a string, laid out by Pango (HarfBuzz shaping, fontconfig font lookup) and drawn by
/// cairo: a label, a percentage, a counter.
///
/// The text starts at the top of the bounds, one line per paragraph, placed across by `alignmentMode`; with
/// `isWrapped` it wraps at the bounds' width (between words, inside a word only when it is too long for a
/// line). `truncationMode` puts an ellipsis where a line does not fit: on each line when not wrapped, on the
/// last line that fits the bounds' height when wrapped. Text past the bounds is clipped.
///
/// The text is rasterised at the larger of `contentsScale` and the display's pixels per point, once for each
/// change of what determines its pixels (string, font, size, wrapping, truncation, alignment, bounds size,
/// scale); moving, fading, tinting or recolouring a label draws the same pixels again. An animated `fontSize`
/// rasterises each frame it changes. The default font is the system's "DejaVu Sans" where Apple's is
/// Helvetica; a name fontconfig does not know falls back to the system's sans-serif face.
open class CATextLayer: CALayer {
    /// A text layer with Core Animation's defaults: no string, 36-point default font, opaque white.
    public override init() {
        super.init()
        LayerTreeLock.withLock { modelValues.text = TextValues() }
    }
    /// A copy of another layer's properties (what presentation layers are made with).
    public override init(layer: Any) {
        super.init(layer: layer)
        LayerTreeLock.withLock {
            if modelValues.text == nil { modelValues.text = TextValues() }
            if let other = layer as? CATextLayer {
                customValues["string"] = other.customValues["string"]
                customValues["font"] = other.customValues["font"]
            }
        }
    }
    /// Core Animation's archiving initializer (see `CALayer.init?(coder:)`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        LayerTreeLock.withLock { modelValues.text = TextValues() }
    }
    /// Text layers draw their text.
    override class var kindOfLayers: LayerKind { .text }

    /// The size of the laid-out string (wrapped at the bounds' width when `isWrapped`), mapped to the
    /// superlayer as any layer's preferred size is; a layer without text prefers its bounds' size.
    open override func preferredFrameSize() -> CGSize {
        LayerTreeLock.withLock {
            guard let size = textSize() else { return boxInParent(of: modelValues.bounds) }
            return boxInParent(of: CGRect(origin: modelValues.bounds.origin, size: size))
        }
    }

    /// The text: a `String` (or `NSString`) or an `NSAttributedString` (default nil, nothing drawn). An
    /// attributed string's runs may set their own colour (`NSAttributedString.Key("NSColor")`, a `CGColor`)
    /// and font (`NSAttributedString.Key("NSFont")`: a name, `CGFont` or `CTFont`); other attributes are not
    /// drawn. A value of any other type is reported and draws nothing. At most 16,384 characters are laid
    /// out (the rest is reported and left out). Not animatable.
    open var string: Any? {
        get { LayerTreeLock.withLock { customValues["string"] } }
        set {
            let content = TextContent(newValue)
            LayerTreeLock.withLock { customValues["string"] = newValue }
            set("string", \.textContent, content)
        }
    }
    /// The font of a plain string: a font name (`String`), a `CGFont` or a `CTFont` (its size is ignored:
    /// `fontSize` applies, as on Apple's platforms). Default nil, the default face. A name fontconfig does not
    /// know falls back to the system's sans-serif face; a value of another type is reported and ignored.
    open var font: Any? {
        get { LayerTreeLock.withLock { customValues["font"] } }
        set {
            let name = TextFontName(newValue)?.name
            LayerTreeLock.withLock { customValues["font"] = newValue }
            set("font", \.fontName, name)
        }
    }
    /// The size of a plain string's text in points (default 36). Animatable. A size that is not a positive
    /// finite number draws nothing; sizes are capped at 4096 points.
    open var fontSize: CGFloat {
        get { read(\.fontSize) } set { set("fontSize", \.fontSize, newValue) }
    }
    /// The colour of a plain string's text (default opaque white; nil draws nothing). Animatable.
    open var foregroundColor: CGColor? {
        get { read(\.foregroundColor) } set { set("foregroundColor", \.foregroundColor, newValue) }
    }
    /// Whether the text wraps at the bounds' width (default false: one line per paragraph).
    open var isWrapped: Bool {
        get { read(\.isWrapped) } set { set("wrapped", \.isWrapped, newValue) }
    }
    /// Where a line too long for the bounds is cut and an ellipsis drawn (default `.none`: clipped).
    open var truncationMode: CATextLayerTruncationMode {
        get { read(\.truncationMode) } set { set("truncationMode", \.truncationMode, newValue) }
    }
    /// How lines are placed across the bounds (default `.natural`).
    open var alignmentMode: CATextLayerAlignmentMode {
        get { read(\.alignmentMode) } set { set("alignmentMode", \.alignmentMode, newValue) }
    }
    /// Whether glyph positions may be quantised to whole pixels (default false). Accepted and kept; the
    /// text is drawn the same either way.
    open var allowsFontSubpixelQuantization: Bool {
        get { read(\.allowsFontSubpixelQuantization) }
        set { set("allowsFontSubpixelQuantization", \.allowsFontSubpixelQuantization, newValue) }
    }

    /// Sets `string`, `font`, `truncationMode` and `alignmentMode` (by name) through their properties; any
    /// other key path as `CALayer` does.
    open override func setValue(_ value: Any?, forKeyPath keyPath: String) {
        if !setTextValue(value, forKeyPath: keyPath) { super.setValue(value, forKeyPath: keyPath) }
    }
    /// Reads the modes by key as their names; any other key path as `CALayer` does (`string` and `font` read
    /// what was set).
    open override func value(forKeyPath keyPath: String) -> Any? {
        textValue(forKeyPath: keyPath) ?? super.value(forKeyPath: keyPath)
    }
}
