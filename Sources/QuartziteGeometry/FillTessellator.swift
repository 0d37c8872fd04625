import Foundation

/// Fill tessellation by slab (trapezoid) decomposition, so triangles never overlap for either rule and any
/// input: self-intersections, holes, duplicate and collinear points (no epsilons that make tiny shapes
/// fail, no recursion on input size).
///
/// Every edge is straight; every vertex y and every pairwise intersection y bounds a slab. Inside a slab no
/// two edges cross, so sorting them by x at the slab's middle and summing windings left to right gives the
/// inside spans exactly. A span bounded by the same two edges in consecutive slabs is merged into one
/// trapezoid, which keeps the triangle count near the vertex count.
enum FillTessellator {
    /// A non-horizontal edge, stored top (y0) to bottom (y1); `winding` is +1 if the path runs downwards
    /// (times `SweepCoverage.secondPath` for a boolean operation's second path).
    struct Edge {
        var x0, y0, x1, y1: Double
        var winding: Int64
        /// dx / dy, divided once: the sweep evaluates x at every slab an edge spans.
        var slope: Double

        init(x0: Double, y0: Double, x1: Double, y1: Double, winding: Int64) {
            self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
            self.winding = winding
            slope = (x1 - x0) / (y1 - y0)
        }

        @inline(__always)
        func x(at y: Double) -> Double {
            if y <= y0 { return x0 }
            if y >= y1 { return x1 }
            return x0 + (y - y0) * slope
        }
    }

    /// The inside span whose left boundary is an edge: its right edge, the last slab it was seen in, and
    /// its top y.
    struct Span {
        var right: Int32
        var slab: Int32
        var top: Double
    }

    /// Work units (pair tests + edge visits per slab) one tessellation may spend before giving up, so a
    /// scribble with millions of crossings returns instead of hanging the frame.
    static let workBudget = 30_000_000

    /// Tessellates, or returns nil when the work budget runs out (the caller retries coarser).
    ///
    /// Cost, for n edges, X crossings and at most A edges spanning one slab: finding crossings tests every
    /// pair of edges whose y ranges overlap, O(n log n + n * A); the sweep visits at most 2n + X slabs of
    /// at most A edges each, kept in x order from slab to slab (O(X + n * A) sorting moves in all), so
    /// O((n + X) * A) with merged trapezoids keeping the output near the vertex count. Typical paths have
    /// small A and few crossings, so this is near O(n log n); the worst case, a scribble whose every edge
    /// crosses every other, is O(n^2) slabs of O(n) edges, O(n^3). `workBudget` counts all of it (pair
    /// tests, edge visits, sorting moves): past it the caller retries coarser, then gives up.
    static func tessellate(_ polys: [FlatPolyline], rule: CGPathFillRule) -> TriangleMesh? {
        var ringCount = 0, edgeCapacity = 0
        var single: [CGPoint] = []
        for poly in polys where poly.points.count >= 3 {
            ringCount += 1; edgeCapacity += poly.points.count; single = poly.points
        }
        if ringCount == 1, isConvex(single) { return fan(single) }
        var edges: [Edge] = []
        edges.reserveCapacity(edgeCapacity)
        for ring in polys where ring.points.count >= 3 {
            let pts = ring.points
            var a = pts[pts.count - 1]
            for b in pts {
                addEdge(a.x, a.y, b.x, b.y, to: &edges)
                a = b
            }
        }
        return tessellate(edges: &edges, coverage: SweepCoverage(rule: rule), triangles: true)
    }

