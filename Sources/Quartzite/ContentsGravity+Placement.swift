import Foundation

extension CALayerContentsGravity {
    /// Where contents of `imageSize` points land in `bounds` under this gravity: stretched, fitted or filled
    /// keeping the aspect, or placed at their size (centred or against an edge or corner). An unknown gravity
    /// resizes, as Core Animation's default does.
    ///
    /// "Top" and "bottom" name the ends of the layer's vertical axis as Core Animation counts it, y up: top is
    /// the bounds' maximum y, which on iOS, where y runs down the screen, is the bottom of the picture (Apple:
    /// the constants' names "are based on the direction of the vertical axis"). A layer whose geometry is
    /// flipped (`isGeometryFlipped`, `flipped`) has its top at the minimum y, where the names match the screen.
    package func placement(of imageSize: CGSize, in bounds: CGRect, flipped: Bool = false) -> CGRect {
        let iw = max(imageSize.width, 1e-9), ih = max(imageSize.height, 1e-9)
        switch self {
        case .resizeAspect, .resizeAspectFill:
            let sx = bounds.width / iw, sy = bounds.height / ih
            let s = self == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let w = iw * s, h = ih * s
            return CGRect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h)
        case .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight:
            let x: CGFloat, y: CGFloat
            switch self {
            case .left, .topLeft, .bottomLeft: x = bounds.minX
            case .right, .topRight, .bottomRight: x = bounds.maxX - iw
            default: x = bounds.midX - iw / 2
            }
            let atMinimum = bounds.minY, atMaximum = bounds.maxY - ih
            switch self {
            case .top, .topLeft, .topRight: y = flipped ? atMinimum : atMaximum
            case .bottom, .bottomLeft, .bottomRight: y = flipped ? atMaximum : atMinimum
            default: y = bounds.midY - ih / 2
            }
            return CGRect(x: x, y: y, width: iw, height: ih)
        default:
            return bounds
        }
    }
}
