import Foundation
import Quartzite

/// Where a layer's contents image lands: contentsRect picks the part of the image, contentsScale gives its
/// size in points, contentsGravity places it in the bounds, and contentsCenter splits it into nine parts
/// whose corners keep their size while the middle stretches.
enum ContentsLayout {
    /// Appends the quads (one, or nine with a contentsCenter) and returns their index range. With a `fringe`
    /// (coverage antialiasing) the quads' outside edges get a coverage fringe that shows the edge texels
    /// (`DisplayList.appendQuadWithFringe`), for a draw at one depth value.
    static func appendQuads(for image: CGImage, _ p: LayerProperties, fringe: FringeWidth? = nil,
                            into list: inout DisplayList) -> IndexRange {
        let source = sourceRect(p)
        let (size, dest) = placement(of: image, p)
        if let (rect, uv) = singleQuad(for: image, p) {
            return fringe.map { list.appendQuadWithFringe(rect, uv: uv, width: $0) } ?? list.appendQuad(rect, uv: uv)
        }
        let center = p.contentsCenter.standardized
        // Nine parts: column and row edges in destination points and in texture coordinates.
        let left = size.width * center.minX, right = size.width * (1 - center.maxX)
        let top = size.height * center.minY, bottom = size.height * (1 - center.maxY)
        // When the destination is smaller than the fixed edges, they shrink proportionally.
        let fx = min(1, dest.width / max(left + right, 1e-9)), fy = min(1, dest.height / max(top + bottom, 1e-9))
        let xs = [dest.minX, dest.minX + left * fx, dest.maxX - right * fx, dest.maxX]
        let ys = [dest.minY, dest.minY + top * fy, dest.maxY - bottom * fy, dest.maxY]
        let us = [0, center.minX, center.maxX, 1].map { source.minX + $0 * source.width }
        let vs = [0, center.minY, center.maxY, 1].map { source.minY + $0 * source.height }
        var first: IndexRange?
        var count = 0
        for row in 0..<3 {
            for column in 0..<3 {
                let rect = CGRect(x: xs[column], y: ys[row], width: xs[column + 1] - xs[column], height: ys[row + 1] - ys[row])
                let uv = CGRect(x: us[column], y: vs[row], width: us[column + 1] - us[column], height: vs[row + 1] - vs[row])
                let outside = [row == 0, column == 2, row == 2, column == 0]
                let range = fringe.map { list.appendQuadWithFringe(rect, uv: uv, width: $0, edges: outside) }
                    ?? list.appendQuad(rect, uv: uv)
                if first == nil { first = range }
                count += range.count
            }
        }
        return IndexRange(first: first?.first ?? 0, count: count)
    }

    /// The rect and texture coordinates of contents drawn as one quad; nil when `appendQuads` would make
    /// nine (a contentsCenter stretch).
    static func singleQuad(for image: CGImage, _ p: LayerProperties) -> (rect: CGRect, uv: CGRect)? {
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        let source = sourceRect(p)
        let (size, dest) = placement(of: image, p)
        let center = p.contentsCenter.standardized
        let stretched = dest.width != size.width || dest.height != size.height
        guard stretched, center.isFinite, center != unit, center.width >= 0, center.height >= 0,
              center.minX >= 0, center.minY >= 0, center.maxX <= 1, center.maxY <= 1 else { return (dest, source) }
        return nil
    }

    /// The image's size in points (contentsRect's part at contentsScale) and the rect it is drawn in, which
    /// gravities such as `.center` or `.resizeAspectFill` can make larger than the bounds.
    static func placement(of image: CGImage, _ p: LayerProperties) -> (size: CGSize, destination: CGRect) {
        let source = sourceRect(p)
        // A scale below 1e-6 would make the image's size overflow the GPU's 32-bit floats.
        let scale = p.contentsScale.isFinite && p.contentsScale >= 1e-6 ? p.contentsScale : 1
        let size = CGSize(width: CGFloat(image.width) * abs(source.width) / scale,
                          height: CGFloat(image.height) * abs(source.height) / scale)
        return (size, p.contentsGravity.placement(of: size, in: p.bounds, flipped: p.isGeometryFlipped))
    }

    /// The part of the image that is drawn, in unit coordinates: contentsRect, or the whole image when a
    /// coordinate is not finite or lies a million image sizes away (as 32-bit floats on the GPU, texture
    /// coordinates and sizes that far out become infinite).
    static func sourceRect(_ p: LayerProperties) -> CGRect {
        let r = p.contentsRect
        let usable = [r.origin.x, r.origin.y, r.size.width, r.size.height].allSatisfy { $0.isFinite && abs($0) <= 1e6 }
        return usable ? r : CGRect(x: 0, y: 0, width: 1, height: 1)
    }

    /// The texture filtering a layer asks for.
    static func sampling(_ p: LayerProperties) -> ImageSampling {
        var s = ImageSampling()
        s.magnifyNearest = p.magnificationFilter == .nearest
        s.minify = p.minificationFilter == .nearest ? 0 : p.minificationFilter == .trilinear ? 2 : 1
        return s
    }
}

extension CGRect {
    /// Whether every coordinate is finite.
    var isFinite: Bool { [origin.x, origin.y, size.width, size.height].allSatisfy(\.isFinite) }
}
