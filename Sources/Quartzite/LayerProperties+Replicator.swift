import Foundation

/// The replicator properties that animations and key paths reach (`LayerPropertyTable`). On a layer that is
/// not a replicator they read the defaults and write nothing.
extension LayerProperties {
    /// The replicator's values (the defaults for a layer that is not a replicator).
    private var currentReplicator: ReplicatorValues {
        get { replicator ?? ReplicatorValues() }
        set { if replicator != nil { replicator = newValue } }
    }

    /// `CAReplicatorLayer.instanceCount` as a number: a fraction is cut toward zero, a value past Int's range
    /// clamped, NaN is 0.
    var instanceCountNumber: CGFloat {
        get { CGFloat(currentReplicator.instanceCount) }
        set {
            let whole = newValue.rounded(.towardZero)
            currentReplicator.instanceCount = whole.isNaN ? 0 : Int(exactly: whole) ?? (whole > 0 ? .max : .min)
        }
    }
    /// `CAReplicatorLayer.instanceDelay`.
    var instanceDelay: CGFloat {
        get { currentReplicator.instanceDelay } set { currentReplicator.instanceDelay = newValue }
    }
    /// `CAReplicatorLayer.instanceTransform`.
    var instanceTransform: CATransform3D {
        get { currentReplicator.instanceTransform } set { currentReplicator.instanceTransform = newValue }
    }
    /// `CAReplicatorLayer.instanceColor`.
    var instanceColor: CGColor? {
        get { currentReplicator.instanceColor } set { currentReplicator.instanceColor = newValue }
    }
    /// `CAReplicatorLayer.instanceRedOffset`.
    var instanceRedOffset: Float {
        get { currentReplicator.instanceRedOffset } set { currentReplicator.instanceRedOffset = newValue }
    }
    /// `CAReplicatorLayer.instanceGreenOffset`.
    var instanceGreenOffset: Float {
        get { currentReplicator.instanceGreenOffset } set { currentReplicator.instanceGreenOffset = newValue }
    }
    /// `CAReplicatorLayer.instanceBlueOffset`.
    var instanceBlueOffset: Float {
        get { currentReplicator.instanceBlueOffset } set { currentReplicator.instanceBlueOffset = newValue }
    }
    /// `CAReplicatorLayer.instanceAlphaOffset`.
    var instanceAlphaOffset: Float {
        get { currentReplicator.instanceAlphaOffset } set { currentReplicator.instanceAlphaOffset = newValue }
    }
    /// `CAReplicatorLayer.preservesDepth`.
    var preservesDepth: Bool {
        get { currentReplicator.preservesDepth } set { currentReplicator.preservesDepth = newValue }
    }
}
