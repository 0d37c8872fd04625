import Foundation

/// A particle's random values and where it starts: the draws of rule 2 of `ParticleSimulation`, always
/// thirteen, in this order: lifetime, three for the place on the emitter shape, two for the direction in
/// the emission cone, velocity, spin, scale, then red, green, blue and alpha.
struct ParticleDraws {
    var lifetime, velocity, spin, scale: Double
    var place: SIMD3<Double>
    var cone: SIMD2<Double>
    var color: SIMD4<Double>

    /// The draws of the particle whose key is `key`.
    init(key: UInt64) {
        var g = SplitMix64(seed: key)
        lifetime = g.unit()
        place = SIMD3(g.unit(), g.unit(), g.unit())
        cone = SIMD2(g.unit(), g.unit())
        velocity = g.unit()
        spin = g.unit()
        scale = g.unit()
        color = SIMD4(g.unit(), g.unit(), g.unit(), g.unit())
    }

    /// Mixes `value` into `hash` (SplitMix64's output function).
    static func mix(_ hash: UInt64, _ value: UInt64) -> UInt64 {
        var g = SplitMix64(seed: hash ^ (value &* 0xD6E8_FEB8_6659_FD93))
        return g.next()
    }

    /// The key a top-level cell's particle keys start from: the layer's seed and the cell's index.
    static func key(seed: UInt32, index: Int) -> UInt64 {
        mix(mix(0x5155_4152_545A_4954, UInt64(seed)), UInt64(truncatingIfNeeded: index) &+ 1)
    }

    /// A value with a range: v + r (2u - 1).
    static func ranged(_ value: Double, _ range: Double, _ u: Double) -> Double { value + range * (2 * u - 1) }

    /// The cone of emission directions of one cell: around the direction at `longitude` in the xy plane
    /// tilted by `latitude` towards +z, of half-angle `range` (at most π). Made once per stretch of births.
    struct Cone {
        let axis: SIMD3<Double>
        /// Two unit vectors across the axis: the in-plane perpendicular and the one out of the plane.
        let across: SIMD3<Double>
        let up: SIMD3<Double>
        /// 1 - cos(half-angle): 0 for a single direction.
        let opening: Double

        init(longitude: Double, latitude: Double, range: Double) {
            axis = SIMD3(cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude))
            across = SIMD3(-sin(longitude), cos(longitude), 0)
            up = SIMD3(-sin(latitude) * cos(longitude), -sin(latitude) * sin(longitude), cos(latitude))
            opening = range.isNaN ? 0 : 1 - cos(min(abs(range), Double.pi))
        }

