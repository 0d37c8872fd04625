import Foundation
import Testing
@testable import Quartzite

/// UIImageView's model: sizes from the image (pixels over scale), UIKit's defaults, the layer's contents,
/// and the frame animation (a discrete keyframe animation of `contents`) read through the presentation layer
/// at chosen times.
@MainActor
@Suite(.serialized)
struct UIImageViewTests {
    /// A `width` x `height` pixel image of one grey level, at `scale`.
    func image(_ width: Int, _ height: Int, scale: CGFloat = 1, level: UInt8 = 128) -> UIImage {
        let bytes = [UInt8](repeating: level, count: width * height * 4)
        guard let cgImage = try? CGImage(width: width, height: height, premultipliedRGBA: bytes) else { return UIImage() }
        return UIImage(cgImage: cgImage, scale: scale, orientation: .up)
    }

    @Test func sizesAreTheImagesInPoints() {
        let view = UIImageView(image: image(30, 20, scale: 2))
        #expect(view.intrinsicContentSize == CGSize(width: 15, height: 10))
        #expect(view.frame == CGRect(x: 0, y: 0, width: 15, height: 10))
        #expect(view.sizeThatFits(CGSize(width: 1, height: 1)) == CGSize(width: 15, height: 10))
        view.image = image(9, 3, scale: 3)
        view.sizeToFit()
        #expect(view.bounds.size == CGSize(width: 3, height: 1))
        view.image = nil
        #expect(view.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
    }

    @Test func defaultsAreUIKits() {
        let view = UIImageView(frame: .zero)
        #expect(view.image == nil && view.highlightedImage == nil && !view.isHighlighted)
        #expect(view.contentMode == .scaleToFill && !view.isUserInteractionEnabled)
        #expect(view.animationImages == nil && view.animationDuration == 0 && view.animationRepeatCount == 0)
        #expect(!view.isAnimating)
        #expect(UIImageView(image: nil).frame == .zero)
    }

    @Test func theLayerShowsTheImageAtItsScaleWithTheModesGravity() {
        let picture = image(4, 4, scale: 2)
        let view = UIImageView(image: picture)
        #expect((view.layer.contents as? CGImage) === picture.cgImage)
        #expect(view.layer.contentsScale == 2)
        view.contentMode = .scaleAspectFit
        #expect(view.layer.contentsGravity == .resizeAspect)
        // .redraw keeps the image as contents when the layer is asked to display.
        view.contentMode = .redraw
        view.layer.setNeedsDisplay()
        view.layer.displayIfNeeded()
        #expect((view.layer.contents as? CGImage) === picture.cgImage)
    }

    /// A committed image view at clock 100 playing `frames`.
    func animatingView(_ frames: [UIImage], duration: TimeInterval, repeatCount: Int = 0) -> UIImageView {
        MediaClock.freeze(at: 100)
        CATransaction.flush()
        let view = UIImageView(image: image(1, 1, level: 7))
        view.animationImages = frames
        view.animationDuration = duration
        view.animationRepeatCount = repeatCount
        CATransaction.flush()
        view.startAnimating()
        CATransaction.flush()
        return view
    }

    func shown(_ view: UIImageView, at t: Double) -> CGImage? {
        MediaClock.freeze(at: 100 + t)
        return view.layer.presentation()?.contents as? CGImage
    }

    @Test func framesTakeEqualSharesOfTheDuration() {
        let frames = (0..<3).map { image(1, 1, level: UInt8(10 * $0)) }
        let view = animatingView(frames, duration: 0.6)
        #expect(view.isAnimating)
        for t in [0.01, 0.19, 0.21, 0.39, 0.41, 0.59, 0.61, 1.0, 1.3, 7.75] {
            let index = Int((t / (0.6 / 3)).rounded(.down)) % 3
            #expect(shown(view, at: t) === frames[index].cgImage, "t = \(t)")
        }
        view.stopAnimating()
        #expect(!view.isAnimating)
        #expect(shown(view, at: 8) === view.image?.cgImage)
    }

    @Test func aZeroDurationPlaysThirtyImagesASecond() {
        let frames = (0..<4).map { image(1, 1, level: UInt8(10 * $0)) }
        for duration in [0, -1, .nan, .infinity] as [TimeInterval] {
            let view = animatingView(frames, duration: duration)
            for t in [0.01, 0.04, 0.07, 0.11, 0.135, 0.5] {
                let index = Int((t / (1.0 / 30)).rounded(.down)) % 4
                #expect(shown(view, at: t) === frames[index].cgImage, "duration \(duration), t = \(t)")
            }
        }
    }

    @Test func aCountedAnimationEndsOnTheImage() {
        let frames = (0..<2).map { image(1, 1, level: UInt8(10 * $0 + 1)) }
        let view = animatingView(frames, duration: 1, repeatCount: 2)
        #expect(shown(view, at: 1.7) === frames[1].cgImage)
        #expect(shown(view, at: 2.5) === view.image?.cgImage)
    }

    @Test func hostileInputDoesNotCrash() {
        let view = UIImageView(image: UIImage())
        #expect(view.intrinsicContentSize == .zero)
        view.animationImages = []
        view.startAnimating()
        #expect(!view.isAnimating)
        view.animationImages = [UIImage()]
        view.startAnimating()
        #expect(!view.isAnimating)
        view.animationImages = [image(1, 1), image(1, 1)]
        view.animationRepeatCount = Int.max
        view.animationDuration = .greatestFiniteMagnitude
        view.startAnimating()
        #expect(view.isAnimating)
        view.frame = CGRect(x: CGFloat.nan, y: 0, width: .infinity, height: -3)
        view.contentMode = .scaleAspectFill
        view.stopAnimating()
    }
}
