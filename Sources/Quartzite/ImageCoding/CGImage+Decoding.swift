import Foundation

extension CGImage {
    /// Decodes a PNG or JPEG file. Throws `ImageError` for a missing, truncated or non-image file.
    public convenience init(contentsOf url: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ImageError.unreadable(path: url.path, reason: (error as NSError).localizedDescription)
        }
        try self.init(imageData: data)
    }

    /// Decodes PNG or JPEG bytes (recognised by their signature). An image whose header claims more pixels
    /// than `ImageDecodingLimits.maximumPixelCount` is refused before it is decoded.
    public convenience init(imageData data: Data) throws {
        try self.init(imageData: data, maximumPixelCount: ImageDecodingLimits.maximumPixelCount)
    }

    /// Decodes PNG or JPEG bytes, refusing from its header an image of more than `maximumPixelCount` pixels.
    package convenience init(imageData data: Data, maximumPixelCount: Int) throws {
        let decoded: (width: Int, height: Int, rgba: [UInt8])
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            decoded = try PNGDecoder.decode(data, maximumPixelCount: maximumPixelCount)
        } else if data.starts(with: [0xFF, 0xD8]) {
            decoded = try JPEGDecoder.decode(data, maximumPixelCount: maximumPixelCount)
        } else {
            throw ImageError.undecodable("not a PNG or JPEG file (\(data.count) bytes)")
        }
        // Layers hold premultiplied pixels: that is what the GL pipeline blends.
        var premultiplied = decoded.rgba
        for i in stride(from: 0, to: premultiplied.count, by: 4) {
            let a = Int(premultiplied[i + 3])
            if a == 255 { continue }
            for c in 0..<3 { premultiplied[i + c] = UInt8((Int(premultiplied[i + c]) * a + 127) / 255) }
        }
        try self.init(width: decoded.width, height: decoded.height, premultipliedRGBA: premultiplied)
    }
}
