import CPango
import Foundation

/// The faces an installed family has, as fontconfig lists them through Pango: what a font descriptor's
/// symbolic traits can ask of it (`UIFontDescriptor.withSymbolicTraits(_:)`).
enum FontFamilies {
    /// One face's traits.
    struct Face: Hashable {
        var isBold: Bool
        var isItalic: Bool
        /// -1 condensed, 0 normal, 1 expanded.
        var width: Int
    }

    /// The faces of the family named `name` (compared without regard to case) and whether its faces are
    /// monospaced; nil when no such family is installed.
    static func family(named name: String) -> (faces: [Face], isMonospace: Bool)? {
        guard let map = pango_cairo_font_map_get_default() else { return nil }
        var families: UnsafeMutablePointer<OpaquePointer?>?
        var count: Int32 = 0
        pango_font_map_list_families(map, &families, &count)
        defer { g_free(families) }
        guard let families else { return nil }
        let wanted = name.lowercased()
        for index in 0..<Int(max(count, 0)) {
            guard let family = families[index], let familyName = pango_font_family_get_name(family),
                  String(cString: familyName).lowercased() == wanted else { continue }
            return (faces(of: family), pango_font_family_is_monospace(family) != 0)
        }
        return nil
    }

    /// Each face's traits, read from its Pango description.
    private static func faces(of family: OpaquePointer) -> [Face] {
        var faces: UnsafeMutablePointer<OpaquePointer?>?
        var count: Int32 = 0
        pango_font_family_list_faces(family, &faces, &count)
        defer { g_free(faces) }
        guard let faces else { return [] }
        return (0..<Int(max(count, 0))).compactMap { index in
            guard let face = faces[index], let description = pango_font_face_describe(face) else { return nil }
            defer { pango_font_description_free(description) }
            let stretch = pango_font_description_get_stretch(description).rawValue
            return Face(isBold: pango_font_description_get_weight(description).rawValue >= PANGO_WEIGHT_SEMIBOLD.rawValue,
                        isItalic: pango_font_description_get_style(description) != PANGO_STYLE_NORMAL,
                        width: stretch < PANGO_STRETCH_NORMAL.rawValue ? -1 : stretch > PANGO_STRETCH_NORMAL.rawValue ? 1 : 0)
        }
    }
}
