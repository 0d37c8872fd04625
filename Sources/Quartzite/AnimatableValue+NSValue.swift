import Foundation

extension AnimatableValue {
    /// Unboxes what iOS code passes wrapped in an `NSValue`: points, sizes, rects and 3D transforms, as the
    /// plain values are accepted. nil for any other boxed kind, so the caller reports it. (`NSNumber` is an
    /// `NSValue` too; it is converted before this is reached.)
    init?(nsValue value: NSValue) {
        switch value.encoding {
        case NSValue.pointEncoding: self = .point(value.pointValue)
        case NSValue.sizeEncoding: self = .size(value.sizeValue)
        case NSValue.rectEncoding: self = .rect(value.rectValue)
        case NSValue.transform3DEncoding: self = .transform(value.caTransform3DValue)
        default: return nil
        }
    }
}
