import Foundation
import Quartzite

// Gradient layers with hostile stops, locations and end points, alone or seen through a shape mask (the mask
// may take the painted-mask, arc-stroke or arc-mask paths of the compositor).

extension FuzzCase {
    /// One gradient layer, sometimes masked by a shape.
    func runGradientCase() {
        let g = CAGradientLayer()
        recipe("let g = CAGradientLayer()")
        let frame = rng.chance(0.85) ? CGRect(x: rng.unit() * 20, y: rng.unit() * 20, width: rng.unit() * 60, height: rng.unit() * 60)
            : rng.rect(hostile: 2)
        let colors = (0..<rng.pick([0, 1, 2, 2, 3, 4, 5, 8, 16, 17, 40])).map { _ in rng.color() }
        let locations: [NSNumber]? = rng.chance(0.4) ? nil : (0..<(rng.chance(0.7) ? colors.count : rng.below(20))).map { _ in
            NSNumber(value: Double(rng.chance(0.8) ? CGFloat(rng.unit()) : rng.number(hostile: 2)))
        }
        let sortedLocations = rng.chance(0.5) ? locations?.sorted { $0.doubleValue < $1.doubleValue } : locations
        let start = rng.chance(0.8) ? CGPoint(x: rng.unit(), y: rng.unit()) : rng.point(hostile: 2)
        let end = rng.chance(0.1) ? start : rng.chance(0.8) ? CGPoint(x: rng.unit(), y: rng.unit()) : rng.point(hostile: 2)
        let type: CAGradientLayerType = rng.pick([.axial, .radial, .conic])
        run("g.frame = \(lit(frame)); g.colors = [\(colors.map { lit($0) }.joined(separator: ", "))]; "
            + "g.locations = \(sortedLocations.map { lit($0) } ?? "nil"); "
            + "g.startPoint = \(lit(start)); g.endPoint = \(lit(end)); g.type = CAGradientLayerType(rawValue: \"\(type.rawValue)\")") {
            g.frame = frame
            g.colors = colors
            g.locations = sortedLocations
            g.startPoint = start
            g.endPoint = end
            g.type = type
        }
        for _ in 0..<rng.below(3) { change(g, "g", hostile: 16) }
        if rng.chance(0.5) { mask(g) }
        stage.show(g, at: [0], in: self, finitePresentation: false)
    }

    /// A shape mask over the gradient: a random path, or a stroked arc as a ring of progress would be.
    private func mask(_ g: CAGradientLayer) {
        let shape = CAShapeLayer()
        recipe("let m = CAShapeLayer()")
        let frame = rng.chance(0.8) ? g.bounds : rng.rect(hostile: 4)
        if rng.chance(0.5) {
            let center = CGPoint(x: rng.unit() * 60, y: rng.unit() * 60), radius = CGFloat(rng.logUniform(0.1...40))
            let a = rng.number(hostile: 4) / 20, b = rng.number(hostile: 4) / 20, width = rng.number(hostile: 4) / 10
            let trim = rng.fraction()
            run("m.path = UIBezierPath(arcCenter: \(lit(center)), radius: \(lit(radius)), startAngle: \(lit(a)), endAngle: \(lit(b)), "
                + "clockwise: true).cgPath; m.fillColor = nil; m.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1); "
                + "m.lineWidth = \(lit(width)); m.lineCap = .round; m.strokeEnd = \(lit(trim))") {
                shape.path = UIBezierPath(arcCenter: center, radius: radius, startAngle: a, endAngle: b, clockwise: true).cgPath
                shape.fillColor = nil
                shape.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                shape.lineWidth = width
                shape.lineCap = .round
                shape.strokeEnd = trim
            }
            // A background as well: the gradient is then no longer painted through the ring alone, and the
            // arc mask's group path (Compositor+ArcMasks) draws it.
            if rng.chance(0.5) {
                let background = rng.color()
                run("g.backgroundColor = \(lit(background))") { g.backgroundColor = background }
            }
        } else {
            let p = path("mPath", elements: 6, hostile: 16)
            let alpha = rng.chance(0.7) ? 1 : rng.fraction()
            run("m.path = mPath; m.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: \(lit(alpha)))") {
                shape.path = p
                shape.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: alpha)
            }
        }
        run("m.frame = \(lit(frame)); g.mask = m") {
            shape.frame = frame
            g.mask = shape
        }
    }
}
