import Foundation
import Testing
import CGIF
import Quartzite
@testable import QuartziteRender
@testable import QuartziteExport

/// A decoded animation: each frame as shown (earlier frames' pixels kept where a frame stores none) and
/// how long it shows, in seconds.
struct DecodedAnimation {
    var width = 0, height = 0
    var frames: [Bitmap] = []
    var delays: [Double] = []
}

enum AnimationDecoding {
    /// A GIF decoded by giflib's reader (DGifSlurp), each frame drawn over the one before ("do not dispose").
    static func gif(_ url: URL) throws -> DecodedAnimation {
        var error: Int32 = 0
        guard let gif = DGifOpenFileName(url.path, &error) else { throw ExportError("giflib cannot open \(url.path)") }
        defer { _ = DGifCloseFile(gif, &error) }
        guard DGifSlurp(gif) == GIF_OK else { throw ExportError("giflib cannot read \(url.path)") }
        var out = DecodedAnimation(width: Int(gif.pointee.SWidth), height: Int(gif.pointee.SHeight))
        var canvas = [UInt8](repeating: 0, count: out.width * out.height * 4)
        for i in 0..<Int(gif.pointee.ImageCount) {
            let saved = gif.pointee.SavedImages[i]
            let d = saved.ImageDesc
            guard let map = d.ColorMap ?? gif.pointee.SColorMap, let bits = saved.RasterBits else {
                throw ExportError("frame \(i) has no colours or pixels")
            }
            for y in 0..<Int(d.Height) {
                for x in 0..<Int(d.Width) {
                    let c = map.pointee.Colors[Int(bits[y * Int(d.Width) + x])]
                    let at = ((Int(d.Top) + y) * out.width + Int(d.Left) + x) * 4
                    canvas[at] = c.Red; canvas[at + 1] = c.Green; canvas[at + 2] = c.Blue; canvas[at + 3] = 255
                }
            }
            var control = GraphicsControlBlock()
            _ = DGifSavedExtensionToGCB(gif, Int32(i), &control)
            out.delays.append(Double(control.DelayTime) / 100)
            guard let frame = Bitmap(width: out.width, height: out.height, rgba: canvas) else { throw ExportError("size") }
            out.frames.append(frame)
        }
        return out
    }

    /// An APNG read chunk by chunk: the sequence numbers must run 0, 1, 2, ... over fcTL and fdAT, acTL's
    /// count must match; each frame's data is wrapped as a PNG of the frame's size and decoded by libpng,
    /// then replaces its rectangle (blend SOURCE, dispose NONE: all this encoder writes).
    static func apng(_ url: URL) throws -> DecodedAnimation {
        let chunks = try PNGChunks.parse(Data(contentsOf: url))
        guard let header = chunks.first, header.type == "IHDR", chunks.last?.type == "IEND" else { throw ExportError("not a PNG") }
        let declared = chunks.first { $0.type == "acTL" }.map { Int(be($0.data, 0)) }
        var out = DecodedAnimation(width: Int(be(header.data, 0)), height: Int(be(header.data, 4)))
        var canvas = [UInt8](repeating: 0, count: out.width * out.height * 4)
        var sequence: UInt32 = 0
        var control: Data?
        var pieces = Data()
        func flush() throws {
            guard let c = control else { return }
            let w = Int(be(c, 4)), h = Int(be(c, 8)), x = Int(be(c, 12)), y = Int(be(c, 16))
            var ihdr = header.data
            ihdr.replaceSubrange(0..<8, with: c.subdata(in: 4..<12))
            var png = Data(PNGChunks.signature)
            for (type, data) in [("IHDR", ihdr), ("IDAT", pieces), ("IEND", Data())] {
                png.append(PNGChunks.encode(type: type, data: data) ?? Data())
            }
            let decoded = try PNGDecoder.decode(png, maximumPixelCount: 1 << 26)
            guard decoded.width == w, decoded.height == h, x + w <= out.width, y + h <= out.height else { throw ExportError("frame rectangle") }
            for row in 0..<h {
                let from = row * w * 4, to = ((y + row) * out.width + x) * 4
                canvas.replaceSubrange(to..<to + w * 4, with: decoded.rgba[from..<from + w * 4])
            }
            let num = Double(UInt16(c[20]) << 8 | UInt16(c[21])), den = Double(UInt16(c[22]) << 8 | UInt16(c[23]))
            out.delays.append(num / (den == 0 ? 100 : den))
            guard let frame = Bitmap(width: out.width, height: out.height, rgba: canvas) else { throw ExportError("size") }
            out.frames.append(frame)
            pieces = Data()
        }
        for chunk in chunks {
            switch chunk.type {
            case "fcTL", "fdAT":
                guard be(chunk.data, 0) == sequence else { throw ExportError("sequence number \(be(chunk.data, 0)), not \(sequence)") }
                sequence += 1
                if chunk.type == "fcTL" {
                    try flush()
                    control = chunk.data
                } else {
                    pieces.append(chunk.data.dropFirst(4))
                }
            case "IDAT": pieces.append(chunk.data)
            case "IEND": try flush()
            default: break
            }
        }
        guard declared == out.frames.count else { throw ExportError("acTL says \(declared ?? -1) frames, the file has \(out.frames.count)") }
        return out
    }

    private static func be(_ data: Data, _ at: Int) -> UInt32 {
        let b = [UInt8](data)
        return UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    /// The mean and largest absolute difference per colour channel, in levels of 255.
    static func error(_ a: Bitmap, _ b: Bitmap) -> (mean: Double, max: Int) {
        guard a.width == b.width, a.height == b.height else { return (255, 255) }
        var sum = 0, largest = 0
        for i in 0..<a.rgba.count where i % 4 != 3 {
            let d = abs(Int(a.rgba[i]) - Int(b.rgba[i]))
            sum += d
            largest = max(largest, d)
        }
        return (Double(sum) / Double(a.width * a.height * 3), largest)
    }
}
