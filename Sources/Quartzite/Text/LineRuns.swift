import CCairo
import CPango
import Foundation

/// A line's glyph runs, as Core Text's `CTLineGetGlyphRuns` gives them: the line's Pango layout (the one
/// `CTLineDraw` fills) read glyph by glyph, each glyph taking the attribute run its character is in, then
/// neighbouring glyphs with the same attributes, font and direction gathered into one run.
///
/// Rules, with their reasons:
/// 1. Runs are in visual order, left to right, and so are a run's glyphs: Pango keeps both so, and Core
///    Text's positions grow along a run whatever its direction (a right-to-left run's string indices fall).
/// 2. A Pango item ends where Pango's attributes, font, script or direction change. Core Text's run ends at
///    any attribute change (a key Pango never sees included) and not at a script change within one font, so
///    items are cut at attribute changes and rejoined across script changes.
enum LineRuns {
    /// One glyph read from Pango, before the glyphs are gathered into runs.
    private struct Glyph {
        var id: CGGlyph
        var position: CGPoint
        var advance: CGFloat
        /// The UTF-8 range of its cluster in the line's text.
        var cluster: Range<Int>
        var outline: CGPath
        /// What decides the run: the attribute run, the font and the direction.
        var key: Key
    }

    /// Glyphs with equal keys and no other glyph between them are one run.
    private struct Key: Equatable {
        var attributeRun: Int
        var font: OpaquePointer
        var isRightToLeft: Bool
    }

    /// The line's font metrics and attributes that each run reads, per Pango run.
    private struct Metrics {
        var ascent: CGFloat
        var descent: CGFloat
        var fontSize: CGFloat
    }

    /// The runs of `request` (the line's layout) over `string` (its characters, standing for the source string
    /// from `location`).
    static func runs(of request: TextRequest, string: NSAttributedString, location: Int) -> [GlyphRun] {
        let offsets = UTF16Offsets(request.content.text)
        let attributeRuns = AttributeRuns(string, offsets: offsets)
        let read = TextRasterizer.withUnhintedLayout(request) { layout, cr -> [(Glyph, Metrics)] in
            glyphs(of: layout, request, attributeRuns, on: cr)
        } ?? []
        var runs: [GlyphRun] = []
        var start = 0
        while start < read.count {
            var end = start + 1
            while end < read.count, read[end].0.key == read[start].0.key { end += 1 }
            runs.append(run(read[start..<end], offsets: offsets, string: string, location: location, attributeRuns))
            start = end
        }
        return runs
    }

