import Foundation

/// An animation between two values of one key path: fromValue, toValue and byValue in the combinations
/// Core Animation documents (a missing end takes the current presentation or model value).
@MainActor
open class CABasicAnimation: CAPropertyAnimation {
    /// The start value (nil: see Core Animation's rules).
    open var fromValue: Any?
    /// The end value.
    open var toValue: Any?
    /// A relative value added to the start.
    open var byValue: Any?

    public required init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let other = other as? CABasicAnimation {
            fromValue = other.fromValue
            toValue = other.toValue
            byValue = other.byValue
        }
    }
}

/// An animation through a sequence of values of one key path.
@MainActor
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values.
    open var values: [Any]?
    /// When each value is reached, as fractions of the duration (nil: evenly spaced).
    open var keyTimes: [NSNumber]?
    /// One timing function per segment.
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are computed.
    open var calculationMode: CAAnimationCalculationMode = .linear

    public required init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let other = other as? CAKeyframeAnimation {
            values = other.values
            keyTimes = other.keyTimes
            timingFunctions = other.timingFunctions
            calculationMode = other.calculationMode
        }
    }
}

/// Several animations run together in the group's time space; the group's duration cuts them off.
@MainActor
open class CAAnimationGroup: CAAnimation {
    /// The animations of the group.
    open var animations: [CAAnimation]?

    public required init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let other = other as? CAAnimationGroup {
            animations = other.animations?.map { type(of: $0).init(copying: $0) }
        }
    }
}
