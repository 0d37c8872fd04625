import Foundation

/// What a `CGPattern` colour paints: the pattern, at an alpha, and for an uncoloured (stencil) pattern the
/// colour its cells are painted in.
struct PatternFill: Equatable, Sendable {
    let pattern: CGPattern
    /// The pattern space the colour was made in.
    let space: CGColorSpace
    /// A stencil pattern's colour as sRGB red, green and blue in 0...1; nil for a coloured pattern.
    let stencil: [CGFloat]?
    /// The colour's alpha, in 0...1, multiplied into the cells.
    let alpha: CGFloat

    /// The components as `CGColor.components` reports them: the stencil's colour in the base space (sRGB
    /// here) then alpha, or alpha alone for a coloured pattern.
    var components: [CGFloat] { (stencil ?? []) + [alpha] }

    /// The colour of `components` (the base space's components then alpha, or alpha alone) in `space`; nil for
    /// an uncoloured pattern in a space without a base (no colour to paint with).
    init?(pattern: CGPattern, space: CGColorSpace, components: [CGFloat]) {
        func clamped(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : min(max(v, 0), 1) }
        self.pattern = pattern
        self.space = space
        alpha = clamped(components.last ?? 1)
        guard !pattern.isColored else {
            stencil = nil
            return
        }
        switch space.baseColorSpace?.model {
        case .rgb?: stencil = components.prefix(3).map(clamped)
        case .monochrome?: stencil = [CGFloat](repeating: clamped(components[0]), count: 3)
        default: return nil
        }
    }

    private init(_ other: PatternFill, alpha: CGFloat) {
        (pattern, space, stencil, self.alpha) = (other.pattern, other.space, other.stencil, alpha)
    }

    /// The same fill at another alpha (clamped to 0...1, NaN reads 0).
    func with(alpha: CGFloat) -> PatternFill { PatternFill(self, alpha: alpha.isNaN ? 0 : min(max(alpha, 0), 1)) }

    /// Equal for the same pattern object, colour and alpha.
    static func == (lhs: PatternFill, rhs: PatternFill) -> Bool {
        lhs.pattern === rhs.pattern && lhs.stencil == rhs.stencil && lhs.alpha == rhs.alpha
    }
}

extension CGColor {
    /// A colour that paints `pattern`, as Core Graphics makes one. `space` is a pattern space
    /// (`CGColorSpace(patternBaseSpace:)`); `components` holds its base space's components then alpha (for an
    /// uncoloured pattern: the colour its cells are painted in) or alpha alone (a space without a base, for a
    /// coloured pattern); exactly that many are read. Values are clamped to 0...1, NaN reads 0.
    ///
    /// Nil (with a diagnostic) for a space that is not a pattern space, and for an uncoloured pattern in a
    /// space without a base. As a layer's background it tiles in the layer's space from the bounds' top-left
    /// corner. Where a pattern cannot tile (a border, a gradient's colour), the colour shows as the stencil's
    /// colour, or clear for a coloured pattern.
    public convenience init?(patternSpace space: CGColorSpace, pattern: CGPattern, components: UnsafePointer<CGFloat>) {
        guard space.model == .pattern else {
            Diagnostics.report("CGColor(patternSpace:pattern:components:): \(space.model) is not a pattern space; nil")
            return nil
        }
        let count = (space.baseColorSpace?.numberOfComponents ?? 0) + 1
        guard let fill = PatternFill(pattern: pattern, space: space, components: (0..<count).map { components[$0] }) else {
            Diagnostics.report("CGColor(patternSpace:pattern:components:): an uncoloured pattern needs a pattern space with a base colour space; nil")
            return nil
        }
        self.init(patternFill: fill)
    }

    /// A colour painting `fill`, shown as its stencil's colour (clear for a coloured pattern) where it cannot
    /// tile.
    convenience init(patternFill fill: PatternFill) {
        self.init(patternFill: fill, fallback: fill.stencil.map { $0 + [fill.alpha] } ?? [0, 0, 0, 0])
    }
}
