import Foundation

/// A range of frame rates an animation or display link would like (`CAAnimation.preferredFrameRateRange`).
/// Quartzite keeps it; the frame loop runs at the display's rate whatever it says.
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
