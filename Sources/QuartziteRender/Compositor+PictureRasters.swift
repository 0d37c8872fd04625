import Foundation
import Quartzite

/// An opaque picture that stays put on the canvas is kept at its size there, one texel a canvas pixel, and
/// then copied onto the canvas each frame (`DisplayCommand.rasterImage` with its pixels) instead of being
/// sampled and filtered again: on llvmpipe a full-canvas picture costs a fragment shader with a bilinear
/// read on every pixel, a copy of memory costs a fraction of that. Seed 000's reveal (a canvas-sized photo
/// under a growing ring) is the case this is for.
struct PictureLook: Equatable {
    let image: CGImage
    /// The quad's rectangle in canvas pixels (where every pixel centre samples the picture).
    let pixels: CGRect
    let sampling: ImageSampling

    static func == (a: PictureLook, b: PictureLook) -> Bool {
        a.image === b.image && a.pixels == b.pixels && a.sampling == b.sampling
    }
}

extension Compositor {
    /// Appends what shows a layer's contents, drawn without a fringe: the picture's quads drawn, or once it
    /// has stayed put (`StableRasters.stableFrames`) its canvas-sized raster copied; on the frame that makes
    /// the raster, the picture is drawn and the canvas pixels it covers are kept as the raster
    /// (`.captureRaster`), so that frame pays for no second draw.
    func appendPicture(_ frame: CompositorFrame, image: CGImage, tint: Tint, sampling: ImageSampling,
                       into list: inout DisplayList) {
        let raster = pictureRaster(frame, image: image, tint: tint, sampling: sampling)
        if let (key, box, mustDraw) = raster, !mustDraw {
            return list.commands.append(rasterCommand(key: key, box: box, frame, into: &list))
        }
        let range = ContentsLayout.appendQuads(for: image, frame.p, into: &list)
        list.commands.append(.image(range, matrix: frame.matrix, image: image, tint: tint, sampling: sampling))
        if let (key, box, _) = raster { list.commands.append(.captureRaster(key: key, pixels: box)) }
    }

    /// The command that shows a layer's contents quad `range` where it may be drawn more than once (in
    /// scissor boxes round a ring's hole): the picture drawn, or its raster shown, drawn into the raster
    /// first when it is new.
    func pictureCommand(_ frame: CompositorFrame, image: CGImage, range: IndexRange, tint: Tint, sampling: ImageSampling,
                        into list: inout DisplayList) -> DisplayCommand {
        let drawn = DisplayCommand.image(range, matrix: frame.matrix, image: image, tint: tint, sampling: sampling)
        guard let (key, box, mustDraw) = pictureRaster(frame, image: image, tint: tint, sampling: sampling) else { return drawn }
        if mustDraw { drawPictureRaster(key: key, drawn: drawn, world: frame.world, box: box, into: &list) }
        return rasterCommand(key: key, box: box, frame, into: &list)
    }

    /// The picture's raster key, the canvas pixels it covers, and whether the raster must be made in this
    /// frame; nil while it is drawn directly: not an opaque picture at full opacity, upright, at canvas level,
    /// or not put for long enough.
    private func pictureRaster(_ frame: CompositorFrame, image: CGImage, tint: Tint,
                               sampling: ImageSampling) -> (key: Int, box: PixelBox, mustDraw: Bool)? {
        // One quad only (`singleQuad`: not a contentsCenter stretch).
        guard coverageAntialiasing, image.isOpaque, tint == .one, nestedBodies == 0,
              drawingTransition == 0, currentTarget == 0, openGroups == 0, frame.world.m11 > 0, frame.world.m22 > 0,
              let quad = ContentsLayout.singleQuad(for: image, frame.p),
              let pixels = uprightPixelRect(quad.rect, frame.world), let box = Self.sampledBox(pixels, within: targetPixels)
        else { return nil }
        let look = PictureLook(image: image, pixels: pixels, sampling: sampling)
        guard let (key, mustDraw) = pictureRasters.raster(for: frame.node.layerID, look: look, frame: frameNumberForCaches,
                                                           makeKey: makeRasterKey) else { return nil }
        return (key, box, mustDraw)
    }

    /// Shows raster `key` over the canvas pixels `box`: copied there, or drawn texel for pixel where a copy
    /// cannot be (inside a stencil clip).
    private func rasterCommand(key: Int, box: PixelBox, _ frame: CompositorFrame, into list: inout DisplayList) -> DisplayCommand {
        let shown = CGRect(x: (CGFloat(box.x) / contentScale - frame.world.m41) / frame.world.m11,
                           y: (CGFloat(box.y) / contentScale - frame.world.m42) / frame.world.m22,
                           width: CGFloat(box.width) / contentScale / frame.world.m11,
                           height: CGFloat(box.height) / contentScale / frame.world.m22)
        let flippedUV = CGRect(x: 0, y: 1, width: 1, height: -1)
        return .rasterImage(key: key, range: list.appendQuad(shown, uv: flippedUV), matrix: frame.matrix, tint: .one,
                            sampling: .nearest, opaque: true, pixels: box)
    }

    /// The pixels of `target` whose centres lie inside `pixels`, the pixels a quad covering `pixels` draws
    /// without antialiasing; nil when an edge passes within 1/1000 of a pixel centre (the rasteriser's tie
    /// rule would decide), or when none or too many for one raster.
    package static func sampledBox(_ pixels: CGRect, within target: PixelBox) -> PixelBox? {
        let edges = [pixels.minX - 0.5, pixels.maxX - 0.5, pixels.minY - 0.5, pixels.maxY - 0.5]
        guard edges.allSatisfy({ $0.isFinite && abs($0 - $0.rounded()) > 1e-3 && abs($0) < 1e7 }) else { return nil }
        let x0 = Int(clampingPixel: edges[0].rounded(.up)), x1 = Int(clampingPixel: edges[1].rounded(.down)) + 1
        let y0 = Int(clampingPixel: edges[2].rounded(.up)), y1 = Int(clampingPixel: edges[3].rounded(.down)) + 1
        let box = PixelBox(x: x0, y: y0, width: max(x1 - x0, 0), height: max(y1 - y0, 0)).intersection(target)
        guard box.width >= 1, box.height >= 1, box.width <= 8192, box.height <= 8192 else { return nil }
        return box
    }

    /// Draws the picture into raster `key`, `box`'s size: the same quad, placed by `world` and moved by whole
    /// pixels so that the raster's pixels are the canvas's in `box`.
    private func drawPictureRaster(key: Int, drawn: DisplayCommand, world: CATransform3D, box: PixelBox,
                                   into list: inout DisplayList) {
        guard case .image(let range, _, let image, let tint, let sampling, _) = drawn else { return }
        let toRaster = world.concatenating(CATransform3DMakeScale(contentScale, contentScale, 1))
            .concatenating(CATransform3DMakeTranslation(CGFloat(-box.x), CGFloat(-box.y), 0))
        // The quad covers every pixel centre of the box with opaque texels: nothing to clear.
        drawInRaster(key: key, width: box.width, height: box.height, covered: true, into: &list) { list in
            list.commands.append(.image(range, matrix: list.addMatrix(clipMatrix(toRaster)), image: image, tint: tint,
                                        sampling: sampling))
        }
    }
}
