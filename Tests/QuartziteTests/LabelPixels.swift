import Foundation
import Quartzite

/// The label's layer drawn into an image of its bounds at scale 1, as RGBA bytes.
@MainActor
func pixels(of label: UILabel) -> [UInt8] {
    label.layer.displayIfNeeded()
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    let image = UIGraphicsImageRenderer(size: label.bounds.size, format: format).image { context in
        label.layer.render(in: context.cgContext)
    }
    return image.cgImage?.premultipliedRGBA ?? []
}

/// `draw` run in a `size` image at scale 1, as RGBA bytes.
@MainActor
func pixels(_ size: CGSize, _ draw: () -> Void) -> [UInt8] {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    return UIGraphicsImageRenderer(size: size, format: format).image { _ in draw() }.cgImage?.premultipliedRGBA ?? []
}

/// How many bytes of two images differ (all of them when the sizes differ).
func differing(_ a: [UInt8], _ b: [UInt8]) -> Int {
    guard a.count == b.count else { return max(a.count, b.count) }
    return zip(a, b).filter { $0 != $1 }.count
}