        /// A direction uniform over the cone (uniform in the cosine of its tilt from the axis and in its
        /// turn about it) from two uniform values.
        func direction(_ u: SIMD2<Double>) -> SIMD3<Double> {
            guard opening > 0 else { return axis }
            let cosTilt = 1 - u.x * opening
            let sinTilt = (max(0, 1 - cosTilt * cosTilt)).squareRoot()
            let turn = 2 * Double.pi * u.y
            return axis * cosTilt + (across * cos(turn) + up * sin(turn)) * sinTilt
        }
    }

    /// Where on the emitter shape a particle starts, from three uniform values.
    static func place(_ e: EmitterValues, _ u: SIMD3<Double>) -> SIMD3<Double> {
        let center = SIMD3(Double(e.emitterPosition.x), Double(e.emitterPosition.y), Double(e.emitterZPosition))
        let w = Double(e.emitterSize.width), h = Double(e.emitterSize.height), d = Double(e.emitterDepth)
        let mode = e.emitterMode
        switch e.emitterShape {
        case .line:
            let x = mode == .points ? (u.x < 0.5 ? -0.5 : 0.5) : u.x - 0.5
            return center + SIMD3(x * w, 0, 0)
        case .rectangle:
            return center + rectangle(w, h, mode, u)
        case .cuboid:
            return center + cuboid(SIMD3(w, h, d), mode, u)
        case .circle:
            let angle = 2 * Double.pi * u.x
            let r: Double
            switch mode {
            case .points: r = 0
            case .outline: r = w
            default: r = w * u.y.squareRoot()
            }
            return center + SIMD3(r * cos(angle), r * sin(angle), 0)
        case .sphere:
            let z = 2 * u.x - 1, angle = 2 * Double.pi * u.y
            let ring = (max(0, 1 - z * z)).squareRoot()
            let r: Double
            switch mode {
            case .points: r = 0
            case .volume: r = w * cbrt(u.z)
            default: r = w
            }
            return center + r * SIMD3(ring * cos(angle), ring * sin(angle), z)
        default:
            return center
        }
    }

    /// A place on a w x h rectangle centred on 0: a corner, a point of the edges, or of the area.
    private static func rectangle(_ w: Double, _ h: Double, _ mode: CAEmitterLayerEmitterMode,
                                  _ u: SIMD3<Double>) -> SIMD3<Double> {
        switch mode {
        case .points:
            return SIMD3((u.x < 0.5 ? -0.5 : 0.5) * w, (u.y < 0.5 ? -0.5 : 0.5) * h, 0)
        case .outline:
            // Along the perimeter, each edge in proportion to its length.
            let perimeter = 2 * (abs(w) + abs(h))
            guard perimeter > 0 else { return .zero }
            var s = u.x * perimeter
            if s < abs(w) { return SIMD3(s / abs(w) * w - w / 2, -h / 2, 0) }
            s -= abs(w)
            if s < abs(h) { return SIMD3(w / 2, s / abs(h) * h - h / 2, 0) }
            s -= abs(h)
            if s < abs(w) { return SIMD3(w / 2 - s / abs(w) * w, h / 2, 0) }
            s -= abs(w)
            return SIMD3(-w / 2, h / 2 - min(1, s / abs(h)) * h, 0)
        default:
            return SIMD3((u.x - 0.5) * w, (u.y - 0.5) * h, 0)
        }
    }

    /// A place on a box of `size` centred on 0: a corner, a point of its twelve edges, of its six faces, or of
    /// its inside.
    private static func cuboid(_ size: SIMD3<Double>, _ mode: CAEmitterLayerEmitterMode,
                               _ u: SIMD3<Double>) -> SIMD3<Double> {
        func signs(_ v: Double, _ k: Int) -> Double { (Int(v * 8) >> k) & 1 == 0 ? -0.5 : 0.5 }
        switch mode {
        case .points:
            return SIMD3(signs(u.x, 0), signs(u.x, 1), signs(u.x, 2)) * size
        case .outline:
            // One of the twelve edges (4 along each axis), then a place along it.
            let edge = min(11, Int(u.x * 12)), axis = edge / 4
            let a = (edge & 1) == 0 ? -0.5 : 0.5, b = (edge & 2) == 0 ? -0.5 : 0.5
            var p = SIMD3(a, b, u.y - 0.5)
            if axis == 0 { p = SIMD3(u.y - 0.5, a, b) } else if axis == 1 { p = SIMD3(a, u.y - 0.5, b) }
            return p * size
        case .surface:
            // One of the six faces, each in proportion to its area, then a place on it.
            let areas = [abs(size.y * size.z), abs(size.x * size.z), abs(size.x * size.y)]
            let total = 2 * areas.reduce(0, +)
            guard total > 0 else { return .zero }
            var pick = u.x * total
            var axis = 0
            while axis < 2 && pick >= 2 * areas[axis] {
                pick -= 2 * areas[axis]
                axis += 1
            }
            let side = pick < areas[axis] ? -0.5 : 0.5
            var p = SIMD3(u.y - 0.5, u.z - 0.5, side)
            if axis == 0 { p = SIMD3(side, u.y - 0.5, u.z - 0.5) } else if axis == 1 { p = SIMD3(u.y - 0.5, side, u.z - 0.5) }
            return p * size
        default:
            return (u - 0.5) * size
        }
    }
}
