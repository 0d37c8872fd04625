import Foundation
import Quartzite

extension DisplayList {
    /// Gives the vertices from `first` on (positions in layer points, not placed on the canvas) texture
    /// coordinates `toTexture` maps their positions to: a pattern background's repeating tiles.
    mutating func setTextureCoordinates(fromVertex first: Int, by toTexture: CGAffineTransform) {
        let t = toTexture
        let (a, b, c, d) = (Float(t.a), Float(t.b), Float(t.c), Float(t.d))
        let (tx, ty) = (Float(t.tx), Float(t.ty))
        let stride = PlainVertex.floats
        var i = first * stride
        while i + 3 < vertices.count {
            let x = vertices[i], y = vertices[i + 1]
            vertices[i + 2] = a * x + c * y + tx
            vertices[i + 3] = b * x + d * y + ty
            i += stride
        }
    }
}
