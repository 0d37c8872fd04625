import Foundation

/// A path that can be built up, like Core Graphics' `CGMutablePath`.
///
/// Every `transform:` is applied to the added geometry before it is stored. Elements with non-finite
/// coordinates are dropped, so a path never stores NaN.
open class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty mutable path.
    public override init() { super.init() }

    /// Wraps elements (internal: used by copies).
    override init(elements: [PathElement]) { super.init(elements: elements) }

    /// Start of the current subpath, to return to on close; nil until a moveTo.
    private var subpathStart: CGPoint? {
        for element in elements.reversed() { if case .moveTo(let p) = element { return p } }
        return nil
    }

    /// Whether a drawing element now needs an implicit moveTo first (empty path, or right after a close),
    /// so that `elements` always has a moveTo at the start of every subpath.
    private func ensureSubpath(at fallback: CGPoint) {
        switch elements.last {
        case nil: elements.append(.moveTo(fallback))
        case .closeSubpath?: elements.append(.moveTo(subpathStart ?? fallback))
        default: break
        }
    }

    /// Appends a drawing element (already transformed) if it is usable.
    func appendDrawing(_ element: PathElement) {
        guard element.isUsable, let end = element.endPoint else { return }
        ensureSubpath(at: element.points.first ?? end)
        elements.append(element)
    }

    /// Appends a moveTo (already transformed) if it is usable.
    func appendMove(_ p: CGPoint) {
        guard p.isUsable else { return }
        elements.append(.moveTo(p))
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        appendMove(point.applying(transform))
    }

    /// A straight line from the current point (starts a subpath at `point` when there is none).
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        appendDrawing(.lineTo(point.applying(transform)))
    }

    /// A moveTo to the first point and lines through the rest.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for p in points.dropFirst() { addLine(to: p, transform: transform) }
    }

    /// A quadratic Bézier from the current point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        appendDrawing(.quadCurveTo(control: control.applying(transform), end: end.applying(transform)))
    }

    /// A cubic Bézier from the current point.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                         transform: CGAffineTransform = .identity) {
        appendDrawing(.curveTo(control1: control1.applying(transform), control2: control2.applying(transform),
                               end: end.applying(transform)))
    }

    /// A circular arc with Core Graphics' meaning of `clockwise`: true means the angle DEcreases.
    ///
    /// (On a y-down screen that is visually counter-clockwise; UIBezierPath flips it.) A line joins the
    /// current point to the arc's start, or a moveTo starts the subpath. Sweeps of 2π or more draw a full
    /// circle; the arc is split into equal cubics of at most 90°, so the structure depends only on the angles.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool, transform: CGAffineTransform = .identity) {
        guard let sweep = ArcGeometry.sweep(from: startAngle, to: endAngle, decreasing: clockwise) else { return }
        addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: sweep, transform: transform)
    }

    /// An arc of `delta` radians (positive = increasing angle) starting at `startAngle`.
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        guard center.isUsable, radius.isFinite, startAngle.isFinite, delta.isFinite else { return }
        let r = abs(radius)
        let start = CGPoint(x: center.x + r * cos(startAngle), y: center.y + r * sin(startAngle))
            .applying(transform)
        if elements.isEmpty { appendMove(start) } else {
            appendDrawing(.lineTo(start))
        }
        for piece in ArcGeometry.cubics(center: center, radius: r, start: startAngle, sweep: delta) {
            appendDrawing(piece.applying(transform))
        }
    }

    /// Core Graphics' tangent arc (PostScript `arct`): a line to the first tangent point, then an arc of
    /// `radius` tangent to (current point -> tangent1End) and (tangent1End -> tangent2End).
    /// Degenerate input (collinear points, zero radius) adds a line to `tangent1End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                       transform: CGAffineTransform = .identity) {
        guard !elements.isEmpty else {
            move(to: tangent1End, transform: transform)
            return
        }
        // The current point is stored in path space; the arc is defined in user space.
        let inverse = transform.inverted()
        let singular = transform.a * transform.d - transform.b * transform.c == 0
        let p0 = currentPoint.applying(inverse)
        guard !singular, radius.isFinite, radius > 0,
              let pieces = ArcGeometry.tangentArc(from: p0, via: tangent1End, to: tangent2End, radius: radius) else {
            addLine(to: tangent1End, transform: transform)
            return
        }
        addLine(to: pieces.tangentPoint, transform: transform)
        for piece in pieces.cubics { appendDrawing(piece.applying(transform)) }
    }

    /// An ellipse inscribed in `rect`: a moveTo at 3 o'clock, 4 cubics in increasing angle, close.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        appendClosedShape(ArcGeometry.ellipse(in: rect), transform: transform)
    }

    /// A closed rectangle: (minX, minY), (maxX, minY), (maxX, maxY), (minX, maxY).
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        guard !rect.isNull else { return }
        guard let r = Self.withinReach(rect) else { return }
        addLines(between: [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                           CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)], transform: transform)
        closeSubpath()
    }

    /// How far a rectangle reaches: far past any canvas, well inside the coordinates a path keeps
    /// (`usableLimit`) under a transform that scales by up to a thousand.
    static let farthestReach: CGFloat = 1e12

    /// `rect` cut to ±`farthestReach`: a rect reaching past it (`CGRect.infinite`, "a rectangle that has
    /// infinite extent") still covers anything that can be drawn, where its corners would be dropped as
    /// unusable. Nil for a rect with a NaN or nothing left. Compared by hand: Foundation's `intersection` traps
    /// on some non-finite rects.
    static func withinReach(_ rect: CGRect) -> CGRect? {
        let values = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
        guard !values.contains(where: \.isNaN) else { return nil }
        let x = [rect.origin.x, rect.origin.x + rect.size.width].map { min(max($0, -farthestReach), farthestReach) }
        let y = [rect.origin.y, rect.origin.y + rect.size.height].map { min(max($0, -farthestReach), farthestReach) }
        guard x.allSatisfy(\.isFinite), y.allSatisfy(\.isFinite) else { return nil }
        return CGRect(x: x.min() ?? 0, y: y.min() ?? 0, width: abs(x[1] - x[0]), height: abs(y[1] - y[0]))
    }

    /// One closed rectangle per element of `rects`.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    /// A rounded rectangle. Corners are clamped to half the size and always emitted as cubics (even of
    /// size zero) so that rounded rects of any radius interpolate element by element.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        appendClosedShape(ArcGeometry.roundedRect(rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight),
                          transform: transform)
    }

    /// Closes the current subpath (no-op when there is none or it is already closed).
    public func closeSubpath() {
        guard let last = elements.last, last != .closeSubpath else { return }
        elements.append(.closeSubpath)
    }

    /// Appends all of `path`'s elements, transformed.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        for element in path.elements {
            switch element {
            case .moveTo(let p): move(to: p, transform: transform)
            case .closeSubpath: closeSubpath()
            default: appendDrawing(element.applying(transform))
            }
        }
    }

    /// Adds a generated closed shape (moveTo first) with `transform`.
    private func appendClosedShape(_ shape: [PathElement], transform: CGAffineTransform) {
        guard !shape.isEmpty, shape.allSatisfy(\.isUsable) else { return }
        for element in shape {
            switch element {
            case .moveTo(let p): move(to: p, transform: transform)
            case .closeSubpath: closeSubpath()
            default: appendDrawing(element.applying(transform))
            }
        }
    }
}
