import Foundation

/// How an image's pixels are laid out, as Core Graphics reports it: every `CGImage` here holds 8-bit RGBA,
/// premultiplied, in sRGB.
extension CGImage {
    /// Bits a pixel: 32.
    public var bitsPerPixel: Int { 32 }
    /// Where alpha is and how colours carry it: last, premultiplied.
    public var alphaInfo: CGImageAlphaInfo { .premultipliedLast }
    /// The layout flags: premultiplied alpha last, in the default byte order.
    public var bitmapInfo: CGBitmapInfo { CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue) }
    /// The colour space: sRGB.
    public var colorSpace: CGColorSpace? { CGColorSpace(name: CGColorSpace.sRGB) }
    /// Whether the image is a mask: never here.
    public var isMask: Bool { false }
}
