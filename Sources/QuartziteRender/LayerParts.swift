import Foundation
import Quartzite

/// What one layer draws itself, its sublayers aside, decided once from its presentation values. Drawing,
/// a binary mask's clip pieces, mask analysis, group opacity's part count and content bounds all read this,
/// so they agree on what counts: a part counts only when it shows — a colour with alpha above 0, a stroke
/// with a positive finite width and something between strokeStart and strokeEnd, a border of positive width,
/// a gradient with colours, a shape with a non-empty path.
struct LayerParts {
    /// The background colour.
    let background: CGColor?
    /// The contents image.
    let contents: CGImage?
    /// Whether a gradient layer paints its gradient (it has colours).
    let gradient: Bool
    /// A shape layer's fill: its path and colour.
    let fill: (path: CGPath, color: CGColor)?
    /// A shape layer's stroke: its path, colour and style (trim and dashes included).
    let stroke: (path: CGPath, color: CGColor, style: StrokeStyle)?
    /// The border's width and colour.
    let border: (width: CGFloat, color: CGColor)?

    init(_ node: PresentationNode) {
        let p = node.properties
        background = Self.shown(p.backgroundColor)
        contents = p.contents
        gradient = node.kind == .gradient && !(p.colors?.isEmpty ?? true)
        let path = node.kind == .shape ? p.path.flatMap { $0.isEmpty ? nil : $0 } : nil
        fill = path.flatMap { path in Self.shown(p.fillColor).map { (path, $0) } }
        stroke = path.flatMap { path in
            Self.shown(p.strokeColor).flatMap { color in LayerGeometry.strokeStyle(p).map { (path, color, $0) } }
        }
        border = p.borderWidth.isFinite && p.borderWidth > 0 ? Self.shown(p.borderColor).map { (p.borderWidth, $0) } : nil
    }

    /// How many parts are drawn separately (each may overlap another).
    var count: Int {
        [background != nil, contents != nil, gradient, fill != nil, stroke != nil, border != nil].filter { $0 }.count
    }

    /// A colour that shows, or nil.
    private static func shown(_ color: CGColor?) -> CGColor? {
        guard let color, color.alpha > 0 else { return nil }
        return color
    }
}
