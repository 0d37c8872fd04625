import Foundation

extension UIView {
    /// Options of UIKit's keyframe blocks (`UIView.KeyframeAnimationOptions`), with UIKit's raw values: the
    /// low bits are `AnimationOptions`' (repeat, autoreverse, ...), bits 10 to 12 the calculation mode.
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Kept for porting: subviews are laid out when their layers are.
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        /// Kept for porting: views receive no events.
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        /// Every animation starts from the value on screen, so this is always so.
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        /// Repeats the keyframes for ever.
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        /// Runs the keyframes forwards, then backwards.
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        /// A nested block uses its own duration.
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        /// A nested block uses its own options.
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)

        /// Straight lines between the keyframes' values (the default).
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        /// Each value held until the next keyframe.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// An even pace over the whole path, keyframe times ignored.
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// A smooth curve through the values.
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// A smooth curve at an even pace.
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        /// The Core Animation calculation mode these options name.
        var calculationMode: CAAnimationCalculationMode {
            switch (rawValue >> 10) & 0x7 {
            case 1: return .discrete
            case 2: return .paced
            case 3: return .cubic
            case 4: return .cubicPaced
            default: return .linear
            }
        }

        /// The block options these options share: repeat, autoreverse, the porting flags and the curve bits
        /// (16 to 19), which iOS code passes as `KeyframeAnimationOptions(rawValue: AnimationOptions.curveLinear
        /// .rawValue)`; without them the whole block eases in and out, as UIKit's keyframe blocks do.
        var blockOptions: AnimationOptions {
            AnimationOptions(rawValue: rawValue & (0x3FF | 0xF << 16))
        }
    }
}
