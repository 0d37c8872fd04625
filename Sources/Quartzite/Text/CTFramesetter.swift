import Foundation

/// Core Text's frame maker: an attributed string that `CTFramesetterCreateFrame` lays out into a path's box
/// and `CTFramesetterSuggestFrameSizeWithConstraints` measures. Lines break as string drawing's `draw(in:)`
/// breaks them (Pango, by the first paragraph style's line break mode; a truncating or clipping mode lays
/// each paragraph on one line, untruncated).
public final class CTFramesetter {
    /// A copy of the string, as Core Text keeps one.
    let string: NSAttributedString

    init(_ string: NSAttributedString) {
        self.string = NSAttributedString(attributedString: string)
    }
}

/// A framesetter for `string`.
public func CTFramesetterCreateWithAttributedString(_ string: CFAttributedString) -> CTFramesetter {
    CTFramesetter(string)
}

/// A frame of `stringRange` of the framesetter's string (to its end when the length is 0) laid out in
/// `path`'s bounding box: lines from the top of the box down, as many as fit whole. Only the box is followed:
/// a path that is not a rectangle is filled as its bounding box. A box that is empty or not finite holds no
/// lines. `frameAttributes` are not read.
public func CTFramesetterCreateFrame(_ framesetter: CTFramesetter, _ stringRange: CFRange, _ path: CGPath,
                                     _ frameAttributes: CFDictionary?) -> CTFrame {
    let box = path.boundingBox
    guard !box.isNull, [box.minX, box.minY, box.width, box.height].allSatisfy(\.isFinite),
          box.width > 0, box.height > 0 else {
        return CTFrame(path: path, box: box, range: stringRange, filled: FrameLines.Filled())
    }
    let filled = FrameLines.fill(framesetter.string, range: stringRange, width: box.width, height: box.height)
    return CTFrame(path: path, box: box, range: stringRange, filled: filled)
}

/// The size `stringRange` of the framesetter's string takes laid out within `constraints` (its widest line's
/// advance, its lines' height), fractional as Core Text's; `fitRange` receives the range that fits. A
/// constraint that is not a positive finite number (or `CGFloat.greatestFiniteMagnitude`) does not constrain.
/// `frameAttributes` are not read.
public func CTFramesetterSuggestFrameSizeWithConstraints(_ framesetter: CTFramesetter, _ stringRange: CFRange,
                                                         _ frameAttributes: CFDictionary?, _ constraints: CGSize,
                                                         _ fitRange: UnsafeMutablePointer<CFRange>?) -> CGSize {
    let bound = { (length: CGFloat) in length.isFinite && length > 0 && length < .greatestFiniteMagnitude ? length : nil }
    let filled = FrameLines.fill(framesetter.string, range: stringRange, width: bound(constraints.width),
                                 height: bound(constraints.height), makesLines: false)
    fitRange?.pointee = filled.range
    return filled.size
}
