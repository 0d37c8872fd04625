import Foundation
import Testing
@testable import Quartzite

/// The particle simulation (`ParticleSimulation`) against a reference written here: births every 1/rate
/// seconds from the start, each particle stepped forward from its birth in small Euler steps, alive while
/// 0 <= age < lifetime.
@Suite struct EmitterSimulationTests {
    /// An emitter state whose cells are given at layer time `start`.
    func state(start: Double = 0, _ configure: (inout EmitterValues) -> Void) -> EmitterState {
        var state = EmitterState()
        state.change(at: start) { configure(&$0) }
        return state
    }

    /// A cell with no ranges: every particle moves the same way.
    func plainCell() -> EmitterCellValues {
        var cell = EmitterCellValues()
        cell.birthRate = 10
        cell.lifetime = 1.05
        cell.velocity = 100
        cell.emissionLongitude = 0.3
        cell.yAcceleration = 50
        cell.xAcceleration = -20
        cell.contents = nil
        return cell
    }

    /// The reference: particle k born at start + k / rate, integrated with explicit Euler steps of `dt`.
    func reference(rate: Double, lifetime: Double, speed: Double, longitude: Double, acceleration: SIMD2<Double>,
                   from p0: SIMD2<Double>, start: Double, at t: Double, dt: Double = 1e-4) -> [SIMD2<Double>] {
        var result: [SIMD2<Double>] = []
        var k = 0.0
        while start + k / rate <= t {
            let birth = start + k / rate
            k += 1
            guard t - birth < lifetime else { continue }
            var p = p0, v = SIMD2(cos(longitude), sin(longitude)) * speed
            var age = 0.0
            while age + dt <= t - birth {
                p += v * dt + acceleration * (0.5 * dt * dt)
                v += acceleration * dt
                age += dt
            }
            let rest = t - birth - age
            p += v * rest + acceleration * (0.5 * rest * rest)
            result.append(p)
        }
        return result
    }

    @Test func countsAndPositionsMatchTheReference() {
        let start = 3.0
        let s = state(start: start) {
            $0.emitterPosition = CGPoint(x: 100, y: 50)
            $0.cells = [plainCell()]
        }
        for t in [3.0, 3.04, 3.55, 4.37, 9.999] {
            let batches = ParticleSimulation.particles(of: s, at: t)
            let particles = batches.first?.particles ?? []
            let expected = reference(rate: 10, lifetime: 1.05, speed: 100, longitude: 0.3,
                                     acceleration: SIMD2(-20, 50), from: SIMD2(100, 50), start: start, at: t)
            #expect(particles.count == expected.count, "t = \(t)")
            for (p, e) in zip(particles, expected) {
                #expect(abs(p.position.x - e.x) < 1e-3 && abs(p.position.y - e.y) < 1e-3, "t = \(t): \(p.position) vs \(e)")
                #expect(p.position.z == 0)
            }
        }
    }

    @Test func layerMultipliersScaleRateLifetimeAndVelocity() {
        let s = state {
            $0.cells = [plainCell()]
            $0.birthRate = 2
            $0.lifetime = 0.5
            $0.velocity = 3
        }
        let particles = ParticleSimulation.particles(of: s, at: 2).first?.particles ?? []
        let expected = reference(rate: 20, lifetime: 0.525, speed: 300, longitude: 0.3, acceleration: SIMD2(-20, 50),
                                 from: .zero, start: 0, at: 2)
        #expect(particles.count == expected.count)
        #expect(particles.count == 11)
        for (p, e) in zip(particles, expected) {
            #expect(abs(p.position.x - e.x) < 1e-3 && abs(p.position.y - e.y) < 1e-3)
        }
    }

    @Test func lifetimeBoundaries() {
        var cell = EmitterCellValues()
        cell.birthRate = 1
        cell.lifetime = 2
        let s = state { $0.cells = [cell] }
        // Born at 0, 1, 2, ...: at t = 2 the first is exactly 2 s old, which is dead; the one born at 2 is age 0.
        let ages = { (t: Double) in (ParticleSimulation.particles(of: s, at: t).first?.particles ?? []).map(\.age) }
        #expect(ages(2) == [1, 0])
        #expect(ages(1.999).count == 2)
        #expect(ages(0) == [0])
        #expect(ages(-0.001).isEmpty)
    }

