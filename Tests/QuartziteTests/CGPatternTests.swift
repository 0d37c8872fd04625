import Foundation
import Testing
@testable import Quartzite

/// Counts callbacks a pattern makes through its `info` pointer.
final class PatternCallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts = (draws: 0, releases: 0)
    var draws: Int { lock.withLock { counts.draws } }
    var releases: Int { lock.withLock { counts.releases } }
    func drew() { lock.withLock { counts.draws += 1 } }
    func released() { lock.withLock { counts.releases += 1 } }
    /// The counter behind `info`, unretained.
    static func from(_ info: UnsafeMutableRawPointer?) -> PatternCallCounter? {
        info.map { Unmanaged<PatternCallCounter>.fromOpaque($0).takeUnretainedValue() }
    }
}

/// `CGPattern`: Core Graphics documents that pattern space maps through the pattern's matrix to the context's
/// default user space (not the CTM at the time of the fill), that cells repeat every xStep and yStep in pattern
/// space, that the pattern phase moves tiling in default user space, and that an uncoloured pattern paints the
/// colour given with it. Expected pixels are closed-form: in a bare bitmap context the default user space is
/// the pixel grid, y up, so a 2 x 2 cell square at the pattern origin repeated every 5 paints device pixel
/// (x, y) when x mod 5 < 2 and y mod 5 < 2 (row 19 - y of the 20 x 20 image).
@Suite struct CGPatternTests {
    let red: [UInt8] = [255, 0, 0, 255], empty: [UInt8] = [0, 0, 0, 0]

    /// A pattern whose cell fills the 2 x 2 square at the pattern origin in red.
    func squares(matrix: CGAffineTransform = .identity, xStep: CGFloat = 5, yStep: CGFloat = 5, colored: Bool = true,
                 bounds: CGRect = CGRect(x: 0, y: 0, width: 4, height: 4), info: UnsafeMutableRawPointer? = nil)
        -> CGPattern? {
        var callbacks = CGPatternCallbacks(version: 0, drawPattern: { info, ctx in
            PatternCallCounter.from(info)?.drew()
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }, releaseInfo: { info in PatternCallCounter.from(info)?.released() })
        return CGPattern(info: info, bounds: bounds, matrix: matrix, xStep: xStep, yStep: yStep,
                         tiling: .constantSpacing, isColored: colored, callbacks: &callbacks)
    }

