import Foundation

/// Core Graphics' source of bytes for an image, in its one common form: bytes held in memory. An image made
/// from one (`CGImage(width:height:bitsPerComponent:bitsPerPixel:bytesPerRow:space:bitmapInfo:provider:...)`)
/// keeps it as its `dataProvider`; any other image's `dataProvider` holds a copy of its pixels.
public final class CGDataProvider: @unchecked Sendable {
    /// The bytes the provider was made with.
    public let data: CFData?

    /// A provider of `data`'s bytes.
    public init?(data: CFData) { self.data = data }

    /// A provider of a copy of `data`'s bytes: what iOS writes as `CGDataProvider(data: data as CFData)`,
    /// which Linux cannot bridge.
    public convenience init?(data: Data) { self.init(data: CFData(data)) }
}
