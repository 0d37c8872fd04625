import Foundation

/// One evaluation of `ParticleSimulation.particles(of:at:)`: the budgets left and the batches made so far.
struct Run {
    /// The layer's local time asked for, and when emission started (the origin of emitter time).
    let time: Double
    let start: Double
    private var liveLeft = ParticleSimulation.maximumLiveParticles
    private var visitsLeft = ParticleSimulation.maximumVisitedBirths
    private var batches: [ParticleBatch] = []
    private var batchIndex: [[Int]: Int] = [:]

    init(time: Double, start: Double) {
        self.time = time
        self.start = start
    }

    /// Emits the particles of the cell at `path` over its stretches (in time order) as of emitter time
    /// `now`, newest first, and recursively its sub-cells' from each of them.
    mutating func emit(path: [Int], stretches: [Stretch], timeSinceStart now: Double) {
        guard !stretches.isEmpty else { return }
        // Step 1: the birth count at each stretch's start (rule 1), up to now.
        var counts: [Double] = []
        var count = 0.0
        for s in stretches {
            counts.append(count)
            if s.from < now { count += s.rate * (min(s.to, now) - s.from) }
        }
        guard count.isFinite, count < ParticleSimulation.maximumBirthCount else {
            Diagnostics.report("CAEmitterCell: a birth rate too high to count (over 2^50 births) emits nothing")
            return
        }
        // Step 2: newest stretch first, newest birth first, down to the oldest that can still show.
        var slot = batchIndex[path]
        for (j, s) in stretches.enumerated().reversed() {
            guard s.from <= now else { continue }
            let reach = Self.reach(of: s.cell, layer: s.layer, clock: s.clock)
            guard reach.isFinite else {
                Diagnostics.report("CAEmitterCell: a lifetime that is not finite emits nothing")
                continue
            }
            let first = counts[j]
            var high = (first + s.rate * (now - s.from)).rounded(.down)
            if s.to.isFinite { high = min(high, (first + s.rate * (s.to - s.from)).rounded(.up) - 1) }
            let low = max(first.rounded(.up), (first + s.rate * (now - reach - s.from)).rounded(.up))
            guard high >= low else { continue }
            if high - low + 1 > Double(visitsLeft) {
                Diagnostics.report("CAEmitterLayer: more than \(ParticleSimulation.maximumVisitedBirths) births to look at in one frame; the oldest are left out")
            }
            let lowest = max(low, high - Double(visitsLeft) + 1)
            var k = high
            while k >= lowest && visitsLeft > 0 && liveLeft > 0 {
                visitsLeft -= 1
                let birth = s.from + (k - first) / s.rate
                particle(k, born: birth, in: s, path: path, slot: &slot, now: now)
                k -= 1
            }
            if liveLeft == 0 || visitsLeft == 0 { return }
        }
    }

    /// How long before now (emitter seconds) a birth of `cell` can still show: its longest life, and that of
    /// the longest-lived sparks of its sub-cells.
    static func reach(of cell: EmitterCellValues, layer: EmitterValues, clock: Double) -> Double {
        let longest = (Double(cell.lifetime) + abs(Double(cell.lifetimeRange))) * Double(layer.lifetime)
        var sub = 0.0
        for child in cell.emitterCells where child.isEnabled && child.birthRate > 0 {
            let speed = Double(child.timing.speed)
            guard speed > 0 else { continue }
            sub = max(sub, reach(of: child, layer: layer, clock: clock * speed))
        }
        return max(0, longest) / clock + sub
    }

