import Foundation

/// UIKit's current graphics context: a stack a thread, which `UIGraphicsImageRenderer`, the
/// `UIGraphicsBeginImageContext` functions and `UIGraphicsPushContext` push, and which `UIColor.setFill()`,
/// `UIBezierPath.fill()` and `UIImage.draw(in:)` draw into.
enum UIGraphicsContexts {
    /// A pushed context; `imageScale` is set for the image contexts of `UIGraphicsBeginImageContext...`.
    struct Entry {
        let context: CGContext
        let imageScale: CGFloat?
    }

    private static let key = "Quartzite.UIGraphicsContexts"

    /// This thread's stack, the current context last.
    static var stack: [Entry] {
        get { Thread.current.threadDictionary[key] as? [Entry] ?? [] }
        set { Thread.current.threadDictionary[key] = newValue }
    }

    /// A context of `size` points at `scale` pixels a point (rounded up) with UIKit's coordinates: origin at
    /// the top left, y down. Opaque contexts have no alpha (what is not drawn is black). Nil, with a
    /// diagnostic, for a size or scale that gives no bitmap.
    static func bitmap(size: CGSize, scale: CGFloat, opaque: Bool, caller: String) -> CGContext? {
        let s = scale.isFinite && scale > 0 ? scale : 1
        let w = (size.width * s).rounded(.up), h = (size.height * s).rounded(.up)
        guard w.isFinite, h.isFinite, w >= 1, h >= 1, w <= 16384, h <= 16384 else {
            Diagnostics.report("\(caller): a size of \(size) points at \(scale)x gives no bitmap of 1...16384 pixels a side")
            return nil
        }
        let info = opaque ? CGImageAlphaInfo.noneSkipLast : CGImageAlphaInfo.premultipliedLast
        guard let context = CGContext(data: nil, width: Int(w), height: Int(h), bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info.rawValue) else { return nil }
        context.translateBy(x: 0, y: h)
        context.scaleBy(x: s, y: -s)
        context.adoptBaseSpace()
        return context
    }
}

/// The current UIKit graphics context of this thread, nil when none is pushed.
public func UIGraphicsGetCurrentContext() -> CGContext? { UIGraphicsContexts.stack.last?.context }

/// Makes `context` the current one until `UIGraphicsPopContext()` (drawing in a layer's `draw(in:)` with
/// UIKit calls: push the layer's context first).
public func UIGraphicsPushContext(_ context: CGContext) {
    UIGraphicsContexts.stack.append(UIGraphicsContexts.Entry(context: context, imageScale: nil))
}

/// Makes the context pushed before the current one current again; reported and ignored when none is pushed.
public func UIGraphicsPopContext() {
    guard UIGraphicsContexts.stack.popLast() != nil else {
        return Diagnostics.report("UIGraphicsPopContext: no context was pushed")
    }
}

/// Begins a transparent image context of `size` points at one pixel a point.
public func UIGraphicsBeginImageContext(_ size: CGSize) { UIGraphicsBeginImageContextWithOptions(size, false, 1) }

/// Begins an image context of `size` points, opaque or not, at `scale` pixels a point (0: the main screen's);
/// it becomes the current context. A size that gives no bitmap is reported and begins nothing.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let s = scale == 0 ? UIScreen.scaleFromAnyThread : scale
    guard let context = UIGraphicsContexts.bitmap(size: size, scale: s, opaque: opaque,
                                                  caller: "UIGraphicsBeginImageContextWithOptions") else { return }
    UIGraphicsContexts.stack.append(UIGraphicsContexts.Entry(context: context, imageScale: s))
}

/// The picture drawn so far in the current image context; nil when the current context is not one.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let entry = UIGraphicsContexts.stack.last, let scale = entry.imageScale,
          let image = entry.context.makeImage() else { return nil }
    return UIImage(cgImage: image, scale: scale, orientation: .up)
}

/// Ends the current image context; reported and ignored when the current context is not one.
public func UIGraphicsEndImageContext() {
    guard UIGraphicsContexts.stack.last?.imageScale != nil else {
        return Diagnostics.report("UIGraphicsEndImageContext: the current context is not an image context")
    }
    UIGraphicsContexts.stack.removeLast()
}
