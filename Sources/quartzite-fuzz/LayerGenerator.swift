import Foundation
import Quartzite

// Random layers for the layer classes: every kind and most properties, set through the public API with the
// statement written to the recipe first (so a setter that crashes has already been reported).

extension FuzzCase {
    /// Writes `line` to the recipe, then runs it.
    func run(_ line: String, _ body: () -> Void) {
        recipe(line)
        body()
    }

    /// A plain, shape or gradient layer with a random frame and colour, then `count` random property changes.
    func layer(_ name: String, changes count: Int, hostile: Int = 8) -> CALayer {
        let made: CALayer
        switch rng.below(4) {
        case 0:
            recipe("let \(name) = CAShapeLayer()")
            made = CAShapeLayer()
            shape(made, name, hostile: hostile)
        case 1:
            recipe("let \(name) = CAGradientLayer()")
            made = CAGradientLayer()
        default:
            recipe("let \(name) = CALayer()")
            made = CALayer()
        }
        let frame = rng.chance(0.8) ? CGRect(x: rng.unit() * 60 - 10, y: rng.unit() * 60 - 10,
                                              width: rng.unit() * 50, height: rng.unit() * 50) : rng.rect(hostile: min(hostile, 2))
        let color = rng.color(hostile: hostile)
        run("\(name).frame = \(lit(frame)); \(name).backgroundColor = \(lit(color))") {
            made.frame = frame
            made.backgroundColor = color
        }
        for _ in 0..<count { change(made, name, hostile: hostile) }
        return made
    }

    /// A shape layer's path and stroke.
    func shape(_ layer: CALayer, _ name: String, hostile: Int) {
        guard let shape = layer as? CAShapeLayer else { return }
        let p = path("\(name)Path", elements: 8, hostile: hostile)
        let fill = rng.color(hostile: hostile), stroke = rng.color(hostile: hostile)
        let width = rng.chance(0.8) ? CGFloat(rng.logUniform(0.1...20)) : rng.number(hostile: min(hostile, 2))
        let caps: [CAShapeLayerLineCap] = [.butt, .round, .square], joins: [CAShapeLayerLineJoin] = [.miter, .round, .bevel]
        let cap = rng.pick(caps), join = rng.pick(joins)
        let dashes: [NSNumber]? = rng.chance(0.3) ? (0..<rng.below(4)).map { _ in NSNumber(value: Double(rng.number(hostile: min(hostile, 4))) / 5) } : nil
        let rule: CAShapeLayerFillRule = rng.chance(0.5) ? .nonZero : .evenOdd
        run("\(name).path = \(name)Path; \(name).fillColor = \(lit(fill)); \(name).strokeColor = \(lit(stroke)); "
            + "\(name).lineWidth = \(lit(width)); \(name).lineCap = CAShapeLayerLineCap(rawValue: \"\(cap.rawValue)\"); "
            + "\(name).lineJoin = CAShapeLayerLineJoin(rawValue: \"\(join.rawValue)\"); "
            + "\(name).fillRule = CAShapeLayerFillRule(rawValue: \"\(rule.rawValue)\"); "
            + "\(name).lineDashPattern = \(dashes.map { lit($0) } ?? "nil")") {
            shape.path = p
            shape.fillColor = rng.chance(0.2) ? nil : fill
            shape.strokeColor = stroke
            shape.lineWidth = width
            shape.lineCap = cap
            shape.lineJoin = join
            shape.fillRule = rule
            shape.lineDashPattern = dashes
        }
    }

    /// A transform: identity, a rotation, scale (zero included), translation, perspective, or raw entries.
    func transform(hostile: Int = 8) -> (value: CATransform3D, source: String) {
        switch rng.below(7) {
        case 0:
            return (CATransform3DIdentity, "CATransform3DIdentity")
        case 1:
            let a = rng.number(hostile: hostile) / 20
            return (CATransform3DMakeRotation(a, 0, 0, 1), "CATransform3DMakeRotation(\(lit(a)), 0, 0, 1)")
        case 2:
            let sx = rng.pick([0, 1e-9, 0.5, 2, -1, rng.number(hostile: hostile)]), sy = rng.number(hostile: hostile) / 50
            return (CATransform3DMakeScale(sx, sy, 1), "CATransform3DMakeScale(\(lit(sx)), \(lit(sy)), 1)")
        case 3:
            let x = rng.number(hostile: hostile), y = rng.number(hostile: hostile), z = rng.number(hostile: hostile)
            return (CATransform3DMakeTranslation(x, y, z), "CATransform3DMakeTranslation(\(lit(x)), \(lit(y)), \(lit(z)))")
        case 4:
            var t = CATransform3DIdentity
            let d = rng.number(hostile: hostile) * 10, a = rng.number(hostile: hostile) / 20
            t.m34 = d == 0 ? 0 : -1 / d
            let turned = CATransform3DRotate(t, a, 0, 1, 0)
            return (turned, "{ var t = CATransform3DIdentity; t.m34 = \(lit(t.m34)); return CATransform3DRotate(t, \(lit(a)), 0, 1, 0) }()")
        case 5:
            let a = rng.number(hostile: hostile), x = rng.number(hostile: hostile), y = rng.number(hostile: hostile), z = rng.number(hostile: hostile)
            return (CATransform3DMakeRotation(a, x, y, z), "CATransform3DMakeRotation(\(lit(a)), \(lit(x)), \(lit(y)), \(lit(z)))")
        default:
            var t = CATransform3DIdentity
            let i = rng.below(16), v = rng.number(hostile: min(hostile, 2))
            let keys: [WritableKeyPath<CATransform3D, CGFloat>] = [\.m11, \.m12, \.m13, \.m14, \.m21, \.m22, \.m23, \.m24,
                                                                    \.m31, \.m32, \.m33, \.m34, \.m41, \.m42, \.m43, \.m44]
            let names = ["m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24", "m31", "m32", "m33", "m34", "m41", "m42", "m43", "m44"]
            t[keyPath: keys[i]] = v
            return (t, "{ var t = CATransform3DIdentity; t.\(names[i]) = \(lit(v)); return t }()")
        }
    }

