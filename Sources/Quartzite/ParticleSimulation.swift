import Foundation

/// One live particle at the time asked for.
package struct Particle: Equatable, Sendable {
    /// Where it is, in the emitter layer's coordinates (z towards the viewer).
    package var position: SIMD3<Double>
    /// Its size relative to the cell's image (never negative).
    package var scale: Double
    /// How far it has turned, radians (clockwise on screen).
    package var rotation: Double
    /// The colour its image is multiplied by: straight-alpha RGBA, each in 0...1.
    package var color: SIMD4<Float>
    /// When it was born, in the layer's local time.
    package var birth: Double
    /// Seconds of its life so far (on its cell's clock).
    package var age: Double
}

/// The live particles of one cell (a sub-cell is a cell of its own), with what drawing them needs.
package struct ParticleBatch: Equatable, Sendable {
    /// Where the cell sits among the emitter's cells: its index, then its index among its parent's
    /// sub-cells, and so on.
    package var cellPath: [Int]
    package var contents: CGImage?
    package var contentsRect: CGRect
    package var contentsScale: CGFloat
    package var magnificationFilter: CALayerContentsFilter
    package var minificationFilter: CALayerContentsFilter
    /// In drawing order (the layer's render mode).
    package var particles: [Particle]
}

/// The particles of an emitter layer as a pure function of its emitter state and a time: nothing is
/// integrated from frame to frame, so any time costs the same and gives the same particles in any order of
/// asking (a capture, a scrub backwards).
///
/// The rules, each closed-form:
/// 1. Births: a cell gives birth at `birthRate` (its own times the layer's) per second of its clock while it
///    emits. Counting births from the moment emission starts, particle k (k = 0, 1, ...) is born when the
///    count of births reaches k: the first at the start, then one each 1/rate seconds; where the rate
///    changes (a new segment of the emitter's history), the count goes on from where it was.
/// 2. Random values: particle k draws from a SplitMix64 generator seeded with a hash of the layer's seed,
///    the cell's path, its parent particle's key (for a sub-cell) and k, always the same draws in the same
///    order; a range r around a value v gives v + r (2u - 1) for a uniform u in [0, 1).
/// 3. State at age a (seconds of the particle's life on its cell's clock), alive while 0 <= a < its
///    lifetime: position p0 + v a + acceleration a^2 / 2, scale s + scaleSpeed a, rotation spin a, colour
///    components c + speed a, each clamped to 0...1.
/// 4. A cell's timing: emission runs while its local time, (t - beginTime) speed + timeOffset, lies in
///    [0, duration) (0: no end), t being seconds since emission started for a top-level cell and its
///    particle's age for a sub-cell, whose particles are emitted from where that particle is then, while it
///    lives.
package enum ParticleSimulation {
    /// The most particles one emitter draws in a frame; beyond it the newest are kept, with a diagnostic.
    package static let maximumLiveParticles = 100_000
    /// The most births looked at in a frame (sub-emitters look at dead parents whose sparks still live);
    /// beyond it the oldest are left out, with a diagnostic.
    package static let maximumVisitedBirths = 1_000_000
    /// Birth counts beyond this cannot be told apart in a double: such a cell emits nothing.
    static let maximumBirthCount = 0x1p50

    /// The live particles of `state` at the layer's local time `time`, one batch per cell that has any, in
    /// cell order (a cell before its sub-cells).
    ///
    /// - Complexity: O(births that can still be alive at `time`, and for sub-emitters their parents), at most
    ///   `maximumVisitedBirths`, whatever `time` is.
    package static func particles(of state: EmitterState, at time: Double) -> [ParticleBatch] {
        guard time.isFinite, let origin = state.segments.firstIndex(where: { !$0.values.cells.isEmpty }),
              state.segments[origin].start.isFinite else {
            return []
        }
        var run = Run(time: time, start: state.segments[origin].start)
        let segments = Array(state.segments[origin...])
        let cellCount = segments.map(\.values.cells.count).max() ?? 0
        for index in 0..<cellCount {
            var stretches: [Stretch] = []
            for (s, segment) in segments.enumerated() {
                guard index < segment.values.cells.count else { continue }
                let end = s + 1 < segments.count ? segments[s + 1].start : Double.infinity
                let cell = segment.values.cells[index]
                if let stretch = Stretch(cell: cell, layer: segment.values, source: .emitter,
                                         from: segment.start - run.start, to: end - run.start, parentBirth: 0,
                                         parentClock: 1, key: ParticleDraws.key(seed: segment.values.seed, index: index)) {
                    stretches.append(stretch)
                }
            }
            run.emit(path: [index], stretches: stretches, timeSinceStart: time - run.start)
        }
        return run.finish(order: state.current.renderMode)
    }
}

