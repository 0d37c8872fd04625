import Foundation
import Testing
import Quartzite
import QuartziteRender

/// Colour distance per channel, as the largest absolute difference.
func maxChannelDifference(_ a: SIMD4<UInt8>?, _ b: SIMD4<UInt8>) -> Int {
    guard let a else { return 255 }
    return (0..<4).map { abs(Int(a[$0]) - Int(b[$0])) }.max() ?? 255
}

/// An opaque colour as 8-bit RGBA.
func rgba(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) -> SIMD4<UInt8> {
    SIMD4(UInt8(r), UInt8(g), UInt8(b), UInt8(a))
}

/// Writes a failing bitmap next to the test output, so a person can look at it.
func keepForInspection(_ bitmap: Bitmap, _ name: String) {
    let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("quartzite-test-output")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try? bitmap.writePNG(to: folder.appendingPathComponent("\(name).png"))
}