    @Test func sameTimeTwiceAndScrubbingBackwardsGiveTheSameParticles() {
        var cell = plainCell()
        cell.lifetimeRange = 0.5
        cell.velocityRange = 40
        cell.emissionRange = .pi
        cell.scaleRange = 0.3
        cell.spin = 1
        cell.spinRange = 2
        cell.colorRange = SIMD4(0.2, 0.2, 0.2, 0.2)
        let s = state {
            $0.cells = [cell]
            $0.emitterShape = .rectangle
            $0.emitterSize = CGSize(width: 200, height: 40)
            $0.seed = 7
        }
        let early = ParticleSimulation.particles(of: s, at: 1.3)
        let late = ParticleSimulation.particles(of: s, at: 4.2)
        #expect(!early.isEmpty && !late.isEmpty)
        #expect(ParticleSimulation.particles(of: s, at: 4.2) == late)
        #expect(ParticleSimulation.particles(of: s, at: 1.3) == early)
        // Another seed moves them.
        var other = s
        other.current.seed = 8
        #expect(ParticleSimulation.particles(of: other, at: 4.2) != late)
    }

    @Test func rangesStayWithinTheirBounds() {
        var cell = EmitterCellValues()
        cell.birthRate = 200
        cell.lifetime = 2
        cell.lifetimeRange = 0.5
        cell.scale = 1
        cell.scaleRange = 0.25
        cell.color = SIMD4(0.5, 0.5, 0.5, 1)
        cell.colorRange = SIMD4(0.1, 0.2, 0.3, 0)
        cell.velocity = 50
        cell.velocityRange = 10
        cell.emissionRange = .pi
        let s = state { $0.cells = [cell] }
        let particles = ParticleSimulation.particles(of: s, at: 10).first?.particles ?? []
        // Births over the last 2.5 s at 200 a second, each living 1.5 to 2.5 s: about 400.
        #expect(particles.count > 300 && particles.count < 500)
        #expect(particles.allSatisfy { $0.age < 2.5 })
        #expect(particles.contains { $0.age > 2.2 })
        #expect(particles.allSatisfy { $0.scale >= 0.75 && $0.scale <= 1.25 })
        #expect(particles.allSatisfy { abs($0.color.x - 0.5) <= 0.1 + 1e-6 && abs($0.color.z - 0.5) <= 0.3 + 1e-6 })
        // Distance from the emitter is speed x age, speed in 40...60 (no acceleration).
        #expect(particles.allSatisfy {
            let d = ($0.position * $0.position).sum().squareRoot()
            return d >= 40 * $0.age - 1e-9 && d <= 60 * $0.age + 1e-9
        })
    }

    @Test func disabledCellsAndZeroRatesEmitNothing() {
        var cell = plainCell()
        cell.isEnabled = false
        #expect(ParticleSimulation.particles(of: state { $0.cells = [cell] }, at: 5).isEmpty)
        #expect(ParticleSimulation.particles(of: state { $0.cells = [plainCell()]; $0.birthRate = 0 }, at: 5).isEmpty)
        #expect(ParticleSimulation.particles(of: state { _ in }, at: 5).isEmpty)
    }

    @Test func stoppingBirthsKeepsTheParticlesInFlight() {
        var cell = plainCell()
        cell.lifetime = 10
        var s = state(start: 0) { $0.cells = [cell] }
        let before = ParticleSimulation.particles(of: s, at: 1.5).first?.particles ?? []
        s.change(at: 1.0) { $0.birthRate = 0 }
        let after = ParticleSimulation.particles(of: s, at: 1.5).first?.particles ?? []
        // Born at 0, 0.1, ..., 0.9 (ten), then none; each where it was without the change.
        #expect(after.count == 10)
        #expect(Array(before.prefix(10)) == after)
        // Births go on from the count they reached when the rate comes back.
        s.change(at: 2.0) { $0.birthRate = 1 }
        let resumed = ParticleSimulation.particles(of: s, at: 2.05).first?.particles ?? []
        #expect(resumed.count == 11)
        #expect(resumed.last?.birth == 2.0)
    }

    @Test func subCellsEmitFromTheirParticlesDuringTheirWindow() {
        var spark = EmitterCellValues()
        spark.birthRate = 10
        spark.lifetime = 1
        spark.timing.beginTime = 0.5
        spark.timing.duration = 0.2
        var rocket = EmitterCellValues()
        rocket.birthRate = 1
        rocket.lifetime = 1
        rocket.velocity = 100
        rocket.emissionLongitude = .pi / 2
        rocket.emitterCells = [spark]
        let s = state { $0.cells = [rocket] }
        let batches = ParticleSimulation.particles(of: s, at: 0.65)
        #expect(batches.map(\.cellPath) == [[0], [0, 0]])
        let sparks = batches[1].particles
        // Born when the rocket was 0.5 and 0.6 s old, where it was then (straight down at 100 points/s).
        #expect(sparks.count == 2)
        #expect(sparks.map(\.birth) == [0.5, 0.6])
        #expect(abs(sparks[0].position.y - 50) < 1e-9 && abs(sparks[1].position.y - 60) < 1e-9)
        // After the window, sparks outlive their rocket.
        let later = ParticleSimulation.particles(of: s, at: 1.4)
        #expect(later.first { $0.cellPath == [0, 0] }?.particles.count == 2)
    }

    /// As Apple documents for sub-cells ("the scale and color of fireworkCell are inherited by trailCell"), a
    /// spark's colour and scale are its own times its parent particle's when it is born; the parent's
    /// colour changes at its speed, so sparks born later inherit a later colour.
    @Test func subCellsInheritTheirParentsColourAndScale() throws {
        var spark = EmitterCellValues()
        spark.birthRate = 10
        spark.lifetime = 5
        spark.color = SIMD4(0.5, 1, 1, 1)
        spark.scale = 2
        spark.scaleSpeed = 1
        spark.timing.beginTime = 0.5
        spark.timing.duration = 0.15
        var rocket = EmitterCellValues()
        rocket.birthRate = 1
        rocket.lifetime = 3
        rocket.color = SIMD4(1, 0.5, 0.25, 1)
        rocket.colorSpeed = SIMD4(0, 0, 0, -0.5)
        rocket.scale = 0.5
        rocket.scaleSpeed = 0.5
        rocket.emitterCells = [spark]
        let s = state { $0.cells = [rocket] }
        let batches = ParticleSimulation.particles(of: s, at: 1)
        let rockets = try #require(batches.first { $0.cellPath == [0] }?.particles)
        let sparks = try #require(batches.first { $0.cellPath == [0, 0] }?.particles)
        // The first rocket, 1 s old: its own values only (the second is born at 1 s).
        let first = try #require(rockets.first { $0.birth == 0 })
        #expect(rockets.count == 2 && abs(first.scale - 1) < 1e-9 && first.color == SIMD4(1, 0.5, 0.25, 0.5))
        // Sparks born at rocket ages 0.5 and 0.6, now 0.5 and 0.4 s old.
        #expect(sparks.map(\.birth) == [0.5, 0.6])
        for (spark, (born, age)) in zip(sparks, [(0.5, 0.5), (0.6, 0.4)]) {
            let parentScale = 0.5 + 0.5 * born, parentAlpha = 1 - 0.5 * born
            #expect(abs(spark.scale - (2 + age) * parentScale) < 1e-6, "scale of the spark born at \(born)")
            let expected = SIMD4<Double>(0.5 * 1, 1 * 0.5, 1 * 0.25, 1 * parentAlpha)
            #expect((0..<4).allSatisfy { abs(Double(spark.color[$0]) - expected[$0]) < 1e-6 }, "\(spark.color) vs \(expected)")
        }
    }

    @Test func hostileNumbersNeitherTrapNorHang() {
        var flood = plainCell()
        flood.birthRate = 1e12
        flood.lifetime = 1e9
        let clock = ContinuousClock()
        var count = 0
        let elapsed = clock.measure {
            count = ParticleSimulation.particles(of: state { $0.cells = [flood] }, at: 100).reduce(0) { $0 + $1.particles.count }
        }
        #expect(count == ParticleSimulation.maximumLiveParticles)
        #expect(elapsed < .seconds(20))
        for bad in [Float.nan, .infinity, -.infinity, -5] {
            var cell = plainCell()
            cell.birthRate = bad
            #expect(ParticleSimulation.particles(of: state { $0.cells = [cell] }, at: 3).isEmpty)
            cell = plainCell()
            cell.lifetime = bad
            #expect(ParticleSimulation.particles(of: state { $0.cells = [cell] }, at: 3).isEmpty)
        }
        var fast = plainCell()
        fast.velocity = .nan
        #expect(ParticleSimulation.particles(of: state { $0.cells = [fast] }, at: 3).isEmpty)
        fast.velocity = 1e300
        #expect(ParticleSimulation.particles(of: state { $0.cells = [fast] }, at: 3).allSatisfy { $0.particles.count <= 1 })
        #expect(ParticleSimulation.particles(of: state { $0.cells = [plainCell()] }, at: .nan).isEmpty)
        #expect(ParticleSimulation.particles(of: state(start: .infinity) { $0.cells = [plainCell()] }, at: 3).isEmpty)
    }

    @Test func shapesPlaceParticlesOnThemselves() {
        var cell = EmitterCellValues()
        cell.birthRate = 500
        cell.lifetime = 1
        func places(_ shape: CAEmitterLayerEmitterShape, _ mode: CAEmitterLayerEmitterMode) -> [SIMD3<Double>] {
            let s = state {
                $0.cells = [cell]
                $0.emitterShape = shape
                $0.emitterMode = mode
                $0.emitterPosition = CGPoint(x: 10, y: 20)
                $0.emitterSize = CGSize(width: 40, height: 30)
                $0.emitterDepth = 6
            }
            return (ParticleSimulation.particles(of: s, at: 0.5).first?.particles ?? []).map(\.position)
        }
        let c = SIMD3<Double>(10, 20, 0)
        #expect(places(.point, .volume).allSatisfy { $0 == c })
        #expect(places(.line, .volume).allSatisfy { $0.y == 20 && abs($0.x - 10) <= 20 })
        #expect(Set(places(.line, .points).map(\.x)) == [-10, 30])
        #expect(places(.rectangle, .surface).allSatisfy { abs($0.x - 10) <= 20 && abs($0.y - 20) <= 15 && $0.z == 0 })
        #expect(places(.rectangle, .outline).allSatisfy { abs(abs($0.x - 10) - 20) < 1e-9 || abs(abs($0.y - 20) - 15) < 1e-9 })
        #expect(Set(places(.cuboid, .points).map(\.z)) == [-3, 3])
        #expect(places(.circle, .outline).allSatisfy { abs((($0 - c) * ($0 - c)).sum().squareRoot() - 40) < 1e-9 })
        #expect(places(.sphere, .volume).allSatisfy { (($0 - c) * ($0 - c)).sum().squareRoot() <= 40 + 1e-9 })
        #expect(places(.sphere, .volume).contains { $0.z != 0 })
    }

    /// Through the layer: the public setters stamp changes at the layer's time, and the Evaluator passes
    /// the layer's local time to the presentation node.
    @Test func layerSettersAndThePresentationTime() throws {
        let layer = CAEmitterLayer()
        let cell = CAEmitterCell()
        cell.birthRate = 4
        cell.lifetime = 10
        cell.name = "dot"
        MediaClock.performFrozen(at: 50) {
            layer.emitterPosition = CGPoint(x: 5, y: 6)
            layer.emitterCells = [cell]
        }
        cell.birthRate = 1000  // a change after the cells were given does not show
        MediaClock.performFrozen(at: 52) { layer.birthRate = 0 }
        let node = Evaluator.presentationTree(of: layer, at: 53.5)
        #expect(node.kind == .emitter)
        let state = try #require(node.properties.emitter)
        #expect(state.time == 53.5)
        #expect(state.segments.count == 3)
        let particles = ParticleSimulation.particles(of: state, at: state.time).first?.particles ?? []
        #expect(particles.count == 8)
        #expect(particles.allSatisfy { $0.position == SIMD3(5, 6, 0) })
        #expect(layer.emitterCells?.first === cell)
        #expect(layer.birthRate == 0)
        #expect(layer.emitterPosition == CGPoint(x: 5, y: 6))
    }

    /// Key-value coding as Core Animation's: `emitterCells.name.key` changes a named cell from that moment
    /// on, and the emitter's own properties go through their setters.
    @Test func keyPathsIntoNamedCells() throws {
        let layer = CAEmitterLayer()
        let a = CAEmitterCell(), b = CAEmitterCell(), spark = CAEmitterCell()
        a.name = "a"
        b.name = "b"
        spark.name = "spark"
        for cell in [a, b] {
            cell.birthRate = 2
            cell.lifetime = 100
        }
        b.emitterCells = [spark]
        MediaClock.performFrozen(at: 50) { layer.emitterCells = [a, b] }
        MediaClock.performFrozen(at: 52) { layer.setValue(0, forKeyPath: "emitterCells.a.birthRate") }
        #expect(layer.value(forKeyPath: "emitterCells.a.birthRate") as? CGFloat == 0)
        #expect(a.birthRate == 0 && b.birthRate == 2)
        let state = try #require(Evaluator.presentationTree(of: layer, at: 53.5).properties.emitter)
        let counts = ParticleSimulation.particles(of: state, at: 53.5).map { ($0.cellPath, $0.particles.count) }
        // a: born at 50, 50.5, 51, 51.5 only; b: every half second from 50 through 53.5.
        #expect(counts.map(\.0) == [[0], [1]])
        #expect(counts.map(\.1) == [4, 8])

        layer.setValue(5, forKeyPath: "emitterCells.b.emitterCells.spark.velocity")
        #expect(spark.velocity == 5)
        #expect(layer.value(forKeyPath: "emitterCells.b.emitterCells.spark.velocity") as? CGFloat == 5)
        layer.setValue(2, forKey: "birthRate")
        #expect(layer.birthRate == 2)
        #expect(layer.value(forKey: "birthRate") as? CGFloat == 2)
        layer.setValue(CGPoint(x: 3, y: 4), forKey: "emitterPosition")
        #expect(layer.emitterPosition == CGPoint(x: 3, y: 4))
        layer.setValue(1, forKeyPath: "emitterCells.nobody.birthRate")
        #expect(Diagnostics.messages.contains { $0.contains("no emitter cell named \"nobody\"") })
        a.setValue("x", forKey: "birthRate")
        #expect(a.birthRate == 0)
        a.setValue(7, forKey: "custom")
        #expect(a.value(forKey: "custom") as? Int == 7)
    }
}

