import CPango
import Foundation

/// Sets a Pango layout up as a `TextRequest` asks: the text, its font, its runs' colours and fonts, and how
/// lines are broken, aligned and ellipsized.
enum TextLayoutSetup {
    /// Applies every part of `request` to `layout`.
    static func apply(_ request: TextRequest, to layout: OpaquePointer) {
        let text = request.content.text
        pango_layout_set_text(layout, text, Int32(clamping: text.utf8.count))
        setFont(request, layout)
        setAttributes(request, layout)
        setAlignment(request, layout)
        setLineBreaking(request, layout)
        setIndent(request, layout)
        setDirection(request, layout)
        setTabs(request, layout)
    }

    /// The paragraph's tab stops (Apple's default ones without a paragraph style), measured from the margin
    /// before the layout's start (`lead`; `TabStops`).
    private static func setTabs(_ request: TextRequest, _ layout: OpaquePointer) {
        // Only tab characters move to stops: text without one lays out the same with no tab array to build.
        guard request.content.text.utf8.contains(9) else { return }
        let tabs = request.content.paragraph?.tabs ?? .standard
        guard let array = tabs.pangoTabArray(shiftedLeftBy: margins(request).lead, rightToLeft: isRightToLeft(request)) else { return }
        pango_layout_set_tabs(layout, array)
        pango_tab_array_free(array)
    }

