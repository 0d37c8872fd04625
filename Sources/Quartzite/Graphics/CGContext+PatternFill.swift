import CCairo
import Foundation

/// `CGPattern` fills and strokes: colour spaces, pattern colours set from components, and the repeating cairo
/// pattern of a pattern's cell (drawn once at the device's resolution, then repeated).
extension CGContext {
    /// The space fill colours are given in. A pattern space readies `setFillPattern(_:colorComponents:)` and
    /// sets the fill to paint nothing until a pattern is set; any other space sets it to opaque black, as Core
    /// Graphics resets the colour to the space's default.
    public func setFillColorSpace(_ space: CGColorSpace) {
        state.fillSpace = space
        state.fillColor = space.model == .pattern ? .clear : .black
    }

    /// The space stroke colours are given in, as `setFillColorSpace(_:)` for strokes.
    public func setStrokeColorSpace(_ space: CGColorSpace) {
        state.strokeSpace = space
        state.strokeColor = space.model == .pattern ? .clear : .black
    }

    /// Fills paint `pattern`, with `components` read as `CGColor(patternSpace:pattern:components:)` reads them
    /// in the fill colour space (its base's components then alpha, or alpha alone). Without a pattern fill
    /// space set, a coloured pattern reads one component (alpha) and an uncoloured one reads none and fills
    /// nothing; both are reported.
    public func setFillPattern(_ pattern: CGPattern, colorComponents components: UnsafePointer<CGFloat>) {
        state.fillColor = patternColor(pattern, components, in: state.fillSpace, call: "setFillPattern")
    }

    /// Strokes paint `pattern`, as `setFillPattern(_:colorComponents:)` for the stroke colour space.
    public func setStrokePattern(_ pattern: CGPattern, colorComponents components: UnsafePointer<CGFloat>) {
        state.strokeColor = patternColor(pattern, components, in: state.strokeSpace, call: "setStrokePattern")
    }

    /// The pattern colour of `components` in `space`, or a coloured pattern's space when that is no pattern
    /// space; clear when none can be made.
    private func patternColor(_ pattern: CGPattern, _ components: UnsafePointer<CGFloat>, in space: CGColorSpace?,
                              call: String) -> CGColor {
        var patternSpace = space
        if space?.model != .pattern {
            Diagnostics.report("CGContext.\(call): the colour space is not a pattern space"
                + (pattern.isColored ? "; one component (alpha) is read" : "; nothing is painted"))
            guard pattern.isColored else { return .clear }
            patternSpace = CGColorSpace(patternBaseSpace: nil)
        }
        guard let patternSpace else { return .clear }
        return CGColor(patternSpace: patternSpace, pattern: pattern, components: components) ?? .clear
    }

    /// A repeating cairo pattern of `fill`'s cell in user space, as `PaintSource.pattern` wants it; nil (with
    /// a diagnostic) when the pattern's steps or matrix, or the CTM, cannot place one. The caller destroys it.
    func cellPattern(_ fill: PatternFill) -> OpaquePointer? {
        let pattern = fill.pattern
        guard let steps = pattern.usableSteps, let size = cellPixels(pattern, steps: steps),
              let cell = pattern.cell(width: size.width, height: size.height, steps: steps),
              let image = fill.stencil.map({ pattern.cells.stencilled(cell, by: $0) }) ?? cell else {
            Diagnostics.report("CGContext: \(pattern) cannot be tiled (its steps, bounds or matrix); nothing is drawn")
            return nil
        }
        guard let surface = Self.cairoSurface(of: image, alpha: fill.alpha) else { return nil }
        defer { cairo_surface_destroy(surface) }
        // Cell pixels to pattern space (one step, y up), through the matrix, then the phase in the base space.
        let toPattern = CGAffineTransform(a: steps.width / CGFloat(size.width), b: 0, c: 0,
                                          d: -steps.height / CGFloat(size.height), tx: 0, ty: steps.height)
        let phase = CGAffineTransform(translationX: state.patternPhase.width, y: state.patternPhase.height)
        return repeatingPattern(of: surface, pixelsToBase: toPattern.concatenating(pattern.matrix).concatenating(phase))
    }

    /// The pixels one step of `pattern` covers on the device (at least 1, at most `maximumCellPixels` a side);
    /// nil when the matrix cannot be inverted.
    private func cellPixels(_ pattern: CGPattern, steps: CGSize) -> (width: Int, height: Int)? {
        guard CairoGeometry.isInvertible(pattern.matrix) else { return nil }
        let m = pattern.matrix.concatenating(baseSpace)
        let across = (m.a * m.a + m.b * m.b).squareRoot() * steps.width
        let up = (m.c * m.c + m.d * m.d).squareRoot() * steps.height
        guard across.isFinite, up.isFinite else { return nil }
        func pixels(_ v: CGFloat) -> Int { Int(min(max(v.rounded(), 1), CGFloat(CGPattern.maximumCellPixels))) }
        return (pixels(across), pixels(up))
    }

    /// An uncoloured pattern's cell painted in `rgb` (0...1): every pixel that colour at the cell's alpha.
    static func stencilled(_ cell: CGImage, by rgb: [CGFloat]) -> CGImage? {
        let levels = rgb.map { UInt32(($0 * 255).rounded()) }
        var pixels = cell.premultipliedRGBA
        for p in stride(from: 0, to: pixels.count, by: 4) {
            let a = UInt32(pixels[p + 3])
            for k in 0..<3 { pixels[p + k] = UInt8((levels[k] * a + 127) / 255) }
        }
        return try? CGImage(width: cell.width, height: cell.height, premultipliedRGBA: pixels)
    }
}
