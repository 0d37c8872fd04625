import Foundation
import QuartziteRender
import CGIF

/// An animated GIF that loops, written by giflib.
///
/// Each frame has a palette of its own (a local colour table of up to 256 colours, `Quantizer`: chosen for
/// that frame and dithered to it), because one palette for a whole capture would have to be chosen before
/// the first frame is written or hold every frame in memory. A later frame stores only the rectangle that
/// changed since the frame before (`ChangedRegion`) and leaves the rest in place (disposal "do not
/// dispose"), so dithering noise never flickers on what stands still. GIF has no partial transparency: a
/// translucent pixel is composited over white first (the demos are opaque). Delays are whole centiseconds,
/// accumulated so the length is right (`FrameDelays`).
package final class GIFEncoder: AnimationEncoder {
    private let writer: AtomicFileWriter
    private let gif: UnsafeMutablePointer<GifFileType>
    private let width: Int, height: Int
    private let frameCount: Int
    private let fps: Double
    private let quantizer: Quantizer
    private var framesWritten = 0
    private var previous: Bitmap?
    private var closed = false

    /// Starts a GIF of `frameCount` frames of `width` x `height` pixels at `fps` (at most
    /// `FrameDelays.gifMaximumFPS`), written atomically to `url`. Throws `OutputError` when the file cannot
    /// be made and `ExportError` for sizes GIF cannot hold (over 65535 pixels a side).
    package init(url: URL, width: Int, height: Int, frameCount: Int, fps: Double) throws {
        guard width > 0, height > 0, width <= 65535, height <= 65535, frameCount > 0 else {
            throw ExportError("a GIF is 1 to 65535 pixels a side with 1 or more frames, not \(width)x\(height) and \(frameCount)")
        }
        guard fps.isFinite, fps > 0, fps <= FrameDelays.gifMaximumFPS else {
            throw ExportError("a GIF plays at most \(Int(FrameDelays.gifMaximumFPS)) frames a second, not \(fps)")
        }
        quantizer = try Quantizer()
        writer = try AtomicFileWriter(url)
        var error: Int32 = 0
        // giflib hands each piece of the file to this function, which appends it to the atomic writer.
        let write: OutputFunc = { file, bytes, count in
            guard let file, let bytes, count > 0, let sink = file.pointee.UserData else { return 0 }
            let writer = Unmanaged<AtomicFileWriter>.fromOpaque(sink).takeUnretainedValue()
            writer.append(UnsafeRawPointer(bytes), count: Int(count))
            return writer.isHealthy ? count : 0
        }
        guard let gif = EGifOpen(Unmanaged.passUnretained(writer).toOpaque(), write, &error) else {
            writer.discard()
            throw ExportError("giflib could not start a GIF: \(Self.message(error))")
        }
        self.gif = gif
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.fps = fps
        // GIF89a, which extensions need: giflib writes the version with the screen descriptor.
        EGifSetGifVersion(gif, true)
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil), "the screen descriptor")
        try putLoopExtension()
    }

    deinit {
        if !closed { var error: Int32 = 0; _ = EGifCloseFile(gif, &error) }
        writer.discard()
    }

    package func append(_ frame: Bitmap) throws {
        guard frame.width == width, frame.height == height else {
            throw ExportError("frame \(framesWritten) is \(frame.width)x\(frame.height), not the animation's \(width)x\(height)")
        }
        guard framesWritten < frameCount else { throw ExportError("the GIF was made for \(frameCount) frames") }
        let opaque = Self.flattened(frame)
        let rect = previous.map { ChangedRegion.between($0, opaque) ?? PixelBox(x: 0, y: 0, width: 1, height: 1) }
            ?? PixelBox(x: 0, y: 0, width: width, height: height)
        guard let part = ChangedRegion.crop(opaque, to: rect) else { throw ExportError("an empty changed region") }
        try putFrame(quantizer.quantize(part), at: rect)
        previous = opaque
        framesWritten += 1
    }

    package func finish() throws {
        guard framesWritten == frameCount else {
            throw ExportError("the GIF was made for \(frameCount) frames but got \(framesWritten)")
        }
        closed = true
        var error: Int32 = 0
        guard EGifCloseFile(gif, &error) == GIF_OK else {
            // The write failure behind giflib's error (a full disk, say), in words, when there is one.
            if !writer.isHealthy { try writer.commit() }
            writer.discard()
            throw ExportError("giflib could not finish the GIF: \(Self.message(error))")
        }
        try writer.commit()
    }

    /// NETSCAPE2.0's application extension with a loop count of 0: play for ever.
    private func putLoopExtension() throws {
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "the loop extension")
        var name = Array("NETSCAPE2.0".utf8)
        try check(EGifPutExtensionBlock(gif, Int32(name.count), &name), "the loop extension")
        var loops: [UInt8] = [1, 0, 0]
        try check(EGifPutExtensionBlock(gif, Int32(loops.count), &loops), "the loop extension")
        try check(EGifPutExtensionTrailer(gif), "the loop extension")
    }

    /// The frame's graphic control extension (its delay, "do not dispose"), then its image descriptor with
    /// its own colour table, then its rows.
    private func putFrame(_ image: IndexedImage, at rect: PixelBox) throws {
        var control = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false,
                                           DelayTime: Int32(FrameDelays.gifCentiseconds(frame: framesWritten, fps: fps)),
                                           TransparentColor: NO_TRANSPARENT_COLOR)
        var extensionBytes = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), &extensionBytes), "a frame's delay")
        // A colour table holds a power of two entries, at least 2.
        var bits: Int32 = 1
        while (1 << bits) < image.palette.count { bits += 1 }
        let size = Int32(1) << bits
        var colours = (0..<Int(size)).map { i -> GifColorType in
            let c = i < image.palette.count ? image.palette[i] : SIMD3<UInt8>(0, 0, 0)
            return GifColorType(Red: c.x, Green: c.y, Blue: c.z)
        }
        guard let map = GifMakeMapObject(size, &colours) else { throw ExportError("giflib could not make a colour table") }
        defer { GifFreeMapObject(map) }
        try check(EGifPutImageDesc(gif, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), false, map),
                  "a frame's descriptor")
        var indices = image.indices
        try indices.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for row in 0..<rect.height {
                try check(EGifPutLine(gif, base + row * rect.width, Int32(rect.width)), "a frame's pixels")
            }
        }
    }

    /// `frame` with every translucent pixel composited over white (unchanged when it is opaque).
    static func flattened(_ frame: Bitmap) -> Bitmap {
        var rgba = frame.rgba
        var changed = false
        for i in stride(from: 0, to: rgba.count, by: 4) where rgba[i + 3] != 255 {
            let a = Int(rgba[i + 3])
            for c in 0..<3 { rgba[i + c] = UInt8((Int(rgba[i + c]) * a + 255 * (255 - a) + 127) / 255) }
            rgba[i + 3] = 255
            changed = true
        }
        return changed ? Bitmap(width: frame.width, height: frame.height, rgba: rgba) ?? frame : frame
    }

    /// Throws giflib's error for `what` when `status` is not GIF_OK.
    private func check(_ status: Int32, _ what: String) throws {
        guard status != GIF_OK else { return }
        let failure = ExportError("giflib could not write \(what): \(Self.message(gif.pointee.Error))")
        // The write failure behind giflib's error (a full disk, say), in words, when there is one: a failed
        // writer's commit throws it.
        if !writer.isHealthy { try writer.commit() }
        throw failure
    }

    private static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}
