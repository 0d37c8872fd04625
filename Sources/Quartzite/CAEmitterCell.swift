import Foundation

/// One source of particles of a `CAEmitterLayer`: how often particles are born, how long they live, how they
/// move, turn, grow and change colour, and the image they show. A cell's `emitterCells` are emitted by each of
/// its particles (sub-emitters: their timing is measured from that particle's birth).
///
/// The layer copies its cells when they are given to it (`CAEmitterLayer.emitterCells`): change a cell
/// afterwards and give the cells again (or change the layer's multipliers) for the change to show.
/// Ranges vary a value uniformly by up to the range either way; speeds change a value per second of a
/// particle's life.
open class CAEmitterCell: CAMediaTiming, MediaTimingStorage {
    /// The cell's values (read and written holding the layer tree's lock).
    private var values = EmitterCellValues()
    private var cellsStorage: [CAEmitterCell]?
    private var colorStorage: CGColor? = .white
    /// Values set by key for keys that are not properties (key-value coding).
    var customValues: [String: Any] = [:]

    /// A cell with Core Animation's defaults: no births, no lifetime, scale 1, opaque white.
    public required init() {}

    /// Core Animation's factory spelling of `init()` (a subclass's makes an instance of the subclass).
    open class func emitterCell() -> Self { self.init() }

    /// The cell's timing: its emission starts at `beginTime` (seconds after the emitter starts, or after its
    /// particle's birth for a sub-cell) and lasts `duration` (0: for as long as the emitter or its particle
    /// lives); `speed` runs its births and its particles' lives faster or slower (0 or less: no births).
    package var mediaTiming: MediaTiming {
        get { LayerTreeLock.withLock { values.timing } } set { LayerTreeLock.withLock { values.timing = newValue } }
    }

    private func read<T>(_ keyPath: KeyPath<EmitterCellValues, T>) -> T { LayerTreeLock.withLock { values[keyPath: keyPath] } }
    private func write<T>(_ keyPath: WritableKeyPath<EmitterCellValues, T>, _ value: T) {
        LayerTreeLock.withLock { values[keyPath: keyPath] = value }
    }

