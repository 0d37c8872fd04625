import Foundation
import Quartzite

/// What a shadow's blur is made from: the silhouette's source, its scale, the blur's width and the raster's
/// size. Equal inputs give the same blurred texture, whichever layer has them and wherever it is placed, so
/// equal shadows share one blur (20,000 small layers with one shadow style blur once, not 20,000 times).
struct ShadowInputs: Equatable {
    enum Source: Equatable {
        /// shadowPath's filled silhouette.
        case path(CGPath)
        /// The layer's own content, placed at the origin (position, transform and opacity left out) and with
        /// one stand-in identity for every layer: two layers that draw alike have equal sources.
        case content(PresentationNode)
    }
    let source: Source
    /// Device pixels per layer point of the silhouette, and the Gaussian's sigma in those pixels.
    let scale: CGFloat
    let sigma: CGFloat
    /// The raster's size in pixels.
    let width: Int
    let height: Int

    /// The lookup bucket: the numbers only, cheap to hash; equal inputs always share one.
    var bucket: ShadowBucket { ShadowBucket(width: width, height: height, scale: scale, sigma: sigma) }
}

/// Blurs whose inputs may be equal: same raster size, scale and sigma.
struct ShadowBucket: Hashable {
    let width: Int
    let height: Int
    let scale: CGFloat
    let sigma: CGFloat
}

/// The compositor's blurred shadows, each a raster key in the backend, and which layer drew which.
///
/// Rules:
/// 1. A layer first tries the blur it drew last (one comparison for a shadow that did not change), then up to
///    `candidatesCompared` blurs of its bucket, newest first: a frame of n shadows costs O(n) comparisons,
///    however many distinct shadows share a size.
/// 2. A layer whose inputs changed re-blurs into its old key when no other layer draws that blur (so an
///    animated shadowRadius keeps one texture), else into a new key.
/// 3. A blur goes when no layer has used it for `framesKept` frames (the backend keeps textures longer,
///    so a kept key always has its texture); `forget(keys:)` drops blurs the backend could not make.
struct ShadowCache {
    struct Blur {
        let inputs: ShadowInputs
        var lastUsed: Int
        /// Layers whose last drawn shadow is this blur.
        var users: Int
    }

    static let candidatesCompared = 16
    static let framesKept = 120

    /// Blurs by raster key.
    private(set) var blurs: [Int: Blur] = [:]
    /// Keys of the blurs of each bucket, oldest first.
    private var buckets: [ShadowBucket: [Int]] = [:]
    /// The blur each layer drew last, and when.
    private var layers: [ObjectIdentifier: (key: Int, lastUsed: Int)] = [:]

    /// The key of a kept blur made from `inputs`, marked as drawn by layer `id` in `frame`; nil when none is
    /// kept (the caller blurs, then calls `insert`).
    mutating func key(for inputs: ShadowInputs, layer id: ObjectIdentifier, frame: Int) -> Int? {
        if let last = layers[id], blurs[last.key]?.inputs == inputs {
            use(last.key, by: id, frame: frame)
            return last.key
        }
        for key in (buckets[inputs.bucket] ?? []).suffix(Self.candidatesCompared).reversed()
        where blurs[key]?.inputs == inputs {
            use(key, by: id, frame: frame)
            return key
        }
        return nil
    }

    /// The key to blur `inputs` into for layer `id`, after `key(for:...)` found none: the layer's last key when
    /// only it draws that blur (its old inputs are dropped), else nil for a new key.
    mutating func reusableKey(of id: ObjectIdentifier) -> Int? {
        guard let last = layers[id], let blur = blurs[last.key], blur.users == 1 else { return nil }
        remove(last.key, fromBucket: true)
        return last.key
    }

    /// Records a blur made from `inputs` into `key`, drawn by layer `id` in `frame`.
    mutating func insert(_ inputs: ShadowInputs, key: Int, layer id: ObjectIdentifier, frame: Int) {
        blurs[key] = Blur(inputs: inputs, lastUsed: frame, users: 0)
        buckets[inputs.bucket, default: []].append(key)
        use(key, by: id, frame: frame)
    }

    /// Drops blurs no layer drew in the last `framesKept` frames before `frame`, and layers not seen as long.
    mutating func evict(atFrame frame: Int) {
        // Layers first: a blur's users drew it no later than it was last used, so a stale blur's users are
        // all stale too, and it goes with no one left pointing at it.
        for (id, last) in layers where frame - last.lastUsed >= Self.framesKept {
            drop(layer: id)
        }
        var removed = false
        for (key, blur) in blurs where frame - blur.lastUsed >= Self.framesKept {
            remove(key, fromBucket: false)
            removed = true
        }
        if removed { pruneBuckets() }
    }

    /// Drops the blurs with these keys, so the layers that drew them blur again.
    mutating func forget(keys: Set<Int>) {
        let kept = keys.filter { blurs[$0] != nil }
        guard !kept.isEmpty else { return }
        layers = layers.filter { !kept.contains($0.value.key) }
        for key in kept {
            blurs[key]?.users = 0
            remove(key, fromBucket: false)
        }
        pruneBuckets()
    }

    /// Marks `key` as drawn by `id` in `frame`, moving the layer off the blur it drew before.
    private mutating func use(_ key: Int, by id: ObjectIdentifier, frame: Int) {
        if layers[id]?.key != key {
            drop(layer: id)
            blurs[key]?.users += 1
        }
        layers[id] = (key, frame)
        blurs[key]?.lastUsed = frame
    }

