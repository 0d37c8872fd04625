/// What an animation shows outside its active duration (Apple's `CAMediaTimingFillMode`).
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    /// Apple's string constant, e.g. `"forwards"`.
    public var rawValue: String
    /// Wraps a raw string; unknown strings behave as `.removed`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// No effect outside the active duration (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// Holds the final state after the active duration ends.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// Shows the initial state before the begin time.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both `forwards` and `backwards`.
    public static let both = CAMediaTimingFillMode(rawValue: "both")

    /// True for `.forwards` and `.both`.
    package var fillsForwards: Bool { self == .forwards || self == .both }
    /// True for `.backwards` and `.both`.
    package var fillsBackwards: Bool { self == .backwards || self == .both }
}
