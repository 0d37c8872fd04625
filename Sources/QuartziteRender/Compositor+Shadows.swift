import Foundation
import Quartzite

/// What a cached shadow was blurred from: the silhouette's source, its scale and the blur's width. Equal
/// inputs mean the blurred texture is still right, wherever the layer moved (issue 6: "a shadow costs a blur
/// only when its inputs change").
struct ShadowEntry {
    enum Source: Equatable {
        /// shadowPath's filled silhouette.
        case path(CGPath)
        /// The layer's own content, placed at the origin (position, transform and opacity left out).
        case content(PresentationNode)
    }
    let source: Source
    /// Device pixels per layer point of the silhouette, and the Gaussian's sigma in those pixels.
    let scale: CGFloat
    let sigma: CGFloat
    /// The raster's key (shared numbering with shouldRasterize) and size.
    let key: Int
    let width: Int
    let height: Int
    var lastUsed: Int

    func hasSameInputs(as other: ShadowEntry) -> Bool {
        source == other.source && scale == other.scale && sigma == other.sigma && width == other.width && height == other.height
    }
}

extension Compositor {
    /// Forgets cached shadows whose blur the backend could not make, so the next frame blurs them again.
    func forgetShadows(withKeys keys: Set<Int>) {
        guard !keys.isEmpty else { return }
        shadows = shadows.filter { !keys.contains($0.value.key) }
    }

    /// Draws the shadow of a layer placed in 2D from its cached blur, blurring again only when the silhouette,
    /// its scale or shadowRadius changed: the silhouette is drawn in the layer's own space (not the canvas),
    /// blurred there, and the blurred texture is drawn as a quad moved by shadowOffset. False when the layer
    /// cannot be bounded in 2D (perspective, transitions, huge blurs): the caller then draws the shadow from
    /// a canvas-sized silhouette instead.
    func drawCachedShadow(_ frame: CompositorFrame, opacity: Float, into list: inout DisplayList) -> Bool {
        let p = frame.p, w = frame.world
        guard drawingTransition == 0, nestedBodies < Self.maximumNestedBodies, AffinePlacement(w) != nil else { return false }
        // The blur is round in the layer's space; it stays round on screen only under a uniform scale without
        // skew. Otherwise the canvas-sized path blurs in device space, as before.
        let sx = hypot(w.m11, w.m12), sy = hypot(w.m21, w.m22)
        guard abs(sx - sy) <= 0.01 * max(sx, sy), abs(w.m11 * w.m21 + w.m12 * w.m22) <= 0.01 * sx * sy else { return false }
        let scale = LayerGeometry.scale(w) * contentScale
        let box: CGRect? = ContentBounds.shadowPathBox(of: p) ?? ContentBounds.box(of: frame.node, minimumLineWidth: hairlineWidth(frame))
        guard let box, !box.isNull, scale > 1e-6, scale.isFinite, p.shadowRadius.isFinite else { return false }
        let sigma = max(p.shadowRadius, 0) * scale
        guard sigma <= 64 else { return false }
        // Three sigmas hold the blur; two more pixels hold the silhouette's antialiased edge.
        let pad = ((3 * sigma).rounded(.up) + 2) / scale
        let area = box.insetBy(dx: -pad, dy: -pad)
        let width = Int(clampingPixel: (area.width * scale).rounded(.up))
        let height = Int(clampingPixel: (area.height * scale).rounded(.up))
        guard width >= 1, height >= 1, width <= 4096, height <= 4096 else { return false }

        var source = ShadowEntry.Source.path(p.shadowPath ?? CGPath())
        if p.shadowPath == nil {
            var content = frame.node
            // (anchorPoint stays: a sublayerTransform pivots on it.)
            content.properties.position = .zero
            content.properties.transform = CATransform3DIdentity
            content.properties.opacity = 1
            content.properties.zPosition = 0
            content.properties.shadowOpacity = 0
            content.properties.shadowColor = nil
            content.properties.shadowOffset = .zero
            content.maskNodes = []
            source = .content(content)
        }
        let id = frame.node.layerID
        let key = shadows[id]?.key ?? makeRasterKey()
        let entry = ShadowEntry(source: source, scale: scale, sigma: sigma, key: key, width: width, height: height,
                                lastUsed: frameNumberForCaches)
        if let cached = shadows[id], cached.hasSameInputs(as: entry) {
            shadows[id]?.lastUsed = frameNumberForCaches
        } else {
            // Layer points to silhouette pixels: the padded box fills the raster.
            let toRaster = CATransform3DMakeTranslation(-area.minX, -area.minY, 0)
                .concatenating(CATransform3DMakeScale(scale, scale, 1))
            drawInRaster(key: key, width: width, height: height, into: &list) { list in
                let rasterFrame = CompositorFrame(node: frame.node, world: toRaster,
                                                  matrix: list.addMatrix(LayerGeometry.clipMatrix(toRaster, canvas: canvasSize)),
                                                  tolerance: LayerGeometry.tolerance(toRaster, contentScale: 1))
                if let shadowPath = p.shadowPath {
                    let mesh = meshCache.mesh(.fill(shadowPath, .winding, tolerance: rasterFrame.tolerance))
                    if !mesh.isEmpty {
                        list.commands.append(.fill(list.append(mesh), matrix: rasterFrame.matrix, color: SIMD4(1, 1, 1, 1)))
                    }
                } else {
                    drawBody(rasterFrame, opacity: 1, into: &list)
                }
            }
            list.ensureCanvasQuad(target: key, canvas: CGSize(width: width, height: height),
                                  matrix: LayerGeometry.clipMatrix(CATransform3DIdentity, canvas: CGSize(width: width, height: height)))
            list.commands.append(.blurRaster(key: key, sigma: Float(sigma)))
            shadows[id] = entry
        }
        let color = (p.shadowColor ?? .black).premultipliedRGBA * (Float(min(max(p.shadowOpacity, 0), 1)) * opacity)
        let quad = list.appendQuad(area.offsetBy(dx: p.shadowOffset.width, dy: p.shadowOffset.height),
                                   uv: CGRect(x: 0, y: 1, width: 1, height: -1))
        list.commands.append(.shadowImage(key: key, range: quad, matrix: frame.matrix, color: color))
        return true
    }
}