    /// The outline of the region a mesh's triangles cover, which may overlap (a stroke's): every triangle
    /// taken counter-clockwise as a ring of winding +1, so the non-zero rule gives exactly their union. Only
    /// the outline is made (the union's own triangles would be many more than the mesh's). nil when the work
    /// budget runs out.
    static func outline(of mesh: TriangleMesh) -> [SIMD4<Float>]? {
        // Directed edges by vertex index, each triangle counter-clockwise (a zero-area one as it comes: its
        // edges add no winding anywhere). An edge two triangles share in opposite directions adds +1 and -1
        // everywhere, so the pair is dropped before the sweep: what is left of a watertight stroke is about
        // its outline, with far fewer edges and crossings than its triangles.
        var keyed: [(key: UInt64, forward: Bool)] = []
        keyed.reserveCapacity(mesh.indices.count)
        var i = 0
        while i + 2 < mesh.indices.count {
            var a = mesh.indices[i], b = mesh.indices[i + 1]
            let c = mesh.indices[i + 2]
            i += 3
            let pa = mesh.positions[Int(a)], pb = mesh.positions[Int(b)], pc = mesh.positions[Int(c)]
            let cross = (Double(pb.x) - Double(pa.x)) * (Double(pc.y) - Double(pa.y))
                - (Double(pb.y) - Double(pa.y)) * (Double(pc.x) - Double(pa.x))
            if cross < 0 { swap(&a, &b) }
            appendKeyed(a, b, to: &keyed); appendKeyed(b, c, to: &keyed); appendKeyed(c, a, to: &keyed)
        }
        keyed.sort { $0.key < $1.key }
        var edges: [Edge] = []
        edges.reserveCapacity(keyed.count / 2)
        var k = 0
        while k < keyed.count {
            let key = keyed[k].key
            var net = 0
            while k < keyed.count, keyed[k].key == key { net += keyed[k].forward ? 1 : -1; k += 1 }
            let lo = mesh.positions[Int(key >> 32)], hi = mesh.positions[Int(key & 0xFFFF_FFFF)]
            for _ in 0..<abs(net) {
                if net > 0 {
                    addEdge(Double(lo.x), Double(lo.y), Double(hi.x), Double(hi.y), to: &edges)
                } else {
                    addEdge(Double(hi.x), Double(hi.y), Double(lo.x), Double(lo.y), to: &edges)
                }
            }
        }
        return tessellate(edges: &edges, coverage: SweepCoverage(rule: .winding), triangles: false)?.boundary
    }

    /// The edge from vertex `from` to vertex `to` as (both indices, smaller first; whether that is its way).
    @inline(__always)
    private static func appendKeyed(_ from: UInt32, _ to: UInt32, to keyed: inout [(key: UInt64, forward: Bool)]) {
        guard from != to else { return }
        keyed.append(from < to ? (UInt64(from) << 32 | UInt64(to), true) : (UInt64(to) << 32 | UInt64(from), false))
    }

    /// Adds the edge from a to b, of winding `weight` where it runs downwards (horizontal edges bound no span
    /// and are skipped). The ends are rounded to Float first, the mesh's precision: two ends meant to be level
    /// but an ulp apart in Double (sin and cos of symmetric angles) would otherwise make a slab thinner than a
    /// Float can tell, whose trapezoid vanishes and takes that stretch of the outline with it.
    @inline(__always)
    static func addEdge(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, weight: Int64 = 1,
                        to edges: inout [Edge]) {
        let (ax, ay, bx, by) = (Double(Float(ax)), Double(Float(ay)), Double(Float(bx)), Double(Float(by)))
        if ay == by { return }
        if ay < by {
            edges.append(Edge(x0: ax, y0: ay, x1: bx, y1: by, winding: weight))
        } else {
            edges.append(Edge(x0: bx, y0: by, x1: ax, y1: ay, winding: -weight))
        }
    }

    /// Slabs and sweep over a set of edges (sorted here), inside where `coverage` says.
    static func tessellate(edges: inout [Edge], coverage: SweepCoverage, triangles: Bool) -> TriangleMesh? {
        guard edges.count >= 2 else { return TriangleMesh() }
        edges.sort { $0.y0 < $1.y0 }
        var work = 0
        var ys: [Double] = []
        ys.reserveCapacity(edges.count * 2 + 8)
        for e in edges { ys.append(e.y0); ys.append(e.y1) }
        guard intersectionYs(edges, work: &work, into: &ys) else { return nil }
        ys.sort()
        // Unique in place.
        var count = 0
        for i in ys.indices where count == 0 || ys[count - 1] != ys[i] { ys[count] = ys[i]; count += 1 }
        ys.removeLast(ys.count - count)
        return sweep(edges: edges, ys: ys, coverage: coverage, triangles: triangles, work: &work)
    }

