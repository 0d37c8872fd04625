import Foundation
import Quartzite

/// An activity-indicator library in the protocol style: each indicator type knows how to set its animation up
/// in a layer, and a shared protocol extension draws the shapes they are made of.
public protocol ActivityIndicatorAnimation {
    func setUpAnimation(in layer: CALayer, size: CGSize, color: UIColor)
}

/// The shapes indicators are built from.
public enum IndicatorShape {
    case circle
    case ring
    case line

    func layerWith(size: CGSize, color: UIColor) -> CALayer {
        let layer = CAShapeLayer()
        let path = UIBezierPath()
        let lineWidth: CGFloat = 4

        switch self {
        case .circle:
            path.addArc(withCenter: CGPoint(x: size.width / 2, y: size.height / 2),
                        radius: size.width / 2,
                        startAngle: 0,
                        endAngle: CGFloat(2 * Double.pi),
                        clockwise: false)
            layer.fillColor = color.cgColor
        case .ring:
            path.addArc(withCenter: CGPoint(x: size.width / 2, y: size.height / 2),
                        radius: size.width / 2,
                        startAngle: 0,
                        endAngle: CGFloat(2 * Double.pi),
                        clockwise: false)
            layer.fillColor = nil
            layer.strokeColor = color.cgColor
            layer.lineWidth = lineWidth
        case .line:
            path.append(UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: size.width, height: size.height),
                                     cornerRadius: size.width / 2))
            layer.fillColor = color.cgColor
        }

        layer.backgroundColor = nil
        layer.path = path.cgPath
        layer.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        return layer
    }
}

extension ActivityIndicatorAnimation {
    /// The side of the square the indicator draws in, centred in `layer`.
    func origin(of size: CGSize, in layer: CALayer) -> CGPoint {
        CGPoint(x: (layer.bounds.width - size.width) / 2, y: (layer.bounds.height - size.height) / 2)
    }

    /// A scale keyframe animation for one beat: `values` at `keyTimes`, repeating forever.
    func beat(values: [CGFloat], keyTimes: [NSNumber], duration: CFTimeInterval) -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: "transform.scale")
        animation.keyTimes = keyTimes
        animation.values = values
        animation.duration = duration
        animation.repeatCount = HUGE
        animation.isRemovedOnCompletion = false
        return animation
    }
}

/// The view-like host of an indicator: owns a layer of the given size and starts the chosen animation in it.
public final class ActivityIndicatorView {
    public let layer: CALayer
    public let animation: ActivityIndicatorAnimation
    public var color: UIColor
    public var padding: CGFloat
    public private(set) var isAnimating = false

    public init(frame: CGRect, animation: ActivityIndicatorAnimation, color: UIColor = .white, padding: CGFloat = 0) {
        self.layer = CALayer()
        self.layer.frame = frame
        self.animation = animation
        self.color = color
        self.padding = padding
    }

    public func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        layer.sublayers = nil
        let inset = layer.bounds.insetBy(dx: padding, dy: padding)
        animation.setUpAnimation(in: layer, size: inset.size, color: color)
    }

    public func stopAnimating() {
        isAnimating = false
        layer.sublayers = nil
    }
}
