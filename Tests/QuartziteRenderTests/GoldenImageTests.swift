import Foundation
import Testing
import Quartzite
import QuartziteRender

/// Composed scenes against committed golden PNGs (Tests/QuartziteRenderTests/Goldens). Tolerance: at most
/// 0.5 % of pixels may differ by more than 8/255 in a channel (antialiasing noise between drivers), and the
/// mean difference must stay under 1/255. On failure the render and a diff image are written to
/// $TMPDIR/quartzite-test-output. `scripts/update-goldens.sh` regenerates the goldens (look at them first).
@MainActor
@Suite(.serialized)
struct GoldenImageTests {
    nonisolated static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static var updating: Bool { ProcessInfo.processInfo.environment["QUARTZITE_UPDATE_GOLDENS"] == "1" }

    /// Each scene has a golden per way of antialiasing: NAME.png drawn with 4x MSAA, NAME-coverage.png with
    /// one sample and coverage fringes. (The two differ on edges by up to an eighth of the contrast, the
    /// error of four samples, so one golden cannot hold both within 8/255; the cairo comparisons check each
    /// against exact coverage instead.)
    @Test(arguments: GoldenScenes.names, [4, 1])
    func sceneMatchesItsGolden(_ name: String, samples: Int) throws {
        let build = try #require(GoldenScenes.all.first { $0.name == name }?.build)
        let renderer = try HeadlessRenderer(size: GoldenScenes.size, samples: samples)
        defer { renderer.close() }
        renderer.dithersGradients = false
        let bitmap = try renderer.render(try build(), at: 0)
        let file = Self.goldens.appendingPathComponent(samples == 4 ? "\(name).png" : "\(name)-coverage.png")
        if Self.updating {
            try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
            try bitmap.writePNG(to: file)
            return
        }
        let golden = try CGImage(contentsOf: file)
        #expect(golden.width == bitmap.width && golden.height == bitmap.height)
        var far = 0, total = 0
        var diff = [UInt8](repeating: 255, count: bitmap.rgba.count)
        for i in stride(from: 0, to: min(golden.premultipliedRGBA.count, bitmap.rgba.count), by: 4) {
            // Goldens are opaque, so premultiplied equals straight.
            let d = (0..<3).map { abs(Int(golden.premultipliedRGBA[i + $0]) - Int(bitmap.rgba[i + $0])) }.max() ?? 0
            total += d
            if d > 8 { far += 1 }
            diff[i] = 255
            diff[i + 1] = UInt8(255 - min(255, d * 8))
            diff[i + 2] = UInt8(255 - min(255, d * 8))
        }
        let pixels = bitmap.width * bitmap.height
        let ok = Double(far) <= 0.005 * Double(pixels) && Double(total) / Double(pixels) < 1
        if !ok {
            keepForInspection(bitmap, "golden-\(name)-\(samples)-actual")
            if let d = Bitmap(width: bitmap.width, height: bitmap.height, rgba: diff) { keepForInspection(d, "golden-\(name)-\(samples)-diff") }
        }
        #expect(ok, "\(name), \(samples) samples: \(far) pixels differ by more than 8/255, mean \(Double(total) / Double(pixels))")
    }
}
