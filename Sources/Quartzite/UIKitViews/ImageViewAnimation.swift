import Foundation

/// The frame animation of `UIImageView.startAnimating()`: a keyframe animation of `contents` through the
/// images' bitmaps, discrete (each image held for an equal share of the cycle), as UIKit builds it.
enum ImageViewAnimation {
    /// UIKit's rate for a zero `animationDuration`: 30 images a second.
    static let defaultFramesPerSecond = 30.0

    /// The animation playing `images` in `duration` seconds a cycle (UIKit's default rate when it is not
    /// finite and positive), `repeatCount` cycles (forever when 0 or less); nil when no image has a bitmap.
    static func frames(of images: [UIImage], duration: TimeInterval, repeatCount: Int) -> CAKeyframeAnimation? {
        let bitmaps = images.compactMap(\.cgImage)
        guard !bitmaps.isEmpty else { return nil }
        let animation = CAKeyframeAnimation(keyPath: "contents")
        animation.values = bitmaps
        animation.calculationMode = .discrete
        animation.duration = duration.isFinite && duration > 0
            ? duration : Double(bitmaps.count) / defaultFramesPerSecond
        animation.repeatCount = repeatCount > 0 ? Float(repeatCount) : .infinity
        return animation
    }
}