/// Regressions: an emitter configured and then started with `beginTime = CACurrentMediaTime()` (iOS's way to
/// start one without pre-warming) emitted nothing, its configuration stamped at the old, later layer time.
@Suite struct EmitterTimeBaseTests {
    func cell(rate: Float = 4) -> CAEmitterCell {
        let cell = CAEmitterCell()
        cell.birthRate = rate
        cell.lifetime = 100
        return cell
    }

    /// Particles alive at global time `t`, the layer the root: a birth every 1 / rate seconds from its start.
    func count(_ layer: CAEmitterLayer, at t: Double) throws -> Int {
        let state = try #require(Evaluator.presentationTree(of: layer, at: t).properties.emitter)
        return ParticleSimulation.particles(of: state, at: state.time).first?.particles.count ?? 0
    }

    @Test func configuredThenStartedAtTheCurrentTime() throws {
        let layer = CAEmitterLayer()
        MediaClock.performFrozen(at: 34_700) {
            layer.emitterPosition = CGPoint(x: 5, y: 6)
            layer.beginTime = CACurrentMediaTime()
            layer.emitterCells = [cell()]
        }
        // Local time 0 at 34,700: births at 0, 0.25, ... 2.0 by 34,702.
        #expect(try count(layer, at: 34_702) == 9)
        let state = try #require(Evaluator.presentationTree(of: layer, at: 34_702).properties.emitter)
        let particles = ParticleSimulation.particles(of: state, at: state.time).first?.particles ?? []
        #expect(particles.allSatisfy { $0.position == SIMD3(5, 6, 0) })
    }

