import Foundation
import Quartzite

// Random animations: key paths of every value type, values of the right type (finite when the case checks
// presented values, hostile otherwise, sometimes of the wrong type), and hostile timing.

/// A key path an animation may target, with the kind of value it takes.
struct AnimatedKey {
    enum Kind { case number, point, size, rect, transform, color, path, colors, numbers }
    let path: String
    let kind: Kind

    /// Key paths of plain, shape and gradient layers, and a few no layer has.
    static let all: [AnimatedKey] = [
        .init(path: "position", kind: .point), .init(path: "position.x", kind: .number),
        .init(path: "bounds", kind: .rect), .init(path: "bounds.size.width", kind: .number),
        .init(path: "bounds.size", kind: .size), .init(path: "opacity", kind: .number),
        .init(path: "transform", kind: .transform), .init(path: "transform.rotation.z", kind: .number),
        .init(path: "transform.scale", kind: .number), .init(path: "transform.translation", kind: .size),
        .init(path: "sublayerTransform", kind: .transform), .init(path: "backgroundColor", kind: .color),
        .init(path: "cornerRadius", kind: .number), .init(path: "shadowRadius", kind: .number),
        .init(path: "shadowOffset", kind: .size), .init(path: "shadowOpacity", kind: .number),
        .init(path: "zPosition", kind: .number), .init(path: "anchorPoint", kind: .point),
        .init(path: "borderWidth", kind: .number), .init(path: "contentsRect", kind: .rect),
        .init(path: "strokeEnd", kind: .number), .init(path: "strokeStart", kind: .number),
        .init(path: "lineWidth", kind: .number), .init(path: "path", kind: .path),
        .init(path: "fillColor", kind: .color), .init(path: "lineDashPhase", kind: .number),
        .init(path: "colors", kind: .colors), .init(path: "locations", kind: .numbers),
        .init(path: "startPoint", kind: .point), .init(path: "endPoint", kind: .point),
        .init(path: "noSuchKey", kind: .number), .init(path: "transform.rotation.q", kind: .number),
    ]
}

extension FuzzCase {
    /// A value for `key`: finite when `finite`, else sometimes hostile; one time in 30 (not when `finite`)
    /// a value of the wrong type.
    func animationValue(_ key: AnimatedKey, finite: Bool) -> (value: Any, source: String) {
        if !finite, rng.chance(1.0 / 30) { return rng.chance(0.5) ? ("a string", "\"a string\"") : ([1, 2] as [Int], "[1, 2]") }
        let hostile = finite ? 0 : 6
        let n = { () -> CGFloat in finite ? self.rng.finiteNumber() : self.rng.number(hostile: hostile) }
        switch key.kind {
        case .number: let v = n(); return (v, lit(v))
        case .point: let v = CGPoint(x: n(), y: n()); return (v, lit(v))
        case .size: let v = CGSize(width: n(), height: n()); return (v, lit(v))
        case .rect: let v = CGRect(x: n(), y: n(), width: n(), height: n()); return (v, lit(v))
        case .transform: let t = transform(hostile: hostile); return (t.value, t.source)
        case .color: let c = rng.color(hostile: hostile); return (c, lit(c))
        case .path:
            let p = path("v\(rng.below(1000))", elements: 6, hostile: hostile)
            return (p, "/* the path above */")
        case .colors:
            let cs = (0..<rng.below(5)).map { _ in rng.color(hostile: hostile) }
            return (cs, "[\(cs.map { lit($0) }.joined(separator: ", "))]")
        case .numbers:
            let vs = (0..<rng.below(5)).map { _ in NSNumber(value: Double(n())) }
            return (vs, lit(vs))
        }
    }

    /// Hostile timing on `a` (named `name` in the recipe): durations, begin times, speeds, offsets, repeats,
    /// fill modes and timing functions, each left alone half the time.
    func timing(_ a: CAAnimation, _ name: String) {
        let times: [CFTimeInterval] = [0, -1, .nan, .infinity, 1e300, 1e-300, 0.25, 1, 2.5]
        let time = { () -> CFTimeInterval in self.rng.chance(0.6) ? self.rng.unit() * 2 : self.rng.pick(times) }
        if rng.chance(0.7) { let v = time(); run("\(name).duration = \(lit(v))") { a.duration = v } }
        if rng.chance(0.3) { let v = time(); run("\(name).beginTime = \(lit(v))") { a.beginTime = v } }
        if rng.chance(0.2) {
            let v = Float(rng.pick([0, -1, 2, 1e30, .nan, .infinity, 0.5]))
            run("\(name).speed = \(lit(v))") { a.speed = v }
        }
        if rng.chance(0.2) { let v = time(); run("\(name).timeOffset = \(lit(v))") { a.timeOffset = v } }
        if rng.chance(0.3) {
            let v = Float(rng.pick([0, 0.5, 1, 3, 1e9, -2, .nan, .infinity, .greatestFiniteMagnitude]))
            run("\(name).repeatCount = \(lit(v))") { a.repeatCount = v }
        }
        if rng.chance(0.15) { let v = time(); run("\(name).repeatDuration = \(lit(v))") { a.repeatDuration = v } }
        if rng.chance(0.3) { run("\(name).autoreverses = true") { a.autoreverses = true } }
        if rng.chance(0.4) {
            let v: CAMediaTimingFillMode = rng.pick([.removed, .forwards, .backwards, .both])
            run("\(name).fillMode = CAMediaTimingFillMode(rawValue: \"\(v.rawValue)\")") { a.fillMode = v }
        }
        if rng.chance(0.3) { run("\(name).isRemovedOnCompletion = false") { a.isRemovedOnCompletion = false } }
        if rng.chance(0.4) {
            let points = (0..<4).map { _ in Float(rng.chance(0.8) ? CGFloat(rng.unit() * 1.4 - 0.2) : rng.number(hostile: 2)) }
            run("\(name).timingFunction = CAMediaTimingFunction(controlPoints: \(points.map { lit($0) }.joined(separator: ", ")))") {
                a.timingFunction = CAMediaTimingFunction(controlPoints: points[0], points[1], points[2], points[3])
            }
        }
    }

