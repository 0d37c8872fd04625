import Foundation

/// The emitter properties that animations and key paths reach (`LayerPropertyTable`): they read and write
/// the emitter's current values in place, so an animation of one applies to the particles born since the
/// last change of the emitter, at every moment of their lives. On a layer that is not an emitter they read
/// the defaults and write nothing.
extension LayerProperties {
    /// The emitter's current values (the defaults for a layer that is not an emitter).
    private var currentEmitter: EmitterValues {
        get { emitter?.current ?? EmitterValues() }
        set {
            guard var state = emitter else { return }
            state.current = newValue
            emitter = state
        }
    }

    /// `CAEmitterLayer.emitterPosition`.
    var emitterPosition: CGPoint {
        get { currentEmitter.emitterPosition } set { currentEmitter.emitterPosition = newValue }
    }
    /// `CAEmitterLayer.emitterZPosition`.
    var emitterZPosition: CGFloat {
        get { currentEmitter.emitterZPosition } set { currentEmitter.emitterZPosition = newValue }
    }
    /// `CAEmitterLayer.emitterSize`.
    var emitterSize: CGSize { get { currentEmitter.emitterSize } set { currentEmitter.emitterSize = newValue } }
    /// `CAEmitterLayer.emitterDepth`.
    var emitterDepth: CGFloat { get { currentEmitter.emitterDepth } set { currentEmitter.emitterDepth = newValue } }
}
