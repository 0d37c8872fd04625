import Foundation
import Quartzite

/// What one layer draws itself, its sublayers aside, decided once from its presentation values. Drawing,
/// a binary mask's clip pieces, mask analysis, group opacity's part count and content bounds all read this,
/// so they agree on what counts: a part counts only when it shows — a colour with alpha above 0, a stroke
/// with a positive finite width and something between strokeStart and strokeEnd, a border of positive width,
/// a gradient with colours, a shape with a non-empty path.
struct LayerParts {
    // The parts are small structs, not tuples: an optional tuple is copied through the runtime's generic
    // value witnesses, which cost a layer more than making its parts does.

    /// A shape layer's fill: its path and colour.
    struct Fill {
        let path: CGPath
        let color: CGColor
    }
    /// A shape layer's stroke: its path, colour and style (trim and dashes included).
    struct Stroke {
        let path: CGPath
        let color: CGColor
        let style: StrokeStyle
    }
    /// A border's width and colour.
    struct Border {
        let width: CGFloat
        let color: CGColor
    }

    /// The background colour: a plain colour (a pattern colour is `patternBackground`).
    let background: CGColor?
    /// A background of a pattern colour (`UIColor(patternImage:)`, a `CGPattern`'s), drawn as tiles: its alpha
    /// varies over the bounds, so no shortcut for an opaque or one-colour background applies to it.
    let patternBackground: CGColor?
    /// The contents image.
    let contents: CGImage?
    /// Whether a gradient layer paints its gradient (it has colours).
    let gradient: Bool
    let fill: Fill?
    let stroke: Stroke?
    let border: Border?
    /// Whether a text layer draws text (it has characters, and a colour that shows or runs of their own).
    let text: Bool

    init(_ node: PresentationNode) {
        self.init(node.properties, kind: node.kind)
    }

    /// The parts of a layer of `kind` with presentation values `p` (read in place, not copied).
    init(_ p: LayerProperties, kind: LayerKind) {
        // A transform layer draws nothing of its own (Apple ignores its background, contents and border), nor
        // does a replicator's copy.
        let drawsItself = kind != .transform && kind != .instance
        let shownBackground = drawsItself ? Self.shown(p.backgroundColor) : nil
        let isPattern = shownBackground?.isPattern ?? false
        background = isPattern ? nil : shownBackground
        patternBackground = isPattern ? shownBackground : nil
        contents = drawsItself ? p.contents : nil
        gradient = kind == .gradient && !(p.colors?.isEmpty ?? true)
        let path = kind == .shape ? p.path.flatMap { $0.isEmpty ? nil : $0 } : nil
        fill = path.flatMap { path in Self.shown(p.fillColor).map { Fill(path: path, color: $0) } }
        stroke = path.flatMap { path in
            Self.shown(p.strokeColor).flatMap { color in
                LayerGeometry.strokeStyle(p).map { Stroke(path: path, color: color, style: $0) }
            }
        }
        border = drawsItself && p.borderWidth.isFinite && p.borderWidth > 0
            ? Self.shown(p.borderColor).map { Border(width: p.borderWidth, color: $0) } : nil
        text = kind == .text && p.text.map(Self.showsText) ?? false
    }

    /// How many parts are drawn separately (each may overlap another).
    var count: Int {
        (background != nil ? 1 : 0) + (patternBackground != nil ? 1 : 0) + (contents != nil ? 1 : 0) + (gradient ? 1 : 0) + (fill != nil ? 1 : 0)
            + (stroke != nil ? 1 : 0) + (border != nil ? 1 : 0) + (text ? 1 : 0)
    }

    /// Whether text values draw anything: characters in a colour that shows, or runs with colours.
    private static func showsText(_ values: TextValues) -> Bool {
        !values.content.text.isEmpty && (shown(values.foregroundColor) != nil || values.content.isAttributed)
    }

    /// A colour that shows, or nil.
    private static func shown(_ color: CGColor?) -> CGColor? {
        guard let color, color.alpha > 0 else { return nil }
        return color
    }
}
