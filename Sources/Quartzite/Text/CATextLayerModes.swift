import Foundation

/// How a text layer shows a line too long for its bounds (`CATextLayer.truncationMode`).
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, as Core Animation's string constants spell it.
    public let rawValue: String
    /// A mode by name; an unknown name draws as `none`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Each line is wrapped (when `isWrapped`) or clipped to the bounds.
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    /// The end of each line fits; an ellipsis stands for the missing beginning.
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    /// The beginning of each line fits; an ellipsis stands for the missing end.
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    /// The beginning and end of each line fit; an ellipsis stands for the missing middle.
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

/// How a text layer places its lines across its bounds (`CATextLayer.alignmentMode`).
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, as Core Animation's string constants spell it.
    public let rawValue: String
    /// A mode by name; an unknown name draws as `natural`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Lines start at the side the paragraph's script starts from (left for Latin, right for Arabic).
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    /// Lines flush with the left edge.
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    /// Lines flush with the right edge.
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    /// Lines centred between the edges.
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Wrapped lines stretched to both edges, the last line of a paragraph as `natural`.
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}
