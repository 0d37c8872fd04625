import Foundation

/// Time conversion through a layer's timing ancestors (the lock held).
extension CALayer {
    /// The chain of timing ancestors from the root down to this layer (a mask's timing parent is the layer it
    /// masks, as its geometry parent is).
    var timingChain: [CALayer] {
        var chain: [CALayer] = []
        var current: CALayer? = self
        while let c = current, chain.count < 10_000 {
            chain.append(c)
            current = c.superlayerStorage ?? c.maskOwner
        }
        return chain.reversed()
    }

    func localTime(fromGlobal t: CFTimeInterval) -> CFTimeInterval {
        timingChain.reduce(t) { $1.timing.localTime(fromParent: $0) }
    }

    /// The time of this layer's timing parent (its superlayer, or the layer it masks) at global time `t`.
    func parentTime(fromGlobal t: CFTimeInterval) -> CFTimeInterval {
        (superlayerStorage ?? maskOwner)?.localTime(fromGlobal: t) ?? t
    }

    func globalTime(fromLocal t: CFTimeInterval) -> CFTimeInterval {
        timingChain.reversed().reduce(t) { $1.timing.parentTime(fromLocal: $0) }
    }
}
