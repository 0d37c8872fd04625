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

/// A root layer of `width` x `height` points (origin at 0, 0) with a white background.
func whiteCanvas(_ width: CGFloat = 100, _ height: CGFloat? = nil) -> CALayer {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: width, height: height ?? width)
    root.backgroundColor = .white
    return root
}

/// A plain layer at `frame` filled with `color`.
func solidLayer(_ frame: CGRect, _ color: CGColor) -> CALayer {
    let layer = CALayer()
    layer.frame = frame
    layer.backgroundColor = color
    return layer
}

/// Runs `body` in a transaction with implicit animations off, so model changes show at once.
func withoutActions(_ body: () -> Void) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    body()
    CATransaction.commit()
}

/// The largest channel difference between two bitmaps of one size (255 when they differ in size).
func largestDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
    guard a.width == b.width, a.height == b.height else { return 255 }
    return zip(a.rgba, b.rgba).map { abs(Int($0) - Int($1)) }.max() ?? 0
}
