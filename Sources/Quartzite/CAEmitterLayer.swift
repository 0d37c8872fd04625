import Foundation

/// A layer that emits, moves and draws particles: each of its `emitterCells` gives birth to particles at its
/// rate from the emitter's shape, and each particle moves, turns, grows and changes colour as the cell says
/// until its lifetime ends. The particles are drawn above the layer's background and contents, below its
/// sublayers, one batched draw per cell.
///
/// Particles are a pure function of the layer's `seed`, its emitter values and its local time: a frame at
/// time t shows the same particles however it was reached (a capture, a scrub backwards, a skipped frame).
/// A change of an emitter property through this class takes effect at the layer's time of the change: the
/// particles already born keep the values they were born with (`birthRate = 0` ends a burst and lets it
/// fall). Emission starts when the cells are given; a top-level cell's `beginTime` and `duration` are
/// measured from then.
///
/// At most `ParticleSimulation.maximumLiveParticles` (100,000) particles are drawn; beyond it the newest are
/// kept and a diagnostic says so. Rates, lifetimes and sizes that are not finite, or so large the count
/// could not be held, emit nothing, with a diagnostic.
open class CAEmitterLayer: CALayer {
    private var cellObjects: [CAEmitterCell]?

    /// An emitter layer with Core Animation's defaults: a point emitter at (0, 0), no cells.
    public override init() {
        super.init()
        LayerTreeLock.withLock { modelValues.emitter = EmitterState() }
    }
    /// A copy of another layer's properties (what presentation layers are made with).
    public override init(layer: Any) {
        super.init(layer: layer)
        LayerTreeLock.withLock {
            if modelValues.emitter == nil { modelValues.emitter = EmitterState() }
            cellObjects = (layer as? CAEmitterLayer)?.cellObjects
        }
    }
    /// Core Animation's archiving initializer (see `CALayer.init?(coder:)`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        LayerTreeLock.withLock { modelValues.emitter = EmitterState() }
    }
    /// Emitter layers draw their particles.
    override class var kindOfLayers: LayerKind { .emitter }

    /// The emitter's current values.
    private func emitterValue<T>(_ keyPath: KeyPath<EmitterValues, T>) -> T {
        LayerTreeLock.withLock { (modelValues.emitter ?? EmitterState()).current[keyPath: keyPath] }
    }

    /// A new time base moves the emitter's history with it: its changes stay where they were relative to now
    /// (`beginTime = CACurrentMediaTime()` after configuring, as iOS code starts an emitter without pre-warming).
    override func timingDidChange(from old: MediaTiming) {
        let parentNow = parentTime(fromGlobal: CACurrentMediaTime())
        let offset = timing.localTime(fromParent: parentNow) - old.localTime(fromParent: parentNow)
        guard offset.isFinite, offset != 0, var state = modelValues.emitter else { return }
        state.shift(by: offset)
        modelValues.emitter = state
    }

    /// Changes the emitter's values from the layer's local time now on (a new segment of its history).
    private func changeEmitter(_ key: String, _ body: (inout EmitterValues) -> Void) {
        LayerTreeLock.withLock {
            let now = localTime(fromGlobal: CACurrentMediaTime())
            commitChange(forKey: key) { properties in
                var state = properties.emitter ?? EmitterState()
                state.change(at: now, body)
                properties.emitter = state
            }
        }
    }

    /// Sets a property by key path, as Core Animation's key-value coding: `emitterCells.name.key` (deeper:
    /// `emitterCells.name.emitterCells.other.key`) changes the named cell's property and gives the cells
    /// again (the particles born from now on have it); the emitter's own properties by key go through their
    /// setters; any other key path as for every layer.
    open override func setValue(_ value: Any?, forKeyPath keyPath: String) {
        if let (cell, key) = namedCell(in: keyPath) {
            LayerTreeLock.withLock {
                cell.setValue(value, forKey: key)
                emitterCells = cellObjects
            }
            return
        }
        if !setEmitterValue(value, forKey: keyPath) { super.setValue(value, forKeyPath: keyPath) }
    }

    /// The value at a key path: a named cell's property (`emitterCells.name.key`), an emitter property by
    /// key, or as for every layer.
    open override func value(forKeyPath keyPath: String) -> Any? {
        if let (cell, key) = namedCell(in: keyPath) { return cell.value(forKey: key) }
        if let value = emitterValue(forKey: keyPath) { return value }
        return super.value(forKeyPath: keyPath)
    }

    /// The cells that emit particles. The layer keeps copies of their values: a change to a cell shows once
    /// the cells are given again.
    open var emitterCells: [CAEmitterCell]? {
        get { LayerTreeLock.withLock { cellObjects } }
        set {
            LayerTreeLock.withLock {
                cellObjects = newValue
                let snapshot = (newValue ?? []).map { $0.snapshot() }
                changeEmitter("emitterCells") { $0.cells = snapshot }
            }
        }
    }
    /// The centre of the emitter shape, in the layer's coordinates.
    open var emitterPosition: CGPoint {
        get { emitterValue(\.emitterPosition) } set { changeEmitter("emitterPosition") { $0.emitterPosition = newValue } }
    }
    /// The z of the emitter shape's centre.
    open var emitterZPosition: CGFloat {
        get { emitterValue(\.emitterZPosition) } set { changeEmitter("emitterZPosition") { $0.emitterZPosition = newValue } }
    }
    /// The size of the emitter shape (a circle's or sphere's radius is its width).
    open var emitterSize: CGSize {
        get { emitterValue(\.emitterSize) } set { changeEmitter("emitterSize") { $0.emitterSize = newValue } }
    }
    /// The depth of a cuboid emitter.
    open var emitterDepth: CGFloat {
        get { emitterValue(\.emitterDepth) } set { changeEmitter("emitterDepth") { $0.emitterDepth = newValue } }
    }
    /// The shape particles are emitted from; `.point` by default.
    open var emitterShape: CAEmitterLayerEmitterShape {
        get { emitterValue(\.emitterShape) } set { changeEmitter("emitterShape") { $0.emitterShape = newValue } }
    }
    /// Which part of the shape particles come from; `.volume` by default.
    open var emitterMode: CAEmitterLayerEmitterMode {
        get { emitterValue(\.emitterMode) } set { changeEmitter("emitterMode") { $0.emitterMode = newValue } }
    }
    /// How particles are composited; `.unordered` by default. The order holds within each cell (one draw a
    /// cell), cells drawing in the order given.
    open var renderMode: CAEmitterLayerRenderMode {
        get { emitterValue(\.renderMode) } set { changeEmitter("renderMode") { $0.renderMode = newValue } }
    }
    /// Multiplies every cell's birth rate; 1 by default (0 stops births, leaving the particles in flight).
    open var birthRate: Float {
        get { emitterValue(\.birthRate) } set { changeEmitter("birthRate") { $0.birthRate = newValue } }
    }
    /// Multiplies every cell's lifetime (and its range); 1 by default.
    open var lifetime: Float {
        get { emitterValue(\.lifetime) } set { changeEmitter("lifetime") { $0.lifetime = newValue } }
    }
    /// Multiplies every cell's velocity (and its range); 1 by default.
    open var velocity: Float {
        get { emitterValue(\.velocity) } set { changeEmitter("velocity") { $0.velocity = newValue } }
    }
    /// Multiplies every cell's scale (its range and speed too); 1 by default.
    open var scale: Float {
        get { emitterValue(\.scale) } set { changeEmitter("scale") { $0.scale = newValue } }
    }
    /// Multiplies every cell's spin (and its range); 1 by default.
    open var spin: Float {
        get { emitterValue(\.spin) } set { changeEmitter("spin") { $0.spin = newValue } }
    }
    /// Seeds the particles' random values: the same seed gives the same particles.
    open var seed: UInt32 {
        get { emitterValue(\.seed) } set { changeEmitter("seed") { $0.seed = newValue } }
    }
    /// Whether particles keep their z (drawn in 3D, nearer ones larger under perspective) rather than being
    /// flattened into the layer's plane. Kept; particles are always flattened (their z orders them under
    /// `.backToFront`).
    open var preservesDepth: Bool {
        get { emitterValue(\.preservesDepth) } set { changeEmitter("preservesDepth") { $0.preservesDepth = newValue } }
    }
}
