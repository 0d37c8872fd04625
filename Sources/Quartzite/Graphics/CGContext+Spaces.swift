import Foundation

/// User space against device space (the bitmap's pixels, y up, as Core Graphics counts them), and what a point
/// hits.
extension CGContext {
    /// User space to device space: the current transform.
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }

    /// Whether `point` (user space) would be painted by drawing the current path with `mode`: inside it by
    /// the mode's fill rule, or within the stroke's reach for the stroking modes.
    public func pathContains(_ point: CGPoint, mode: CGPathDrawingMode) -> Bool {
        let device = point.applying(state.ctm)
        let fillRule: CGPathFillRule? = switch mode {
        case .fill, .fillStroke: .winding
        case .eoFill, .eoFillStroke: .evenOdd
        default: nil
        }
        if let fillRule, devicePath.contains(device, using: fillRule) { return true }
        guard mode != .fill, mode != .eoFill, CairoGeometry.isInvertible(state.ctm) else { return false }
        let userPath = CGMutablePath()
        userPath.addPath(devicePath, transform: state.ctm.inverted())
        let stroke = userPath.copy(strokingWithWidth: state.lineWidth, lineCap: state.lineCap, lineJoin: state.lineJoin,
                                   miterLimit: state.miterLimit)
        return stroke.contains(point)
    }
}
