import Foundation

/// A flattened subpath.
package struct Polyline: Equatable, Sendable {
    /// The vertices; a closed polyline does not repeat its first point at the end.
    package var points: [CGPoint]
    /// Whether a segment joins the last point back to the first.
    package var isClosed: Bool

    /// Creates a polyline.
    package init(points: [CGPoint], isClosed: Bool) {
        self.points = points
        self.isClosed = isClosed
    }
}

/// A flattened subpath plus, per vertex, whether it is a corner between two path elements (stroked with
/// the line join) or a point inside a flattened curve (stroked with a round join, so curves stay smooth).
///
/// At corners the exact curve tangents are kept too: a chord of a flattened curve can be several degrees off
/// the tangent, which moves a sharp miter's tip by pixels (seen against cairo). Zero means "use the chord".
/// A polyline of straight segments leaves `corners` and both tangent arrays empty: all corners, all chords.
struct FlatPolyline: Sendable {
    var points: [CGPoint]
    var corners: [Bool]
    var isClosed: Bool
    /// Exact direction arriving at each vertex (zero when unknown or a straight chord).
    var tangentIn: [CGPoint]
    /// Exact direction leaving each vertex (zero when unknown or a straight chord).
    var tangentOut: [CGPoint]

    /// Whether vertex `v` joins two path elements.
    @inline(__always)
    func isCorner(_ v: Int) -> Bool { corners.isEmpty || corners[v] }

    /// The exact direction arriving at vertex `v`, or zero.
    @inline(__always)
    func tangent(into v: Int) -> CGPoint { tangentIn.isEmpty ? .zero : tangentIn[v] }

    /// The exact direction leaving vertex `v`, or zero.
    @inline(__always)
    func tangent(outOf v: Int) -> CGPoint { tangentOut.isEmpty ? .zero : tangentOut[v] }
}
