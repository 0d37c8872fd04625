import Foundation

/// A copy of `line` spread towards `justificationWidth` points: all the way for a `justificationFactor` of 1
/// or more, that share of the way for a factor between 0 and 1, not at all (an unjustified copy) for 0 or
/// less. The line spreads at its spaces (between its characters when it has none), as Pango justifies.
/// Nil, with a diagnostic, for a width that is not a positive finite number, and for one narrower than the
/// line: squeezing glyphs together is not supported.
public func CTLineCreateJustifiedLine(_ line: CTLine, _ justificationFactor: CGFloat, _ justificationWidth: Double) -> CTLine? {
    let natural = line.typographic.width
    guard justificationFactor.isFinite, justificationFactor > 0 else { return CTLine(line.string, range: line.range) }
    let width = CGFloat(justificationWidth)
    guard width.isFinite, width > 0, width >= natural else {
        Diagnostics.report("CTLineCreateJustifiedLine: width \(justificationWidth) is not a positive finite width at least the line's \(natural) points; no line is made")
        return nil
    }
    let target = natural + min(justificationFactor, 1) * (width - natural)
    return CTLine(line.string, range: line.range, justifiedWidth: target)
}
