import Foundation
import Quartzite

var spinnerDefaultLineWidth: CGFloat = 6

/// A three-quarter arc that turns once a second, written the way Swift 3-era code wrote it.
public class LegacySpinner {
    public let layer = CALayer()
    public let arcLayer = CAShapeLayer()
    public var isAnimating: Bool = false

    public init(size: CGSize) {
        layer.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        arcLayer.frame = layer.bounds
        let radius = min(size.width, size.height) / 2 - spinnerDefaultLineWidth
        let path = UIBezierPath(arcCenter: CGPoint(x: size.width / 2, y: size.height / 2), radius: radius,
                                startAngle: CGFloat(-Double.pi / 2), endAngle: CGFloat(Double.pi), clockwise: true)
        arcLayer.path = path.cgPath
        arcLayer.fillColor = UIColor.clear.cgColor
        arcLayer.strokeColor = UIColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1.0).cgColor
        arcLayer.lineWidth = spinnerDefaultLineWidth
        arcLayer.lineCap = CAShapeLayerLineCap.butt
        layer.addSublayer(arcLayer)
    }

    public func startAnimating() {
        if isAnimating { return }
        isAnimating = true
        let rotation = CABasicAnimation(keyPath: "transform.rotation.z")
        rotation.fromValue = 0
        rotation.toValue = CGFloat(Double.pi * 2)
        rotation.duration = 1
        rotation.repeatCount = Float.infinity
        rotation.isRemovedOnCompletion = false
        rotation.timingFunction = CAMediaTimingFunction(name: CAMediaTimingFunctionName.linear)
        arcLayer.add(rotation, forKey: "rotation")
    }
}
