import Foundation
import Quartzite

/// Decisions the compositor makes about a subtree before drawing it.
enum MaskAnalysis {
    /// Whether a mask's alpha is 0 or 1 everywhere, so the stencil can do it: opaque colours only, full
    /// opacity, no gradients or images (whose alpha varies), all the way down. Anything else is an alpha mask
    /// and goes through an offscreen group. Borders and masksToBounds in a mask also take the alpha path.
    static func isBinary(_ node: PresentationNode) -> Bool {
        // An explicit stack, so a mask of any depth is analysed.
        var pending = [node]
        while let next = pending.popLast() {
            let p = next.properties
            if p.isHidden { continue }
            guard p.opacity == 1, next.kind != .gradient, p.contents == nil, next.mask == nil,
                  p.borderWidth == 0, !p.masksToBounds, p.shadowOpacity == 0 else { return false }
            for color in [p.backgroundColor] + (next.kind == .shape ? [p.fillColor, p.strokeColor] : []) {
                if let a = color?.alpha, a != 0, a != 1 { return false }
            }
            pending.append(contentsOf: next.sublayers)
        }
        return true
    }

    /// How many separately drawn parts a layer has (its own fills and its visible sublayers); two or more may
    /// overlap, which is when a translucent layer needs group opacity.
    static func partCount(_ node: PresentationNode) -> Int {
        let p = node.properties
        var n = 0
        if (p.backgroundColor?.alpha ?? 0) > 0 { n += 1 }
        if p.contents != nil { n += 1 }
        if node.kind == .gradient, (p.colors?.count ?? 0) > 0 { n += 1 }
        if node.kind == .shape, p.path != nil {
            if (p.fillColor?.alpha ?? 0) > 0 { n += 1 }
            if (p.strokeColor?.alpha ?? 0) > 0, p.lineWidth > 0 { n += 1 }
        }
        if p.borderWidth > 0, (p.borderColor?.alpha ?? 0) > 0 { n += 1 }
        n += node.sublayers.filter { !$0.properties.isHidden && $0.properties.opacity > 0 }.count
        return n
    }
}
