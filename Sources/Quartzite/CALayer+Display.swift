import Foundation

/// The display cycle's default work: a backing store of the bounds at `contentsScale`, drawn by
/// `draw(in:)` in the layer's coordinates and shown as `contents`.
extension CALayer {
    /// The largest backing store drawn, in pixels a side (larger than any texture here).
    static let maximumBackingSide = 8192

    /// Sets the display mark and queues the layer for the next pass (the lock held). A presentation copy is
    /// never marked: it is displayed by whoever made it.
    func markNeedsDisplay() {
        guard !needsDisplayFlag, !isPresentationCopy else { return }
        needsDisplayFlag = true
        DisplayPass.register(self)
        CATransaction.touch()
    }

    /// `display()`'s default: the delegate's `display(_:)`, whose default in turn draws the backing store;
    /// without a delegate, the backing store.
    func displayThroughDelegate() {
        if let delegate { delegate.display(self) } else { displayIntoBackingStore() }
    }

    /// Draws a bitmap of the bounds at `contentsScale` with `draw(in:)` and makes it the contents, without
    /// an implicit animation. Empty bounds have no bitmap (nil contents); bounds or a scale that are not
    /// finite, or a bitmap over `maximumBackingSide` pixels a side, are reported and leave the contents as
    /// they were.
    func displayIntoBackingStore() {
        let (bounds, scale) = LayerTreeLock.withLock { (modelValues.bounds, modelValues.contentsScale) }
        guard let size = Self.backingSize(bounds: bounds, scale: scale) else { return }
        guard size.width > 0, size.height > 0 else { return setContentsQuietly(nil) }
        guard let context = CGContext(data: nil, width: size.width, height: size.height, bitsPerComponent: 8,
                                      bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return }
        // Layer points to bitmap pixels with the origin at the bounds' top left and y down (iOS's layer
        // contexts are flipped so: an image drawn with draw(_:in:) there comes out upside down, as on iOS).
        context.translateBy(x: 0, y: CGFloat(size.height))
        context.scaleBy(x: scale, y: -scale)
        context.adoptBaseSpace()
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        draw(in: context)
        setContentsQuietly(context.makeImage())
    }

    /// The bitmap's size for `bounds` at `scale` pixels per point, rounded up; nil, with a diagnostic, when
    /// it is not finite or too large.
    static func backingSize(bounds: CGRect, scale: CGFloat) -> (width: Int, height: Int)? {
        let s = scale.isFinite && scale > 0 ? scale : 1
        let w = (bounds.width * s).rounded(.up), h = (bounds.height * s).rounded(.up)
        guard w.isFinite, h.isFinite, w <= CGFloat(maximumBackingSide), h <= CGFloat(maximumBackingSide) else {
            Diagnostics.report("display(): a backing store of \(bounds.size) points at \(scale)x is not finite or over \(maximumBackingSide) pixels a side; the contents are not drawn")
            return nil
        }
        return (Int(max(w, 0)), Int(max(h, 0)))
    }

    /// Sets `contents` as the display cycle does: no implicit animation (on a presentation copy, not a
    /// change of any transaction either).
    private func setContentsQuietly(_ image: CGImage?) {
        if isPresentationCopy { return LayerTreeLock.withLock { modelValues.contents = image } }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        contents = image
        CATransaction.commit()
    }
}

private extension AnimatableValue {
    /// Whether animations interpolate values of this kind (a custom key holding one is animatable).
    var isInterpolable: Bool {
        switch self {
        case .number, .point, .size, .rect, .transform, .color: return true
        default: return false
        }
    }
}

/// Keys that are not layer properties (key-value coding's custom keys).
extension CALayer {
    /// A custom key's model (or presented) value in the Swift type it was given as: the value given, while
    /// the key holds it; an animated number as the given number's type (a Double stays a Double, as an
    /// NSNumber would read on Apple's platforms); anything else as `AnimatableValue.anyValue` gives it.
    static func customValue(_ value: AnimatableValue, as given: Any?) -> Any? {
        if let given, AnimatableValue(given) == value { return given }
        guard case .number(let number) = value else { return value.anyValue }
        switch given {
        case is Double: return number
        case is Float: return Float(number)
        case is Int: return number.isFinite ? Int(exactly: number.rounded()) ?? value.anyValue : value.anyValue
        default: return value.anyValue
        }
    }

    /// Keeps `value` under `key`. A value an animation can interpolate (a number, point, size, rectangle,
    /// transform or colour) is also a model value, so animations of `key` run and presentation copies
    /// read them; its change runs the action `action(forKey:)` finds (none by default, as on Apple's
    /// platforms). A change marks the layer for display when its class says `key` needs it.
    /// `compositingFilter`, a layer property that is no model value by key, goes to its property.
    func setCustomValue(_ value: Any?, forKey key: String) {
        if key == Self.compositingFilterKey { return compositingFilter = value }
        LayerTreeLock.withLock {
            customValues[key] = value
            guard let converted = AnimatableValue(value), converted.isInterpolable else {
                modelValues.sharedValues.customKeys[key] = nil
                if Self.needsDisplay(forKey: key) { markNeedsDisplay() }
                return
            }
            guard modelValues.sharedValues.customKeys[key] != converted else { return }
            commitCustomChange(forKey: key) { $0.sharedValues.customKeys[key] = converted }
        }
    }
}
