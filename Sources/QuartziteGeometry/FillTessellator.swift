import Foundation

/// Fill tessellation by slab (trapezoid) decomposition, so triangles never overlap for either rule and any
/// input: self-intersections, holes, duplicate and collinear points (LESSONS.md #7: no epsilons that make
/// tiny shapes fail, no recursion on input size).
///
/// Every edge is straight; every vertex y and every pairwise intersection y bounds a slab. Inside a slab no
/// two edges cross, so sorting them by x at the slab's middle and summing windings left to right gives the
/// inside spans exactly. A span bounded by the same two edges in consecutive slabs is merged into one
/// trapezoid, which keeps the triangle count near the vertex count.
enum FillTessellator {
    /// A non-horizontal edge, stored top (y0) to bottom (y1); `winding` is +1 if the path runs downwards.
    struct Edge {
        var x0, y0, x1, y1: Double
        var winding: Int32

        @inline(__always)
        func x(at y: Double) -> Double {
            if y <= y0 { return x0 }
            if y >= y1 { return x1 }
            return x0 + (y - y0) * (x1 - x0) / (y1 - y0)
        }
    }

    /// Work units (pair tests + edge visits per slab) one tessellation may spend before giving up, so a
    /// scribble with millions of crossings returns instead of hanging the frame.
    static let workBudget = 30_000_000

    /// Tessellates, or returns nil when the work budget runs out (the caller retries coarser).
    static func tessellate(_ polys: [FlatPolyline], rule: CGPathFillRule) -> TriangleMesh? {
        let rings = polys.filter { $0.points.count >= 3 }
        if rings.count == 1, let ring = rings.first, isConvex(ring.points) { return fan(ring.points) }
        var edges: [Edge] = []
        for ring in rings {
            let pts = ring.points
            for i in 0..<pts.count {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                if a.y == b.y { continue }
                if a.y < b.y {
                    edges.append(Edge(x0: a.x, y0: a.y, x1: b.x, y1: b.y, winding: 1))
                } else {
                    edges.append(Edge(x0: b.x, y0: b.y, x1: a.x, y1: a.y, winding: -1))
                }
            }
        }
        guard edges.count >= 2 else { return TriangleMesh() }
        edges.sort { $0.y0 < $1.y0 }
        var work = 0
        var ys = edges.flatMap { [$0.y0, $0.y1] }
        guard let crossings = intersectionYs(edges, work: &work) else { return nil }
        ys += crossings
        ys.sort()
        var unique: [Double] = []
        unique.reserveCapacity(ys.count)
        for y in ys where unique.last != y { unique.append(y) }
        return sweep(edges: edges, ys: unique, rule: rule, work: &work)
    }

    /// Y of every proper crossing between two edges (shared endpoints are already slab bounds).
    /// Edges are sorted by top y, so only pairs whose y ranges overlap are tested.
    static func intersectionYs(_ edges: [Edge], work: inout Int) -> [Double]? {
        var out: [Double] = []
        for i in 0..<edges.count {
            if work > workBudget { return nil }
            let e = edges[i]
            let eMinX = min(e.x0, e.x1), eMaxX = max(e.x0, e.x1)
            var j = i + 1
            while j < edges.count, edges[j].y0 < e.y1 {
                let f = edges[j]
                j += 1
                work += 1
                if max(f.x0, f.x1) < eMinX || min(f.x0, f.x1) > eMaxX { continue }
                let top = max(e.y0, f.y0), bottom = min(e.y1, f.y1)
                guard bottom > top else { continue }
                // Signed x differences at the shared y range's ends: a sign change means a crossing.
                let dTop = e.x(at: top) - f.x(at: top), dBottom = e.x(at: bottom) - f.x(at: bottom)
                guard (dTop < 0 && dBottom > 0) || (dTop > 0 && dBottom < 0) else { continue }
                let y = top + (bottom - top) * (dTop / (dTop - dBottom))
                if y > top && y < bottom { out.append(y) }
            }
        }
        return out
    }

