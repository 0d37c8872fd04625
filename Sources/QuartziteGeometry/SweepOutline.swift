import Foundation

/// The outline of a fill, found during the slab sweep (`FillTessellator`) and written clockwise on screen
/// into the mesh's `boundary`.
///
/// - Sides: every span runs from an outside-to-inside edge to the next inside-to-outside edge, so its two
///   edges are outline there. An edge that bounds spans on the same side in consecutive slabs is one run,
///   written once as one piece (not one per slab).
/// - Horizontal pieces: at each slab bound y, the x ranges covered just above (the slab before, at its
///   bottom) and just below (the slab after, at its top) differ exactly where the outline runs along y.
struct SweepOutline {
    /// Per edge: the top y of its open run, the last slab it bounded a span in (Int32.min: none), and
    /// whether it bounds them on the left.
    private var runTop: [Double]
    private var runSlab: [Int32]
    private var runLeft: [Bool]
    /// Edges that bounded a span in this slab and in the previous one.
    private var current: [Int32] = []
    private var previous: [Int32] = []
    /// The previous slab's spans at its bottom, as (left, right) x pairs in x order.
    private var above: [Double] = []
    /// This slab's spans at its top, and at its bottom (which becomes `above`).
    private var belowTop: [Double] = []
    private var belowBottom: [Double] = []

    init(edgeCount: Int) {
        runTop = [Double](repeating: 0, count: edgeCount)
        runSlab = [Int32](repeating: Int32.min, count: edgeCount)
        runLeft = [Bool](repeating: false, count: edgeCount)
    }

    mutating func beginSlab() {
        belowTop.removeAll(keepingCapacity: true)
        belowBottom.removeAll(keepingCapacity: true)
    }

    /// A span of slab `slab` (from y0 to y1), between edges `left` and `right`.
    mutating func span(left: Int32, right: Int32, _ edges: [FillTessellator.Edge], slab: Int32, y0: Double, y1: Double,
                       into builder: inout MeshBuilder) {
        let l = edges[Int(left)], r = edges[Int(right)]
        belowTop.append(l.x(at: y0)); belowTop.append(max(l.x(at: y0), r.x(at: y0)))
        belowBottom.append(l.x(at: y1)); belowBottom.append(max(l.x(at: y1), r.x(at: y1)))
        side(left, isLeft: true, edges, slab: slab, y0: y0, into: &builder)
        side(right, isLeft: false, edges, slab: slab, y0: y0, into: &builder)
    }

    private mutating func side(_ e: Int32, isLeft: Bool, _ edges: [FillTessellator.Edge], slab: Int32, y0: Double,
                               into builder: inout MeshBuilder) {
        let i = Int(e)
        if runSlab[i] == slab - 1 {
            if runLeft[i] == isLeft { runSlab[i] = slab; current.append(e); return }
            close(i, edges, bottom: y0, into: &builder)
        }
        runTop[i] = y0
        runSlab[i] = slab
        runLeft[i] = isLeft
        current.append(e)
    }

    /// Writes edge i's run from its top down to `bottom`: a left side runs up, a right side down.
    private mutating func close(_ i: Int, _ edges: [FillTessellator.Edge], bottom: Double, into builder: inout MeshBuilder) {
        let e = edges[i], top = runTop[i]
        if runLeft[i] {
            builder.boundary(e.x(at: bottom), bottom, e.x(at: top), top)
        } else {
            builder.boundary(e.x(at: top), top, e.x(at: bottom), bottom)
        }
        runSlab[i] = Int32.min
    }

    /// Ends slab `slab`, which began at `y0`: the horizontal pieces between it and the slab before, and the
    /// runs that stopped at y0.
    mutating func endSlab(_ slab: Int32, at y0: Double, _ edges: [FillTessellator.Edge], into builder: inout MeshBuilder) {
        Self.difference(above, belowTop, y: y0, into: &builder)
        swap(&above, &belowBottom)
        for e in previous where runSlab[Int(e)] == slab - 1 { close(Int(e), edges, bottom: y0, into: &builder) }
        swap(&previous, &current)
        current.removeAll(keepingCapacity: true)
    }

    /// Ends the sweep at the last slab bound: the bottom pieces and every open run.
    mutating func finish(lastSlab: Int32, at y: Double, _ edges: [FillTessellator.Edge], into builder: inout MeshBuilder) {
        Self.difference(above, [], y: y, into: &builder)
        for e in previous where runSlab[Int(e)] == lastSlab { close(Int(e), edges, bottom: y, into: &builder) }
    }

    /// Where exactly one of `a` (covered above y) and `b` (covered below) covers: below only, the outline
    /// runs left to right along a top; above only, right to left along a bottom (clockwise on screen).
    static func difference(_ a: [Double], _ b: [Double], y: Double, into builder: inout MeshBuilder) {
        var ia = 0, ib = 0
        var inA = false, inB = false
        var start = 0.0
        while ia < a.count || ib < b.count {
            let x = min(ia < a.count ? a[ia] : .infinity, ib < b.count ? b[ib] : .infinity)
            let wasA = inA, wasB = inB
            // Touching ranges toggle twice at one x: no change there.
            while ia < a.count, a[ia] == x { inA.toggle(); ia += 1 }
            while ib < b.count, b[ib] == x { inB.toggle(); ib += 1 }
            if wasA != wasB, x > start {
                if wasB { builder.boundary(start, y, x, y) } else { builder.boundary(x, y, start, y) }
            }
            if inA != inB { start = x }
        }
    }
}
