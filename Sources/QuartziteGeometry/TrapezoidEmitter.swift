import Foundation

/// Turns trapezoids into triangles, sharing vertices by exact Float position (an open-addressing table
/// on the positions' bits: Swift's hashed Dictionary cost more than the whole sweep here).
struct TrapezoidEmitter {
    var builder = MeshBuilder(mayOverlap: false)
    /// Vertex index + 1 per slot; 0 is empty. The size is a power of two kept at least twice the vertices.
    private var table: [UInt32]
    private var mask: Int

    init(expectedVertices: Int) {
        var size = 16
        while size < expectedVertices * 2 { size *= 2 }
        table = [UInt32](repeating: 0, count: size)
        mask = size - 1
        builder.mesh.positions.reserveCapacity(expectedVertices)
        builder.mesh.indices.reserveCapacity(expectedVertices * 3)
    }

    private mutating func index(_ x: Double, _ y: Double) -> UInt32 {
        let p = SIMD2<Float>(Float(x), Float(y))
        var slot = Self.hash(p) & mask
        while true {
            let entry = table[slot]
            if entry == 0 { break }
            if builder.mesh.positions[Int(entry - 1)] == p { return entry - 1 }
            slot = (slot + 1) & mask
        }
        builder.mesh.positions.append(p)
        let i = UInt32(builder.mesh.positions.count - 1)
        table[slot] = i + 1
        if builder.mesh.positions.count * 2 > table.count { grow() }
        return i
    }

    /// Mixes both coordinates' bits (+0 and -0 being the same position) into the low bits.
    @inline(__always)
    private static func hash(_ p: SIMD2<Float>) -> Int {
        let key = UInt64((p.x + 0).bitPattern) << 32 | UInt64((p.y + 0).bitPattern)
        let h = key &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: h ^ (h >> 29) ^ (h >> 47))
    }

    /// Doubles the table and re-inserts every vertex.
    private mutating func grow() {
        table = [UInt32](repeating: 0, count: table.count * 2)
        mask = table.count - 1
        for (i, p) in builder.mesh.positions.enumerated() {
            var slot = Self.hash(p) & mask
            while table[slot] != 0 { slot = (slot + 1) & mask }
            table[slot] = UInt32(i + 1)
        }
    }

    mutating func emit(_ left: FillTessellator.Edge, _ right: FillTessellator.Edge, top: Double, bottom: Double) {
        guard Float(bottom) > Float(top) else { return }
        var lt = left.x(at: top), rt = right.x(at: top), lb = left.x(at: bottom), rb = right.x(at: bottom)
        // Rounding at crossing slabs can swap the edges by an ulp; meet in the middle instead of a bow tie.
        if lt > rt { let m = (lt + rt) / 2; lt = m; rt = m }
        if lb > rb { let m = (lb + rb) / 2; lb = m; rb = m }
        let a = index(lt, top), b = index(rt, top), c = index(rb, bottom), d = index(lb, bottom)
        if a != b { builder.triangle(a, b, c) }
        if c != d { builder.triangle(a, c, d) }
    }
}
