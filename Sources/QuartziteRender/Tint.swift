import Foundation

/// What every colour drawn in part of the tree is multiplied by, premultiplied: (r·a, g·a, b·a, a) for a
/// straight multiplier (r, g, b) and alpha a. A layer's opacity o is (o, o, o, o); a replicator copy's
/// colour (r, g, b, a) is (r·a, g·a, b·a, a); nested ones multiply component by component. A premultiplied
/// colour or texel times a tint, component by component, is the premultiplied tinted colour: the walk
/// carries one of these where it would carry an opacity, and every draw applies it the same way.
typealias Tint = SIMD4<Float>

extension SIMD4 where Scalar == Float {
    /// The tint of a straight RGBA multiplier (a replicator copy's `instanceTint`).
    static func premultiplying(_ straight: SIMD4<Float>) -> Tint {
        Tint(straight.x * straight.w, straight.y * straight.w, straight.z * straight.w, straight.w)
    }

    /// Whether anything drawn under this tint can show (its alpha is above 0).
    var showsAnything: Bool { w > 0 }
}
