import Foundation

/// Lines laid out in a path's box by `CTFramesetterCreateFrame`, drawn by `CTFrameDraw`: each line at its
/// origin, from the top of the box down, in user space where y runs up (a UIKit context, whose y runs down, is
/// flipped by its caller as iOS code does).
public final class CTFrame {
    /// The path the frame was made for.
    let path: CGPath
    /// The path's bounding box: the only shape followed.
    let box: CGRect
    /// The range asked for.
    let range: CFRange
    /// The lines that fit, top first.
    let lines: [CTLine]
    /// Each line's baseline origin, relative to the box's bottom-left corner.
    let origins: [CGPoint]
    /// The range of the string the lines cover.
    let visibleRange: CFRange

    init(path: CGPath, box: CGRect, range: CFRange, filled: FrameLines.Filled) {
        self.path = path
        self.box = box
        self.range = range
        lines = filled.lines
        origins = filled.origins.map { CGPoint(x: $0.x, y: box.height + $0.y) }
        visibleRange = filled.range
    }
}

/// The frame's lines, top first, as `CTLine`s (`CTFrameGetLines(frame) as! [CTLine]`).
public func CTFrameGetLines(_ frame: CTFrame) -> CFArray { frame.lines }

/// Copies the baseline origins of the lines in `range` (to the last line when its length is 0) into
/// `origins`, which must hold that many points. Origins are relative to the bottom-left corner of the path's
/// bounding box, y up. A range outside the lines copies what lies inside them, with a diagnostic.
public func CTFrameGetLineOrigins(_ frame: CTFrame, _ range: CFRange, _ origins: UnsafeMutablePointer<CGPoint>) {
    let count = frame.origins.count
    let start = min(max(range.location, 0), count)
    let wanted = range.length == 0 ? count - start : max(range.length, 0)
    let end = min(start + min(wanted, count), count)
    if start != range.location || (range.length != 0 && end - start != range.length) {
        Diagnostics.report("CTFrameGetLineOrigins: range (\(range.location), \(range.length)) is outside the frame's \(count) lines; the lines inside it are copied")
    }
    for i in start..<end { origins[i - start] = frame.origins[i] }
}

/// Draws the frame's lines into `context`, each with its baseline's origin at the box's corner plus its
/// origin, through the text matrix and the CTM, in the context's text drawing mode. The text position is
/// left as it was.
public func CTFrameDraw(_ frame: CTFrame, _ context: CGContext) {
    let position = context.textPosition
    for (line, origin) in zip(frame.lines, frame.origins) {
        context.textPosition = CGPoint(x: frame.box.minX + origin.x, y: frame.box.minY + origin.y)
        line.draw(in: context)
    }
    context.textPosition = position
}

/// The range of the string the frame was asked to lay out.
public func CTFrameGetStringRange(_ frame: CTFrame) -> CFRange { frame.range }

/// The range of the string the frame's lines cover (what fits).
public func CTFrameGetVisibleStringRange(_ frame: CTFrame) -> CFRange { frame.visibleRange }

/// The path the frame was made for.
public func CTFrameGetPath(_ frame: CTFrame) -> CGPath { frame.path }
