import Foundation

/// A range of frame rates an animation or display link would like. A display link honours it
/// (`CADisplayLink.preferredFrameRateRange`: it is called at the display's rate divided by a whole number);
/// an animation keeps it (`CAAnimation.preferredFrameRateRange`) and is evaluated every frame whatever it says.
public struct CAFrameRateRange: Equatable, Sendable {
    /// The lowest acceptable rate, in frames per second.
    public var minimum: Float
    /// The highest rate wanted.
    public var maximum: Float
    /// The rate wanted most (0: none in particular).
    public var preferred: Float?

    /// A range; `preferred` nil or 0 means no preference.
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// No preference: the display's own rate (Apple's `.default`, all zeros).
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)

    /// Whether two ranges are the same.
    public func isEqual(to range: CAFrameRateRange) -> Bool { self == range }
}