    /// A 20 x 20 context filled whole with `pattern` at `components` after `prepare`.
    func filled(_ pattern: CGPattern, components: [CGFloat] = [1], base: CGColorSpace? = nil,
                prepare: (CGContext) -> Void = { _ in }) throws -> [UInt8] {
        let ctx = try #require(CGTest.context(20, 20))
        ctx.setFillColorSpace(try #require(CGColorSpace(patternBaseSpace: base)))
        components.withUnsafeBufferPointer { c in
            if let p = c.baseAddress { ctx.setFillPattern(pattern, colorComponents: p) }
        }
        prepare(ctx)
        ctx.fill(CGRect(x: -10, y: -10, width: 40, height: 40))
        return CGTest.pixels(ctx)
    }

    /// Pixels whose colour differs from `painted` where `inCell(x, y)` (y up) and from clear elsewhere.
    func mismatches(_ bytes: [UInt8], painted: [UInt8], size: Int = 20, _ inCell: (Int, Int) -> Bool) -> [String] {
        (0..<size).flatMap { row in
            (0..<size).compactMap { x in
                let want = inCell(x, size - 1 - row) ? painted : empty
                return CGTest.pixel(bytes, width: size, x: x, row: row) == want ? nil : "(\(x), \(size - 1 - row))"
            }
        }
    }

    func mod(_ v: Int, _ m: Int) -> Int { ((v % m) + m) % m }

    @Test func aColouredPatternRepeatsItsCellEveryStep() throws {
        let bytes = try filled(try #require(squares()))
        #expect(mismatches(bytes, painted: red) { x, y in x % 5 < 2 && y % 5 < 2 } == [])
    }

    /// The CTM at the time of the fill moves the shape, not the tiles.
    @Test func theCTMLeavesTilesWhereThePatternMatrixPutsThem() throws {
        let bytes = try filled(try #require(squares())) { $0.translateBy(x: 3, y: 1) }
        #expect(mismatches(bytes, painted: red) { x, y in x % 5 < 2 && y % 5 < 2 } == [])
    }

    /// The matrix's translation and the pattern phase each move the tiles by exactly their amount.
    @Test func theMatrixAndThePhaseMoveTheTilesByTheirAmounts() throws {
        let moved = try filled(try #require(squares(matrix: CGAffineTransform(translationX: 1, y: 2))))
        #expect(mismatches(moved, painted: red) { x, y in mod(x - 1, 5) < 2 && mod(y - 2, 5) < 2 } == [])
        let phased = try filled(try #require(squares())) { $0.setPatternPhase(CGSize(width: 3, height: 4)) }
        #expect(mismatches(phased, painted: red) { x, y in mod(x - 3, 5) < 2 && mod(y - 4, 5) < 2 } == [])
    }

    /// A matrix that scales by 2 makes 4 x 4 squares every 10 pixels (the cell is drawn at that resolution).
    @Test func theMatrixScalesCellsAndSteps() throws {
        let bytes = try filled(try #require(squares(matrix: CGAffineTransform(scaleX: 2, y: 2))))
        #expect(mismatches(bytes, painted: red) { x, y in x % 10 < 4 && y % 10 < 4 } == [])
    }

    /// An uncoloured pattern paints the colour of its components, not the one its callback sets.
    @Test func aStencilPatternPaintsTheGivenColour() throws {
        let pattern = try #require(squares(colored: false))
        let green = try filled(pattern, components: [0, 1, 0, 1], base: CGColorSpaceCreateDeviceRGB())
        #expect(mismatches(green, painted: [0, 255, 0, 255]) { x, y in x % 5 < 2 && y % 5 < 2 } == [])
        let grey = try filled(pattern, components: [0.5, 1], base: CGColorSpaceCreateDeviceGray())
        #expect(mismatches(grey, painted: [128, 128, 128, 255]) { x, y in x % 5 < 2 && y % 5 < 2 } == [])
        let color = try #require([0, 0, 1, 1].withUnsafeBufferPointer { c in
            c.baseAddress.flatMap { CGColor(patternSpace: CGColorSpace(patternBaseSpace: CGColorSpaceCreateDeviceRGB())!,
                                            pattern: pattern, components: $0) }
        })
        #expect(color.components == [0, 0, 1, 1] && color.colorSpace?.model == .pattern)
        let ctx = try #require(CGTest.context(20, 20))
        ctx.setFillColor(color)
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(mismatches(CGTest.pixels(ctx), painted: [0, 0, 255, 255]) { x, y in x % 5 < 2 && y % 5 < 2 } == [])
    }

    /// A coloured pattern's one component is its alpha.
    @Test func aColouredPatternsComponentIsItsAlpha() throws {
        let bytes = try filled(try #require(squares()), components: [0.5])
        #expect(mismatches(bytes, painted: [128, 0, 0, 128]) { x, y in x % 5 < 2 && y % 5 < 2 } == [])
    }

    @Test func strokesPaintAStrokePattern() throws {
        let ctx = try #require(CGTest.context(20, 20))
        ctx.setStrokeColorSpace(try #require(CGColorSpace(patternBaseSpace: nil)))
        let pattern = try #require(squares())
        [CGFloat(1)].withUnsafeBufferPointer { c in
            if let p = c.baseAddress { ctx.setStrokePattern(pattern, colorComponents: p) }
        }
        ctx.setLineWidth(40)
        ctx.strokeLineSegments(between: [CGPoint(x: -10, y: 10), CGPoint(x: 30, y: 10)])
        #expect(mismatches(CGTest.pixels(ctx), painted: red) { x, y in x % 5 < 2 && y % 5 < 2 } == [])
    }

    /// In UIKit's context (y down, points, scale 2) pattern space maps to its default user space: squares of 2
    /// points (4 pixels) every 5 points (10 pixels) from the top-left corner.
    @Test func uiKitContextsPlaceCellsInTheirDefaultUserSpace() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let pattern = try #require(squares())
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format).image { ctx in
            ctx.cgContext.setFillColorSpace(CGColorSpace(patternBaseSpace: nil) ?? CGColorSpaceCreateDeviceRGB())
            [CGFloat(1)].withUnsafeBufferPointer { c in
                if let p = c.baseAddress { ctx.cgContext.setFillPattern(pattern, colorComponents: p) }
            }
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        let bytes = try #require(image.cgImage).premultipliedRGBA
        #expect(mismatches(bytes, painted: red) { x, y in x % 10 < 4 && (19 - y) % 10 < 4 } == [])
    }

    /// A layer whose background is a stencil pattern colour shows its tiles through `render(in:)`, laid in the
    /// context's default user space as any fill's (UIKit's: y down, 1 point a pixel here).
    @Test func renderInContextTilesAPatternBackground() throws {
        let pattern = try #require(squares(colored: false))
        let space = try #require(CGColorSpace(patternBaseSpace: CGColorSpaceCreateDeviceRGB()))
        let color = try #require([0, 0, 1, 1].withUnsafeBufferPointer { c in
            c.baseAddress.flatMap { CGColor(patternSpace: space, pattern: pattern, components: $0) }
        })
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.backgroundColor = color
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: format).image {
            layer.render(in: $0.cgContext)
        }
        let bytes = try #require(image.cgImage).premultipliedRGBA
        #expect(mismatches(bytes, painted: [0, 0, 255, 255]) { x, y in x % 5 < 2 && (19 - y) % 5 < 2 } == [])
    }

    /// The cell is drawn once for fills at the same resolution, and the release callback runs once, when the
    /// pattern is freed.
    @Test func theCellIsDrawnOnceAndInfoReleasedOnce() throws {
        let counter = PatternCallCounter()
        do {
            let pattern = try #require(squares(info: Unmanaged.passUnretained(counter).toOpaque()))
            _ = try filled(pattern)
            _ = try filled(pattern) { $0.translateBy(x: 2, y: 2) }
            #expect(counter.draws > 0)
            let afterFirst = counter.draws
            _ = try filled(pattern)
            #expect(counter.draws == afterFirst)
        }
        #expect(counter.releases == 1)
    }

    /// A zero step falls back to the bounds' side; a negative one to its magnitude.
    @Test func zeroAndNegativeStepsFallBack() throws {
        let zero = try filled(try #require(squares(xStep: 0, yStep: 0, bounds: CGRect(x: 0, y: 0, width: 4, height: 4))))
        #expect(mismatches(zero, painted: red) { x, y in x % 4 < 2 && y % 4 < 2 } == [])
        let negative = try filled(try #require(squares(xStep: -5, yStep: -5)))
        #expect(mismatches(negative, painted: red) { x, y in x % 5 < 2 && y % 5 < 2 } == [])
    }

    /// Steps and matrices that cannot tile fill nothing; huge and tiny steps do not hang (the tiny ones are
    /// under 1/16 of the bounds and paint nothing).
    @Test func hostilePatternsFillNothingOrFinish() throws {
        let nan = CGFloat.nan
        for pattern in [squares(xStep: nan, yStep: nan, bounds: CGRect(x: nan, y: 0, width: nan, height: 4)),
                        squares(matrix: CGAffineTransform(a: nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)),
                        squares(matrix: CGAffineTransform(scaleX: 0, y: 1)),
                        squares(xStep: .infinity, yStep: .infinity, bounds: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1))] {
            #expect(try filled(try #require(pattern)) == [UInt8](repeating: 0, count: 20 * 20 * 4))
        }
        for step in [CGFloat(1e300), 1e-300, 1e9] {
            let bytes = try filled(try #require(squares(xStep: step, yStep: step)))
            #expect(bytes.count == 20 * 20 * 4)
        }
        // Steps under 1/16 of the bounds' side (cells piled deeper than 16) paint nothing; at 1/16 they tile.
        let deep = try filled(try #require(squares(xStep: 5, yStep: 5, bounds: CGRect(x: -40, y: -40, width: 81, height: 80))))
        #expect(deep == [UInt8](repeating: 0, count: 20 * 20 * 4))
        let sixteen = try filled(try #require(squares(xStep: 5, yStep: 5, bounds: CGRect(x: -40, y: -40, width: 80, height: 80))))
        #expect(mismatches(sixteen, painted: red) { x, y in x % 5 < 2 && y % 5 < 2 } == [])
    }

    /// A cell that fills with its own pattern draws nothing there instead of recursing forever.
    @Test func aCellThatPaintsItsOwnPatternDoesNotRecurse() throws {
        final class Holder: @unchecked Sendable { weak var pattern: CGPattern? }
        let holder = Holder()
        var callbacks = CGPatternCallbacks(version: 0, drawPattern: { info, ctx in
            guard let info, let pattern = Unmanaged<Holder>.fromOpaque(info).takeUnretainedValue().pattern else { return }
            [CGFloat(1)].withUnsafeBufferPointer { c in
                if let p = c.baseAddress { ctx.setFillPattern(pattern, colorComponents: p) }
            }
            ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }, releaseInfo: nil)
        let pattern = try #require(CGPattern(info: Unmanaged.passUnretained(holder).toOpaque(),
                                             bounds: CGRect(x: 0, y: 0, width: 5, height: 5), matrix: .identity,
                                             xStep: 5, yStep: 5, tiling: .noDistortion, isColored: true,
                                             callbacks: &callbacks))
        holder.pattern = pattern
        let bytes = try filled(pattern)
        #expect(mismatches(bytes, painted: red) { x, y in x % 5 < 2 && y % 5 < 2 } == [])
    }

    @Test func patternColoursNeedAPatternSpaceAndAStencilNeedsABase() throws {
        let stencil = try #require(squares(colored: false))
        let one: [CGFloat] = [1, 0, 0, 1]
        one.withUnsafeBufferPointer { c in
            guard let p = c.baseAddress else { return }
            #expect(CGColor(patternSpace: CGColorSpaceCreateDeviceRGB(), pattern: stencil, components: p) == nil)
            #expect(CGColor(patternSpace: CGColorSpace(patternBaseSpace: nil)!, pattern: stencil, components: p) == nil)
        }
        #expect(CGColorSpace(patternBaseSpace: CGColorSpace(patternBaseSpace: nil)) == nil)
        // A stencil set without a pattern fill space fills nothing.
        let ctx = try #require(CGTest.context(4, 4))
        one.withUnsafeBufferPointer { c in if let p = c.baseAddress { ctx.setFillPattern(stencil, colorComponents: p) } }
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(CGTest.pixels(ctx) == [UInt8](repeating: 0, count: 64))
    }
}
