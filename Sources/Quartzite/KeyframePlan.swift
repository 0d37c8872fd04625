import Foundation

/// A `CAKeyframeAnimation` converted once: values as `AnimatableValue`s (or the prepared path), validated
/// timing, spline parameters and, for the paced modes, segment lengths. `value(at:iteration:)` is then a
/// lookup and an interpolation per frame. A class, so that reading it each frame is not a copy.
final class KeyframePlan: Sendable {
    let keyPath: ResolvedKeyPath
    let values: [AnimatableValue]
    /// Per value, its components, when every value has the same number of them (cubic modes only).
    let components: [[Double]]?
    let tcb: [TCB]
    let timing: KeyframeTiming
    let path: KeyframePath?
    let rotationMode: CAAnimationRotationMode?
    let isAdditive: Bool
    let isCumulative: Bool

    init(keyPath: ResolvedKeyPath, values: [AnimatableValue], components: [[Double]]?, tcb: [TCB],
         timing: KeyframeTiming, path: KeyframePath?, rotationMode: CAAnimationRotationMode?,
         isAdditive: Bool, isCumulative: Bool) {
        self.keyPath = keyPath
        self.values = values
        self.components = components
        self.tcb = tcb
        self.timing = timing
        self.path = path
        self.rotationMode = rotationMode
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
    }

    /// The plan, or nil (with a message) when the animation cannot have an effect: no values and no path,
    /// or values of the wrong kind for the key path.
    static func make(_ animation: CAKeyframeAnimation, keyPath: ResolvedKeyPath,
                     current: AnimatableValue) -> KeyframePlan? {
        let name = "CAKeyframeAnimation(\"\(keyPath.keyPath)\")"
        var values: [AnimatableValue] = []
        var path: KeyframePath?
        if let cgPath = animation.path {
            guard case .point = current else {
                Diagnostics.report("\(name).path animates points only (position, anchorPoint, ...); it has no effect")
                return nil
            }
            guard let prepared = KeyframePath(cgPath) else {
                Diagnostics.report("\(name).path has no segments; the animation has no effect")
                return nil
            }
            path = prepared
        } else {
            guard let raw = animation.values, !raw.isEmpty else {
                Diagnostics.report("\(name) has no values and no path; it has no effect")
                return nil
            }
            for any in raw {
                guard let v = AnimatableValue(any), v != .none || current.isNullable else {
                    Diagnostics.report("\(name).values: unsupported value type \(type(of: any)); it has no effect")
                    return nil
                }
                guard v.canInterpolate(with: current) else {
                    Diagnostics.report("\(name).values: expected \(current.kindName) values, got a \(v.kindName); it has no effect")
                    return nil
                }
                values.append(v)
            }
        }
        let count = path?.vertexCount ?? values.count
        let mode = animation.calculationMode
        let keyTimes = animation.keyTimes?.map(\.doubleValue)
        let paced = mode == .paced || mode == .cubicPaced
        let cubic = mode == .cubic || mode == .cubicPaced
        let components = cubic && path == nil ? Self.components(of: values) : nil
        let tcb = (0..<count).map { i in
            TCB(tension: animation.tensionValues?[safe: i]?.doubleValue ?? 0,
                continuity: animation.continuityValues?[safe: i]?.doubleValue ?? 0,
                bias: animation.biasValues?[safe: i]?.doubleValue ?? 0)
        }
        var lengths: [Double]?
        if paced {
            if let path { lengths = path.lengths }
            else if let components, mode == .cubicPaced { lengths = Self.splineLengths(components, tcb) }
            else { lengths = Self.chordLengths(values) }
        }
        let timing = KeyframeTiming(count: count, keyTimes: keyTimes, timingFunctions: animation.timingFunctions,
                                    calculationMode: mode, segmentLengths: lengths)
        if let keyTimes, !paced, Array(timing.boundaries.prefix(keyTimes.count)) != keyTimes {
            let expected = mode == .discrete ? "\(count) or \(count + 1)" : "\(count)"
            Diagnostics.report("\(name).keyTimes \(keyTimes) do not fit \(count) keyframes (they must lie in 0...1, never decrease, and number \(expected)); evenly spaced times are used")
        }
        return KeyframePlan(keyPath: keyPath, values: values, components: components, tcb: tcb, timing: timing,
                            path: path, rotationMode: path == nil ? nil : animation.rotationMode,
                            isAdditive: animation.isAdditive, isCumulative: animation.isCumulative)
    }

