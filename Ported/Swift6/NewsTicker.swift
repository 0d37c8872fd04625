import Foundation
import Quartzite

/// A headline ticker on a scroll layer: the headlines laid out in a row, the window scrolled one headline
/// along in an explicit transaction (the bounds change animates implicitly, linearly, over its duration).
public final class NewsTicker {
    public let layer = CAScrollLayer()
    public let headlineWidth: CGFloat

    public init(size: CGSize, colors: [UIColor]) {
        headlineWidth = size.width
        layer.frame = CGRect(origin: .zero, size: size)
        layer.scrollMode = .horizontally
        for (i, color) in colors.enumerated() {
            let headline = CALayer()
            headline.frame = CGRect(x: CGFloat(i) * size.width, y: 0, width: size.width, height: size.height)
            headline.backgroundColor = color.cgColor
            layer.addSublayer(headline)
        }
    }

    /// Scrolls to headline `index` over `duration` seconds.
    public func show(_ index: Int, duration: CFTimeInterval) {
        CATransaction.begin()
        CATransaction.setAnimationDuration(duration)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.scroll(to: CGPoint(x: CGFloat(index) * headlineWidth, y: 40))
        CATransaction.commit()
    }
}
