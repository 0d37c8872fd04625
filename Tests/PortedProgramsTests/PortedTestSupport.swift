import Foundation
import Testing
import Quartzite
import QuartziteRender

/// The media time every ported program is built at; probes render at `start + t`.
let start: CFTimeInterval = 1000

/// An 8-bit RGBA colour.
func rgb(_ r: Double, _ g: Double, _ b: Double) -> SIMD4<UInt8> {
    SIMD4(UInt8(r.rounded()), UInt8(g.rounded()), UInt8(b.rounded()), 255)
}

let white = rgb(255, 255, 255)

/// `color` at opacity `alpha` over white.
func overWhite(_ color: SIMD4<UInt8>, _ alpha: Double) -> SIMD4<UInt8> {
    rgb(Double(color[0]) * alpha + 255 * (1 - alpha), Double(color[1]) * alpha + 255 * (1 - alpha),
        Double(color[2]) * alpha + 255 * (1 - alpha))
}

/// A program's layer on a white root of `size`, built (by `build`) with the clock at `start` and committed,
/// so its animations begin at `start`.
@MainActor
final class Stage {
    let root = CALayer()
    let renderer: HeadlessRenderer
    let name: String

    init(_ name: String, size: CGSize, build: () -> CALayer) throws {
        self.name = name
        renderer = try HeadlessRenderer(size: size)
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = UIColor.white.cgColor
        MediaClock.performFrozen(at: start) {
            root.addSublayer(build())
            CATransaction.flush()
        }
    }

    /// The frame `t` seconds after the program started; kept on disk for a person to look at.
    func frame(at t: CFTimeInterval) throws -> Frame {
        let bitmap = try renderer.render(root, at: start + t)
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("quartzite-ported-output")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? bitmap.writePNG(to: folder.appendingPathComponent("\(name)-\(t).png"))
        return Frame(bitmap: bitmap, label: "\(name) at \(t) s")
    }
}

/// A rendered frame with probes that say where they failed.
struct Frame {
    let bitmap: Bitmap
    let label: String

    /// The pixel that contains the point (x, y) in points.
    func pixel(_ x: Double, _ y: Double) -> SIMD4<UInt8>? {
        bitmap.pixel(x: Int(x.rounded(.down)), y: Int(y.rounded(.down)))
    }

    /// Expects the pixel containing (x, y) within `tolerance` of `expected` in every channel.
    func expect(_ x: Double, _ y: Double, is expected: SIMD4<UInt8>, tolerance: Int = 4,
                _ what: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = pixel(x, y)
        let close = actual.map { a in (0..<4).allSatisfy { abs(Int(a[$0]) - Int(expected[$0])) <= tolerance } } ?? false
        #expect(close, "\(label): (\(x), \(y)) \(what) is \(actual.map { "\($0)" } ?? "outside"), expected \(expected)",
                sourceLocation: sourceLocation)
    }

    /// Expects the pixels at `radius` from `center` in eight directions to be `expected`.
    func expectAround(_ center: CGPoint, radius: Double, is expected: SIMD4<UInt8>, tolerance: Int = 4,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        for k in 0..<8 {
            let angle = Double(k) * Double.pi / 4
            expect(Double(center.x) + radius * cos(angle), Double(center.y) + radius * sin(angle), is: expected,
                   tolerance: tolerance, "at \(radius) from the centre, \(k * 45)°", sourceLocation: sourceLocation)
        }
    }
}
