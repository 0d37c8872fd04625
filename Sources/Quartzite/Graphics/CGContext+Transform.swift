import Foundation

/// The current transformation matrix: user space to the context's y-up device space (identity at first).
/// Non-finite changes are ignored with a diagnostic; a singular CTM is kept, and whatever it flattens draws nothing.
extension CGContext {
    /// The current transformation matrix.
    public var ctm: CGAffineTransform { state.ctm }

    /// Applies `transform` to user space before the CTM.
    public func concatenate(_ transform: CGAffineTransform) {
        let m = transform
        guard [m.a, m.b, m.c, m.d, m.tx, m.ty].allSatisfy(\.isFinite) else {
            return Diagnostics.report("CGContext: a non-finite transform is ignored")
        }
        state.ctm = transform.concatenating(state.ctm)
    }

    /// Moves user space's origin by (`x`, `y`) user units.
    public func translateBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(translationX: x, y: y)) }

    /// Scales user space.
    public func scaleBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(scaleX: x, y: y)) }

    /// Rotates user space by `angle` radians (counterclockwise on screen, y being up).
    public func rotate(by angle: CGFloat) { concatenate(CGAffineTransform(rotationAngle: angle)) }

    /// A user space point in device space.
    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm) }
    /// A device space point in user space.
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm.inverted()) }
    /// A user space size in device space.
    public func convertToDeviceSpace(_ size: CGSize) -> CGSize { size.applying(state.ctm) }
    /// A device space size in user space.
    public func convertToUserSpace(_ size: CGSize) -> CGSize { size.applying(state.ctm.inverted()) }
    /// The device space box around a user space rectangle.
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm) }
    /// The user space box around a device space rectangle.
    public func convertToUserSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm.inverted()) }

    /// The context's y-up device space to cairo's pixels (rows from the top).
    var flip: CGAffineTransform { CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height)) }
}
