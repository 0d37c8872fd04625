import Foundation
import Quartzite

/// Turns a presentation tree into a display list: each layer's matrix, its background, contents, shape,
/// sublayers and border, with masks and `masksToBounds` as clip pushes. Meshes come from the cache.
@MainActor
public final class Compositor {
    /// Device pixels per point.
    public var contentScale: CGFloat
    /// The canvas in points.
    public var canvasSize: CGSize
    let meshCache = MeshCache()

    /// A compositor for a canvas of `canvasSize` points at `contentScale` pixels per point.
    public init(canvasSize: CGSize, contentScale: CGFloat) {
        self.canvasSize = canvasSize
        self.contentScale = contentScale
    }

    /// Seconds spent tessellating during the last `build`.
    public var lastTessellationSeconds: Double { meshCache.tessellationSeconds }

    /// The display list of a frame.
    public func build(_ root: PresentationNode) -> DisplayList {
        meshCache.beginFrame()
        var list = DisplayList()
        draw(root, parentWorld: CATransform3DIdentity, opacity: 1, into: &list)
        return list
    }

    // MARK: Layers

    private func draw(_ node: PresentationNode, parentWorld: CATransform3D, opacity parentOpacity: Float,
                      into list: inout DisplayList) {
        let p = node.properties
        let opacity = parentOpacity * (p.opacity.isFinite ? min(max(p.opacity, 0), 1) : 1)
        guard !p.isHidden, opacity > 0 else { return }
        let world = LayerGeometry.toParent(p).concatenating(parentWorld)
        guard world.isFinite, LayerGeometry.isDrawable(p) else {
            if !world.isFinite { Diagnostics.report("a layer's transform or geometry is not finite; that layer is not drawn") }
            return
        }
        let matrix = list.addMatrix(LayerGeometry.clipMatrix(world, canvas: canvasSize))
        let tolerance = LayerGeometry.tolerance(world, contentScale: contentScale)

        var maskPieces: [ClipPiece] = []
        if let mask = node.mask {
            maskPieces = clipPieces(of: mask, parentWorld: world, into: &list)
            list.commands.append(.pushClip(maskPieces))
        }

        if let background = p.backgroundColor, background.alpha > 0 {
            let range = boundsRange(p, tolerance: tolerance, into: &list)
            list.commands.append(.fill(range, matrix: matrix, color: background.premultipliedRGBA * opacity))
        }

        var boundsClip: [ClipPiece] = []
        if p.masksToBounds {
            boundsClip = [ClipPiece(range: boundsRange(p, tolerance: tolerance, into: &list), matrix: matrix)]
            list.commands.append(.pushClip(boundsClip))
        }

        if let image = p.contents {
            let rect = LayerGeometry.contentsRect(image: image, in: p.bounds, gravity: p.contentsGravity)
            list.commands.append(.image(list.appendQuad(rect), matrix: matrix, image: image, opacity: opacity))
        }

        if node.kind == .shape, let path = p.path {
            if let fill = p.fillColor, fill.alpha > 0 {
                let mesh = meshCache.mesh(.fill(path, p.fillRule.cgFillRule, tolerance: tolerance))
                if !mesh.isEmpty {
                    list.commands.append(.fill(list.append(mesh), matrix: matrix, color: fill.premultipliedRGBA * opacity))
                }
            }
            if let stroke = p.strokeColor, stroke.alpha > 0, let style = LayerGeometry.strokeStyle(p) {
                let mesh = meshCache.mesh(.stroke(path, style, tolerance: tolerance))
                if !mesh.isEmpty {
                    list.commands.append(.fill(list.append(mesh), matrix: matrix, color: stroke.premultipliedRGBA * opacity))
                }
            }
        }

        let childWorld = LayerGeometry.sublayerTransform(p).concatenating(world)
        for child in LayerGeometry.drawingOrder(node.sublayers) {
            draw(child, parentWorld: childWorld, opacity: opacity, into: &list)
        }

        if !boundsClip.isEmpty { list.commands.append(.popClip(boundsClip)) }

        if p.borderWidth > 0, let border = p.borderColor, border.alpha > 0 {
            let inset = p.bounds.insetBy(dx: p.borderWidth / 2, dy: p.borderWidth / 2)
            if inset.width >= 0, inset.height >= 0 {
                let radius = max(0, min(p.cornerRadius - p.borderWidth / 2, min(inset.width, inset.height) / 2))
                let path = CGPath(roundedRect: inset, cornerWidth: radius, cornerHeight: radius, transform: nil)
                let style = StrokeStyle(lineWidth: p.borderWidth, lineCap: .butt, lineJoin: .miter)
                let mesh = meshCache.mesh(.stroke(path, style, tolerance: tolerance))
                list.commands.append(.fill(list.append(mesh), matrix: matrix, color: border.premultipliedRGBA * opacity))
            }
        }

        if !maskPieces.isEmpty { list.commands.append(.popClip(maskPieces)) }
    }

