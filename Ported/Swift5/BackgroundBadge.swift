import Foundation
import Quartzite

// App-wide badge settings, as Swift 5 code often keeps them: plain module-level vars.
var badgeCornerRadius: CGFloat = 10
public var badgeFadeDuration: CFTimeInterval = 1
var badgesConfigured = 0

/// A notification badge whose look is worked out off the main thread (say, after reading a count from disk)
/// and applied to its layers right there on the background queue.
public class BackgroundBadge {
    public let layer = CALayer()
    let dotLayer = CALayer()
    var count = 0

    /// How many badges have been configured so far (the module-level counter).
    public static var configuredCount: Int { return badgesConfigured }

    public init(size: CGSize) {
        layer.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
    }

    public func load(count: Int, completion: @escaping () -> Void) {
        DispatchQueue.global().async {
            self.count = count
            self.dotLayer.frame = CGRect(x: 0, y: 0, width: badgeCornerRadius * 2, height: badgeCornerRadius * 2)
            self.dotLayer.position = CGPoint(x: self.layer.bounds.midX, y: self.layer.bounds.midY)
            self.dotLayer.cornerRadius = badgeCornerRadius
            self.dotLayer.backgroundColor = count > 0 ? UIColor.systemRed.cgColor : UIColor.systemGray.cgColor
            self.layer.addSublayer(self.dotLayer)

            let fadeIn = CABasicAnimation(keyPath: "opacity")
            fadeIn.fromValue = 0
            fadeIn.toValue = 1
            fadeIn.duration = badgeFadeDuration
            self.dotLayer.add(fadeIn, forKey: "fadeIn")
            badgesConfigured += 1
            completion()
        }
    }
}