    /// Every glyph of the layout, in visual order, with its run's metrics.
    private static func glyphs(of layout: OpaquePointer, _ request: TextRequest, _ attributeRuns: AttributeRuns,
                               on cr: OpaquePointer) -> [(Glyph, Metrics)] {
        guard let iterator = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        guard let scratch = pango_glyph_string_new() else { return [] }
        defer { pango_glyph_string_free(scratch) }
        pango_glyph_string_set_size(scratch, 1)
        var read: [(Glyph, Metrics)] = []
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item,
                  let font = item.pointee.analysis.font, let string = run.pointee.glyphs else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, nil, &logical)
            let baseline = pango_layout_iter_get_baseline(iterator)
            let style = request.content.run(atByte: Int(item.pointee.offset))
            let metrics = Metrics(ascent: points(baseline - logical.y), descent: points(logical.y + logical.height - baseline),
                                  fontSize: style?.fontSize ?? request.fontSize)
            let context = RunContext(item: item.pointee, font: font, x: points(logical.x), rise: style?.baselineOffset ?? 0,
                                     scratch: scratch, cr: cr)
            for glyph in glyphs(of: string, context, attributeRuns) { read.append((glyph, metrics)) }
        } while pango_layout_iter_next_run(iterator) != 0
        return read
    }

    /// What reading one Pango run's glyphs needs.
    private struct RunContext {
        var item: PangoItemLeadingFields
        var font: OpaquePointer
        /// Where the run starts on the baseline, and how far its glyphs are raised (`.baselineOffset`).
        var x: CGFloat
        var rise: CGFloat
        /// A one-glyph string to draw outlines with, and the scratch context they are drawn on.
        var scratch: OpaquePointer
        var cr: OpaquePointer
    }

    /// One Pango run's glyphs, left to right.
    private static func glyphs(of string: OpaquePointer, _ context: RunContext, _ attributeRuns: AttributeRuns) -> [Glyph] {
        let fields = UnsafeRawPointer(string).assumingMemoryBound(to: PangoGlyphStringFields.self).pointee
        let count = max(Int(fields.num_glyphs), 0)
        guard count > 0, let infos = fields.glyphs, let clusters = fields.log_clusters else { return [] }
        let item = context.item
        let itemStart = Int(item.offset), itemEnd = Int(item.offset) + max(Int(item.length), 0)
        let starts = Set((0..<count).map { itemStart + Int(clusters[$0]) }).sorted()
        let nextStart = Dictionary(uniqueKeysWithValues: zip(starts, starts.dropFirst() + [itemEnd]))
        let isRightToLeft = item.analysis.level % 2 == 1
        var pen = context.x
        var made: [Glyph] = []
        made.reserveCapacity(count)
        for i in 0..<count {
            let info = infos[i]
            let start = itemStart + Int(clusters[i])
            let end = nextStart[start] ?? itemEnd
            let position = CGPoint(x: pen + points(info.geometry.x_offset), y: context.rise - points(info.geometry.y_offset))
            made.append(Glyph(id: glyphID(info.glyph), position: position, advance: points(info.geometry.width),
                              cluster: start..<max(end, start),
                              outline: outline(info, penX: pen, context),
                              key: Key(attributeRun: attributeRuns.run(atByte: start), font: context.font,
                                       isRightToLeft: isRightToLeft)))
            pen += points(info.geometry.width)
        }
        return made
    }

    /// A glyph id as Core Graphics spells it: Pango's empty and unknown glyphs (flags above 16 bits) are 0xFFFF.
    private static func glyphID(_ glyph: UInt32) -> CGGlyph {
        CGGlyph(exactly: glyph) ?? 0xFFFF
    }

    /// One glyph's outline at its place on the baseline, in text space (y up).
    private static func outline(_ info: PangoGlyphInfo, penX: CGFloat, _ context: RunContext) -> CGPath {
        let path = CGMutablePath(), placed = CGMutablePath()
        guard info.glyph != UInt32(PANGO_GLYPH_EMPTY) else { return placed }
        let scratch = UnsafeMutableRawPointer(context.scratch).assumingMemoryBound(to: PangoGlyphStringFields.self)
        scratch.pointee.glyphs?.pointee = info
        scratch.pointee.log_clusters?.pointee = 0
        // Drawn at the origin with no current point, so the path holds only the glyph's contours.
        cairo_new_path(context.cr)
        pango_cairo_glyph_string_path(context.cr, context.font, context.scratch)
        TextOutlines.append(cairoPathOf: context.cr, to: path)
        cairo_new_path(context.cr)
        // Pango's y runs down from the baseline; text space's runs up, and a raised run sits higher.
        placed.addPath(path, transform: CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: penX, ty: context.rise))
        return placed
    }

    /// A run of the gathered glyphs.
    private static func run(_ glyphs: ArraySlice<(Glyph, Metrics)>, offsets: UTF16Offsets, string: NSAttributedString,
                            location: Int, _ attributeRuns: AttributeRuns) -> GlyphRun {
        var run = GlyphRun()
        for (glyph, _) in glyphs {
            run.glyphs.append(glyph.id)
            run.positions.append(glyph.position)
            run.advances.append(CGSize(width: glyph.advance, height: 0))
            run.stringIndices.append(location + offsets.offset(ofByte: glyph.cluster.lowerBound))
            run.outlines.append(glyph.outline)
        }
        let first = glyphs.first
        let start = glyphs.map(\.0.cluster.lowerBound).min() ?? 0
        let end = glyphs.map(\.0.cluster.upperBound).max() ?? start
        let unitStart = offsets.offset(ofByte: start)
        run.stringRange = CFRange(location: location + unitStart, length: offsets.offset(ofByte: end) - unitStart)
        run.isRightToLeft = first?.0.key.isRightToLeft ?? false
        run.ascent = glyphs.map(\.1.ascent).max() ?? 0
        run.descent = glyphs.map(\.1.descent).max() ?? 0
        run.attributes = attributes(in: string, at: unitStart, font: first?.0.key.font, size: first?.1.fontSize)
        run.color = TextContent.color(run.attributes[NSAttributedString.Key.foregroundColor]
            ?? run.attributes[NSAttributedString.Key.coreTextForegroundColor]) ?? .black
        return run
    }

    /// The attributes at UTF-16 offset `index` of `string`, with the font Pango used under `.font` when the
    /// string names none (Core Text puts the font it used in every run's attributes).
    private static func attributes(in string: NSAttributedString, at index: Int, font: OpaquePointer?,
                                   size: CGFloat?) -> CFDictionary {
        guard index >= 0, index < string.length else { return [:] }
        var dictionary: CFDictionary = [:]
        for (key, value) in string.attributes(at: index, effectiveRange: nil) { dictionary[key] = value }
        if dictionary[NSAttributedString.Key.font] == nil, let font, let size {
            dictionary[NSAttributedString.Key.font] = CTFont(name: family(of: font), size: size)
        }
        return dictionary
    }

    /// The family of the face Pango chose.
    private static func family(of font: OpaquePointer) -> String {
        guard let description = pango_font_describe(font) else { return TextRasterizer.defaultFamily }
        defer { pango_font_description_free(description) }
        return pango_font_description_get_family(description).map { String(cString: $0) } ?? TextRasterizer.defaultFamily
    }

    private static func points(_ units: Int32) -> CGFloat { CGFloat(units) / CGFloat(PANGO_SCALE) }
}
