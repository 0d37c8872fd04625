import Foundation
import QuartziteRender

/// An animated PNG (APNG 1.0: acTL, fcTL and fdAT chunks around ordinary PNG image data) that loops.
///
/// Each frame is encoded as a PNG by libpng; the first frame's image data stays in IDAT (so a viewer without
/// APNG shows it), later frames' move into fdAT chunks. A later frame stores only the rectangle that changed
/// since the frame before (`ChangedRegion`), replacing those pixels (blend SOURCE, so alpha is exact) and
/// leaving the rest (dispose NONE); a frame equal to the one before stores one pixel. Pixels are lossless
/// 8-bit RGBA.
package final class APNGEncoder: AnimationEncoder {
    private let writer: AtomicFileWriter
    private let width: Int, height: Int
    private let frameCount: Int
    private let fps: Double
    private var framesWritten = 0
    /// The next number of APNG's shared fcTL / fdAT sequence.
    private var sequence: UInt32 = 0
    private var previous: Bitmap?

    /// Starts an APNG of `frameCount` frames of `width` x `height` pixels at `fps`, written atomically to
    /// `url`. Throws `OutputError` when the file cannot be made.
    package init(url: URL, width: Int, height: Int, frameCount: Int, fps: Double) throws {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max),
              frameCount > 0, frameCount <= Int(Int32.max) else {
            throw ExportError("an APNG needs a size above 0 and 1 or more frames, not \(width)x\(height) and \(frameCount)")
        }
        writer = try AtomicFileWriter(url)
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.fps = fps
    }

    package func append(_ frame: Bitmap) throws {
        guard frame.width == width, frame.height == height else {
            throw ExportError("frame \(framesWritten) is \(frame.width)x\(frame.height), not the animation's \(width)x\(height)")
        }
        guard framesWritten < frameCount else { throw ExportError("the APNG was made for \(frameCount) frames") }
        if let previous {
            try appendLater(frame, after: previous)
        } else {
            try appendFirst(frame)
        }
        previous = frame
        framesWritten += 1
    }

    package func finish() throws {
        guard framesWritten == frameCount else {
            writer.discard()
            throw ExportError("the APNG was made for \(frameCount) frames but got \(framesWritten)")
        }
        try put("IEND", Data())
        try writer.commit()
    }

    /// The signature, the header and what precedes the image data in libpng's PNG of the first frame, the
    /// animation control chunk, then the first frame's control chunk and its IDAT chunks unchanged.
    private func appendFirst(_ frame: Bitmap) throws {
        let chunks = try PNGChunks.parse(frame.pngData())
        guard let header = chunks.first, header.type == "IHDR" else { throw ExportError("libpng's PNG does not start with IHDR") }
        writer.append(Data(PNGChunks.signature))
        try put("IHDR", header.data)
        for chunk in chunks.dropFirst() {
            if chunk.type == "IDAT" { break }
            try put(chunk.type, chunk.data)
        }
        var control = Data()
        control.append(bigEndian: UInt32(frameCount))
        control.append(bigEndian: UInt32(0))  // plays: 0 loops for ever
        try put("acTL", control)
        try put("fcTL", frameControl(PixelBox(x: 0, y: 0, width: width, height: height)))
        for chunk in chunks where chunk.type == "IDAT" { try put("IDAT", chunk.data) }
    }

    /// The changed rectangle's control chunk and its image data, each IDAT's data moved into an fdAT chunk
    /// after its sequence number.
    private func appendLater(_ frame: Bitmap, after previous: Bitmap) throws {
        let rect = ChangedRegion.between(previous, frame) ?? PixelBox(x: 0, y: 0, width: 1, height: 1)
        guard let part = ChangedRegion.crop(frame, to: rect) else { throw ExportError("an empty changed region") }
        let chunks = try PNGChunks.parse(part.pngData())
        try put("fcTL", frameControl(rect))
        for chunk in chunks where chunk.type == "IDAT" {
            var data = Data(capacity: chunk.data.count + 4)
            data.append(bigEndian: nextSequence())
            data.append(chunk.data)
            try put("fdAT", data)
        }
    }

    /// fcTL's 26 bytes: sequence number, the region's size and place, this frame's delay, dispose NONE and
    /// blend SOURCE.
    private func frameControl(_ rect: PixelBox) -> Data {
        var data = Data(capacity: 26)
        data.append(bigEndian: nextSequence())
        for value in [rect.width, rect.height, rect.x, rect.y] { data.append(bigEndian: UInt32(clamping: value)) }
        let delay = FrameDelays.apng(frame: framesWritten, fps: fps)
        data.append(bigEndian: delay.numerator)
        data.append(bigEndian: delay.denominator)
        data.append(contentsOf: [0, 0])
        return data
    }

    private func nextSequence() -> UInt32 {
        defer { sequence &+= 1 }
        return sequence
    }

    private func put(_ type: String, _ data: Data) throws {
        guard let bytes = PNGChunks.encode(type: type, data: data) else { throw ExportError("a \(type) chunk of \(data.count) bytes cannot be written") }
        writer.append(bytes)
    }
}
