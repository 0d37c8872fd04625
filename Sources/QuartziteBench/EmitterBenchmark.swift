import Foundation
import Quartzite
import QuartziteRender

/// Times an emitter layer headless at a steady number of live particles: one cell born at `particles / 2`
/// a second, each living exactly 2 s, spread in every direction from the middle of a 375 x 667 canvas (or from
/// all over it),
/// turning and fading, soft discs of a given size (scaled by 0.7 to 1.3). Reports the frame (evaluate, build
/// the display list with the simulation, draw, wait for the GPU), the simulation alone, and the quad floor of
/// the same run (one canvas-sized textured quad a frame).
@MainActor
public enum EmitterBenchmark {
    /// What one run measured, milliseconds.
    public struct Result: Sendable {
        /// Live particles in each frame.
        public var particles: Int
        /// The median and 99th-percentile frame.
        public var medianMs: Double, p99Ms: Double
        /// The median frame's split by stage.
        public var median: FrameTimings
        /// `ParticleSimulation.particles(of:at:)` alone, median over the same times.
        public var simulationMedianMs: Double
        /// The median frame of one canvas-sized textured quad, in the same run.
        public var quadFloorMs: Double
    }

    /// Renders `frames` frames 1/60 s apart from t = 10 s (steady state); throws when no headless context
    /// can be made.
    /// `spread`: born all over the canvas (a rectangle emitter the canvas's size) instead of at its middle,
    /// where every particle crowds the same few of llvmpipe's tiles.
    public static func run(particles: Int, side: Int, spread: Bool = false, frames: Int) throws -> Result {
        let count = min(max(particles, 2), 100_000)
        let canvas = CGSize(width: 375, height: 667)
        let root = CALayer()
        let emitter = CAEmitterLayer()
        MediaClock.performFrozen(at: 0) {
            root.frame = CGRect(origin: .zero, size: canvas)
            root.backgroundColor = .black
            emitter.frame = root.bounds
            emitter.emitterPosition = CGPoint(x: canvas.width / 2, y: canvas.height / 2)
            if spread {
                emitter.emitterShape = .rectangle
                emitter.emitterSize = canvas
            }
            let cell = CAEmitterCell()
            cell.contents = disc(side: min(max(side, 2), 256))
            cell.birthRate = Float(count) / 2
            cell.lifetime = 2
            cell.velocity = 90
            cell.velocityRange = 60
            cell.emissionRange = .pi
            cell.spin = 1
            cell.spinRange = 3
            cell.scale = 1
            cell.scaleRange = 0.3
            cell.alphaSpeed = -0.3
            cell.color = CGColor(red: 1, green: 0.8, blue: 0.4, alpha: 1)
            emitter.emitterCells = [cell]
            root.addSublayer(emitter)
        }
        let renderer = try HeadlessRenderer(size: canvas)
        defer { renderer.close() }
        _ = try renderer.renderTimed(root, at: 10)
        var samples: [(ms: Double, timings: FrameTimings)] = []
        var simulation: [Double] = []
        var live = 0
        for f in 0..<max(1, frames) {
            let t = 10 + Double(f + 1) / 60
            let start = CACurrentMediaTime()
            let timings = try renderer.renderTimed(root, at: t)
            samples.append(((CACurrentMediaTime() - start) * 1000, timings))
            let state = Evaluator.presentationTree(of: emitter, at: t).properties.emitter ?? EmitterState()
            let simulated = CACurrentMediaTime()
            live = ParticleSimulation.particles(of: state, at: state.time).reduce(0) { $0 + $1.particles.count }
            simulation.append((CACurrentMediaTime() - simulated) * 1000)
        }
        samples.sort { $0.ms < $1.ms }
        simulation.sort()
        let times = samples.map(\.ms)
        return Result(particles: live, medianMs: Percentile.of(times, 0.5), p99Ms: Percentile.of(times, 0.99),
                      median: samples[samples.count / 2].timings, simulationMedianMs: Percentile.of(simulation, 0.5),
                      quadFloorMs: try quadFloor(renderer, canvas: canvas, frames: frames))
    }

    /// The median frame of one canvas-sized textured quad on `renderer`, nudged by a hair each frame so that
    /// every frame is drawn.
    private static func quadFloor(_ renderer: HeadlessRenderer, canvas: CGSize, frames: Int) throws -> Double {
        let root = CALayer()
        let quad = CALayer()
        MediaClock.performFrozen(at: 0) {
            root.frame = CGRect(origin: .zero, size: canvas)
            quad.frame = root.bounds
            quad.contents = disc(side: 256)
            root.addSublayer(quad)
        }
        var times: [Double] = []
        for f in 0..<max(1, frames) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            quad.position.x = canvas.width / 2 + (f % 2 == 0 ? 0 : 0.001)
            CATransaction.commit()
            let start = CACurrentMediaTime()
            _ = try renderer.renderTimed(root, at: 10 + Double(f) / 60)
            times.append((CACurrentMediaTime() - start) * 1000)
        }
        times.sort()
        return Percentile.of(times, 0.5)
    }

    /// A soft white disc of `side` pixels.
    private static func disc(side: Int) -> CGImage? {
        var bytes: [UInt8] = []
        let r = Double(side) / 2
        for y in 0..<side {
            for x in 0..<side {
                let d = hypot(Double(x) + 0.5 - r, Double(y) + 0.5 - r) / r
                let a = UInt8(clamping: Int((min(1, max(0, (1 - d) * 2)) * 255).rounded()))
                bytes += [a, a, a, a]
            }
        }
        return try? CGImage(width: side, height: side, premultipliedRGBA: bytes)
    }
}
