import Foundation

extension UIView {
    /// How a view's contents fill its bounds (UIKit's `UIView.ContentMode`).
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight

        /// The layer gravity that places contents this way. A layer's vertical gravity names follow its
        /// y-up axis (`.top` is the bounds' maximum y, the screen's bottom), so UIKit's top modes are the
        /// layer's bottom gravities, as UIKit maps them.
        var gravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: return .resize
            case .scaleAspectFit: return .resizeAspect
            case .scaleAspectFill: return .resizeAspectFill
            case .center: return .center
            case .top: return .bottom
            case .bottom: return .top
            case .left: return .left
            case .right: return .right
            case .topLeft: return .bottomLeft
            case .topRight: return .bottomRight
            case .bottomLeft: return .topLeft
            case .bottomRight: return .topRight
            }
        }
    }
}
