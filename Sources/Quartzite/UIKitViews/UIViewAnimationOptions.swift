import Foundation

extension UIView {
    /// Options of UIKit's block animations (`UIView.AnimationOptions`), with UIKit's raw values.
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Kept for porting: subviews are laid out when their layers are, before each frame.
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Kept for porting: views receive no events.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Changes of position, bounds and transform replace the key's running animations, starting from
        /// the value on screen, instead of blending with them additively; other keys always do so.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeats the animations for ever.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Runs the animations forwards, then backwards.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// A nested block uses its own duration instead of the enclosing block's.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// A nested block uses its own curve instead of the enclosing block's.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// Changes made in a transition's block animate as in any block, instead of being part of the
        /// transition's snapshot.
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// `transition(from:to:...)` hides and shows the views instead of removing and adding them.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// A nested block uses its own options instead of the enclosing block's.
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

        /// Slow at both ends (the default curve).
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Slow at the start.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Slow at the end.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Even speed throughout.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// No transition.
        public static let transitionNone = AnimationOptions(rawValue: 0 << 20)
        /// A flip about the vertical axis, from the left (drawn as a cross-dissolve here).
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        /// A flip about the vertical axis, from the right (drawn as a cross-dissolve here).
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        /// A page curling up (drawn as a cross-dissolve here).
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        /// A page curling down (drawn as a cross-dissolve here).
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        /// A cross-dissolve from the old look to the new.
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        /// A flip about the horizontal axis, from the top (drawn as a cross-dissolve here).
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        /// A flip about the horizontal axis, from the bottom (drawn as a cross-dissolve here).
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        /// Kept for porting: frames are drawn at the display's rate.
        public static let preferredFramesPerSecondDefault = AnimationOptions(rawValue: 0 << 24)
        /// Kept for porting: frames are drawn at the display's rate.
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
        /// Kept for porting: frames are drawn at the display's rate.
        public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

        /// The curve these options name (bits 16 to 19).
        var curve: AnimationCurve { AnimationCurve(rawValue: Int((rawValue >> 16) & 0xF)) ?? .easeInOut }
        /// The transition these options name (bits 20 to 23).
        var transition: UInt { (rawValue >> 20) & 0xF }
    }

    /// The pace of a block animation (`UIView.AnimationCurve`).
    public enum AnimationCurve: Int, Sendable {
        case easeInOut, easeIn, easeOut, linear

        /// The Core Animation timing function of the curve.
        var timingFunction: CAMediaTimingFunction {
            switch self {
            case .easeInOut: return CAMediaTimingFunction(name: .easeInEaseOut)
            case .easeIn: return CAMediaTimingFunction(name: .easeIn)
            case .easeOut: return CAMediaTimingFunction(name: .easeOut)
            case .linear: return CAMediaTimingFunction(name: .linear)
            }
        }
    }
}
