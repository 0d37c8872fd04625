/// The names of Core Animation's predefined timing curves (Apple's `CAMediaTimingFunctionName`).
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    /// Apple's string constant, e.g. `"easeInEaseOut"`.
    public var rawValue: String
    /// Wraps a raw string; `CAMediaTimingFunction(name:)` treats unknown names as `.linear`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Bézier (0, 0, 1, 1): constant pace.
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Bézier (0.42, 0, 1, 1): starts slowly.
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Bézier (0, 0, 0.58, 1): ends slowly.
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Bézier (0.42, 0, 0.58, 1): starts and ends slowly.
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// Bézier (0.25, 0.1, 0.25, 1): the curve of implicit (action) animations.
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}