    /// The paragraph's base direction when its style names one; else Pango takes its first strong character's.
    private static func setDirection(_ request: TextRequest, _ layout: OpaquePointer) {
        guard let rightToLeft = request.content.paragraph?.isRightToLeft, let context = pango_layout_get_context(layout) else { return }
        pango_layout_set_auto_dir(layout, 0)
        pango_context_set_base_dir(context, rightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
        pango_layout_context_changed(layout)
    }

    /// Whether the request's first paragraph reads right to left: as its style says, else as its first strong
    /// character reads.
    static func isRightToLeft(_ request: TextRequest) -> Bool {
        request.content.paragraph?.isRightToLeft ?? isRightToLeft(request.content.text)
    }

    /// An attributed string's first-line indent (beyond the other lines'). Line heights and the spacing
    /// between lines and paragraphs are the frame's (`TextFrame`), not Pango's.
    private static func setIndent(_ request: TextRequest, _ layout: OpaquePointer) {
        guard let paragraph = request.content.paragraph else { return }
        if paragraph.firstLineIndent.isFinite, paragraph.firstLineIndent != 0 {
            pango_layout_set_indent(layout, pangoUnits(min(max(paragraph.firstLineIndent, -10_000), 10_000)))
        }
    }

    /// The font description of a name at a size in points: a family name, or a PostScript-style name whose
    /// suffix after the last hyphen names the style ("Helvetica-BoldOblique", `FontName`).
    static func fontDescription(_ name: String?, size: CGFloat) -> OpaquePointer? {
        guard let description = pango_font_description_new() else { return nil }
        let font = FontName(parsing: name ?? TextRasterizer.defaultFamily)
        pango_font_description_set_family(description, font.family)
        if let weight = font.pangoWeight { pango_font_description_set_weight(description, weight) }
        switch font.slant {
        case .italic: pango_font_description_set_style(description, PANGO_STYLE_ITALIC)
        case .oblique: pango_font_description_set_style(description, PANGO_STYLE_OBLIQUE)
        case .upright: break
        }
        if font.width != 0 {
            pango_font_description_set_stretch(description, font.width < 0 ? PANGO_STRETCH_CONDENSED : PANGO_STRETCH_EXPANDED)
        }
        pango_font_description_set_absolute_size(description, Double(size) * Double(PANGO_SCALE))
        return description
    }

    /// The paragraph's margins in points: how far in from the leading edge the layout starts (`lead`), and how
    /// far in from the trailing edge of the request's width lines end (`tailIndent`: in from that edge when not
    /// positive, else measured from the leading edge). Zero without a paragraph style.
    static func margins(_ request: TextRequest) -> (lead: CGFloat, trail: CGFloat) {
        guard let paragraph = request.content.paragraph else { return (0, 0) }
        let lead = lead(paragraph)
        let tail = paragraph.tailIndent
        let trail = tail <= 0 ? min(-tail, 10_000) : min(max(request.size.width - tail, 0), 10_000)
        return (lead, trail)
    }

    /// How far in from the leading edge a paragraph's layout starts: the nearer of its two indents. Pango's
    /// indent does the rest: a positive one moves the first line further in, a negative one (a hanging
    /// indent, `firstLineHeadIndent` below `headIndent`) the lines after it, so each line starts at its own
    /// indent from the margin.
    /// Pango ignores the indent of a centred layout, so there every line starts at the head indent.
    static func lead(_ paragraph: ParagraphValues) -> CGFloat {
        let head = paragraph.headIndent.isFinite ? paragraph.headIndent : 0
        let hangs = paragraph.alignment != .center && paragraph.firstLineIndent.isFinite
        let first = hangs ? min(paragraph.firstLineIndent, 0) : 0
        return min(max(head + first, 0), 10_000)
    }

    /// How far in from the leading edge a line of `paragraph` starts: the layout's `lead`, and Pango's indent
    /// (a positive one on a paragraph's first line, a negative one, hanging, on the lines after it).
    static func lineStart(_ paragraph: ParagraphValues, startsParagraph: Bool) -> CGFloat {
        guard paragraph.alignment != .center else { return lead(paragraph) }
        let indent = paragraph.firstLineIndent.isFinite ? min(max(paragraph.firstLineIndent, -10_000), 10_000) : 0
        return lead(paragraph) + (startsParagraph ? max(indent, 0) : max(-indent, 0))
    }

    /// A length in points as Pango units, clamped into Int32's range (NaN is 0).
    static func pangoUnits(_ points: CGFloat) -> Int32 {
        let units = (points * CGFloat(PANGO_SCALE)).rounded()
        return units.isNaN ? 0 : Int32(clamping: Int(exactly: min(max(units, -2e9), 2e9)) ?? 0)
    }

    private static func setFont(_ request: TextRequest, _ layout: OpaquePointer) {
        guard let description = fontDescription(request.fontName, size: request.fontSize) else { return }
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
    }

    /// Each attributed run's colour and font as Pango attributes over its bytes, and no hyphens where a word
    /// breaks across lines: Core Text breaks a word too long for its line between characters without one,
    /// where Pango would hyphenate.
    private static func setAttributes(_ request: TextRequest, _ layout: OpaquePointer) {
        guard let list = pango_attr_list_new() else { return }
        if let noHyphens = pango_attr_insert_hyphens_new(0) {
            noHyphens.pointee.start_index = 0
            noHyphens.pointee.end_index = UInt32.max
            pango_attr_list_insert(list, noHyphens)
        }
        for run in request.content.runs {
            for attribute in attributes(of: run, textSize: request.fontSize) {
                attribute.pointee.start_index = UInt32(clamping: run.bytes.lowerBound)
                attribute.pointee.end_index = UInt32(clamping: run.bytes.upperBound)
                pango_attr_list_insert(list, attribute)
            }
        }
        pango_layout_set_attributes(layout, list)
        pango_attr_list_unref(list)
    }

    /// The Pango attributes a run sets: foreground colour and alpha, font family, style and size, letter
    /// spacing, underline, strikethrough, background colour and alpha, baseline offset as rise, ligatures as
    /// font features, and a stretched run's larger size (`shapedSize`). (Stroke, shadow and skew are drawn
    /// from outlines: Pango draws none of them.)
    private static func attributes(of run: TextContent.Run, textSize: CGFloat) -> [UnsafeMutablePointer<PangoAttribute>] {
        var made: [UnsafeMutablePointer<PangoAttribute>?] = []
        if let rgba = run.color?.rgba {
            made.append(pango_attr_foreground_new(level(rgba[0]), level(rgba[1]), level(rgba[2])))
            made.append(pango_attr_foreground_alpha_new(level(rgba[3])))
        }
        made += fontAttributes(of: run, textSize: textSize)
        if let kern = run.kern {
            made.append(pango_attr_letter_spacing_new(pangoUnits(min(max(kern, -1000), 1000))))
        }
        if let underline = run.underline {
            made.append(pango_attr_underline_new(underlineStyle(underline)))
        }
        if run.strikethrough != nil { made.append(pango_attr_strikethrough_new(1)) }
        if let offset = run.baselineOffset { made.append(pango_attr_rise_new(pangoUnits(offset))) }
        if let rgba = run.background?.rgba {
            made.append(pango_attr_background_new(level(rgba[0]), level(rgba[1]), level(rgba[2])))
            made.append(pango_attr_background_alpha_new(level(rgba[3])))
        }
        if let ligatures = run.ligatures {
            made.append(pango_attr_font_features_new(ligatures == 0 ? "liga=0,clig=0" : "dlig=1"))
        }
        return made.compactMap { $0 }
    }

    /// A run's font and size: its font's description (family, style and size), and a stretched run's
    /// shaping size. A run's size that is not a positive finite number is left out (the text's size
    /// applies), one past the largest drawn is cut to it: Pango refuses such sizes with a warning.
    private static func fontAttributes(of run: TextContent.Run, textSize: CGFloat) -> [UnsafeMutablePointer<PangoAttribute>?] {
        let shaped = run.shapedSize(textSize: textSize)
        let size = shaped ?? run.ownSize
        if let name = run.fontName, let description = fontDescription(name, size: size ?? 12) {
            if size == nil { pango_font_description_unset_fields(description, PANGO_FONT_MASK_SIZE) }
            defer { pango_font_description_free(description) }
            return [pango_attr_font_desc_new(description)]
        }
        return shaped.map { [pango_attr_size_new_absolute(pangoUnits($0))] } ?? []
    }

    /// A colour component (0...1, as `CGColor` keeps them) as Pango's 16-bit level.
    private static func level(_ v: CGFloat) -> UInt16 { UInt16(clamping: Int((min(max(v, 0), 1) * 65535).rounded())) }

    /// Pango's underline for an `NSUnderlineStyle` raw value: its pattern bits aside, 9 is double, anything
    /// else single (Pango has no thick underline).
    private static func underlineStyle(_ style: Int) -> PangoUnderline {
        style & 0xFF == 9 ? PANGO_UNDERLINE_DOUBLE : PANGO_UNDERLINE_SINGLE
    }

    /// Whether the text's first strong character reads right to left (Arabic, Hebrew): its paragraph's
    /// natural side is the right.
    static func isRightToLeft(_ text: String) -> Bool {
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            return rightToLeftBlocks.contains { $0.contains(scalar.value) }
        }
        return false
    }

