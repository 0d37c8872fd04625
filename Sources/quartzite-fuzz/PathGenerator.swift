import Foundation
import Quartzite

extension FuzzCase {
    /// A random path of up to `elements` elements, every kind of CGMutablePath call, with hostile numbers one
    /// time in `hostile`; written to the recipe as `name`. Sometimes empty, sometimes a lone move.
    func path(_ name: String, elements: Int = 10, hostile: Int = 8) -> CGMutablePath {
        let m = CGMutablePath()
        recipe("let \(name) = CGMutablePath()")
        let count = rng.chance(0.05) ? 0 : 1 + rng.below(elements)
        for _ in 0..<count { addElement(to: m, name, hostile: hostile) }
        return m
    }

    private func addElement(to m: CGMutablePath, _ name: String, hostile: Int) {
        switch rng.below(13) {
        case 0:
            let p = rng.point(hostile: hostile)
            m.move(to: p)
            recipe("\(name).move(to: \(lit(p)))")
        case 1, 2, 3:
            let p = rng.point(hostile: hostile)
            m.addLine(to: p)
            recipe("\(name).addLine(to: \(lit(p)))")
        case 4:
            let p = rng.point(hostile: hostile), c = rng.point(hostile: hostile)
            m.addQuadCurve(to: p, control: c)
            recipe("\(name).addQuadCurve(to: \(lit(p)), control: \(lit(c)))")
        case 5:
            let p = rng.point(hostile: hostile), c1 = rng.point(hostile: hostile), c2 = rng.point(hostile: hostile)
            m.addCurve(to: p, control1: c1, control2: c2)
            recipe("\(name).addCurve(to: \(lit(p)), control1: \(lit(c1)), control2: \(lit(c2)))")
        case 6:
            let c = rng.point(hostile: hostile), r = rng.extent(hostile: hostile) / 2
            let a = rng.number(hostile: hostile) / 10, b = rng.number(hostile: hostile) / 10, cw = rng.chance(0.5)
            m.addArc(center: c, radius: r, startAngle: a, endAngle: b, clockwise: cw)
            recipe("\(name).addArc(center: \(lit(c)), radius: \(lit(r)), startAngle: \(lit(a)), endAngle: \(lit(b)), clockwise: \(cw))")
        case 7:
            let t1 = rng.point(hostile: hostile), t2 = rng.point(hostile: hostile), r = rng.extent(hostile: hostile) / 4
            m.addArc(tangent1End: t1, tangent2End: t2, radius: r)
            recipe("\(name).addArc(tangent1End: \(lit(t1)), tangent2End: \(lit(t2)), radius: \(lit(r)))")
        case 8:
            let r = rng.rect(hostile: hostile)
            m.addEllipse(in: r)
            recipe("\(name).addEllipse(in: \(lit(r)))")
        case 9:
            let c = rng.point(hostile: hostile), r = rng.extent(hostile: hostile) / 4
            let a = rng.number(hostile: hostile), d = rng.number(hostile: hostile) / 5
            m.addRelativeArc(center: c, radius: r, startAngle: a, delta: d)
            recipe("\(name).addRelativeArc(center: \(lit(c)), radius: \(lit(r)), startAngle: \(lit(a)), delta: \(lit(d)))")
        case 10:
            let r = rng.rect(hostile: hostile), w = rng.extent(hostile: hostile) / 4, h = rng.extent(hostile: hostile) / 4
            m.addRoundedRect(in: r, cornerWidth: w, cornerHeight: h)
            recipe("\(name).addRoundedRect(in: \(lit(r)), cornerWidth: \(lit(w)), cornerHeight: \(lit(h)))")
        case 11:
            let r = rng.rect(hostile: hostile)
            m.addRect(r)
            recipe("\(name).addRect(\(lit(r)))")
        default:
            m.closeSubpath()
            recipe("\(name).closeSubpath()")
        }
    }

    /// A random stroke style: widths, caps, joins, mitre limits, dashes and trims, some of them hostile.
    func strokeStyle(_ name: String, hostile: Int = 8) -> StrokeStyle {
        let caps: [CGLineCap] = [.butt, .round, .square], joins: [CGLineJoin] = [.miter, .round, .bevel]
        var dashes: [CGFloat] = []
        if rng.chance(0.3) {
            // Dashes down to 0.05 points: shorter ones are the hostile numbers' job (a debug build spends
            // seconds on the 100,000 dashes the budget allows).
            dashes = (0..<rng.below(5)).map { _ in rng.chance(0.9) ? CGFloat(rng.logUniform(0.05...50)) : rng.number(hostile: min(hostile, 2)) }
        }
        let style = StrokeStyle(
            lineWidth: rng.chance(0.8) ? CGFloat(rng.logUniform(0.01...40)) : rng.number(hostile: min(hostile, 2)),
            lineCap: rng.pick(caps), lineJoin: rng.pick(joins),
            miterLimit: rng.chance(0.8) ? CGFloat(rng.unit() * 20) : rng.number(hostile: min(hostile, 2)),
            dashPattern: dashes, dashPhase: rng.number(hostile: hostile),
            strokeStart: rng.fraction(hostile: hostile), strokeEnd: rng.chance(0.5) ? 1 : rng.fraction(hostile: hostile))
        recipe("let \(name) = StrokeStyle(lineWidth: \(lit(style.lineWidth)), lineCap: .\(style.lineCap), "
            + "lineJoin: .\(style.lineJoin), miterLimit: \(lit(style.miterLimit)), dashPattern: \(lit(style.dashPattern)), "
            + "dashPhase: \(lit(style.dashPhase)), strokeStart: \(lit(style.strokeStart)), strokeEnd: \(lit(style.strokeEnd)))")
        return style
    }

    /// A flattening tolerance: usually the renderer's range, sometimes zero, negative, tiny or not a number.
    func tolerance() -> CGFloat {
        rng.chance(0.85) ? CGFloat(rng.logUniform(0.01...2)) : rng.pick([0, -1, 1e-12, .nan, .infinity, 1e300])
    }
}
