import Foundation

/// A `CAReplicatorLayer`'s own values: how many copies of its sublayers it draws, and how each copy differs
/// from the one before (its transform, its time, its colour).
package struct ReplicatorValues: Equatable, Sendable {
    /// The number of copies, the sublayers themselves included.
    package var instanceCount = 1
    /// Seconds between one copy's time and the next one's: copy i shows its sublayers at t - i x delay.
    package var instanceDelay: CGFloat = 0
    /// Applied to copy i - 1 to make copy i, about the replicator's centre.
    package var instanceTransform = CATransform3DIdentity
    /// The colour copy 0 is multiplied by; nil is opaque white.
    package var instanceColor: CGColor?
    /// Added to the multiplying colour's components for each copy after the first, clamped to 0...1.
    package var instanceRedOffset: Float = 0
    package var instanceGreenOffset: Float = 0
    package var instanceBlueOffset: Float = 0
    package var instanceAlphaOffset: Float = 0
    /// Whether the copies keep their depth in the replicator's superlayer (as a transform layer's sublayers).
    package var preservesDepth = false

    package init() {}

    /// The most copies one replicator draws; more are reported and left out (a count of a billion would
    /// hang the frame).
    package static let maximumInstanceCount = 10_000

    /// The number of copies drawn: `instanceCount` within 0...`maximumInstanceCount`.
    package var drawnInstanceCount: Int { min(max(instanceCount, 0), Self.maximumInstanceCount) }

    /// The straight RGBA copy `index` is multiplied by: `instanceColor` plus `index` times the offsets, each
    /// component clamped to 0...1 (a non-finite result is 1 for colour and alpha alike: no change).
    package func tint(ofInstance index: Int) -> SIMD4<Float> {
        // In SIMD values, not arrays: the Evaluator asks once per copy per frame.
        var base = SIMD4<Float>(repeating: 1)
        if let rgba = instanceColor?.rgba, rgba.count == 4 {
            base = SIMD4(Float(rgba[0]), Float(rgba[1]), Float(rgba[2]), Float(rgba[3]))
        }
        let offsets = SIMD4(instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset)
        var tint = base + Float(index) * offsets
        for channel in 0..<4 {
            let value = tint[channel]
            tint[channel] = value.isNaN ? 1 : min(max(value, 0), 1)
        }
        return tint
    }

    /// Whether the copies differ from the sublayers drawn once: more or fewer than one copy, or a colour
    /// other than white.
    package var changesDrawing: Bool { drawnInstanceCount != 1 || tint(ofInstance: 0) != SIMD4(repeating: 1) }
}
