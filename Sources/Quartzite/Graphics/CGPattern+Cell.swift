import Foundation

/// A pattern's cell, drawn by its callback into a bitmap one step wide and one step high.
extension CGPattern {
    /// The cell at `width` x `height` pixels: pixel (u, v), rows top first, shows pattern space point
    /// (u xStep / width, yStep - v yStep / height), every cell of the lattice that reaches the step drawn into it
    /// (clipped to `bounds`). Reuses the last cell of that size; nil when the callback paints this pattern
    /// itself (reported) or the bitmap cannot be made.
    func cell(width: Int, height: Int, steps: CGSize) -> CGImage? {
        cells.cell(width: width, height: height) { renderCell(width: width, height: height, steps: steps) }
    }

    private func renderCell(width: Int, height: Int, steps: CGSize) -> CGImage? {
        guard let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }
        guard let draw = callbacks.drawPattern else { return ctx.makeImage() }
        ctx.scaleBy(x: CGFloat(width) / steps.width, y: CGFloat(height) / steps.height)
        let b = bounds.standardized
        let finite = [b.minX, b.minY, b.width, b.height].allSatisfy(\.isFinite)
        // Copies a side: all of those that can overlap (at most 17) for a small cell, fewer for a larger one, so a
        // cell costs at most about 2^24 pixels of fills.
        let reach = Int(min(max(((CGFloat(1 << 24) / CGFloat(width * height)).squareRoot() - 1) / 2, 0), 16))
        for offset in finite ? Self.offsets(of: b, steps: steps, reach: reach) : [.zero] {
            ctx.saveGState()
            ctx.translateBy(x: offset.x, y: offset.y)
            if finite { ctx.clip(to: b) }
            draw(info, ctx)
            ctx.restoreGState()
        }
        return ctx.makeImage()
    }

    /// The translations by whole steps that bring copies of `b` over the step at the origin: those nearest the
    /// untranslated cell, at most `reach` steps either way of it on each axis.
    static func offsets(of b: CGRect, steps: CGSize, reach: Int) -> [CGPoint] {
        let xs = shifts(b.minX, b.maxX, steps.width, reach), ys = shifts(b.minY, b.maxY, steps.height, reach)
        return ys.flatMap { y in xs.map { CGPoint(x: $0, y: y) } }
    }

    /// Multiples n x `step` that move [low, high] over [0, step), n nearest 0 kept, `reach` either way.
    private static func shifts(_ low: CGFloat, _ high: CGFloat, _ step: CGFloat, _ reach: Int) -> [CGFloat] {
        let lo = (-high / step).rounded(.down), hi = ((step - low) / step).rounded(.up)
        let centre = min(max(0, lo), hi), r = CGFloat(reach)
        let from = max(lo, centre - r), to = min(hi, centre + r)
        let span = to - from
        guard span.isFinite, span >= 0 else { return [] }
        return (0...Int(min(span, 2 * r))).map { (from + CGFloat($0)) * step }.filter(\.isFinite)
    }
}

/// A pattern's last rendered cell, its last stencilled copy, and the guard against a callback that paints its
/// own pattern.
final class PatternCellCache: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var rendering = false
    private var last: (width: Int, height: Int, image: CGImage)?
    private var lastStencilled: (cell: CGImage, rgb: [CGFloat], image: CGImage)?

    /// `cell` painted in `rgb` (`CGContext.stencilled`), the last one kept: a stencil pattern's background
    /// redrawn every frame paints its cell once, and its texture is uploaded once.
    func stencilled(_ cell: CGImage, by rgb: [CGFloat]) -> CGImage? {
        lock.lock()
        defer { lock.unlock() }
        if let kept = lastStencilled, kept.cell === cell, kept.rgb == rgb { return kept.image }
        let image = CGContext.stencilled(cell, by: rgb)
        if let image { lastStencilled = (cell, rgb, image) }
        return image
    }

    /// The kept cell of that size, or `render`'s (then kept). Nil, with a diagnostic, when called again from
    /// inside `render` (the callback fills with its own pattern, which would never end).
    func cell(width: Int, height: Int, render: () -> CGImage?) -> CGImage? {
        lock.lock()
        defer { lock.unlock() }
        if let last, last.width == width, last.height == height { return last.image }
        guard !rendering else {
            Diagnostics.report("CGPattern: a pattern's cell paints the pattern itself; that fill draws nothing")
            return nil
        }
        rendering = true
        defer { rendering = false }
        let image = render()
        if let image { last = (width, height, image) }
        return image
    }
}
