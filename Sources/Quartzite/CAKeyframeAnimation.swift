import Foundation

/// An animation through a sequence of values of one key path, or along a path for `position`.
///
/// `calculationMode` picks how values between keyframes are computed: `.linear` (the default) and `.cubic`
/// (Kochanek–Bartels splines shaped by `tensionValues`, `continuityValues` and `biasValues`) at `keyTimes`;
/// `.discrete` holds each value; `.paced` and `.cubicPaced` ignore `keyTimes` and `timingFunctions` and move
/// at constant speed, giving each segment time in proportion to its length (the distance between the values).
/// `keyTimes` that end before 1 reach the last value then and hold it to the end of the duration, and the first
/// value holds before a first key time above 0, as on iOS. Invalid `keyTimes` (wrong count, decreasing, outside
/// 0...1) are reported and replaced by even spacing, so the animation still runs.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values (ignored when `path` is set).
    open var values: [Any]?
    /// For a point key path (`position`, `anchorPoint`, ...): a path to follow instead of `values`. Its
    /// vertices (line and curve end points, not control points) are the keyframes `keyTimes` refers to; the
    /// layer moves along each segment by arc length. Empty subpaths and lone moves are skipped.
    open var path: CGPath?
    /// When each value is reached, as fractions of the duration (nil: evenly spaced). Before the first and
    /// after the last key time the end values hold.
    open var keyTimes: [NSNumber]?
    /// One timing function per segment (`values.count - 1` of them).
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are computed.
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// With `path`: whether the layer turns to follow the path's tangent (nil: it does not turn).
    open var rotationMode: CAAnimationRotationMode?
    /// Per keyframe, for `.cubic` and `.cubicPaced`: how sharply the curve bends at the keyframe (1 tight,
    /// -1 round; missing entries read 0).
    open var tensionValues: [NSNumber]?
    /// Per keyframe: how sharp the corner at the keyframe is (0 smooth).
    open var continuityValues: [NSNumber]?
    /// Per keyframe: where the curve overshoots (-1 before, 1 after the keyframe).
    open var biasValues: [NSNumber]?

    public required init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let other = other as? CAKeyframeAnimation {
            values = other.values
            path = other.path?.copy()
            keyTimes = other.keyTimes
            timingFunctions = other.timingFunctions
            calculationMode = other.calculationMode
            rotationMode = other.rotationMode
            tensionValues = other.tensionValues
            continuityValues = other.continuityValues
            biasValues = other.biasValues
        }
    }
}

/// Whether a keyframe animation along a path turns the layer to follow the path (Apple's
/// `CAAnimationRotationMode`).
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    /// Apple's string constant.
    public var rawValue: String
    /// Wraps a raw string; unknown strings do not rotate.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The layer's x axis follows the path's tangent.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// As `.rotateAuto`, turned by another half turn.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}
