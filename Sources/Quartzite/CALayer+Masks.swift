import Foundation

/// Mask bookkeeping (the lock held).
extension CALayer {
    func masksChainContains(_ layer: CALayer) -> Bool {
        var current: CALayer? = self
        var steps = 0
        while let c = current, steps < 1000 {
            if c === layer { return true }
            current = c.maskStorage
            steps += 1
        }
        return false
    }
}
