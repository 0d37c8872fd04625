import Foundation
import Quartzite

/// Decisions the compositor makes about a subtree before drawing it.
enum MaskAnalysis {
    /// Whether a mask's alpha is 0 or 1 everywhere, so the stencil can do it: opaque colours only, full
    /// opacity, no gradients, images or pattern colours (whose alpha varies), all the way down. Anything else is an alpha mask
    /// and goes through an offscreen group. A border that shows and masksToBounds in a mask also take the
    /// alpha path. What counts as shown is `LayerParts`'s rule, as for drawing.
    static func isBinary(_ node: PresentationNode) -> Bool {
        // An explicit stack, so a mask of any depth is analysed.
        var pending = [node]
        while let next = pending.popLast() {
            let p = next.properties
            if p.isHidden { continue }
            let parts = LayerParts(next)
            guard p.opacity == 1, !parts.gradient, !parts.text, parts.contents == nil, parts.patternBackground == nil,
                  parts.border == nil, next.mask == nil,
                  !p.masksToBounds, p.shadowOpacity == 0 else { return false }
            for color in [parts.background, parts.fill?.color, parts.stroke?.color] where color?.alpha != 1 {
                if color != nil { return false }
            }
            pending.append(contentsOf: next.sublayers)
        }
        return true
    }
}