    /// Appends the y of every proper crossing between two edges (shared endpoints are already slab bounds);
    /// false when the work budget runs out. Edges are sorted by top y, so only pairs whose y ranges overlap
    /// are tested.
    static func intersectionYs(_ edges: [Edge], work: inout Int, into out: inout [Double]) -> Bool {
        for i in 0..<edges.count {
            if work > workBudget { return false }
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
        return true
    }

    /// Sweeps the slabs, emitting merged trapezoids.
    ///
    /// An inside span is keyed by its left edge (an edge bounds the left of at most one span per slab):
    /// per edge, the span's right edge, top y and the last slab it was seen in. A span whose left and right
    /// edges are the same as in the slab above continues; any other closes and is emitted.
    static func sweep(edges: [Edge], ys: [Double], coverage: SweepCoverage, triangles: Bool = true,
                      work: inout Int) -> TriangleMesh? {
        let n = edges.count
        // An outline-only sweep makes no vertices: nothing to reserve.
        var out = TrapezoidEmitter(expectedVertices: triangles ? n * 4 : 0)
        // Scratch sized by the edge count, on the stack when small: a fill of a small shape is otherwise
        // dominated by allocating and freeing its working arrays.
        let finished = withUnsafeTemporaryAllocation(of: Int32.self, capacity: 3 * n) { ints -> Bool in
            withUnsafeTemporaryAllocation(of: Keyed.self, capacity: n) { keyed -> Bool in
                withUnsafeTemporaryAllocation(of: Span.self, capacity: n) { spans -> Bool in
                    guard let base = ints.baseAddress, let keys = keyed.baseAddress else { return false }
                    spans.initialize(repeating: Span(right: -1, slab: Int32.min, top: 0))
                    return sweepSlabs(edges, ys, coverage, triangles, &work, &out, active: base, lefts: (base + n, base + 2 * n),
                                      keyed: keys, spans: spans)
                }
            }
        }
        return finished ? out.builder.mesh : nil
    }

    /// An edge and its x in the middle of the current slab.
    struct Keyed {
        var x: Double
        var index: Int32
    }

    /// The sweep proper, on caller-provided scratch: `active` and both `lefts` hold up to n edge indices,
    /// `keyed` up to n entries, `spans` one per edge. False when the work budget runs out.
    ///
    /// Over 80 lines on purpose: the tessellator's inner loop, whose state (the active edges, the budget, the
    /// scratch pointers) stays in locals; split into methods it would be passed around on every slab.
    private static func sweepSlabs(_ edges: [Edge], _ ys: [Double], _ coverage: SweepCoverage, _ triangles: Bool,
                                   _ work: inout Int,
                                   _ out: inout TrapezoidEmitter, active: UnsafeMutablePointer<Int32>,
                                   lefts: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>),
                                   keyed: UnsafeMutablePointer<Keyed>, spans: UnsafeMutableBufferPointer<Span>) -> Bool {
        var activeCount = 0, next = 0
        var (openLefts, nextLefts) = lefts
        var outline = SweepOutline(edgeCount: edges.count)
        var openCount = 0
        for k in 0..<(ys.count - 1) {
            let y0 = ys[k], y1 = ys[k + 1]
            while next < edges.count, edges[next].y0 <= y0 { active[activeCount] = Int32(next); activeCount += 1; next += 1 }
            var kept = 0
            for a in 0..<activeCount where edges[Int(active[a])].y1 > y0 { active[kept] = active[a]; kept += 1 }
            activeCount = kept
            work += activeCount
            if work > workBudget { return false }
            let mid = (y0 + y1) / 2
            // `active` keeps the previous slab's x order (new edges at its end), so this insertion sort
            // moves an edge once per crossing and once per place a new edge travels: linear in practice,
            // and counted against the budget so a pathological input cannot make it quadratic unbounded.
            // (Every active edge spans the whole slab: all endpoints are slab bounds.)
            var keyedCount = 0
            for a in 0..<activeCount {
                let i = active[a]
                let item = Keyed(x: edges[Int(i)].x(at: mid), index: i)
                var b = keyedCount
                while b > 0, keyed[b - 1].x > item.x { keyed[b] = keyed[b - 1]; b -= 1 }
                keyed[b] = item
                work += keyedCount - b
                keyedCount += 1
            }
            for a in 0..<keyedCount { active[a] = keyed[a].index }
            if work > workBudget { return false }
            let slab = Int32(k)
            var nextCount = 0
            var winding: Int64 = 0
            var left: Int32 = -1
            outline.beginSlab()
            var a = 0
            while a < keyedCount {
                let i = keyed[a].index, x = keyed[a].x
                let before = coverage.contains(winding)
                winding &+= edges[Int(i)].winding
                a += 1
                // Edges at one x here coincide through the slab (crossings bound slabs): they act as one, so
                // a seam between two pieces of the region (a union's shared triangle edges) is no boundary.
                while a < keyedCount, keyed[a].x == x { winding &+= edges[Int(keyed[a].index)].winding; a += 1 }
                let after = coverage.contains(winding)
                if !before && after { left = i }
                if before && !after && left >= 0 {
                    outline.span(left: left, right: i, edges, slab: Int32(k), y0: y0, y1: y1, into: &out.builder)
                    guard triangles else { continue }
                    let l = Int(left)
                    if spans[l].slab == slab - 1 && spans[l].right == i {
                        spans[l].slab = slab
                    } else {
                        if spans[l].slab == slab - 1 {
                            out.emit(edges[l], edges[Int(spans[l].right)], top: spans[l].top, bottom: y0)
                        }
                        spans[l] = Span(right: i, slab: slab, top: y0)
                    }
                    nextLefts[nextCount] = left
                    nextCount += 1
                }
            }
            outline.endSlab(Int32(k), at: y0, edges, into: &out.builder)
            // Close spans whose pair did not continue into this slab.
            for a in 0..<openCount where spans[Int(openLefts[a])].slab == slab - 1 {
                let l = Int(openLefts[a]), span = spans[l]
                out.emit(edges[l], edges[Int(span.right)], top: span.top, bottom: y0)
            }
            swap(&openLefts, &nextLefts)
            openCount = nextCount
        }
        if let last = ys.last {
            let slab = Int32(ys.count - 2)
            outline.finish(lastSlab: slab, at: last, edges, into: &out.builder)
            for a in 0..<openCount where spans[Int(openLefts[a])].slab == slab {
                let l = Int(openLefts[a]), span = spans[l]
                out.emit(edges[l], edges[Int(span.right)], top: span.top, bottom: last)
            }
        }
        return true
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
            if xFlips > 2 || yFlips > 2 { return false }
        }
        // A star polygon turns the same way at every vertex but reverses direction more than twice.
        return sign != 0 && xFlips <= 2 && yFlips <= 2
    }

    /// Fan from the first point, skipping zero-area triangles.
    static func fan(_ pts: [CGPoint]) -> TriangleMesh {
        var b = MeshBuilder(mayOverlap: false)
        // The outline runs clockwise on screen: the ring itself or reversed (the shoelace sum is positive
        // for clockwise on screen, y being down).
        var twiceArea: CGFloat = 0
        for i in 0..<pts.count {
            let p = pts[i], q = pts[i + 1 == pts.count ? 0 : i + 1]
            twiceArea += p.x * q.y - q.x * p.y
        }
        for i in 0..<pts.count {
            let p = pts[i], q = pts[i + 1 == pts.count ? 0 : i + 1]
            if twiceArea >= 0 { b.boundary(p.x, p.y, q.x, q.y) } else { b.boundary(q.x, q.y, p.x, p.y) }
        }
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