    /// A compositing filter: a blend name, or junk (a name Core Image does not have, a wrong type, nil), set
    /// as a property or by key.
    func compositingFilter(_ layer: CALayer, _ name: String) {
        let names = ["multiplyBlendMode", "screenBlendMode", "overlayBlendMode", "colorDodgeBlendMode", "hueBlendMode",
                     "luminosityBlendMode", "additionCompositing", "sourceOverCompositing", "differenceBlendMode",
                     "", "CIGaussianBlur", "multiplyblendmode", "\u{0}"]
        let junk: [(value: Any?, source: String)] = [(nil, "nil"), (42, "42"), (CGColor.black, ".black"), ([1.0], "[1.0]")]
        var (value, source) = rng.pick(junk)
        if rng.chance(0.8) {
            let picked = rng.pick(names)
            (value, source) = (picked, String(reflecting: picked))
        }
        if rng.chance(0.5) {
            run("\(name).compositingFilter = \(source)") { layer.compositingFilter = value }
        } else {
            run("\(name).setValue(\(source), forKey: \"compositingFilter\")") { layer.setValue(value, forKey: "compositingFilter") }
        }
    }

    /// One random property change.
    func change(_ layer: CALayer, _ name: String, hostile: Int = 8) {
        switch rng.below(23) {
        case 0: let v = rng.rect(hostile: hostile); run("\(name).bounds = \(lit(v))") { layer.bounds = v }
        case 1: let v = rng.point(hostile: hostile); run("\(name).position = \(lit(v))") { layer.position = v }
        case 2: let v = rng.point(hostile: hostile); run("\(name).anchorPoint = \(lit(v))") { layer.anchorPoint = v }
        case 3: let t = transform(hostile: hostile); run("\(name).transform = \(t.source)") { layer.transform = t.value }
        case 4: let t = transform(hostile: hostile); run("\(name).sublayerTransform = \(t.source)") { layer.sublayerTransform = t.value }
        case 5: let v = Float(rng.fraction(hostile: hostile)); run("\(name).opacity = \(lit(v))") { layer.opacity = v }
        case 6: let v = rng.extent(hostile: hostile) / 4; run("\(name).cornerRadius = \(lit(v))") { layer.cornerRadius = v }
        case 7: let v = rng.chance(0.5); run("\(name).masksToBounds = \(v)") { layer.masksToBounds = v }
        case 8:
            let w = rng.extent(hostile: hostile) / 10, c = rng.color(hostile: hostile)
            run("\(name).borderWidth = \(lit(w)); \(name).borderColor = \(lit(c))") { layer.borderWidth = w; layer.borderColor = c }
        case 9:
            let o = Float(rng.fraction(hostile: hostile)), r = rng.extent(hostile: hostile) / 10, off = rng.size(hostile: hostile)
            run("\(name).shadowOpacity = \(lit(o)); \(name).shadowRadius = \(lit(r)); \(name).shadowOffset = \(lit(off))") {
                layer.shadowOpacity = o
                layer.shadowRadius = r
                layer.shadowOffset = off
            }
        case 10: let v = rng.number(hostile: hostile); run("\(name).zPosition = \(lit(v))") { layer.zPosition = v }
        case 11: let v = rng.chance(0.8); run("\(name).isHidden = \(v)") { layer.isHidden = v }
        case 12:
            let s = rng.number(hostile: hostile) / 20
            run("\(name).shouldRasterize = true; \(name).rasterizationScale = \(lit(s))") {
                layer.shouldRasterize = true
                layer.rasterizationScale = s
            }
        case 13: let v = rng.chance(0.5); run("\(name).isDoubleSided = \(v)") { layer.isDoubleSided = v }
        case 14: let v = rng.chance(0.5); run("\(name).isGeometryFlipped = \(v)") { layer.isGeometryFlipped = v }
        case 15:
            let v = CACornerMask(rawValue: UInt(rng.below(16)))
            run("\(name).maskedCorners = CACornerMask(rawValue: \(v.rawValue))") { layer.maskedCorners = v }
        case 16: let v = rng.chance(0.5); run("\(name).allowsGroupOpacity = \(v)") { layer.allowsGroupOpacity = v }
        case 17: let v = rng.rect(hostile: min(hostile, 2)); run("\(name).frame = \(lit(v))") { layer.frame = v }
        case 18:
            let p = path("\(name)Shadow", elements: 4, hostile: hostile)
            run("\(name).shadowPath = \(name)Shadow; \(name).shadowOpacity = 1") { layer.shadowPath = p; layer.shadowOpacity = 1 }
        case 19: let v = rng.number(hostile: hostile); run("\(name).anchorPointZ = \(lit(v))") { layer.anchorPointZ = v }
        case 20:
            let c = rng.color(hostile: hostile)
            run("\(name).backgroundColor = \(lit(c))") { layer.backgroundColor = c }
        case 21: compositingFilter(layer, name)
        default:
            let p = rng.point(hostile: hostile)
            run("_ = \(name).hitTest(\(lit(p))); _ = \(name).convert(\(lit(p)), to: nil); _ = \(name).visibleRect") {
                _ = layer.hitTest(p)
                _ = layer.convert(p, to: nil)
                _ = layer.visibleRect
            }
        }
    }
}