    /// The cell's name, which key paths of the layer (`emitterCells.name.birthRate`) use.
    open var name: String? { get { read(\.name) } set { write(\.name, newValue) } }
    /// Whether the cell emits (a disabled cell's particles and sub-cells are not made).
    open var isEnabled: Bool { get { read(\.isEnabled) } set { write(\.isEnabled, newValue) } }
    /// Particles born per second (multiplied by the layer's `birthRate`); 0 by default.
    open var birthRate: Float { get { read(\.birthRate) } set { write(\.birthRate, newValue) } }
    /// Seconds each particle lives (multiplied by the layer's `lifetime`); 0 by default.
    open var lifetime: Float { get { read(\.lifetime) } set { write(\.lifetime, newValue) } }
    /// How far a particle's lifetime varies either way.
    open var lifetimeRange: Float { get { read(\.lifetimeRange) } set { write(\.lifetimeRange, newValue) } }
    /// Initial speed in points per second (multiplied by the layer's `velocity`).
    open var velocity: CGFloat { get { read(\.velocity) } set { write(\.velocity, newValue) } }
    /// How far the initial speed varies either way.
    open var velocityRange: CGFloat { get { read(\.velocityRange) } set { write(\.velocityRange, newValue) } }
    /// Acceleration along x, points per second squared.
    open var xAcceleration: CGFloat { get { read(\.xAcceleration) } set { write(\.xAcceleration, newValue) } }
    /// Acceleration along y (down on screen), points per second squared: gravity is positive.
    open var yAcceleration: CGFloat { get { read(\.yAcceleration) } set { write(\.yAcceleration, newValue) } }
    /// Acceleration along z, points per second squared.
    open var zAcceleration: CGFloat { get { read(\.zAcceleration) } set { write(\.zAcceleration, newValue) } }
    /// The direction of emission in the xy plane, radians from +x towards +y (down on screen).
    open var emissionLongitude: CGFloat { get { read(\.emissionLongitude) } set { write(\.emissionLongitude, newValue) } }
    /// How far the direction of emission tilts out of the xy plane towards +z, radians.
    open var emissionLatitude: CGFloat { get { read(\.emissionLatitude) } set { write(\.emissionLatitude, newValue) } }
    /// The half-angle of the cone around the direction of emission that particles are spread over uniformly
    /// (2π: every direction).
    open var emissionRange: CGFloat { get { read(\.emissionRange) } set { write(\.emissionRange, newValue) } }
    /// Turning speed, radians per second (multiplied by the layer's `spin`).
    open var spin: CGFloat { get { read(\.spin) } set { write(\.spin, newValue) } }
    /// How far the turning speed varies either way.
    open var spinRange: CGFloat { get { read(\.spinRange) } set { write(\.spinRange, newValue) } }
    /// Size relative to the contents image (multiplied by the layer's `scale`); 1 by default.
    open var scale: CGFloat { get { read(\.scale) } set { write(\.scale, newValue) } }
    /// How far the scale varies either way.
    open var scaleRange: CGFloat { get { read(\.scaleRange) } set { write(\.scaleRange, newValue) } }
    /// Change of scale per second (a scale below 0 draws nothing).
    open var scaleSpeed: CGFloat { get { read(\.scaleSpeed) } set { write(\.scaleSpeed, newValue) } }
    /// The colour the contents are multiplied by; opaque white by default (nil is white too).
    open var color: CGColor? {
        get { LayerTreeLock.withLock { colorStorage } }
        set {
            LayerTreeLock.withLock {
                colorStorage = newValue
                let c = (newValue ?? .white).rgba.map { Float($0) }
                values.color = SIMD4(c[0], c[1], c[2], c[3])
            }
        }
    }
    /// How far red varies either way (components are clamped to 0...1).
    open var redRange: Float { get { read(\.colorRange.x) } set { write(\.colorRange.x, newValue) } }
    /// How far green varies either way.
    open var greenRange: Float { get { read(\.colorRange.y) } set { write(\.colorRange.y, newValue) } }
    /// How far blue varies either way.
    open var blueRange: Float { get { read(\.colorRange.z) } set { write(\.colorRange.z, newValue) } }
    /// How far alpha varies either way.
    open var alphaRange: Float { get { read(\.colorRange.w) } set { write(\.colorRange.w, newValue) } }
    /// Change of red per second.
    open var redSpeed: Float { get { read(\.colorSpeed.x) } set { write(\.colorSpeed.x, newValue) } }
    /// Change of green per second.
    open var greenSpeed: Float { get { read(\.colorSpeed.y) } set { write(\.colorSpeed.y, newValue) } }
    /// Change of blue per second.
    open var blueSpeed: Float { get { read(\.colorSpeed.z) } set { write(\.colorSpeed.z, newValue) } }
    /// Change of alpha per second (negative: particles fade out).
    open var alphaSpeed: Float { get { read(\.colorSpeed.w) } set { write(\.colorSpeed.w, newValue) } }
    /// The image each particle shows (a `CGImage`); a cell without one draws nothing (its sub-cells still
    /// emit). Anything else is reported and ignored.
    open var contents: Any? {
        get { read(\.contents) }
        set {
            guard let newValue else { write(\.contents, nil); return }
            guard let image = newValue as? CGImage else {
                Diagnostics.report("CAEmitterCell.contents takes a CGImage, not \(type(of: newValue)); the cell shows nothing")
                write(\.contents, nil)
                return
            }
            write(\.contents, image)
        }
    }
    /// The part of the contents image shown, in unit coordinates.
    open var contentsRect: CGRect { get { read(\.contentsRect) } set { write(\.contentsRect, newValue) } }
    /// Pixels of the contents image per point; 1 by default.
    open var contentsScale: CGFloat { get { read(\.contentsScale) } set { write(\.contentsScale, newValue) } }
    /// How the image is sampled when a particle is larger than it (`CALayerContentsFilter` raw values).
    open var magnificationFilter: String {
        get { read(\.magnificationFilter).rawValue }
        set { write(\.magnificationFilter, CALayerContentsFilter(rawValue: newValue)) }
    }
    /// How the image is sampled when a particle is smaller than it.
    open var minificationFilter: String {
        get { read(\.minificationFilter).rawValue }
        set { write(\.minificationFilter, CALayerContentsFilter(rawValue: newValue)) }
    }
    /// Kept and unused (mipmap level bias), as for layers.
    open var minificationFilterBias: Float = 0
    /// Kept and unused: Core Animation's style dictionary of default values.
    open var style: [AnyHashable: Any]?
    /// The cells each particle of this cell emits, with timing measured from that particle's birth.
    open var emitterCells: [CAEmitterCell]? {
        get { LayerTreeLock.withLock { cellsStorage } } set { LayerTreeLock.withLock { cellsStorage = newValue } }
    }

    /// The value of a property by its name (numbers as `CGFloat`), or the value set for any other key (nil
    /// when none).
    open func value(forKey key: String) -> Any? { keyedValue(forKey: key) }
    /// Sets a property by its name; a value of the wrong type is reported and ignored, and any other key
    /// keeps its value for `value(forKey:)`.
    open func setValue(_ value: Any?, forKey key: String) { setKeyedValue(value, forKey: key) }

    /// Whether Core Animation archives `key` (every key here: archiving is not supported).
    open func shouldArchiveValue(forKey key: String) -> Bool { true }
    /// The default value of a property by key; nil here (the defaults are the properties' initial values).
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// How deep sub-cells are copied; deeper cells (or a cell that contains itself) are left out.
    package static let maximumDepth = 8

    /// The cell and its sub-cells as values (the lock held), down to `maximumDepth` levels.
    package func snapshot(depth: Int = 0) -> EmitterCellValues {
        var copy = values
        if depth + 1 < Self.maximumDepth {
            copy.emitterCells = (cellsStorage ?? []).map { $0.snapshot(depth: depth + 1) }
        } else if !(cellsStorage ?? []).isEmpty {
            Diagnostics.report("CAEmitterCell: sub-cells more than \(Self.maximumDepth) levels deep (or a cell containing itself) are left out")
        }
        return copy
    }
}