    @Test func everythingSetBeforeTheBeginTime() throws {
        let layer = CAEmitterLayer()
        MediaClock.performFrozen(at: 500) {
            layer.emitterCells = [cell()]
            layer.beginTime = CACurrentMediaTime()
        }
        #expect(try count(layer, at: 501) == 5)
    }

    /// A superlayer's new beginTime moves the emitter's time back too; the next change joins the history
    /// to the present instead of waiting for the old time to come round.
    @Test func startedThroughItsSuperlayer() throws {
        let parent = CALayer(), layer = CAEmitterLayer()
        parent.addSublayer(layer)
        MediaClock.performFrozen(at: 200) {
            layer.emitterPosition = CGPoint(x: 1, y: 2)
            parent.beginTime = CACurrentMediaTime()
            layer.emitterCells = [cell()]
        }
        let state = try #require(Evaluator.presentationTree(of: parent, at: 202).sublayers.first?.properties.emitter)
        #expect(ParticleSimulation.particles(of: state, at: state.time).first?.particles.count == 9)
    }

    /// Pausing (speed 0 at the current time as `timeOffset`) and resuming (beginTime set to the time spent
    /// paused) keep the emitter's time continuous, so no particles are born while paused.
    @Test func pausedAndResumed() throws {
        let layer = CAEmitterLayer()
        MediaClock.performFrozen(at: 100) { layer.emitterCells = [cell()] }
        MediaClock.performFrozen(at: 101) {
            let paused = layer.convertTime(CACurrentMediaTime(), from: nil)
            layer.speed = 0
            layer.timeOffset = paused
        }
        #expect(try count(layer, at: 103) == 5)
        MediaClock.performFrozen(at: 103) {
            let paused = layer.timeOffset
            layer.speed = 1
            layer.timeOffset = 0
            layer.beginTime = 0
            layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - paused
        }
        // Two seconds of emission after the pause's two: births at 0 ... 2.0 of emitting time.
        #expect(try count(layer, at: 104) == 9)
    }
}
