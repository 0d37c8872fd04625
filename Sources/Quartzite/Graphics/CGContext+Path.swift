import Foundation

/// Building the current path. Points are in user space and go through the CTM as they are added, so changing
/// the CTM afterwards does not move what is already in the path (Core Graphics' rule). Non-finite coordinates
/// are dropped, as `CGMutablePath` drops them. Painting or clipping with the path empties it.
extension CGContext {
    /// Empties the current path.
    public func beginPath() { devicePath = CGMutablePath() }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { devicePath.move(to: point, transform: state.ctm) }

    /// A straight line from the current point to `point` (a new subpath at `point` if there is none).
    public func addLine(to point: CGPoint) { devicePath.addLine(to: point, transform: state.ctm) }

    /// Straight lines through `points`, starting a new subpath at the first.
    public func addLines(between points: [CGPoint]) { devicePath.addLines(between: points, transform: state.ctm) }

    /// A cubic Bézier curve from the current point to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        devicePath.addCurve(to: end, control1: control1, control2: control2, transform: state.ctm)
    }

    /// A quadratic Bézier curve from the current point to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        devicePath.addQuadCurve(to: end, control: control, transform: state.ctm)
    }

    /// An arc of the circle around `center`, from `startAngle` to `endAngle` (radians), decreasing the angle when
    /// `clockwise` is true, joined to the current point by a line, as `CGMutablePath.addArc` draws it.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        devicePath.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                          clockwise: clockwise, transform: state.ctm)
    }

    /// An arc tangent to the lines from the current point to `tangent1End` and on to `tangent2End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        devicePath.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: state.ctm)
    }

    /// A closed rectangle subpath.
    public func addRect(_ rect: CGRect) { devicePath.addRect(rect, transform: state.ctm) }

    /// A closed rectangle subpath for each rect.
    public func addRects(_ rects: [CGRect]) { devicePath.addRects(rects, transform: state.ctm) }

    /// A closed ellipse subpath inscribed in `rect`.
    public func addEllipse(in rect: CGRect) { devicePath.addEllipse(in: rect, transform: state.ctm) }

    /// Appends `path` (in user space) to the current path.
    public func addPath(_ path: CGPath) { devicePath.addPath(path, transform: state.ctm) }

    /// Closes the current subpath with a line back to its start.
    public func closePath() { devicePath.closeSubpath() }

    /// Whether the current path is empty.
    public var isPathEmpty: Bool { devicePath.isEmpty }

    /// The current point in user space; `.zero` when the path is empty.
    public var currentPointOfPath: CGPoint {
        devicePath.isEmpty ? .zero : devicePath.currentPoint.applying(state.ctm.inverted())
    }

    /// A copy of the current path in user space; nil when the path is empty.
    public var path: CGPath? {
        guard !devicePath.isEmpty else { return nil }
        var inverse = state.ctm.inverted()
        return devicePath.copy(using: &inverse)
    }

    /// The box around the current path in user space, control points included; `.null` when it is empty.
    public var boundingBoxOfPath: CGRect { path?.boundingBox ?? .null }

    /// Replaces the current path with the outline a stroke of it with the current line width, cap, join and
    /// miter limit would fill (the dash is not applied).
    public func replacePathWithStrokedPath() {
        guard let userPath = path else { return }
        let outline = userPath.copy(strokingWithWidth: state.lineWidth, lineCap: state.lineCap,
                                    lineJoin: state.lineJoin, miterLimit: state.miterLimit)
        beginPath()
        addPath(outline)
    }
}
