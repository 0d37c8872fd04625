import Foundation

/// One emitter cell as a value: what `CAEmitterCell` holds, copied when the cells are given to a layer, so
/// that the presentation tree and the particle simulation read plain values.
package struct EmitterCellValues: Equatable, Sendable {
    package var name: String?
    package var isEnabled = true
    package var birthRate: Float = 0
    package var lifetime: Float = 0
    package var lifetimeRange: Float = 0
    package var velocity: CGFloat = 0
    package var velocityRange: CGFloat = 0
    package var xAcceleration: CGFloat = 0
    package var yAcceleration: CGFloat = 0
    package var zAcceleration: CGFloat = 0
    package var emissionLongitude: CGFloat = 0
    package var emissionLatitude: CGFloat = 0
    package var emissionRange: CGFloat = 0
    package var spin: CGFloat = 0
    package var spinRange: CGFloat = 0
    package var scale: CGFloat = 1
    package var scaleRange: CGFloat = 0
    package var scaleSpeed: CGFloat = 0
    /// Straight-alpha RGBA of `color` (opaque white by default).
    package var color = SIMD4<Float>(1, 1, 1, 1)
    /// Red, green, blue and alpha ranges and speeds, in that order.
    package var colorRange = SIMD4<Float>(0, 0, 0, 0)
    package var colorSpeed = SIMD4<Float>(0, 0, 0, 0)
    package var contents: CGImage?
    package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsScale: CGFloat = 1
    package var magnificationFilter = CALayerContentsFilter.linear
    package var minificationFilter = CALayerContentsFilter.linear
    package var timing = MediaTiming()
    /// The cells each particle of this cell emits.
    package var emitterCells: [EmitterCellValues] = []

    /// Core Animation's defaults.
    package init() {}
}

/// The emitter's own values: shape, modes, the multipliers of the cells' values, and the cells.
package struct EmitterValues: Equatable, Sendable {
    package var emitterPosition = CGPoint.zero
    package var emitterZPosition: CGFloat = 0
    package var emitterSize = CGSize.zero
    package var emitterDepth: CGFloat = 0
    package var emitterShape = CAEmitterLayerEmitterShape.point
    package var emitterMode = CAEmitterLayerEmitterMode.volume
    package var renderMode = CAEmitterLayerRenderMode.unordered
    package var birthRate: Float = 1
    package var lifetime: Float = 1
    package var velocity: Float = 1
    package var scale: Float = 1
    package var spin: Float = 1
    package var seed: UInt32 = 0
    package var preservesDepth = false
    package var cells: [EmitterCellValues] = []

    /// Core Animation's defaults.
    package init() {}
}

/// The emitter's values over time: each change of an emitter property through `CAEmitterLayer` starts a new
/// segment at the layer's local time, and a particle is made with the values of the segment it is born in.
/// So stopping a burst (`birthRate = 0`) stops births without changing the particles in flight, and the
/// particles stay a pure function of the segments, the seed and the time (any time, in any order).
package struct EmitterState: Equatable, Sendable {
    /// One stretch of constant values, from `start` (the layer's local time) to the next segment's start.
    package struct Segment: Equatable, Sendable {
        package var start: CFTimeInterval
        package var values: EmitterValues
    }

    /// Never empty; starts increase. The first starts at minus infinity, before any cell is given.
    package private(set) var segments = [Segment(start: -.infinity, values: EmitterValues())]
    /// The layer's local time, written by the Evaluator into presentation nodes (the time the particles are
    /// shown at); unused in the model.
    package var time: CFTimeInterval = 0

    /// How many segments are kept; older ones are dropped with their particles (a property changed every
    /// frame keeps about four seconds of them at 60 fps).
    package static let maximumSegments = 256
    /// Changes closer together than this (seconds of the layer's time) are one change: setting up an
    /// emitter property by property is one segment.
    package static let mergeInterval: CFTimeInterval = 0.002

    /// An emitter with Core Animation's defaults and no cells.
    package init() {}

    /// The values now (the last segment's); written in place, without a new segment (animations and key
    /// paths write this way).
    package var current: EmitterValues {
        get { segments[segments.count - 1].values }
        set { segments[segments.count - 1].values = newValue }
    }

    /// Changes the values from `time` (the layer's local time) on: a new segment, or the last one when it
    /// started less than `mergeInterval` before (or `time` is not a later finite time).
    package mutating func change(at time: CFTimeInterval, _ body: (inout EmitterValues) -> Void) {
        // A time before the last change means the layer's time went back (a timing ancestor's beginTime,
        // speed or timeOffset changed): the history moves with the present, so this change joins the last.
        if time.isFinite, time < segments[segments.count - 1].start { shift(by: time - segments[segments.count - 1].start) }
        let last = segments[segments.count - 1]
        guard time.isFinite, time - last.start >= Self.mergeInterval else {
            body(&segments[segments.count - 1].values)
            return
        }
        var values = last.values
        body(&values)
        guard values != last.values else { return }
        segments.append(Segment(start: time, values: values))
        if segments.count > Self.maximumSegments {
            segments.removeFirst(segments.count - Self.maximumSegments)
            Diagnostics.report("CAEmitterLayer: more than \(Self.maximumSegments) changes of emitter properties are kept; the particles born before the oldest kept change are gone")
        }
    }
}

extension EmitterState {
    /// Moves every change by `offset` seconds of the layer's time, when that time is rebased (a new
    /// `beginTime`, `speed` or `timeOffset`): changes made before stay where they were relative to now, so an
    /// emitter configured and then started with `beginTime = CACurrentMediaTime()` emits from its start.
    package mutating func shift(by offset: CFTimeInterval) {
        guard offset.isFinite, offset != 0 else { return }
        for i in segments.indices where segments[i].start.isFinite { segments[i].start += offset }
    }
}

/// The shape particles are emitted from (`CAEmitterLayer.emitterShape`).
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    /// The shape's name, as Core Animation spells it.
    public let rawValue: String
    /// A shape of this name (an unknown name emits from a point).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A single point at the emitter position (the default).
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    /// A line of `emitterSize.width`, centred on the emitter position, along x.
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    /// A rectangle of `emitterSize` centred on the emitter position.
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    /// A box of `emitterSize` and `emitterDepth` centred on the emitter position and z position.
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    /// A circle of radius `emitterSize.width` around the emitter position, in the xy plane.
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    /// A sphere of radius `emitterSize.width` around the emitter position and z position.
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

/// Which part of the shape particles are emitted from (`CAEmitterLayer.emitterMode`).
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, as Core Animation spells it.
    public let rawValue: String
    /// A mode of this name (an unknown name emits from the volume).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The shape's corner points (a line's ends, a rectangle's four corners, a cuboid's eight; a circle's
    /// and a sphere's centre).
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    /// The outline: a rectangle's edges, a cuboid's twelve edges, a circle's circumference, a sphere's surface.
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    /// The surface: a rectangle's or a circle's area, a cuboid's six faces, a sphere's surface.
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    /// The inside (the default): a rectangle's or a circle's area, a cuboid's or a sphere's volume.
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

/// How particles are composited into the layer (`CAEmitterLayer.renderMode`).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, as Core Animation spells it.
    public let rawValue: String
    /// A mode of this name (an unknown name draws unordered).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Source-over, in no promised order (Quartzite: cell by cell, oldest first).
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    /// Source-over, the oldest particles first (the newest on top).
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    /// Source-over, the newest particles first (the oldest on top).
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    /// Source-over, sorted far to near by z.
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    /// Added together (light-like glows).
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}
