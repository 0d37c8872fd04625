import Foundation

extension TriangleMesh {
    /// Reorders `boundary` so that each closed loop's pieces come one after another, in order (each piece's
    /// end is the next one's start, the loop's last piece ending at its first one's start). The renderer's
    /// fringe then finds a piece's neighbours by looking next door, and mitres its corners
    /// (`DisplayList.appendWithFringe`). Pieces whose ends match no start exactly (a crossing found twice, a
    /// few ulps apart) end a run there; those corners keep square ends. Where loops touch at a point (an
    /// even-odd pentagram's inner corners), each loop is followed round on its own.
    public mutating func orderBoundaryIntoLoops() {
        let pieces = boundary
        let n = pieces.count
        guard n > 2 else { return }
        // Starts by position: searched directly for short outlines, hashed for long ones.
        var byStart: [SIMD2<Float>: [Int]] = [:]
        if n > 32 {
            byStart.reserveCapacity(n)
            for (i, s) in pieces.enumerated() { byStart[SIMD2(s.x, s.y), default: []].append(i) }
        }
        var used = [Bool](repeating: false, count: n)
        /// The unused piece that follows piece `i`: the one starting where it ends; where several do (loops
        /// touching at a point), the one turning furthest clockwise on screen, which keeps the region on
        /// the right and so stays on one loop rather than crossing to the other.
        func successor(of i: Int) -> Int? {
            let end = SIMD2(pieces[i].z, pieces[i].w)
            let incoming = end - SIMD2(pieces[i].x, pieces[i].y)
            var best: Int?, bestTurn = -Float.infinity
            func consider(_ k: Int) {
                guard !used[k] else { return }
                let outgoing = SIMD2(pieces[k].z, pieces[k].w) - end
                // y down: a clockwise turn on screen has a positive cross product.
                let turn = atan2(incoming.x * outgoing.y - incoming.y * outgoing.x, incoming.x * outgoing.x + incoming.y * outgoing.y)
                if turn > bestTurn { best = k; bestTurn = turn }
            }
            if n > 32 {
                for k in byStart[end] ?? [] { consider(k) }
            } else {
                for (k, s) in pieces.enumerated() where s.x == end.x && s.y == end.y { consider(k) }
            }
            return best
        }
        var ordered: [SIMD4<Float>] = []
        ordered.reserveCapacity(n)
        var first = 0
        while ordered.count < n {
            while used[first] { first += 1 }
            var i = first
            let loopStart = SIMD2(pieces[i].x, pieces[i].y)
            while true {
                used[i] = true
                ordered.append(pieces[i])
                let end = SIMD2(pieces[i].z, pieces[i].w)
                guard end != loopStart, let j = successor(of: i) else { break }
                i = j
            }
        }
        boundary = ordered
    }
}
