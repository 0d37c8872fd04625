/// How a keyframe animation computes values between keyframes (Apple's
/// `CAAnimationCalculationMode`).
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    /// Apple's string constant, e.g. `"paced"`.
    public var rawValue: String
    /// Wraps a raw string; unknown strings behave as `.linear`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Straight-line interpolation between keyframes, at `keyTimes` (the default).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// No interpolation: each value holds until the next key time.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Linear interpolation at constant speed; `keyTimes` and `timingFunctions` are ignored.
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// Smooth (Kochanek–Bartels) interpolation through the keyframes, at `keyTimes`.
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// Cubic interpolation at constant speed; `keyTimes` and `timingFunctions` are ignored.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}
