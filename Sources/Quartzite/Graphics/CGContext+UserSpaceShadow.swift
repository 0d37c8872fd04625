import Foundation

/// Shadows measured in user space, as Core Animation measures a layer's (its shadowOffset and shadowRadius
/// are in the layer's own space, so they turn and scale with it), for `CALayer.render(in:)`.
extension CGContext {
    /// Shadows what is drawn next: `offset` and the Gaussian's `sigma` in user space, carried through the CTM
    /// into base space, where `setShadow` measures them. A singular CTM or base space, or a non-finite
    /// result, turns the shadow off.
    func setShadow(userSpaceOffset offset: CGSize, sigma: CGFloat, color: CGColor?) {
        let ctm = state.ctm
        let device = CGSize(width: ctm.a * offset.width + ctm.c * offset.height,
                            height: ctm.b * offset.width + ctm.d * offset.height)
        let baseScale = baseSpace.meanScale
        guard baseScale > 0, baseScale.isFinite, ctm.meanScale.isFinite else {
            state.shadow = nil
            return
        }
        let toBase = baseSpace.inverted()
        let base = CGSize(width: toBase.a * device.width + toBase.c * device.height,
                          height: toBase.b * device.width + toBase.d * device.height)
        let blur = Self.shadowBlur(forSigma: max(sigma, 0) * ctm.meanScale / baseScale)
        setShadow(offset: base, blur: blur, color: color)
    }

    /// Draws only the shadow that filling `path` (user space, nonzero winding) would cast, not the fill: a
    /// layer's shadowPath stands in for its content this way. Nothing without a shadow.
    func drawShadowOnly(ofFilled path: CGPath) {
        guard let shadow = state.shadow, shadow.color.alpha > 0, !path.isEmpty else { return }
        let region = clipPixels()
        guard !region.isEmpty else { return }
        let saved = devicePath
        beginPath()
        addPath(path)
        let device = devicePath
        devicePath = saved
        storage.readIn(region)
        let mode = state.blendMode == .plusDarker ? CGBlendMode.normal : state.blendMode
        drawShadow(shadow, of: .fill(device, .winding), with: .color(.black), blendMode: mode, within: region)
        storage.writeBack(region)
        reportCairoErrors()
    }
}
