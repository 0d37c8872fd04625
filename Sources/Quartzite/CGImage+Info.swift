import Foundation

/// How an image's pixels are laid out, as Core Graphics reports it: 8-bit RGBA, premultiplied, in sRGB, which
/// every `CGImage` here holds; an image made from a data provider reports the layout it was made with (its
/// `dataProvider`'s bytes are in that layout).
extension CGImage {
    /// Bits a pixel: 32, or the data provider's.
    public var bitsPerPixel: Int { provided?.bitsPerPixel ?? 32 }
    /// Where alpha is and how colours carry it: last, premultiplied (or as made from a data provider).
    public var alphaInfo: CGImageAlphaInfo { bitmapInfo.alphaInfo ?? .premultipliedLast }
    /// The layout flags: premultiplied alpha last, in the default byte order (or as made from a data provider).
    public var bitmapInfo: CGBitmapInfo {
        provided?.bitmapInfo ?? CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue)
    }
    /// The colour space: sRGB (or the one it was made with from a data provider); nil for an image mask, which
    /// has none, as Core Graphics reports it.
    public var colorSpace: CGColorSpace? {
        if isMask { return nil }
        return provided?.space ?? CGColorSpace(name: CGColorSpace.sRGB)
    }
    /// Whether the image is smoothed when scaled (as it was made; true unless made otherwise).
    public var shouldInterpolate: Bool { provided?.shouldInterpolate ?? true }
    /// The rendering intent it was made with (the default unless made otherwise).
    public var renderingIntent: CGColorRenderingIntent { provided?.intent ?? .defaultIntent }

    /// The image's bytes in its own layout (`bytesPerRow`, `bitmapInfo`, `bitsPerPixel`): the provider it was
    /// made with, or for any other image a new provider holding a copy of its premultiplied RGBA (width x 4
    /// bytes a row, rows top first), which costs that copy each time it is asked for.
    public var dataProvider: CGDataProvider? {
        provided?.provider ?? CGDataProvider(data: CFData(premultipliedRGBA))
    }
    /// Whether the image is an image mask (made by `CGImage(maskWidth:...)`): drawn, it paints the fill
    /// colour; as a clip or with `masking(_:)`, a sample of 0 lets everything through and 1 nothing.
    public var isMask: Bool { provided?.isMask ?? false }
}
