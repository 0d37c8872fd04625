import Foundation
import Quartzite

var bannerLog: [String] = []

/// An in-app notification banner that drops in from above with an overshoot. It is built and animated on a
/// worker thread, in an explicit transaction whose completion block logs that it landed.
public class NotificationBanner {
    public let layer = CALayer()
    public let bannerLayer = CALayer()
    public let restingCenter: CGPoint
    public let overshootCenter: CGPoint
    public let hiddenCenter: CGPoint

    /// What the banners logged (the module-level log).
    public static var log: [String] { return bannerLog }

    public init(size: CGSize) {
        layer.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        restingCenter = CGPoint(x: size.width / 2, y: 20)
        overshootCenter = CGPoint(x: size.width / 2, y: 30)
        hiddenCenter = CGPoint(x: size.width / 2, y: -20)
        bannerLayer.bounds = CGRect(x: 0, y: 0, width: size.width - 20, height: 24)
        bannerLayer.position = hiddenCenter
        bannerLayer.backgroundColor = #colorLiteral(red: 0.2, green: 0.6, blue: 0.2, alpha: 1).cgColor
        bannerLayer.cornerRadius = 6
        layer.addSublayer(bannerLayer)
    }

    public func show(title: String, configured: @escaping () -> Void) {
        let thread = Thread {
            CATransaction.begin()
            CATransaction.setCompletionBlock {
                bannerLog.append("shown: \(title)")
            }
            let drop = CAKeyframeAnimation(keyPath: "position")
            drop.values = [NSValue(cgPoint: self.hiddenCenter), NSValue(cgPoint: self.overshootCenter),
                           NSValue(cgPoint: self.restingCenter)]
            drop.keyTimes = [0, 0.7, 1]
            drop.duration = 0.5
            self.bannerLayer.position = self.restingCenter
            self.bannerLayer.add(drop, forKey: "drop")
            CATransaction.commit()
            configured()
        }
        thread.start()
    }
}
