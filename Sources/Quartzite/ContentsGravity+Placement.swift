import Foundation

extension CALayerContentsGravity {
    /// Where contents of `imageSize` points land in `bounds` under this gravity: stretched, fitted or filled
    /// keeping the aspect, or placed at their size (centred or against an edge or corner, top at the bounds'
    /// minimum y). An unknown gravity resizes, as Core Animation's default does.
    package func placement(of imageSize: CGSize, in bounds: CGRect) -> CGRect {
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
            switch self {
            case .top, .topLeft, .topRight: y = bounds.minY
            case .bottom, .bottomLeft, .bottomRight: y = bounds.maxY - ih
            default: y = bounds.midY - ih / 2
            }
            return CGRect(x: x, y: y, width: iw, height: ih)
        default:
            return bounds
        }
    }
}
