import Foundation

extension Evaluator {
    /// For an emitter layer, writes its local time into its node's emitter state (the time its particles are
    /// shown at, `ParticleSimulation`) and returns true: its node changes with time and is never kept as
    /// static. False for every other layer.
    @inline(__always)
    static func stampEmitterTime(of layer: CALayer, _ localTime: CFTimeInterval,
                                 in properties: inout LayerProperties) -> Bool {
        guard layer.layerKind == .emitter else { return false }
        properties.emitter?.time = localTime
        return true
    }
}
