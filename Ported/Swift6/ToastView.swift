import Foundation
import Quartzite

/// A toast: a rounded dark card with a check mark that springs up into place while fading in, waits, then
/// fades out and removes itself, written as a UIView subclass with UIKit's block animations and a
/// `CAShapeLayer` laid out in `layoutSubviews()`.
public final class ToastView: UIView {
    private let checkLayer = CAShapeLayer()
    /// How long the toast stays before it fades out.
    public var displayDuration: TimeInterval = 1.0
    /// Set once the toast has faded out and left its superview.
    public private(set) var didFinish = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor.black.withAlphaComponent(0.8)
        layer.cornerRadius = 12
        alpha = 0
        checkLayer.strokeColor = UIColor.systemGreen.cgColor
        checkLayer.fillColor = nil
        checkLayer.lineWidth = 4
        checkLayer.lineCap = .round
        checkLayer.lineJoin = .round
        layer.addSublayer(checkLayer)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        checkLayer.frame = bounds
        let path = UIBezierPath()
        path.move(to: CGPoint(x: bounds.width * 0.3, y: bounds.height * 0.5))
        path.addLine(to: CGPoint(x: bounds.width * 0.45, y: bounds.height * 0.65))
        path.addLine(to: CGPoint(x: bounds.width * 0.7, y: bounds.height * 0.35))
        checkLayer.path = path.cgPath
    }

    /// Adds the toast to `container`, springs it up 20 points into place while it fades in over 0.3 s,
    /// then fades it out over 0.25 s after `displayDuration` and removes it.
    public func show(in container: UIView) {
        container.addSubview(self)
        transform = CGAffineTransform(translationX: 0, y: 20)
        UIView.animate(withDuration: 0.3, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                       options: [], animations: {
            self.alpha = 1
            self.transform = .identity
        }, completion: { _ in
            UIView.animate(withDuration: 0.25, delay: self.displayDuration, options: .curveEaseIn, animations: {
                self.alpha = 0
            }, completion: { _ in
                self.removeFromSuperview()
                self.didFinish = true
            })
        })
    }
}
