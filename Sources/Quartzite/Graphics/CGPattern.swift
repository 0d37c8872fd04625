import Foundation

/// Draws one cell of a pattern into `context`, in pattern space; `info` is the pattern's. Core Graphics
/// declares this a C function pointer; a Swift class (`CGContext` here) cannot cross a C function type on
/// Linux, so it is a Swift function type, which a global function or a closure that captures nothing (what
/// `@convention(c)` allows) converts to unchanged.
public typealias CGPatternDrawPatternCallback = @Sendable (UnsafeMutableRawPointer?, CGContext) -> Void

/// Releases a pattern's `info` when the pattern is freed.
public typealias CGPatternReleaseInfoCallback = @Sendable (UnsafeMutableRawPointer?) -> Void

/// A pattern's callbacks, as Core Graphics takes them.
public struct CGPatternCallbacks: Sendable {
    /// The structure's version: 0.
    public var version: UInt32
    /// Draws one cell; nil draws nothing.
    public var drawPattern: CGPatternDrawPatternCallback?
    /// Called once with the pattern's `info` when the pattern is freed; nil for none.
    public var releaseInfo: CGPatternReleaseInfoCallback?

    /// Callbacks of the given version.
    public init(version: UInt32, drawPattern: CGPatternDrawPatternCallback?, releaseInfo: CGPatternReleaseInfoCallback?) {
        self.version = version
        self.drawPattern = drawPattern
        self.releaseInfo = releaseInfo
    }
}

/// How cells are fitted to device pixels. Every kind is drawn the same way here: cells at exactly their steps
/// (the cell is rendered once at device resolution and repeated), which is what `constantSpacing` asks for.
public enum CGPatternTiling: Int32, Sendable {
    /// Cells keep their shape; spacing may vary by a device pixel.
    case noDistortion
    /// Constant spacing, cells distorted by at most a device pixel.
    case constantSpacingMinimalDistortion
    /// Constant spacing, cells may be distorted more, for speed.
    case constantSpacing
}

/// A pattern: a cell drawn by a callback and repeated, as Core Graphics' `CGPattern`. Painted by a pattern
/// colour (`CGColor(patternSpace:pattern:components:)`, `CGContext.setFillPattern(_:colorComponents:)`): the
/// cell is drawn once at the device's resolution into a bitmap, which then repeats.
///
/// Pattern space maps through `matrix` to the context's default user space (its base space), not the CTM at
/// the time of the fill, and `CGContext.setPatternPhase(_:)` moves the tiles there. A coloured pattern
/// (`isColored`) shows the colours its callback draws; an uncoloured (stencil) one paints the colour of the
/// pattern colour wherever its cell is drawn, whatever colours the callback sets.
///
/// Hostile values never hang or trap: a step that is zero or not finite falls back to the bounds' side (a
/// negative one to its magnitude). Where neither is a positive finite number, where a step is under 1/16 of
/// the bounds' side (cells piled more than 16 deep, which would draw the cell magnified without end), or where
/// the matrix cannot be inverted, the pattern paints nothing (reported when painted). A cell is rendered at
/// most 1,024 pixels a side (a coarser bitmap past that), and of the copies of a cell that overlap one step
/// only those nearest the original are drawn, fewer the larger the cell's bitmap (all of them up to 64 x 64
/// pixels).
public final class CGPattern: @unchecked Sendable, CustomStringConvertible {
    /// The cell's bounds in pattern space: the callback's drawing is clipped to them.
    public let bounds: CGRect
    /// Pattern space to the context's default user space.
    public let matrix: CGAffineTransform
    /// Horizontal distance between cells in pattern space.
    public let xStep: CGFloat
    /// Vertical distance between cells in pattern space.
    public let yStep: CGFloat
    /// How cells are fitted to pixels (all kinds are drawn at constant spacing here).
    public let tiling: CGPatternTiling
    /// Whether the callback's colours show (true) or the pattern colour's colour does (false).
    public let isColored: Bool
    let info: UnsafeMutableRawPointer?
    let callbacks: CGPatternCallbacks
    /// The last cell drawn, which the next fill of the same size reuses, and the recursion guard.
    let cells = PatternCellCache()

    /// The largest side, in pixels, a cell is rendered at.
    static let maximumCellPixels = 1024

    /// A pattern whose cells `callbacks.pointee.drawPattern` draws (with `info`) in `bounds`, repeated every
    /// `xStep` and `yStep` in pattern space, placed by `matrix` in the context's default user space. Never nil
    /// here (Core Graphics' optional spelling): bad numbers give a pattern that paints nothing.
    public init?(info: UnsafeMutableRawPointer?, bounds: CGRect, matrix: CGAffineTransform, xStep: CGFloat,
                 yStep: CGFloat, tiling: CGPatternTiling, isColored: Bool,
                 callbacks: UnsafePointer<CGPatternCallbacks>) {
        self.info = info
        self.bounds = bounds
        self.matrix = matrix
        self.xStep = xStep
        self.yStep = yStep
        self.tiling = tiling
        self.isColored = isColored
        self.callbacks = callbacks.pointee
    }

    deinit { callbacks.releaseInfo?(info) }

    /// The steps a cell repeats by, each positive and finite (a bad step falls back to the bounds' side); nil
    /// when there is none such, or when one is under 1/16 of the bounds' side.
    var usableSteps: CGSize? {
        func usable(_ step: CGFloat, _ side: CGFloat) -> CGFloat? {
            let chosen = step.isFinite && step != 0 ? abs(step) : side
            guard chosen.isFinite, chosen > 0 else { return nil }
            return side.isFinite && chosen < side / 16 ? nil : chosen
        }
        let b = bounds.standardized
        guard let x = usable(xStep, b.width), let y = usable(yStep, b.height) else { return nil }
        return CGSize(width: x, height: y)
    }

    /// The pattern's pointer and steps.
    public var description: String { "CGPattern(bounds: \(bounds), steps: \(xStep) x \(yStep), colored: \(isColored))" }
}
