import Foundation

/// A replicator's copies (`CAReplicatorLayer`) in `render(in:)`, from the model values and with the
/// Evaluator's arithmetic: copy i is the sublayers placed as the Evaluator places its instance nodes
/// (`Evaluator.instanceProperties`: instanceTransform applied i times about the centre of the replicator's
/// bounds) and tinted by `ReplicatorValues.tint(ofInstance:)` (instanceColor plus i times the offsets).
/// instanceDelay shifts only the copies' time, and the model values have none, so it changes nothing here.
/// A tinted copy is multiplied by its tint as one picture (a transparency layer); the GL renderer tints each
/// draw, which differs only where a copy's own sublayers overlap under an instance alpha below 1. Copies
/// keep no depth (`preservesDepth` flattens here), and a copy whose placement is not affine is left out, as
/// 3D-transformed layers are.
extension LayerPainter {
    /// Draws `sublayers` (in drawing order) once per copy, within the Evaluator's limits on copies, nesting
    /// and replicated layers, each reported once.
    mutating func drawCopies(of sublayers: [CALayer], _ values: ReplicatorValues, bounds: CGRect,
                             in space: CATransform3D, depth: Int) {
        let count = copyCount(values)
        replicatorNesting += 1
        defer { replicatorNesting -= 1 }
        var transform = CATransform3DIdentity
        for index in 0..<count {
            if index > 0, replicatedLayers >= replicatedLayerBudget {
                reportCopies("render(in:): past \(replicatedLayerBudget) replicated layers, the remaining instances are not drawn")
                break
            }
            let placement = Evaluator.instanceProperties(bounds: bounds, transform: transform).transformToSuperlayer
            drawCopy(index, of: sublayers, tint: values.tint(ofInstance: index),
                     in: placement.concatenating(space), depth: depth)
            transform = transform.concatenating(values.instanceTransform)
        }
    }

    /// One copy: its sublayers in the copy's space, multiplied by its tint unless that is white; nothing when
    /// its alpha is 0.
    private mutating func drawCopy(_ index: Int, of sublayers: [CALayer], tint: SIMD4<Float>, in space: CATransform3D,
                                   depth: Int) {
        guard tint.w > 0 else { return }
        if index > 0 { laterCopies += 1 }
        defer { if index > 0 { laterCopies -= 1 } }
        let tinted = tint != SIMD4(repeating: 1)
        if tinted { context.beginTransparencyLayer(auxiliaryInfo: nil) }
        draw(sublayers, in: space, depth: depth)
        if tinted { context.endTransparencyLayer(multipliedBy: tint) }
    }

    /// The copies drawn: `drawnInstanceCount`, or only the first inside too many replicators.
    private mutating func copyCount(_ values: ReplicatorValues) -> Int {
        if values.instanceCount > ReplicatorValues.maximumInstanceCount {
            reportCopies("render(in:): only \(ReplicatorValues.maximumInstanceCount) of \(values.instanceCount) instances are drawn")
        }
        let count = values.drawnInstanceCount
        guard count > 1, replicatorNesting >= Evaluator.maximumReplicatorNesting else { return count }
        reportCopies("render(in:): a replicator inside \(Evaluator.maximumReplicatorNesting) others draws its first instance only")
        return 1
    }

    /// Reports the first limit a walk meets, once.
    private mutating func reportCopies(_ message: String) {
        guard !reportedCopies else { return }
        reportedCopies = true
        Diagnostics.report(message)
    }
}
