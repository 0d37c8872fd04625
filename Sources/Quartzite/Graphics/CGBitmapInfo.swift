import Foundation

/// How a bitmap stores alpha (Core Graphics' raw values): whether there is an alpha channel, whether colours are
/// premultiplied by it, and whether it comes first or last in a pixel.
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// No alpha channel.
    case none = 0
    /// Alpha last (RGBA), colours premultiplied.
    case premultipliedLast = 1
    /// Alpha first (ARGB), colours premultiplied.
    case premultipliedFirst = 2
    /// Alpha last, colours not premultiplied (bitmap contexts refuse it, as Core Graphics does).
    case last = 3
    /// Alpha first, colours not premultiplied (bitmap contexts refuse it, as Core Graphics does).
    case first = 4
    /// No alpha: the last byte of each pixel is unused.
    case noneSkipLast = 5
    /// No alpha: the first byte of each pixel is unused.
    case noneSkipFirst = 6
    /// Alpha only, no colour (not supported by bitmap contexts here).
    case alphaOnly = 7
}

/// The byte order of a pixel's components (Core Graphics' raw values).
public enum CGImageByteOrderInfo: UInt32, Sendable {
    /// The bits of `CGBitmapInfo` that hold the byte order.
    case orderMask = 0x7000
    /// The default: components in the order the alpha info names them (big-endian for 32-bit pixels).
    case orderDefault = 0
    /// 16-bit little-endian words.
    case order16Little = 0x1000
    /// 32-bit little-endian words: `premultipliedFirst` then stores B, G, R, A in memory.
    case order32Little = 0x2000
    /// 16-bit big-endian words.
    case order16Big = 0x3000
    /// 32-bit big-endian words: the components in the order the alpha info names them.
    case order32Big = 0x4000
}

/// A bitmap's layout flags: its alpha info (`CGImageAlphaInfo`) and byte order, as one 32-bit value.
public struct CGBitmapInfo: OptionSet, Sendable, Hashable {
    /// The flags as Core Graphics numbers them.
    public let rawValue: UInt32

    /// Flags from their raw value, for example `CGImageAlphaInfo.premultipliedLast.rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The bits that hold a `CGImageAlphaInfo`.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// The bits that say how floating-point components are stored.
    public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
    /// Components are floating point (not supported by bitmap contexts here).
    public static let floatComponents = CGBitmapInfo(rawValue: 0x100)
    /// The bits that hold the byte order.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// The default byte order.
    public static let byteOrderDefault = CGBitmapInfo([])
    /// 16-bit little-endian words.
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 0x1000)
    /// 32-bit little-endian words.
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 0x2000)
    /// 16-bit big-endian words.
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 0x3000)
    /// 32-bit big-endian words.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 0x4000)

    /// The alpha info these flags hold; nil for a value Core Graphics does not define.
    package var alphaInfo: CGImageAlphaInfo? { CGImageAlphaInfo(rawValue: rawValue & 0x1F) }
}