    /// The bounds as triangles: a quad, or a rounded rectangle when cornerRadius > 0.
    private func boundsRange(_ p: LayerProperties, tolerance: CGFloat, into list: inout DisplayList) -> IndexRange {
        let radius = min(max(p.cornerRadius, 0), min(p.bounds.width, p.bounds.height) / 2)
        guard radius > 0 else { return list.appendQuad(p.bounds) }
        let path = CGPath(roundedRect: p.bounds, cornerWidth: radius, cornerHeight: radius, transform: nil)
        return list.append(meshCache.mesh(.fill(path, .winding, tolerance: tolerance)))
    }

    // MARK: Masks

    /// The geometry of a mask layer and its sublayers, as clip pieces: everything it would draw with non-zero
    /// alpha. (A binary mask: partial alpha counts as full until the offscreen alpha path exists.)
    private func clipPieces(of node: PresentationNode, parentWorld: CATransform3D,
                            into list: inout DisplayList) -> [ClipPiece] {
        let p = node.properties
        guard !p.isHidden, p.opacity > 0 else { return [] }
        let world = LayerGeometry.toParent(p).concatenating(parentWorld)
        guard world.isFinite, LayerGeometry.isDrawable(p) else { return [] }
        let matrix = list.addMatrix(LayerGeometry.clipMatrix(world, canvas: canvasSize))
        let tolerance = LayerGeometry.tolerance(world, contentScale: contentScale)
        var pieces: [ClipPiece] = []
        if let background = p.backgroundColor, background.alpha > 0 {
            pieces.append(ClipPiece(range: boundsRange(p, tolerance: tolerance, into: &list), matrix: matrix))
        }
        if let image = p.contents {
            let rect = LayerGeometry.contentsRect(image: image, in: p.bounds, gravity: p.contentsGravity)
            pieces.append(ClipPiece(range: list.appendQuad(rect), matrix: matrix))
        }
        if node.kind == .shape, let path = p.path {
            if let fill = p.fillColor, fill.alpha > 0 {
                let mesh = meshCache.mesh(.fill(path, p.fillRule.cgFillRule, tolerance: tolerance))
                if !mesh.isEmpty { pieces.append(ClipPiece(range: list.append(mesh), matrix: matrix)) }
            }
            if let stroke = p.strokeColor, stroke.alpha > 0, let style = LayerGeometry.strokeStyle(p) {
                let mesh = meshCache.mesh(.stroke(path, style, tolerance: tolerance))
                if !mesh.isEmpty { pieces.append(ClipPiece(range: list.append(mesh), matrix: matrix)) }
            }
        }
        let childWorld = LayerGeometry.sublayerTransform(p).concatenating(world)
        for child in node.sublayers { pieces += clipPieces(of: child, parentWorld: childWorld, into: &list) }
        return pieces
    }
}
