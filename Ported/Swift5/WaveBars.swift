import Foundation
import Quartzite

var waveStops = 0

/// Counts the bars whose animation ran to its end.
class WaveBarsDelegate: NSObject, CAAnimationDelegate {
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if flag {
            waveStops += 1
        }
    }
}

/// An equaliser: bars that stretch and shrink in a wave, each a tenth of a second after the one before,
/// for two beats. The squashed and full transforms are boxed in NSValue.
public class WaveBars {
    public let layer = CALayer()
    public var bars: [CALayer] = []
    let animationDelegate = WaveBarsDelegate()

    /// How many bar animations have run to their end (the module-level counter).
    public static var finishedCount: Int { return waveStops }

    public init(size: CGSize, count: Int = 5, barWidth: CGFloat = 8) {
        layer.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        let spacing = (size.width - CGFloat(count) * barWidth) / CGFloat(count + 1)
        for i in 0..<count {
            let bar = CALayer()
            bar.frame = CGRect(x: spacing + CGFloat(i) * (barWidth + spacing), y: size.height / 2 - 20,
                               width: barWidth, height: 40)
            bar.backgroundColor = UIColor.systemTeal.cgColor
            layer.addSublayer(bar)
            bars.append(bar)
        }
    }

    public func start() {
        let now = CACurrentMediaTime()
        for (i, bar) in bars.enumerated() {
            let wave = CAKeyframeAnimation(keyPath: "transform")
            wave.values = [NSValue(caTransform3D: CATransform3DMakeScale(1, 0.4, 1)),
                           NSValue(caTransform3D: CATransform3DIdentity),
                           NSValue(caTransform3D: CATransform3DMakeScale(1, 0.4, 1))]
            wave.duration = 1
            wave.repeatCount = 2
            wave.beginTime = now + Double(i) * 0.1
            wave.delegate = animationDelegate
            bar.add(wave, forKey: "wave")
        }
    }
}