/// Where a stretch's particles are emitted from.
enum ParticleSource {
    /// The layer's emitter shape.
    case emitter
    /// A parent particle: its position p0 + v a + acc a^2 / 2 at its age a, and its colour and scale, which
    /// its sparks inherit (as Apple documents for sub-cells).
    case particle(p0: SIMD3<Double>, velocity: SIMD3<Double>, acceleration: SIMD3<Double>, look: ParticleLook)
}

/// A particle's colour and scale as functions of its age: its cell's values with their ranges drawn, changing
/// at the cell's speeds, multiplied by what it inherits from the particle that emitted it (1 for the emitter's).
struct ParticleLook {
    let color: SIMD4<Double>
    let colorSpeed: SIMD4<Double>
    let scale: Double
    let scaleSpeed: Double
    let inheritedColor: SIMD4<Double>
    let inheritedScale: Double

    /// The colour at `age`, each component clamped to 0...1 before the inherited colour multiplies it.
    func color(at age: Double) -> SIMD4<Double> {
        (color + colorSpeed * age).clamped(lowerBound: .zero, upperBound: .one) * inheritedColor
    }

    /// The scale at `age`, before the layer's multiplier.
    func scale(at age: Double) -> Double { (scale + scaleSpeed * age) * inheritedScale }
}

/// A stretch of time over which one cell emits with the same values: births at `rate` per second of emitter
/// time (seconds since emission started) from `from` to `to`.
struct Stretch {
    let cell: EmitterCellValues
    let layer: EmitterValues
    let source: ParticleSource
    let from: Double
    let to: Double
    /// Births per second of emitter time.
    let rate: Double
    /// Seconds of the particles' lives per second of emitter time.
    let clock: Double
    /// For a sub-cell, when its parent was born (emitter time) and its parent's clock: the parent's age at
    /// emitter time e is (e - parentBirth) parentClock. 0 and 1 for a top-level cell.
    let parentBirth: Double
    let parentClock: Double
    /// The hash the particles' keys start from.
    let key: UInt64
    /// The cell's directions of emission.
    let cone: ParticleDraws.Cone

    /// The stretch of `cell` over emitter times [from, to) (for a sub-cell, its parent's life), clipped to
    /// the cell's own timing; nil when it emits nothing there.
    init?(cell: EmitterCellValues, layer: EmitterValues, source: ParticleSource, from: Double, to: Double,
          parentBirth: Double, parentClock: Double, key: UInt64) {
        guard cell.isEnabled else { return nil }
        let timing = cell.timing
        let speed = Double(timing.speed)
        let rate = Double(cell.birthRate) * Double(layer.birthRate)
        guard speed > 0, speed.isFinite, rate > 0, rate.isFinite, parentClock > 0, parentClock.isFinite else {
            if !rate.isFinite || !speed.isFinite {
                Diagnostics.report("CAEmitterCell: a birth rate or speed that is not finite emits nothing")
            }
            return nil
        }
        // The cell's local time (t - beginTime) speed + timeOffset lies in [0, duration) for parent times t
        // in [lo, hi): emitter time for a top-level cell, the parent's age for a sub-cell.
        let lo = timing.beginTime - timing.timeOffset / speed
        let hi = timing.duration > 0 ? lo + timing.duration / speed : Double.infinity
        let start = max(from, parentBirth + lo / parentClock), end = min(to, parentBirth + hi / parentClock)
        guard start < end, start.isFinite, !end.isNaN else { return nil }
        self.cell = cell
        self.layer = layer
        self.source = source
        self.from = start
        self.to = end
        self.rate = rate * speed * parentClock
        self.clock = speed * parentClock
        self.parentBirth = parentBirth
        self.parentClock = parentClock
        self.key = key
        cone = ParticleDraws.Cone(longitude: Double(cell.emissionLongitude), latitude: Double(cell.emissionLatitude),
                                  range: Double(cell.emissionRange))
    }
}