    /// The Unicode blocks of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and their
    /// presentation forms and supplements): a letter in one is strong right to left, any other letter left to
    /// right.
    private static let rightToLeftBlocks: [ClosedRange<UInt32>] = [
        0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF,
    ]

    /// Pango's alignment for `alignmentMode`: natural is Pango's left, which Pango turns to right for a
    /// right-to-left paragraph; left and right are swapped for right-to-left text, so Pango's swap puts
    /// them on the side they name (the first paragraph's direction decides); justified is natural with
    /// justification (of the last line too for a justified Core Text line). Pango swaps only a direction it
    /// finds itself: where the paragraph style names the direction, nothing is swapped and natural is the
    /// right for right to left.
    private static func setAlignment(_ request: TextRequest, _ layout: OpaquePointer) {
        let named = request.content.paragraph?.isRightToLeft
        let swapped = named == nil && isRightToLeft(request.content.text)
        let natural = named == true ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT
        switch alignment(request) {
        case .left: pango_layout_set_alignment(layout, swapped ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        case .right: pango_layout_set_alignment(layout, swapped ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .justified:
            pango_layout_set_alignment(layout, natural)
            pango_layout_set_justify(layout, 1)
            if request.justifiesLastLine { pango_layout_set_justify_last_line(layout, 1) }
        default: pango_layout_set_alignment(layout, natural)
        }
    }

    /// The alignment laid out: an attributed string's paragraph alignment, unless natural; else the layer's.
    static func alignment(_ request: TextRequest) -> CATextLayerAlignmentMode {
        switch request.content.paragraph?.alignment {
        case .left: .left
        case .center: .center
        case .right: .right
        case .justified: .justified
        case .natural, nil: request.alignmentMode
        }
    }

    /// Wrapping at the bounds' width (between words, inside one too long for a line) and ellipsizing: on
    /// each line when not wrapped, on the last line that fits the bounds' height when wrapped. Unwrapped and
    /// untruncated text has no width: one line per paragraph.
    private static func setLineBreaking(_ request: TextRequest, _ layout: OpaquePointer) {
        let mode = ellipsizeMode(request.truncationMode)
        guard request.isWrapped || mode != PANGO_ELLIPSIZE_NONE else {
            pango_layout_set_width(layout, -1)
            return
        }
        let (lead, trail) = margins(request)
        pango_layout_set_width(layout, pangoUnits(max(request.size.width - lead - trail, 1)))
        pango_layout_set_wrap(layout, request.content.paragraph?.wrapsCharacters == true ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
        pango_layout_set_ellipsize(layout, mode)
        if request.isWrapped && mode != PANGO_ELLIPSIZE_NONE {
            pango_layout_set_height(layout, pangoUnits(request.size.height))
        }
    }

    private static func ellipsizeMode(_ mode: CATextLayerTruncationMode) -> PangoEllipsizeMode {
        switch mode {
        case .start: return PANGO_ELLIPSIZE_START
        case .middle: return PANGO_ELLIPSIZE_MIDDLE
        case .end: return PANGO_ELLIPSIZE_END
        default: return PANGO_ELLIPSIZE_NONE
        }
    }
}
