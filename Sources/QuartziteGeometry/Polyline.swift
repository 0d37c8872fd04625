import Foundation

/// A flattened subpath.
public struct Polyline: Equatable, Sendable {
    /// The vertices; a closed polyline does not repeat its first point at the end.
    public var points: [CGPoint]
    /// Whether a segment joins the last point back to the first.
    public var isClosed: Bool

    /// Creates a polyline.
    public init(points: [CGPoint], isClosed: Bool) {
        self.points = points
        self.isClosed = isClosed
    }
}

/// A flattened subpath plus, per vertex, whether it is a corner between two path elements (stroked with
/// the line join) or a point inside a flattened curve (stroked with a round join, so curves stay smooth).
struct FlatPolyline: Sendable {
    var points: [CGPoint]
    var corners: [Bool]
    var isClosed: Bool
}
