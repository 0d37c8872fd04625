import Foundation

/// UIKit's image type, enough of it for the code that makes and hands on images: `renderer.image { ... }`
/// returns one, `image.cgImage` gives its bitmap to `contents` or an emitter cell, `size` is in points
/// (pixels over `scale`). Loading by name or file is the renderer's (`CGImage(contentsOf:)` in
/// QuartziteRender): wrap the bitmap with `UIImage(cgImage:)`.
public final class UIImage: Sendable {
    /// How the bitmap is turned when drawn (UIKit's `UIImage.Orientation`).
    public enum Orientation: Int, Sendable {
        /// As stored.
        case up
        /// Turned half round.
        case down
        /// Turned a quarter round anticlockwise.
        case left
        /// Turned a quarter round clockwise.
        case right
        /// Mirrored left to right.
        case upMirrored
        /// Mirrored top to bottom.
        case downMirrored
        /// Mirrored, then a quarter round anticlockwise.
        case leftMirrored
        /// Mirrored, then a quarter round clockwise.
        case rightMirrored

        /// How the stored bitmap turns to stand as seen (radians, clockwise on a y-down screen) and whether it
        /// is mirrored left to right first: EXIF's orientations 1 to 8.
        var turnAndMirror: (turn: CGFloat, mirrored: Bool) {
            switch self {
            case .up: (0, false)
            case .down: (.pi, false)
            case .left: (-.pi / 2, false)
            case .right: (.pi / 2, false)
            case .upMirrored: (0, true)
            case .downMirrored: (.pi, true)
            case .leftMirrored: (-.pi / 2, true)
            case .rightMirrored: (.pi / 2, true)
            }
        }
    }

    /// The bitmap.
    public let cgImage: CGImage?
    /// Pixels per point.
    public let scale: CGFloat
    /// How the bitmap is turned; `size` swaps its sides for the quarter turns, and drawing turns it.
    public let imageOrientation: Orientation
    /// The ends that keep their size when a resizable image is drawn larger or smaller, in points.
    public let capInsets: UIEdgeInsets
    /// How a resizable image fills what lies between its caps.
    public let resizingMode: ResizingMode

    /// How a resizable image fills the space between its caps (UIKit's values).
    public enum ResizingMode: Int, Sendable {
        /// Repeats the middle at its size.
        case tile
        /// Stretches the middle.
        case stretch
    }

    /// An image with no bitmap, of size zero.
    public init() {
        cgImage = nil
        scale = 1
        imageOrientation = .up
        capInsets = .zero
        resizingMode = .tile
    }

    /// The image a drawing that could not be made gives.
    static let empty = UIImage()

    /// An image of `cgImage` at one pixel a point.
    public convenience init(cgImage: CGImage) { self.init(cgImage: cgImage, scale: 1, orientation: .up) }

    /// An image of `cgImage` at `scale` pixels a point (1 when not finite and positive).
    public convenience init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.init(cgImage: cgImage, scale: scale, orientation: orientation, capInsets: .zero, resizingMode: .tile)
    }

    /// An image of `cgImage` with every attribute given.
    init(cgImage: CGImage, scale: CGFloat, orientation: Orientation, capInsets: UIEdgeInsets, resizingMode: ResizingMode) {
        self.cgImage = cgImage
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        imageOrientation = orientation
        self.capInsets = capInsets
        self.resizingMode = resizingMode
    }

    /// The size in points.
    public var size: CGSize {
        guard let cgImage else { return .zero }
        let w = CGFloat(cgImage.width) / scale, h = CGFloat(cgImage.height) / scale
        switch imageOrientation {
        case .left, .right, .leftMirrored, .rightMirrored: return CGSize(width: h, height: w)
        default: return CGSize(width: w, height: h)
        }
    }

    /// Draws the image into `rect` of the current UIKit context (UIKit's y-down coordinates), turned and
    /// mirrored as `imageOrientation` says, so it stands as it is meant to be seen.
    public func draw(in rect: CGRect) {
        guard let cgImage, let context = UIGraphicsGetCurrentContext() else { return }
        if capInsets != .zero { return drawSlices(of: cgImage, in: rect, context: context) }
        let r = rect.standardized
        guard imageOrientation != .up, [r.minX, r.minY, r.width, r.height].allSatisfy(\.isFinite) else {
            return context.drawUpright(cgImage, in: rect)
        }
        let (turn, mirrored) = imageOrientation.turnAndMirror
        let quarter = turn == .pi / 2 || turn == -.pi / 2
        let stored = quarter ? CGSize(width: r.height, height: r.width) : r.size
        context.saveGState()
        context.translateBy(x: r.midX, y: r.midY)
        context.rotate(by: turn)
        context.scaleBy(x: mirrored ? -1 : 1, y: 1)
        context.drawUpright(cgImage, in: CGRect(x: -stored.width / 2, y: -stored.height / 2,
                                                width: stored.width, height: stored.height))
        context.restoreGState()
    }

    /// Draws the image at its size with its top-left corner at `point`.
    public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }

    /// Draws the image into `rect` as `draw(in:)` does, blended by `blendMode` at `alpha` opacity.
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        draw(in: rect)
        context.restoreGState()
    }

    /// Draws the image at its size from `point`, blended by `blendMode` at `alpha` opacity.
    public func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }
}
