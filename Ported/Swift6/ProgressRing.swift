import Foundation
import Quartzite

/// A circular progress view: a grey track and a coloured ring whose `strokeEnd` follows the progress,
/// animated inside a transaction that sets the duration and a completion block.
public final class ProgressRing {
    public let layer = CALayer()
    public let trackLayer = CAShapeLayer()
    public let progressLayer = CAShapeLayer()
    public private(set) var completedUpdates = 0
    private(set) var progress: CGFloat = 0

    public init(size: CGSize, lineWidth: CGFloat = 8) {
        layer.frame = CGRect(origin: .zero, size: size)
        let center = CGPoint(x: size.width / 2, y: size.height / 2)
        let radius = min(size.width, size.height) / 2 - lineWidth
        let circlePath = UIBezierPath(arcCenter: center, radius: radius, startAngle: -.pi / 2,
                                      endAngle: 3 * .pi / 2, clockwise: true)
        for shape in [trackLayer, progressLayer] {
            shape.frame = layer.bounds
            shape.path = circlePath.cgPath
            shape.fillColor = UIColor.clear.cgColor
            shape.lineWidth = lineWidth
            shape.lineCap = .round
            layer.addSublayer(shape)
        }
        trackLayer.strokeColor = UIColor.systemGray5.cgColor
        progressLayer.strokeColor = UIColor.systemGreen.cgColor
        progressLayer.strokeEnd = 0
    }

    public func setProgress(_ newValue: CGFloat, duration: TimeInterval) {
        let clamped = max(0, min(1, newValue))
        CATransaction.begin()
        CATransaction.setAnimationDuration(duration)
        CATransaction.setCompletionBlock { [weak self] in
            self?.completedUpdates += 1
        }
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        animation.fromValue = progress
        animation.toValue = clamped
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        progressLayer.strokeEnd = clamped
        progressLayer.add(animation, forKey: "strokeEnd")
        CATransaction.commit()
        progress = clamped
    }
}