    /// Sweeps the slabs, emitting merged trapezoids.
    static func sweep(edges: [Edge], ys: [Double], rule: CGPathFillRule, work: inout Int) -> TriangleMesh? {
        var out = TrapezoidEmitter()
        var active: [Int] = []
        var keyed: [(x: Double, index: Int)] = []
        var next = 0
        // Open trapezoids: (left edge, right edge) -> top y; extended while the same pair bounds a span.
        var open: [UInt64: Double] = [:]
        var seen: [UInt64: Double] = [:]
        for k in 0..<(ys.count - 1) {
            let y0 = ys[k], y1 = ys[k + 1]
            while next < edges.count, edges[next].y0 <= y0 { active.append(next); next += 1 }
            active.removeAll { edges[$0].y1 <= y0 }
            work += active.count
            if work > workBudget { return nil }
            let mid = (y0 + y1) / 2
            keyed.removeAll(keepingCapacity: true)
            for i in active where edges[i].y0 <= y0 && edges[i].y1 >= y1 { keyed.append((edges[i].x(at: mid), i)) }
            keyed.sort { $0.x < $1.x }
            seen.removeAll(keepingCapacity: true)
            var winding: Int32 = 0
            var left = -1
            for (_, i) in keyed {
                let before = inside(winding, rule)
                winding &+= edges[i].winding
                let after = inside(winding, rule)
                if !before && after { left = i }
                if before && !after && left >= 0 {
                    let key = UInt64(UInt32(left)) << 32 | UInt64(UInt32(i))
                    seen[key] = open[key] ?? y0
                }
            }
            // Close trapezoids whose pair did not continue into this slab.
            for (key, top) in open where seen[key] == nil {
                out.emit(edges[Int(key >> 32)], edges[Int(key & 0xFFFF_FFFF)], top: top, bottom: y0)
            }
            swap(&open, &seen)
        }
        if let last = ys.last {
            for (key, top) in open { out.emit(edges[Int(key >> 32)], edges[Int(key & 0xFFFF_FFFF)], top: top, bottom: last) }
        }
        return out.builder.mesh
    }

    @inline(__always)
    static func inside(_ winding: Int32, _ rule: CGPathFillRule) -> Bool {
        rule == .winding ? winding != 0 : (winding & 1) != 0
    }

    /// True for a single simple convex ring (consistent turn direction and one turn in total), which a fan
    /// covers exactly.
    static func isConvex(_ pts: [CGPoint]) -> Bool {
        let n = pts.count
        guard n >= 3 else { return false }
        var sign: CGFloat = 0
        var xFlips = 0, yFlips = 0
        var lastDx: CGFloat = 0, lastDy: CGFloat = 0
        for i in 0..<(n + 1) {
            let a = pts[i % n], b = pts[(i + 1) % n], c = pts[(i + 2) % n]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            if cross != 0 {
                if sign == 0 { sign = cross > 0 ? 1 : -1 } else if (cross > 0 ? 1 : -1) != sign { return false }
            }
            guard i < n else { break }
            let dx = b.x - a.x, dy = b.y - a.y
            if dx != 0 { if lastDx != 0 && (dx > 0) != (lastDx > 0) { xFlips += 1 }; lastDx = dx }
            if dy != 0 { if lastDy != 0 && (dy > 0) != (lastDy > 0) { yFlips += 1 }; lastDy = dy }
        }
        // A star polygon turns the same way at every vertex but reverses direction more than twice.
        return sign != 0 && xFlips <= 2 && yFlips <= 2
    }

    /// Fan from the first point, skipping zero-area triangles.
    static func fan(_ pts: [CGPoint]) -> TriangleMesh {
        var b = MeshBuilder(mayOverlap: false)
        let first = b.vertex(pts[0])
        var prev = b.vertex(pts[1])
        for i in 2..<pts.count {
            let v = b.vertex(pts[i])
            let a = pts[0], p = pts[i - 1], c = pts[i]
            if (p.x - a.x) * (c.y - a.y) - (p.y - a.y) * (c.x - a.x) != 0 { b.triangle(first, prev, v) }
            prev = v
        }
        return b.mesh
    }
}

/// Turns trapezoids into triangles, sharing vertices by exact Float position.
struct TrapezoidEmitter {
    var builder = MeshBuilder(mayOverlap: false)
    private var lookup: [SIMD2<Float>: UInt32] = [:]

    private mutating func index(_ x: Double, _ y: Double) -> UInt32 {
        let p = SIMD2<Float>(Float(x), Float(y))
        if let i = lookup[p] { return i }
        builder.mesh.positions.append(p)
        let i = UInt32(builder.mesh.positions.count - 1)
        lookup[p] = i
        return i
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

extension CGPath {
    /// Non-overlapping triangles covering exactly the filled region under `rule`.
    /// Pathological input (millions of crossings) is retried with a 4x coarser tolerance, three times at
    /// most, then gives an empty mesh rather than stalling.
    public func fillMesh(rule: CGPathFillRule = .winding, tolerance: CGFloat = 0.25) -> TriangleMesh {
        let subpaths = Subpath.parse(elements)
        var tol = Tolerance.clamp(tolerance)
        for _ in 0..<4 {
            if let mesh = FillTessellator.tessellate(subpaths.flatten(tolerance: tol), rule: rule) { return mesh }
            tol *= 4
        }
        return TriangleMesh()
    }
}
