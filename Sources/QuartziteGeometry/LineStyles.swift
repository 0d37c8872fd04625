import Foundation

/// How the open ends of a stroke are drawn (Core Graphics' raw values).
public enum CGLineCap: Int32, Sendable {
    /// Ends exactly at the end point.
    case butt
    /// A half disc of diameter lineWidth around the end point.
    case round
    /// A half square of side lineWidth beyond the end point.
    case square
}

/// How two stroked segments meet (Core Graphics' raw values).
public enum CGLineJoin: Int32, Sendable {
    /// Sharp corner, cut to a bevel beyond the miter limit.
    case miter
    /// A disc sector around the corner.
    case round
    /// A triangle across the outer corner.
    case bevel
}

/// Which points a fill covers (Core Graphics' raw values).
public enum CGPathFillRule: Int, Sendable {
    /// Non-zero winding number.
    case winding
    /// Odd crossing count.
    case evenOdd
}