    /// A basic, keyframe or spring animation of a random key path.
    func animation(_ name: String, finite: Bool, kinds: [String] = ["basic", "keyframe", "spring"]) -> CAAnimation {
        let key = rng.pick(AnimatedKey.all)
        let animation: CAAnimation
        switch rng.pick(kinds) {
        case "keyframe": animation = keyframe(name, key, finite: finite)
        case "spring": animation = basic(name, key, finite: finite, spring: true)
        default: animation = basic(name, key, finite: finite, spring: false)
        }
        timing(animation, name)
        return animation
    }

    /// A basic (or spring) animation: from, to and by each set or not.
    func basic(_ name: String, _ key: AnimatedKey, finite: Bool, spring: Bool) -> CABasicAnimation {
        let a: CABasicAnimation
        if spring {
            let s = CASpringAnimation(keyPath: key.path)
            recipe("let \(name) = CASpringAnimation(keyPath: \"\(key.path)\")")
            let spring: [CGFloat] = [0, 1, 10, 100, -1, 1e-9, 1e9]
            let mass = rng.pick(spring), stiffness = rng.pick(spring), damping = rng.pick(spring), velocity = rng.pick(spring)
            run("\(name).mass = \(lit(mass)); \(name).stiffness = \(lit(stiffness)); \(name).damping = \(lit(damping)); "
                + "\(name).initialVelocity = \(lit(velocity))") {
                s.mass = mass
                s.stiffness = stiffness
                s.damping = damping
                s.initialVelocity = velocity
            }
            a = s
        } else {
            recipe("let \(name) = CABasicAnimation(keyPath: \"\(key.path)\")")
            a = CABasicAnimation(keyPath: key.path)
        }
        if rng.chance(0.7) { let v = animationValue(key, finite: finite); run("\(name).fromValue = \(v.source)") { a.fromValue = v.value } }
        if rng.chance(0.7) { let v = animationValue(key, finite: finite); run("\(name).toValue = \(v.source)") { a.toValue = v.value } }
        if rng.chance(0.2) { let v = animationValue(key, finite: finite); run("\(name).byValue = \(v.source)") { a.byValue = v.value } }
        if rng.chance(0.15) { run("\(name).isAdditive = true") { a.isAdditive = true } }
        if rng.chance(0.15) { run("\(name).isCumulative = true") { a.isCumulative = true } }
        if key.path.hasPrefix("transform"), rng.chance(0.3) {
            let f: CAValueFunctionName = rng.pick([.rotateZ, .scale, .translate, .scaleX, .rotateX])
            run("\(name).valueFunction = CAValueFunction(name: CAValueFunctionName(rawValue: \"\(f.rawValue)\"))") {
                a.valueFunction = CAValueFunction(name: f)
            }
        }
        return a
    }

    /// A keyframe animation: values or a path, key times of any count and order, every calculation mode.
    func keyframe(_ name: String, _ key: AnimatedKey, finite: Bool) -> CAKeyframeAnimation {
        recipe("let \(name) = CAKeyframeAnimation(keyPath: \"\(key.path)\")")
        let a = CAKeyframeAnimation(keyPath: key.path)
        let count = rng.pick([0, 1, 2, 3, 5, 20])
        let values = (0..<count).map { _ in animationValue(key, finite: finite) }
        run("\(name).values = [\(values.map { $0.source }.joined(separator: ", "))]") { a.values = values.map { $0.value } }
        if rng.chance(0.2) {
            let p = path("\(name)Path", elements: 6, hostile: finite ? 0 : 6)
            run("\(name).path = \(name)Path") { a.path = p }
            if rng.chance(0.5) { run("\(name).rotationMode = .rotateAuto") { a.rotationMode = .rotateAuto } }
        }
        if rng.chance(0.6) {
            let times = (0..<(rng.chance(0.6) ? count : rng.below(8))).map { _ in
                rng.chance(0.8) ? CGFloat(rng.unit()) : rng.number(hostile: finite ? 0 : 2)
            }
            let keyTimes = (rng.chance(0.6) ? times.sorted() : times).map { NSNumber(value: Double($0)) }
            run("\(name).keyTimes = \(lit(keyTimes))") { a.keyTimes = keyTimes }
        }
        let mode: CAAnimationCalculationMode = rng.pick([.linear, .discrete, .paced, .cubic, .cubicPaced])
        run("\(name).calculationMode = CAAnimationCalculationMode(rawValue: \"\(mode.rawValue)\")") { a.calculationMode = mode }
        if rng.chance(0.3) {
            let functions = (0..<rng.below(count + 2)).map { _ in CAMediaTimingFunction(name: rng.pick([.linear, .easeIn, .easeOut, .easeInEaseOut, .default])) }
            run("\(name).timingFunctions = /* \(functions.count) named functions */") { a.timingFunctions = functions }
        }
        if rng.chance(0.3) {
            let tcb = { () -> [NSNumber] in (0..<self.rng.below(count + 2)).map { _ in NSNumber(value: Double(self.rng.unit() * 4 - 2)) } }
            let t = tcb(), c = tcb(), b = tcb()
            run("\(name).tensionValues = \(lit(t)); \(name).continuityValues = \(lit(c)); "
                + "\(name).biasValues = \(lit(b))") {
                a.tensionValues = t
                a.continuityValues = c
                a.biasValues = b
            }
        }
        return a
    }
}
