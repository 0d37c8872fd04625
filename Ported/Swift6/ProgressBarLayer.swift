import Foundation
import Quartzite

/// A progress bar drawn by hand, in the style of custom-property animation tutorials: `progress` is what iOS
/// code declares `@NSManaged` (here a property over key-value coding), the class says it needs display, and
/// `action(forKey:)` animates its changes from the value on screen.
public final class ProgressBarLayer: CALayer {
    public var barColor = UIColor.systemBlue.cgColor

    public override init() { super.init() }
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? ProgressBarLayer { barColor = other.barColor }
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// 0...1 of the bar filled.
    public var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }

    public override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    public override func action(forKey event: String) -> CAAction? {
        guard event == "progress" else { return super.action(forKey: event) }
        let animation = CABasicAnimation(keyPath: event)
        animation.fromValue = presentation()?.progress ?? progress
        animation.duration = 0.5
        return animation
    }

    public override func draw(in ctx: CGContext) {
        ctx.setFillColor(barColor)
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * min(max(progress, 0), 1), height: bounds.height))
    }
}
