import CPango
import Foundation

/// What Core Text reads from a font file's own tables, for the face Pango draws a font name with (fontconfig's
/// choice, so an unknown name answers for the face that stands in): units per em and the bounding box from
/// 'head', the PostScript name from 'name', and the family fontconfig found.
enum FontFaceTables {
    struct Facts: Equatable {
        /// Design units per em.
        var unitsPerEm: UInt32
        /// The union of the glyphs' boxes, in design units, y up.
        var box: CGRect
        var family: String
        var postScriptName: String
    }

    /// The facts of the face `name` resolves to; nil when Pango finds no font.
    static func facts(name: String) -> Facts? {
        var values = TextValues()
        values.content = TextContent(text: "H", runs: [])
        values.fontName = name
        values.fontSize = 12
        guard let request = TextRequest(layout: values, width: nil) else { return nil }
        return TextRasterizer.withUnhintedLayout(request) { layout, _ -> Facts? in
            guard let iterator = pango_layout_get_iter(layout) else { return nil }
            defer { pango_layout_iter_free(iterator) }
            guard let font = pango_layout_iter_get_run_readonly(iterator)?.pointee.item?.pointee.analysis.font,
                  let face = pango_font_get_hb_font(font).flatMap(hb_font_get_face) else { return nil }
            return Facts(unitsPerEm: UInt32(hb_face_get_upem(face)), box: boundingBox(face) ?? .zero,
                         family: family(font), postScriptName: postScriptName(face))
        }
    }

    /// The 'head' table's xMin, yMin, xMax, yMax (big-endian 16-bit, from byte 36); nil without one.
    private static func boundingBox(_ face: OpaquePointer) -> CGRect? {
        guard let blob = hb_face_reference_table(face, 0x6865_6164) else { return nil }  // 'head'
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length >= 44 else { return nil }
        let bytes = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
        let value = { (offset: Int) in CGFloat(Int16(bitPattern: UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1]))) }
        let (xMin, yMin, xMax, yMax) = (value(36), value(38), value(40), value(42))
        return CGRect(x: xMin, y: yMin, width: xMax - xMin, height: yMax - yMin)
    }

    /// The family of the font Pango loaded.
    private static func family(_ font: OpaquePointer) -> String {
        guard let description = pango_font_describe(font) else { return "" }
        defer { pango_font_description_free(description) }
        return pango_font_description_get_family(description).map { String(cString: $0) } ?? ""
    }

    /// The 'name' table's PostScript name (name ID 6), empty without one.
    private static func postScriptName(_ face: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        var size = UInt32(buffer.count)
        _ = hb_ot_name_get_utf8(face, 6, nil, &size, &buffer)
        let written = min(Int(size), buffer.count - 1)
        return String(decoding: buffer.prefix(written).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
