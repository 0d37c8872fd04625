import Foundation

extension TriangleMesh {
    /// Reorders `boundary` so that each closed loop's pieces come one after another, in order (each piece's
    /// end is the next one's start, the loop's last piece ending at its first one's start). The renderer's
    /// fringe then finds a piece's neighbours by looking next door, and mitres its corners
    /// (`DisplayList.appendWithFringe`). Pieces whose ends match no start exactly (a crossing found twice, a
    /// few ulps apart) end a run there, as do points where more than one piece starts (loops touching at a
    /// corner, an even-odd pentagram's inner corners); those corners keep square ends.
    public mutating func orderBoundaryIntoLoops() {
        let pieces = boundary
        let n = pieces.count
        guard n > 2 else { return }
        // Starts by position: searched directly for short outlines, hashed for long ones.
        var byStart: [SIMD2<Float>: Int] = [:]
        var shared: Set<SIMD2<Float>> = []
        if n > 32 {
            byStart.reserveCapacity(n)
            for (i, s) in pieces.enumerated() {
                if byStart.updateValue(i, forKey: SIMD2(s.x, s.y)) != nil { shared.insert(SIMD2(s.x, s.y)) }
            }
        }
        var used = [Bool](repeating: false, count: n)
        /// The unused piece starting at `end`; nil when none does, or when more than one piece starts there
        /// at all (loops touching at a point: which way round to go is a guess, and a mitre between two
        /// loops' pieces would be wrong, so the run ends there).
        func unusedStart(at end: SIMD2<Float>) -> Int? {
            if n > 32 {
                guard !shared.contains(end), let k = byStart[end], !used[k] else { return nil }
                return k
            }
            var found: Int?
            for (k, s) in pieces.enumerated() where s.x == end.x && s.y == end.y {
                guard found == nil else { return nil }
                found = k
            }
            return found.flatMap { used[$0] ? nil : $0 }
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
                guard end != loopStart, let j = unusedStart(at: end) else { break }
                i = j
            }
        }
        boundary = ordered
    }
}
