import Foundation

/// The text properties that animations and key paths reach (`LayerPropertyTable`). On a layer that is not a
/// text layer they read the defaults and write nothing.
extension LayerProperties {
    /// A text layer's values; nil for other layers.
    package var text: TextValues? {
        get { shared.values.textValues.first }
        set { sharedValues.textValues = newValue.map { [$0] } ?? [] }
    }

    /// The text layer's values (the defaults for a layer that is not a text layer).
    private var currentText: TextValues {
        get { text ?? TextValues() }
        set { if text != nil { text = newValue } }
    }

    /// `CATextLayer.fontSize`.
    var fontSize: CGFloat { get { currentText.fontSize } set { currentText.fontSize = newValue } }
    /// `CATextLayer.foregroundColor`.
    var foregroundColor: CGColor? {
        get { currentText.foregroundColor } set { currentText.foregroundColor = newValue }
    }
    /// `CATextLayer.isWrapped`.
    var isWrapped: Bool { get { currentText.isWrapped } set { currentText.isWrapped = newValue } }
    /// `CATextLayer.allowsFontSubpixelQuantization`.
    var allowsFontSubpixelQuantization: Bool {
        get { currentText.allowsFontSubpixelQuantization } set { currentText.allowsFontSubpixelQuantization = newValue }
    }
    /// `CATextLayer.truncationMode` (not reached by key: set through the class).
    var truncationMode: CATextLayerTruncationMode {
        get { currentText.truncationMode } set { currentText.truncationMode = newValue }
    }
    /// `CATextLayer.alignmentMode` (not reached by key: set through the class).
    var alignmentMode: CATextLayerAlignmentMode {
        get { currentText.alignmentMode } set { currentText.alignmentMode = newValue }
    }
    /// What the text layer says.
    var textContent: TextContent { get { currentText.content } set { currentText.content = newValue } }
    /// The text layer's font name.
    var fontName: String? { get { currentText.fontName } set { currentText.fontName = newValue } }
}