    /// The value at `fraction` (after the animation's timing function) in repeat `iteration`, and for a path
    /// with a rotation mode the angle to turn the layer by.
    func value(at fraction: Double, iteration: Int) -> (value: AnimatableValue, rotation: Double?) {
        let (index, t) = timing.segment(at: fraction)
        var value: AnimatableValue
        var angle: Double?
        if let path {
            let located = timing.calculationMode == .discrete ? path.vertex(index) : path.point(segment: index, t: t)
            value = .point(located.point)
            angle = located.angle
            if isCumulative, iteration > 0 {
                let delta = CGPoint(x: path.vertex(path.segments.count).point.x - path.vertex(0).point.x,
                                    y: path.vertex(path.segments.count).point.y - path.vertex(0).point.y)
                value = value.adding(AnimatableValue.point(delta).scaled(by: Double(iteration)))
            }
        } else {
            let i = min(max(index, 0), values.count - 1)
            if timing.calculationMode == .discrete || i + 1 >= values.count {
                value = values[i]
            } else if let components, let spline = spline(components, segment: i, t: t) {
                value = spline
            } else {
                value = values[i].interpolated(to: values[i + 1], fraction: t)
            }
            if let first = values.first, let last = values.last {
                value = value.accumulated(from: first, to: last, iteration: iteration, isCumulative: isCumulative)
            }
        }
        switch rotationMode {
        case .rotateAuto?: return (value, angle)
        case .rotateAutoReverse?: return (value, angle.map { $0 + .pi })
        default: return (value, nil)
        }
    }

    /// The Kochanek–Bartels spline through the components of segment `i` (the end keyframes stand in for
    /// their missing outer neighbours).
    private func spline(_ c: [[Double]], segment i: Int, t: Double) -> AnimatableValue? {
        let n = c.count
        let i0 = max(i - 1, 0), i2 = min(i + 1, n - 1), i3 = min(i + 2, n - 1)
        let (outScale, inScale) = tangentScales(segment: i)
        var out = c[i]
        for k in out.indices {
            out[k] = kochanekBartels(c[i0][k], c[i][k], c[i2][k], c[i3][k], t: t, start: tcb[i], end: tcb[i2],
                                     outScale: outScale, inScale: inScale)
        }
        return values[i].rebuilt(from: out)
    }

    /// For `.cubic` with keyframes unevenly spaced in time: the scales of segment i's two tangents that make
    /// the velocity through each keyframe continuous in time (see `kochanekBartels(...outScale:inScale:)`).
    /// A missing neighbour segment counts as long as this one; evenly spaced keyframes give exactly 1.
    /// `.cubicPaced` ignores keyTimes (its times follow from the lengths), so it keeps 1.
    private func tangentScales(segment i: Int) -> (out: Double, in: Double) {
        let b = timing.boundaries
        guard timing.calculationMode == .cubic, i >= 0, i + 1 < b.count else { return (1, 1) }
        let here = b[i + 1] - b[i]
        let before = i > 0 ? b[i] - b[i - 1] : here
        let after = i + 2 < b.count ? b[i + 2] - b[i + 1] : here
        let out = before + here > 0 ? 2 * here / (before + here) : 1
        let into = here + after > 0 ? 2 * here / (here + after) : 1
        return (out.isFinite ? out : 1, into.isFinite ? into : 1)
    }

    private static func components(of values: [AnimatableValue]) -> [[Double]]? {
        var out: [[Double]] = []
        for v in values {
            guard let c = v.components, v.rebuilt(from: c) != nil, c.count == out.first?.count ?? c.count else { return nil }
            out.append(c)
        }
        return out
    }

    /// Straight-line distances between consecutive values (nil when a kind has no distance).
    private static func chordLengths(_ values: [AnimatableValue]) -> [Double]? {
        var lengths: [Double] = []
        for (a, b) in zip(values, values.dropFirst()) {
            guard let d = a.distance(to: b) else { return nil }
            lengths.append(d)
        }
        return lengths
    }

    /// Lengths of the spline segments, measured on 32 chords each.
    private static func splineLengths(_ c: [[Double]], _ tcb: [TCB]) -> [Double] {
        let n = c.count
        guard n >= 2 else { return [] }
        return (0..<(n - 1)).map { i in
            let i0 = max(i - 1, 0), i2 = min(i + 1, n - 1), i3 = min(i + 2, n - 1)
            func at(_ t: Double) -> [Double] {
                c[i].indices.map { k in
                    kochanekBartels(c[i0][k], c[i][k], c[i2][k], c[i3][k], t: t, start: tcb[i], end: tcb[i2])
                }
            }
            var total = 0.0
            var previous = at(0)
            for step in 1...32 {
                let next = at(Double(step) / 32)
                total += zip(previous, next).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
                previous = next
            }
            return total
        }
    }
}

extension Array {
    /// The element at `index`, or nil when out of range.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension AnimatableValue {
    /// Whether a property of this kind can be nil (colours, paths, images, arrays), so nil values fit it.
    var isNullable: Bool {
        switch self {
        case .color, .path, .image, .colors, .numbers, .none: return true
        default: return false
        }
    }

    /// Whether `self` can stand where `current` is (numbers and booleans count as one kind, as NSNumber does;
    /// nil fits nullable kinds).
    func canInterpolate(with current: AnimatableValue) -> Bool {
        switch (self, current) {
        case (.number, .number), (.number, .bool), (.bool, .number), (.bool, .bool), (.point, .point), (.size, .size),
             (.rect, .rect), (.transform, .transform), (.path, .path), (.numbers, .numbers),
             (.colors, .colors), (.image, .image), (.color, .color): return true
        case (.none, _): return current.isNullable
        case (_, .none): return isNullable
        default: return false
        }
    }
}