    /// Makes particle `k` of stretch `s`, born at emitter time `birth`: kept when alive now, and an emitter of
    /// its cell's sub-cells while it lives.
    /// `slot`: the index of the cell's batch, once it has one.
    private mutating func particle(_ k: Double, born birth: Double, in s: Stretch, path: [Int], slot: inout Int?,
                                   now: Double) {
        let key = ParticleDraws.mix(s.key, UInt64(exactly: k) ?? 0)
        let draws = ParticleDraws(key: key)
        let cell = s.cell, layer = s.layer
        let lifetime = ParticleDraws.ranged(Double(cell.lifetime), Double(cell.lifetimeRange), draws.lifetime)
            * Double(layer.lifetime)
        guard lifetime > 0 else { return }
        let p0: SIMD3<Double>
        var inheritedColor = SIMD4<Double>(repeating: 1), inheritedScale = 1.0
        switch s.source {
        case .emitter:
            p0 = ParticleDraws.place(layer, draws.place)
        case .particle(let q0, let v, let a, let parent):
            let age = (birth - s.parentBirth) * s.parentClock
            p0 = q0 + v * age + a * (0.5 * age * age)
            (inheritedColor, inheritedScale) = (parent.color(at: age), parent.scale(at: age))
        }
        let look = Self.look(of: cell, draws: draws, inheritedColor: inheritedColor, inheritedScale: inheritedScale)
        let direction = s.cone.direction(draws.cone)
        let speed = ParticleDraws.ranged(Double(cell.velocity), Double(cell.velocityRange), draws.velocity)
            * Double(layer.velocity)
        let velocity = direction * speed
        let acceleration = SIMD3(Double(cell.xAcceleration), Double(cell.yAcceleration), Double(cell.zAcceleration))
        let age = (now - birth) * s.clock
        if age >= 0 && age < lifetime && liveLeft > 0 {
            let scale = look.scale(at: age) * Double(layer.scale)
            let spin = ParticleDraws.ranged(Double(cell.spin), Double(cell.spinRange), draws.spin) * Double(layer.spin)
            let color = SIMD4<Float>(look.color(at: age))
            let position = p0 + velocity * age + acceleration * (0.5 * age * age)
            let particle = Particle(position: position, scale: max(0, scale), rotation: spin * age, color: color,
                                    birth: birth + start, age: age)
            if Self.isDrawable(particle) { add(particle, path: path, slot: &slot, cell: cell) }
        }
        guard !cell.emitterCells.isEmpty, age >= 0 else { return }
        for (index, child) in cell.emitterCells.enumerated() {
            let childKey = ParticleDraws.mix(key, UInt64(index) &+ 1)
            guard let stretch = Stretch(cell: child, layer: layer, source: .particle(p0: p0, velocity: velocity, acceleration: acceleration, look: look),
                                        from: birth, to: birth + lifetime / s.clock, parentBirth: birth,
                                        parentClock: s.clock, key: childKey) else { continue }
            emit(path: path + [index], stretches: [stretch], timeSinceStart: now)
            if liveLeft == 0 || visitsLeft == 0 { return }
        }
    }

    /// A particle's colour and scale over its life: `cell`'s values with their ranges drawn by `draws`.
    static func look(of cell: EmitterCellValues, draws: ParticleDraws, inheritedColor: SIMD4<Double>,
                     inheritedScale: Double) -> ParticleLook {
        var color = SIMD4<Double>(), colorSpeed = SIMD4<Double>()
        for c in 0..<4 {
            color[c] = ParticleDraws.ranged(Double(cell.color[c]), Double(cell.colorRange[c]), draws.color[c])
            colorSpeed[c] = Double(cell.colorSpeed[c])
        }
        return ParticleLook(color: color, colorSpeed: colorSpeed,
                            scale: ParticleDraws.ranged(Double(cell.scale), Double(cell.scaleRange), draws.scale),
                            scaleSpeed: Double(cell.scaleSpeed), inheritedColor: inheritedColor, inheritedScale: inheritedScale)
    }

    /// Whether a particle's numbers are finite and within what drawing can place (1e7 points, as layers).
    static func isDrawable(_ p: Particle) -> Bool {
        let limit = 1e7
        return abs(p.position.x) < limit && abs(p.position.y) < limit && abs(p.position.z) < limit
            && p.scale < limit && p.rotation.isFinite
    }

    /// Adds a live particle to its cell's batch.
    private mutating func add(_ particle: Particle, path: [Int], slot: inout Int?, cell: EmitterCellValues) {
        liveLeft -= 1
        if liveLeft == 0 {
            Diagnostics.report("CAEmitterLayer: more than \(ParticleSimulation.maximumLiveParticles) live particles; the oldest are not drawn")
        }
        if let slot {
            batches[slot].particles.append(particle)
            return
        }
        slot = batches.count
        batchIndex[path] = batches.count
        batches.append(ParticleBatch(cellPath: path, contents: cell.contents, contentsRect: cell.contentsRect,
                                     contentsScale: cell.contentsScale, magnificationFilter: cell.magnificationFilter,
                                     minificationFilter: cell.minificationFilter, particles: [particle]))
    }

    /// The batches in cell order, each in the render mode's order.
    func finish(order: CAEmitterLayerRenderMode) -> [ParticleBatch] {
        var result = batches.sorted { $0.cellPath.lexicographicallyPrecedes($1.cellPath) }
        for i in result.indices {
            switch order {
            case .oldestLast: result[i].particles.sort { $0.birth > $1.birth }
            case .backToFront:
                result[i].particles.sort { ($0.position.z, $0.birth) < ($1.position.z, $1.birth) }
            default:
                // A cell without sub-cells comes newest first: reversing is the sort.
                let particles = result[i].particles
                if zip(particles, particles.dropFirst()).allSatisfy({ $0.birth >= $1.birth }) {
                    result[i].particles.reverse()
                } else {
                    result[i].particles.sort { $0.birth < $1.birth }
                }
            }
        }
        return result
    }
}
