import Foundation

/// How a `UIGraphicsImageRenderer` makes its images: pixels per point and whether they are opaque.
public final class UIGraphicsImageRendererFormat: @unchecked Sendable {
    /// Pixels per point (default: the main screen's).
    public var scale: CGFloat
    /// Whether the images have no alpha (what is not drawn is black; default false).
    public var opaque: Bool

    /// The main screen's scale, not opaque.
    public init() {
        scale = UIScreen.scaleFromAnyThread
        opaque = false
    }

    /// The format UIKit picks for the main screen.
    public class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    /// The format of the best screen: here, the main screen's.
    public class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// The context a `UIGraphicsImageRenderer` hands its drawing closure: the Core Graphics context, current
/// for UIKit calls, in points with the origin at the top left.
public final class UIGraphicsImageRendererContext {
    /// The Core Graphics context drawn into.
    public let cgContext: CGContext
    /// The format the image is made with.
    public let format: UIGraphicsImageRendererFormat

    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        self.cgContext = cgContext
        self.format = format
    }

    /// The picture drawn so far.
    public var currentImage: UIImage {
        guard let image = cgContext.makeImage() else { return UIImage.empty }
        return UIImage(cgImage: image, scale: format.scale, orientation: .up)
    }

    /// Fills `rect` with the current fill colour.
    public func fill(_ rect: CGRect) { cgContext.fill(rect) }

    /// Fills `rect` with the current fill colour through `blendMode`.
    public func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.fill(rect)
        cgContext.restoreGState()
    }

    /// Strokes `rect`'s outline with the current stroke colour and line width.
    public func stroke(_ rect: CGRect) { cgContext.stroke(rect) }

    /// Strokes `rect`'s outline through `blendMode`.
    public func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.stroke(rect)
        cgContext.restoreGState()
    }

    /// Cuts later drawing to `rect`.
    public func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// UIKit's way to draw an image: `UIGraphicsImageRenderer(size:).image { context in ... }` gives the
/// picture the closure draws, in points with the origin at the top left, at the format's scale.
public final class UIGraphicsImageRenderer {
    /// The rectangle drawn, in points (its origin at the context's top left).
    public let bounds: CGRect
    /// The format of the images.
    public let format: UIGraphicsImageRendererFormat

    /// A renderer of `size` points in the default format.
    public convenience init(size: CGSize) { self.init(size: size, format: .default()) }
    /// A renderer of `size` points in `format`.
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }
    /// A renderer of `bounds` (in points) in the default format.
    public convenience init(bounds: CGRect) { self.init(bounds: bounds, format: .default()) }
    /// A renderer of `bounds` (in points) in `format`.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.bounds = bounds
        self.format = format
    }

    /// The picture `actions` draws. A size that gives no bitmap (empty, not finite, over 16384 pixels a side)
    /// is reported, and the image is empty (its `cgImage` nil).
    public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let b = bounds.standardized
        guard let cg = UIGraphicsContexts.bitmap(size: b.size, scale: format.scale, opaque: format.opaque,
                                                 caller: "UIGraphicsImageRenderer") else { return UIImage.empty }
        cg.translateBy(x: -b.minX, y: -b.minY)
        let context = UIGraphicsImageRendererContext(cgContext: cg, format: format)
        UIGraphicsPushContext(cg)
        actions(context)
        UIGraphicsPopContext()
        return context.currentImage
    }

    /// The picture `actions` draws, as PNG bytes (empty when there is no picture).
    public func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }

    /// The picture `actions` draws, as JPEG bytes at `compressionQuality` (empty when there is no picture).
    public func jpegData(withCompressionQuality compressionQuality: CGFloat,
                         actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).jpegData(compressionQuality: compressionQuality) ?? Data()
    }
}
