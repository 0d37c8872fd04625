import Foundation

/// A property the direct plans (`DirectBasicPlan`, `DirectKeyframePlan`) write without the general path:
/// opacity, position and its components, stroke ends, and transform components on an identity transform.
/// Reading and writing it here is what `ResolvedKeyPath.value(in:)` and `ResolvedKeyPath.set` do for the
/// same key, so both paths give the same properties.
enum DirectTarget: UInt8 {
    case opacity, position, positionX, positionY, strokeStart, strokeEnd
    case rotationZ, scale, scaleX, scaleY, translationX, translationY

    /// The target of a resolved key, nil for keys only the general path writes.
    init?(_ key: ResolvedKeyPath.Key) {
        switch key {
        case .opacity: self = .opacity
        case .position: self = .position
        case .positionX: self = .positionX
        case .positionY: self = .positionY
        case .strokeStart: self = .strokeStart
        case .strokeEnd: self = .strokeEnd
        case .transformRotationZ: self = .rotationZ
        case .transformScale: self = .scale
        case .transformScaleX: self = .scaleX
        case .transformScaleY: self = .scaleY
        case .transformTranslationX: self = .translationX
        case .transformTranslationY: self = .translationY
        case .bounds, .transform, .backgroundColor, .transformScaleXY, .throughFunction, .other: return nil
        }
    }

    /// Whether the target is a component of `transform` (written directly only on an identity transform).
    var isTransformComponent: Bool {
        switch self {
        case .rotationZ, .scale, .scaleX, .scaleY, .translationX, .translationY: true
        default: false
        }
    }

    /// Whether values are points (x, y) rather than numbers (value, 0).
    var isPoint: Bool { self == .position }

    /// A value of this target's kind as a vector: (value, 0) for a number, (x, y) for a point; nil for
    /// another kind.
    func vector(_ value: AnimatableValue) -> SIMD2<Double>? {
        switch value {
        case .number(let v) where !isPoint: SIMD2(v, 0)
        case .point(let p) where isPoint: SIMD2(Double(p.x), Double(p.y))
        default: nil
        }
    }

    /// Whether the target can be written directly now: a transform component only on an identity transform.
    @inline(__always)
    func isWritable(in properties: LayerProperties) -> Bool {
        !isTransformComponent || CATransform3DIsIdentity(properties.transform)
    }

    /// The presentation value so far, for additive animations (as `ResolvedKeyPath.value(in:)` reads it).
    func current(in p: LayerProperties) -> SIMD2<Double> {
        switch self {
        case .opacity: SIMD2(Double(p.opacity), 0)
        case .position: SIMD2(Double(p.position.x), Double(p.position.y))
        case .positionX: SIMD2(Double(p.position.x), 0)
        case .positionY: SIMD2(Double(p.position.y), 0)
        case .strokeStart: SIMD2(Double(p.strokeStart), 0)
        case .strokeEnd: SIMD2(Double(p.strokeEnd), 0)
        case .rotationZ, .translationX, .translationY: SIMD2(0, 0)
        case .scale, .scaleX, .scaleY: SIMD2(1, 0)
        }
    }

    /// Stores as `ResolvedKeyPath.set` does; false, with `p` untouched, for a non-finite transform component
    /// (left to the general path, which reports it).
    func store(_ v: SIMD2<Double>, memo: TimingMemo, in p: inout LayerProperties) -> Bool {
        let n = v.x
        switch self {
        case .opacity: p.opacity = Float(n)
        case .position: p.position = CGPoint(x: CGFloat(v.x), y: CGFloat(v.y))
        case .positionX: p.position.x = CGFloat(n)
        case .positionY: p.position.y = CGFloat(n)
        case .strokeStart: p.strokeStart = CGFloat(n)
        case .strokeEnd: p.strokeEnd = CGFloat(n)
        case .rotationZ, .scale, .scaleX, .scaleY, .translationX, .translationY:
            guard n.isFinite else { return false }
            p.transform = transform(n, memo: memo)
        }
        return true
    }

    /// The transform of component value `n` written onto an identity transform.
    private func transform(_ n: Double, memo: TimingMemo) -> CATransform3D {
        switch self {
        case .rotationZ:
            let (c, s) = memo.cosSin(n)
            return ResolvedKeyPath.zRotation(cos: c, sin: s)
        case .scale: return CATransform3DMakeScale(CGFloat(n), CGFloat(n), CGFloat(n))
        case .scaleX: return CATransform3DMakeScale(CGFloat(n), 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, CGFloat(n), 1)
        case .translationX: return CATransform3DMakeTranslation(CGFloat(n), 0, 0)
        default: return CATransform3DMakeTranslation(0, CGFloat(n), 0)
        }
    }
}
