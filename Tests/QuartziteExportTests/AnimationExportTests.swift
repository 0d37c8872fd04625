import Foundation
import Testing
import Quartzite
import QuartziteRender
import QuartziteHost
import QuartziteDemos
@testable import QuartziteExport

/// Demos exported as GIF and APNG, read back by decoders that share no code with the encoders (giflib's
/// reader; libpng through the chunks), against the PNG captures at the same times.
///
/// The GIF's palette bound: each frame gets its own 256 colours, so a pixel lands on a palette entry a few
/// levels from its colour, and dithering spreads each pixel's error over its neighbours without adding to
/// the mean: the mean absolute error per channel stays under half a level (measured: 0.03 of a level on the
/// conic ring, a full hue sweep, the hardest demo for a palette), and no pixel is off by more than 32
/// levels (measured: 20). The APNG is lossless: every frame equals the capture.
@MainActor
@Suite(.serialized)
struct AnimationExportTests {
    static let meanBound = 0.5, maxBound = 32

    func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("export-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(name)")
    }

    /// The conic ring from 1 s to 1.6 s at 10 fps: 7 frames of the ring's size, each shown 10 cs, the middle
    /// one (t = 1.3 s) within the palette's bound of the capture at 1.3 s, and the first further from it.
    @Test func gifDecodesToTheCapture() throws {
        let url = temporary("ring.gif")
        defer { try? FileManager.default.removeItem(at: url) }
        let type = ConicGradientRingDemo.self, size = ConicGradientRingDemo.preferredSize
        let summary = try AnimationExport.write(type, format: .gif, to: url, size: size, from: 1, to: 1.6, fps: 10)
        let gif = try AnimationDecoding.gif(url)
        #expect(summary.frames == 7 && gif.frames.count == 7)
        #expect(gif.width == Int(size.width) && gif.height == Int(size.height))
        #expect(gif.delays == Array(repeating: 0.1, count: 7))
        let middle = try Capture.frame(type, size: size, at: 1.3)
        let error = AnimationDecoding.error(gif.frames[3], middle)
        #expect(error.mean < Self.meanBound && error.max <= Self.maxBound, "mean \(error.mean), max \(error.max)")
        let first = AnimationDecoding.error(gif.frames[0], middle)
        #expect(first.mean > Self.meanBound, "the frame at 1.0 s is within \(first.mean) of the one at 1.3 s")
    }

    /// The switch's drag script (3.5 s to 4.5 s) as an APNG: every frame is the capture at its time, pixel for
    /// pixel, and the thumb moves (the script runs in an export as in a window).
    @Test func apngDecodesToTheCapturesExactly() throws {
        let url = temporary("switch.apng")
        defer { try? FileManager.default.removeItem(at: url) }
        let type = SwitchDemo.self, size = SwitchDemo.preferredSize
        _ = try AnimationExport.write(type, format: .apng, to: url, size: size, from: 3.5, to: 4.5, fps: 10)
        let apng = try AnimationDecoding.apng(url)
        #expect(apng.frames.count == 11 && apng.width == 320 && apng.height == 200)
        #expect(apng.delays == Array(repeating: 0.1, count: 11))
        for (i, frame) in apng.frames.enumerated() {
            let capture = try Capture.frame(type, size: size, at: 3.5 + Double(i) / 10)
            #expect(frame == capture, "frame \(i)")
        }
        #expect(AnimationDecoding.error(apng.frames[0], apng.frames[10]).mean > 1, "the drag moved nothing")
    }

    /// A GIF at 30 fps: delays of 3 and 4 cs whose sum is the sequence's length to the centisecond.
    @Test func gifDelaysAddUp() throws {
        let url = temporary("loader.gif")
        defer { try? FileManager.default.removeItem(at: url) }
        _ = try AnimationExport.write(CircularLoaderDemo.self, format: .gif, to: url, size: CGSize(width: 64, height: 64),
                                      from: 0, to: 1, fps: 30)
        let gif = try AnimationDecoding.gif(url)
        #expect(gif.frames.count == 31)
        #expect(Set(gif.delays) == [0.03, 0.04])
        #expect(abs(gif.delays.reduce(0, +) - 1.03) < 1e-9)
    }

    /// A failed export leaves nothing: no file, no temporary file beside it.
    @Test func aRefusedExportLeavesNothing() throws {
        let folder = temporary("folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("fast.gif")
        #expect(throws: ExportError.self) {
            _ = try AnimationExport.write(SwitchDemo.self, format: .gif, to: url, size: CGSize(width: 32, height: 32),
                                          from: 0, to: 0.1, fps: 60)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
