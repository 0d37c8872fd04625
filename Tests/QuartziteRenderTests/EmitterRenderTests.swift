import Foundation
import Testing
import Quartzite
import QuartziteRender

/// Emitter layers drawn headless: particles where the simulation puts them and nowhere else, their colour
/// multiplying the cell's image, additive render mode adding up, and a frame the same however it was reached.
@MainActor
@Suite(.serialized)
struct EmitterRenderTests {
    /// An opaque white square of `side` pixels with a transparent border of one pixel (soft edges).
    func dot(_ side: Int = 6) throws -> CGImage {
        var bytes: [UInt8] = []
        for y in 0..<side {
            for x in 0..<side {
                let inside = x > 0 && y > 0 && x < side - 1 && y < side - 1
                bytes += inside ? [255, 255, 255, 255] : [0, 0, 0, 0]
            }
        }
        return try CGImage(width: side, height: side, premultipliedRGBA: bytes)
    }

    /// A black 100 x 100 canvas holding an emitter whose cells are given at time 0.
    func scene(_ configure: (CAEmitterLayer) throws -> Void) throws -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = .black
        let emitter = CAEmitterLayer()
        emitter.frame = root.bounds
        try MediaClock.performFrozen(at: 0) {
            try configure(emitter)
            root.addSublayer(emitter)
        }
        return root
    }

    /// One red particle a second moving right at 20 points a second from (20, 50), scale 2 (12 x 12 points
    /// with an opaque middle of 8 x 8, fading to nothing over the next two points each way).
    func marchingDots() throws -> CALayer {
        let image = try dot()
        return try scene { emitter in
            emitter.emitterPosition = CGPoint(x: 20, y: 50)
            let cell = CAEmitterCell()
            cell.contents = image
            cell.birthRate = 1
            cell.lifetime = 10
            cell.velocity = 20
            cell.scale = 2
            cell.color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            emitter.emitterCells = [cell]
        }
    }

    @Test func particlesAreDrawnWhereTheyAreAndNowhereElse() throws {
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        defer { renderer.close() }
        let b = try renderer.render(try marchingDots(), at: 2)
        let red = rgba(255, 0, 0)
        // Born at 0, 1 and 2: at x = 60, 40 and 20 on y = 50.
        for x in [20, 40, 60] {
            #expect(maxChannelDifference(b.pixel(x: x, y: 50), red) <= 2, "x = \(x)")
            #expect(maxChannelDifference(b.pixel(x: x + 2, y: 52), red) <= 2, "x = \(x)")
        }
        for (x, y) in [(30, 50), (50, 50), (70, 50), (80, 50), (20, 60), (40, 40), (10, 50)] {
            #expect(maxChannelDifference(b.pixel(x: x, y: y), rgba(0, 0, 0)) <= 2, "(\(x), \(y))")
        }
        if maxChannelDifference(b.pixel(x: 40, y: 50), red) > 2 { keepForInspection(b, "emitter-marching") }
    }

    @Test func aFrameIsTheSameHoweverItIsReached() throws {
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        defer { renderer.close() }
        let root = try marchingDots()
        let forwards = try renderer.render(root, at: 3.5)
        _ = try renderer.render(root, at: 6.25)
        let backwards = try renderer.render(root, at: 3.5)
        #expect(largestDifference(forwards, backwards) == 0)
        let fresh = try renderer.render(try marchingDots(), at: 3.5)
        #expect(largestDifference(forwards, fresh) == 0)
        #expect(largestDifference(forwards, try renderer.render(root, at: 6.25)) > 0)
    }

    @Test func additiveRenderModeAddsAndOthersCover() throws {
        func twoCells(_ mode: CAEmitterLayerRenderMode) throws -> CALayer {
            let image = try dot()
            return try scene { emitter in
                emitter.emitterPosition = CGPoint(x: 50, y: 50)
                emitter.renderMode = mode
                emitter.emitterCells = (0..<2).map { _ in
                    let cell = CAEmitterCell()
                    cell.contents = image
                    cell.birthRate = 1
                    cell.lifetime = 0.5
                    cell.scale = 2
                    cell.color = CGColor(red: 0.4, green: 0, blue: 0, alpha: 1)
                    return cell
                }
            }
        }
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        defer { renderer.close() }
        let added = try renderer.render(try twoCells(.additive), at: 0.25).pixel(x: 50, y: 50)
        let over = try renderer.render(try twoCells(.unordered), at: 0.25).pixel(x: 50, y: 50)
        #expect(maxChannelDifference(added, rgba(204, 0, 0)) <= 3)
        #expect(maxChannelDifference(over, rgba(102, 0, 0)) <= 3)
    }

    @Test func disabledCellsAndCellsWithoutContentsDrawNothing() throws {
        let image = try dot()
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        defer { renderer.close() }
        for enabled in [false, true] {
            let root = try scene { emitter in
                emitter.emitterPosition = CGPoint(x: 50, y: 50)
                emitter.emitterShape = .rectangle
                emitter.emitterSize = CGSize(width: 100, height: 100)
                let cell = CAEmitterCell()
                cell.contents = enabled ? nil : image
                cell.isEnabled = enabled
                cell.birthRate = 500
                cell.lifetime = 5
                emitter.emitterCells = [cell]
            }
            let b = try renderer.render(root, at: 2)
            #expect(b.rgba.enumerated().allSatisfy { $0.offset % 4 == 3 || $0.element == 0 })
        }
    }

    /// Hostile numbers (NaN and huge positions, scales, rectangles, speeds) neither trap nor spoil the rest
    /// of the frame: a layer drawn after the emitter still shows.
    @Test func hostileNumbersBreakNothing() throws {
        let image = try dot()
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        defer { renderer.close() }
        let configurations: [(CAEmitterLayer, CAEmitterCell) -> Void] = [
            { layer, _ in layer.emitterPosition = CGPoint(x: CGFloat.nan, y: 10) },
            { layer, _ in layer.emitterPosition = CGPoint(x: 1e300, y: 10) },
            { _, cell in cell.scale = 1e30 },
            { _, cell in cell.scale = .infinity },
            { _, cell in cell.contentsRect = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1) },
            { _, cell in cell.contentsScale = 0 },
            { _, cell in cell.velocity = 1e300 },
            { _, cell in cell.spin = .nan },
            { layer, _ in layer.emitterSize = CGSize(width: 1e300, height: .nan); layer.emitterShape = .rectangle },
        ]
        for (index, configure) in configurations.enumerated() {
            let root = try scene { emitter in
                emitter.emitterPosition = CGPoint(x: 50, y: 50)
                let cell = CAEmitterCell()
                cell.contents = image
                cell.birthRate = 50
                cell.lifetime = 2
                configure(emitter, cell)
                emitter.emitterCells = [cell]
            }
            let marker = solidLayer(CGRect(x: 0, y: 90, width: 10, height: 10), CGColor(red: 0, green: 1, blue: 0, alpha: 1))
            root.addSublayer(marker)
            let b = try renderer.render(root, at: 1)
            #expect(maxChannelDifference(b.pixel(x: 5, y: 95), rgba(0, 255, 0)) <= 1, "case \(index)")
        }
    }
}