    private mutating func drop(layer id: ObjectIdentifier) {
        guard let last = layers.removeValue(forKey: id) else { return }
        blurs[last.key]?.users -= 1
    }

    /// Removes a blur and every layer's record of drawing it (a search of all layers only when one has), and
    /// from its bucket when asked (else `pruneBuckets()` does it once for many).
    private mutating func remove(_ key: Int, fromBucket: Bool) {
        guard let blur = blurs.removeValue(forKey: key) else { return }
        if fromBucket {
            let bucket = blur.inputs.bucket
            buckets[bucket]?.removeAll { $0 == key }
            if buckets[bucket]?.isEmpty == true { buckets[bucket] = nil }
        }
        if blur.users > 0 { layers = layers.filter { $0.value.key != key } }
    }

    /// Leaves only kept blurs in the buckets.
    private mutating func pruneBuckets() {
        buckets = buckets.compactMapValues { keys in
            let kept = keys.filter { blurs[$0] != nil }
            return kept.isEmpty ? nil : kept
        }
    }
}

extension Compositor {
    /// Forgets cached shadows whose blur the backend could not make, so the next frame blurs them again.
    func forgetShadows(withKeys keys: Set<Int>) {
        guard !keys.isEmpty else { return }
        shadows.forget(keys: keys)
    }

    /// Draws the shadow of a layer placed in 2D from its cached blur, blurring again only when the silhouette,
    /// its scale or shadowRadius changed: the silhouette is drawn in the layer's own space (not the canvas),
    /// blurred there, and the blurred texture is drawn as a quad moved by shadowOffset. False when the layer
    /// cannot be bounded in 2D (perspective, transitions, huge blurs): the caller then draws the shadow from
    /// a canvas-sized silhouette instead.
    func drawCachedShadow(_ frame: CompositorFrame, tint: Tint, into list: inout DisplayList) -> Bool {
        let p = frame.p, w = frame.world
        guard drawingTransition == 0, nestedBodies < Self.maximumNestedBodies, AffinePlacement(w) != nil else { return false }
        // The blur is round in the layer's space; it stays round on screen only under a uniform scale without
        // skew. Otherwise the canvas-sized path blurs in device space.
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

        var source = ShadowInputs.Source.path(p.shadowPath ?? CGPath())
        if p.shadowPath == nil {
            var content = frame.node
            content.layerID = ObjectIdentifier(ShadowCache.self)
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
        let inputs = ShadowInputs(source: source, scale: scale, sigma: sigma, width: width, height: height)
        let id = frame.node.layerID, now = frameNumberForCaches
        let key: Int
        if let kept = shadows.key(for: inputs, layer: id, frame: now) {
            key = kept
        } else {
            key = shadows.reusableKey(of: id) ?? makeRasterKey()
            blurSilhouette(frame, inputs: inputs, area: area, key: key, into: &list)
            shadows.insert(inputs, key: key, layer: id, frame: now)
        }
        let color = (p.shadowColor ?? .black).premultipliedRGBA * (tint * Float(min(max(p.shadowOpacity, 0), 1)))
        let quad = list.appendQuad(area.offsetBy(dx: p.shadowOffset.width, dy: p.shadowOffset.height),
                                   uv: CGRect(x: 0, y: 1, width: 1, height: -1))
        list.commands.append(.shadowImage(key: key, range: quad, matrix: frame.matrix, color: color))
        return true
    }

    /// Draws the layer's silhouette (its shadowPath, else its content) into raster `key`, `area` in layer points
    /// filling it, and blurs it there by the inputs' sigma.
    private func blurSilhouette(_ frame: CompositorFrame, inputs: ShadowInputs, area: CGRect, key: Int,
                                into list: inout DisplayList) {
        let width = inputs.width, height = inputs.height, scale = inputs.scale
        // Layer points to silhouette pixels: the padded box fills the raster.
        let toRaster = CATransform3DMakeTranslation(-area.minX, -area.minY, 0)
            .concatenating(CATransform3DMakeScale(scale, scale, 1))
        drawInRaster(key: key, width: width, height: height, into: &list) { list in
            let rasterFrame = CompositorFrame(node: frame.node, world: toRaster,
                                              matrix: list.addMatrix(LayerGeometry.clipMatrix(toRaster, canvas: canvasSize)),
                                              tolerance: LayerGeometry.tolerance(toRaster, contentScale: 1))
            if let shadowPath = frame.p.shadowPath {
                let mesh = meshCache.mesh(.fill(shadowPath, .winding, tolerance: rasterFrame.tolerance))
                if !mesh.isEmpty {
                    list.commands.append(.fill(list.append(mesh), matrix: rasterFrame.matrix, color: SIMD4(1, 1, 1, 1)))
                }
            } else {
                drawBody(rasterFrame, tint: .one, into: &list)
            }
        }
        list.ensureCanvasQuad(target: key, canvas: CGSize(width: width, height: height),
                              matrix: LayerGeometry.clipMatrix(CATransform3DIdentity, canvas: CGSize(width: width, height: height)))
        list.commands.append(.blurRaster(key: key, sigma: Float(inputs.sigma)))
    }
}
