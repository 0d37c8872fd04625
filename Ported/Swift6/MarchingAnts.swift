import Foundation
import Quartzite

/// A selection rectangle drawn with dashes that march along it.
public final class MarchingAnts {
    public let layer = CALayer()
    public let borderLayer = CAShapeLayer()
    public let selection: CGRect

    public init(size: CGSize, selection: CGRect) {
        self.selection = selection
        layer.frame = CGRect(origin: .zero, size: size)
        borderLayer.frame = layer.bounds
        borderLayer.path = UIBezierPath(rect: selection).cgPath
        borderLayer.fillColor = nil
        borderLayer.strokeColor = UIColor.black.cgColor
        borderLayer.lineWidth = 2
        borderLayer.lineDashPattern = [6, 6]
        borderLayer.lineDashPhase = 0
        layer.addSublayer(borderLayer)
    }

    public func startMarching() {
        let march = CABasicAnimation(keyPath: "lineDashPhase")
        march.fromValue = 0
        march.toValue = borderLayer.lineDashPattern?.reduce(0) { $0 + $1.intValue } ?? 0
        march.duration = 1
        march.repeatCount = .infinity
        march.timingFunction = CAMediaTimingFunction(name: .linear)
        borderLayer.add(march, forKey: "marchingAnts")
    }
}
