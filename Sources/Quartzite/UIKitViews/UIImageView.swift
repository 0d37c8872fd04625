import Foundation

/// UIKit's image view: shows `image` (or `highlightedImage` while `isHighlighted`) as its layer's contents,
/// placed by `contentMode` through the layer's `contentsGravity`, so it composites like any contents; and
/// plays `animationImages` as a discrete keyframe animation of `contents`, as UIKit does.
///
/// The image is shown as its `cgImage` at its `scale` (`layer.contentsScale`); its orientation and cap
/// insets are not applied (draw such an image into a renderer first). An image with no `cgImage` shows
/// nothing. As in UIKit, an image view takes no user interaction by default and its content mode starts as
/// `.scaleToFill`.
open class UIImageView: UIView {
    /// The image shown when the view is not highlighted (and not animating); setting it shows it at once.
    open var image: UIImage? { didSet { showCurrentImage() } }
    /// The image shown while `isHighlighted`; nil shows `image` then.
    open var highlightedImage: UIImage? { didSet { showCurrentImage() } }
    /// Whether the view shows its highlighted image (and highlighted animation images).
    open var isHighlighted = false { didSet { showCurrentImage() } }
    /// The images `startAnimating()` plays in turn, each for an equal share of `animationDuration`.
    open var animationImages: [UIImage]?
    /// The images played while `isHighlighted`; nil plays `animationImages`.
    open var highlightedAnimationImages: [UIImage]?
    /// The seconds one cycle of the animation images takes; 0 (the default) or a value that is not finite
    /// and positive plays 30 images a second, as UIKit does.
    open var animationDuration: TimeInterval = 0
    /// How many cycles the animation plays; 0 (the default) or less repeats it forever.
    open var animationRepeatCount = 0

    /// The key of the frame animation on the layer.
    static let animationKey = "UIImageViewAnimation"

    /// An image view of `frame`, showing no image.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// An image view showing `image`, its frame at the origin as large as the image (zero for nil).
    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image.map(Self.pointSize) ?? .zero))
        isUserInteractionEnabled = false
        self.image = image
        showCurrentImage()
    }

    /// An image view showing `image`, and `highlightedImage` while highlighted; its frame is at the origin
    /// as large as `image` (zero for nil).
    public init(image: UIImage?, highlightedImage: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image.map(Self.pointSize) ?? .zero))
        isUserInteractionEnabled = false
        self.image = image
        self.highlightedImage = highlightedImage
        showCurrentImage()
    }

    /// Interface Builder's initializer; Quartzite has no archives, so the view has a zero frame and no image.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }

    // MARK: Size

    /// The image's size in points (its pixels over its scale); zero with no image.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { image.map(Self.pointSize) ?? .zero }

    /// The image's size in points; `noIntrinsicMetric` in both dimensions with no image, as in UIKit.
    open override var intrinsicContentSize: CGSize {
        guard let image else { return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
        return Self.pointSize(image)
    }

    /// `image.size`, or zero where it is not finite (an image of a scale that is not usable).
    static func pointSize(_ image: UIImage) -> CGSize {
        let size = image.size
        guard size.width.isFinite, size.height.isFinite else { return .zero }
        return CGSize(width: max(size.width, 0), height: max(size.height, 0))
    }

    // MARK: Animation

    /// Plays the animation images (the highlighted ones while highlighted, when set) from now, replacing any
    /// animation playing; does nothing when there are none.
    open func startAnimating() {
        let images = (isHighlighted ? highlightedAnimationImages ?? animationImages : animationImages) ?? []
        guard let animation = ImageViewAnimation.frames(of: images, duration: animationDuration,
                                                        repeatCount: animationRepeatCount) else {
            return stopAnimating()
        }
        if let scale = images.first?.scale, scale.isFinite, scale > 0 { layer.contentsScale = scale }
        layer.add(animation, forKey: Self.animationKey)
    }

    /// Stops the animation images and shows the image again.
    open func stopAnimating() {
        layer.removeAnimation(forKey: Self.animationKey)
        showCurrentImage()
    }

    /// Whether the animation images are playing (false once a counted animation has finished).
    open var isAnimating: Bool { layer.animation(forKey: Self.animationKey) != nil }

    // MARK: Display

    /// The image the view shows now.
    var currentImage: UIImage? { isHighlighted ? highlightedImage ?? image : image }

    /// Sets the layer's contents to the current image's bitmap at its scale.
    func showCurrentImage() {
        let shown = currentImage
        layer.contents = shown?.cgImage
        if let scale = shown?.scale, scale.isFinite, scale > 0 { layer.contentsScale = scale }
    }

    /// The image view's contents are its image, never a drawn bitmap (even in `.redraw` mode).
    open override func display(_ layer: CALayer) {
        guard layer === self.layer else { return super.display(layer) }
        showCurrentImage()
    }
}
