import Foundation
import Quartzite

/// A score label: a centred bold count in a `CATextLayer` that pops (a `fontSize` animation from large back
/// to its size) each time it goes up, its string changed without an implicit animation.
public final class CounterLabel {
    public let layer = CATextLayer()
    public private(set) var count = 0

    public init(frame: CGRect) {
        layer.frame = frame
        layer.string = "0"
        // iOS code writes "Helvetica-Bold" as CFString; Linux has no CFString.
        layer.font = CTFontCreateWithName("Helvetica-Bold", 24, nil)
        layer.fontSize = 24
        layer.foregroundColor = UIColor.black.cgColor
        layer.alignmentMode = .center
        layer.contentsScale = 2
    }

    public func increment() {
        count += 1
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.string = "\(count)"
        CATransaction.commit()
        let pop = CABasicAnimation(keyPath: "fontSize")
        pop.fromValue = 40
        pop.toValue = 24
        pop.duration = 0.3
        layer.add(pop, forKey: "pop")
    }
}
