// The part of Pango (pango-1.0, pangocairo-1.0) that CATextLayer and its tests call, declared here as Pango's
// headers declare it (Pango 1.44 and later; Debian 12 has 1.50). Pango's own headers come with pkg-config
// flags that include -pthread, which SwiftPM rejects with a warning on every build: declaring the few
// functions, enums and structs used keeps the build clean. Add a declaration here when the code needs one.
#ifndef QUARTZITE_CPANGO_SHIM_H
#define QUARTZITE_CPANGO_SHIM_H

#include <stdint.h>

typedef int pango_bool;   // gboolean
struct _cairo;            // cairo_t (CCairo's), passed through as an opaque pointer

typedef struct _PangoLayout PangoLayout;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct _PangoAttrList PangoAttrList;
typedef struct _PangoAttrClass PangoAttrClass;

/// Pango units per device unit.
#define PANGO_SCALE 1024

typedef struct {
    int x;
    int y;
    int width;
    int height;
} PangoRectangle;

typedef struct {
    const PangoAttrClass *klass;
    unsigned int start_index;
    unsigned int end_index;
} PangoAttribute;

typedef enum { PANGO_ALIGN_LEFT, PANGO_ALIGN_CENTER, PANGO_ALIGN_RIGHT } PangoAlignment;
typedef enum { PANGO_WRAP_WORD, PANGO_WRAP_CHAR, PANGO_WRAP_WORD_CHAR } PangoWrapMode;
typedef enum { PANGO_ELLIPSIZE_NONE, PANGO_ELLIPSIZE_START, PANGO_ELLIPSIZE_MIDDLE, PANGO_ELLIPSIZE_END } PangoEllipsizeMode;
typedef enum { PANGO_STYLE_NORMAL, PANGO_STYLE_OBLIQUE, PANGO_STYLE_ITALIC } PangoStyle;
typedef enum {
    PANGO_WEIGHT_THIN = 100, PANGO_WEIGHT_ULTRALIGHT = 200, PANGO_WEIGHT_LIGHT = 300, PANGO_WEIGHT_SEMILIGHT = 350,
    PANGO_WEIGHT_BOOK = 380, PANGO_WEIGHT_NORMAL = 400, PANGO_WEIGHT_MEDIUM = 500, PANGO_WEIGHT_SEMIBOLD = 600,
    PANGO_WEIGHT_BOLD = 700, PANGO_WEIGHT_ULTRABOLD = 800, PANGO_WEIGHT_HEAVY = 900, PANGO_WEIGHT_ULTRAHEAVY = 1000
} PangoWeight;
typedef enum {
    PANGO_UNDERLINE_NONE, PANGO_UNDERLINE_SINGLE, PANGO_UNDERLINE_DOUBLE, PANGO_UNDERLINE_LOW, PANGO_UNDERLINE_ERROR
} PangoUnderline;
typedef enum {
    PANGO_FONT_MASK_FAMILY = 1 << 0, PANGO_FONT_MASK_STYLE = 1 << 1, PANGO_FONT_MASK_VARIANT = 1 << 2,
    PANGO_FONT_MASK_WEIGHT = 1 << 3, PANGO_FONT_MASK_STRETCH = 1 << 4, PANGO_FONT_MASK_SIZE = 1 << 5,
    PANGO_FONT_MASK_GRAVITY = 1 << 6
} PangoFontMask;

void g_object_unref(void *object);

PangoLayout *pango_cairo_create_layout(struct _cairo *cr);
typedef struct _PangoContext PangoContext;
PangoContext *pango_layout_get_context(PangoLayout *layout);
void pango_context_set_round_glyph_positions(PangoContext *context, pango_bool round_positions);
// A paragraph's base direction, when its style names one (else Pango takes its first strong character's).
typedef enum { PANGO_DIRECTION_LTR, PANGO_DIRECTION_RTL } PangoDirection;  // the two strong directions
void pango_context_set_base_dir(PangoContext *context, PangoDirection direction);
void pango_layout_set_auto_dir(PangoLayout *layout, pango_bool auto_dir);
void pango_layout_context_changed(PangoLayout *layout);
void pango_cairo_show_layout(struct _cairo *cr, PangoLayout *layout);

PangoFontDescription *pango_font_description_new(void);
void pango_font_description_free(PangoFontDescription *desc);
void pango_font_description_set_family(PangoFontDescription *desc, const char *family);
void pango_font_description_set_style(PangoFontDescription *desc, PangoStyle style);
void pango_font_description_set_weight(PangoFontDescription *desc, PangoWeight weight);
void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size);
void pango_font_description_unset_fields(PangoFontDescription *desc, PangoFontMask to_unset);

void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc);
void pango_layout_set_width(PangoLayout *layout, int width);
int pango_layout_get_width(PangoLayout *layout);
void pango_layout_set_height(PangoLayout *layout, int height);
void pango_layout_set_wrap(PangoLayout *layout, PangoWrapMode wrap);
void pango_layout_set_ellipsize(PangoLayout *layout, PangoEllipsizeMode ellipsize);
void pango_layout_set_alignment(PangoLayout *layout, PangoAlignment alignment);
void pango_layout_set_justify(PangoLayout *layout, pango_bool justify);
void pango_layout_set_justify_last_line(PangoLayout *layout, pango_bool justify);  // Pango 1.50
void pango_layout_set_attributes(PangoLayout *layout, PangoAttrList *attrs);
void pango_layout_set_spacing(PangoLayout *layout, int spacing);
void pango_layout_set_line_spacing(PangoLayout *layout, float factor);
void pango_layout_set_indent(PangoLayout *layout, int indent);

// Tab stops (pango-tabs.h); right, centre and decimal alignment and the decimal point are Pango 1.50's.
typedef struct _PangoTabArray PangoTabArray;
typedef enum { PANGO_TAB_LEFT, PANGO_TAB_RIGHT, PANGO_TAB_CENTER, PANGO_TAB_DECIMAL } PangoTabAlign;
PangoTabArray *pango_tab_array_new(int initial_size, pango_bool positions_in_pixels);
void pango_tab_array_free(PangoTabArray *tab_array);
void pango_tab_array_set_tab(PangoTabArray *tab_array, int tab_index, PangoTabAlign alignment, int location);
void pango_tab_array_set_decimal_point(PangoTabArray *tab_array, int tab_index, uint32_t decimal_point);
void pango_layout_set_tabs(PangoLayout *layout, PangoTabArray *tabs);
void pango_layout_get_extents(PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
int pango_layout_get_line_count(PangoLayout *layout);
int pango_layout_get_unknown_glyphs_count(PangoLayout *layout);
pango_bool pango_layout_is_ellipsized(PangoLayout *layout);

PangoAttrList *pango_attr_list_new(void);
void pango_attr_list_unref(PangoAttrList *list);
void pango_attr_list_insert(PangoAttrList *list, PangoAttribute *attr);
PangoAttribute *pango_attr_font_desc_new(const PangoFontDescription *desc);
PangoAttribute *pango_attr_foreground_new(uint16_t red, uint16_t green, uint16_t blue);
PangoAttribute *pango_attr_foreground_alpha_new(uint16_t alpha);
PangoAttribute *pango_attr_letter_spacing_new(int letter_spacing);
PangoAttribute *pango_attr_underline_new(PangoUnderline underline);
PangoAttribute *pango_attr_insert_hyphens_new(pango_bool insert_hyphens);
PangoAttribute *pango_attr_strikethrough_new(pango_bool strikethrough);
PangoAttribute *pango_attr_background_new(uint16_t red, uint16_t green, uint16_t blue);
PangoAttribute *pango_attr_background_alpha_new(uint16_t alpha);
PangoAttribute *pango_attr_rise_new(int rise);
PangoAttribute *pango_attr_font_features_new(const char *features);
PangoAttribute *pango_attr_size_new_absolute(int size);

// The installed families and their faces, for what a font descriptor's traits can be (UIFontDescriptor).
typedef enum {
    PANGO_STRETCH_ULTRA_CONDENSED, PANGO_STRETCH_EXTRA_CONDENSED, PANGO_STRETCH_CONDENSED, PANGO_STRETCH_SEMI_CONDENSED,
    PANGO_STRETCH_NORMAL, PANGO_STRETCH_SEMI_EXPANDED, PANGO_STRETCH_EXPANDED, PANGO_STRETCH_EXTRA_EXPANDED,
    PANGO_STRETCH_ULTRA_EXPANDED
} PangoStretch;
typedef struct _PangoFontMap PangoFontMap;
typedef struct _PangoFontFamily PangoFontFamily;
typedef struct _PangoFontFace PangoFontFace;
PangoFontMap *pango_cairo_font_map_get_default(void);
void pango_font_map_list_families(PangoFontMap *fontmap, PangoFontFamily ***families, int *n_families);
const char *pango_font_family_get_name(PangoFontFamily *family);
pango_bool pango_font_family_is_monospace(PangoFontFamily *family);
void pango_font_family_list_faces(PangoFontFamily *family, PangoFontFace ***faces, int *n_faces);
PangoFontDescription *pango_font_face_describe(PangoFontFace *face);
PangoWeight pango_font_description_get_weight(const PangoFontDescription *desc);
PangoStyle pango_font_description_get_style(const PangoFontDescription *desc);
PangoStretch pango_font_description_get_stretch(const PangoFontDescription *desc);
void pango_font_description_set_stretch(PangoFontDescription *desc, PangoStretch stretch);
void g_free(void *memory);

// Runs of a laid-out layout, for drawing glyph outlines run by run. Pango's PangoGlyphItem, PangoItem and
// PangoAnalysis have more fields after the ones declared here (which every Pango since 1.44 has, in this
// order); only these leading fields are read, through pointers Pango owns.
typedef struct _PangoFont PangoFont;
typedef struct _PangoGlyphString PangoGlyphString;
typedef struct _PangoLayoutIter PangoLayoutIter;
typedef struct _PangoFontMetrics PangoFontMetrics;
typedef struct _PangoLanguage PangoLanguage;
typedef struct {
    void *shape_engine;
    void *lang_engine;
    PangoFont *font;
    uint8_t level;    // the bidi embedding level: odd reads right to left
    uint8_t gravity;
    uint8_t flags;
    uint8_t script;
} PangoAnalysisLeadingFields;
typedef struct {
    int offset;
    int length;
    int num_chars;
    PangoAnalysisLeadingFields analysis;
} PangoItemLeadingFields;
typedef struct {
    PangoItemLeadingFields *item;
    PangoGlyphString *glyphs;
} PangoGlyphItem;  // Pango 1.50 adds offsets after these two; they are not read.

typedef struct {
    int num_glyphs;
} PangoGlyphStringLeadingFields;  // PangoGlyphString: the glyph count comes first, then its arrays.
// A glyph string's arrays, for Core Text's runs: each glyph's id (the font's own, or one of Pango's flags for
// an empty or unknown glyph), advance and offsets in Pango units, and the byte offset of its cluster in the
// run's item. Every Pango since 1.44 lays PangoGlyphString out so (its private size field follows).
typedef struct {
    int32_t width;
    int32_t x_offset;
    int32_t y_offset;
} PangoGlyphGeometry;
typedef struct {
    uint32_t glyph;
    PangoGlyphGeometry geometry;
    uint32_t attr;  // is_cluster_start:1, is_color:1
} PangoGlyphInfo;
typedef struct {
    int num_glyphs;
    PangoGlyphInfo *glyphs;
    int *log_clusters;
} PangoGlyphStringFields;
PangoGlyphString *pango_glyph_string_new(void);
void pango_glyph_string_set_size(PangoGlyphString *string, int new_len);
void pango_glyph_string_free(PangoGlyphString *string);
#define PANGO_GLYPH_EMPTY 0x0FFFFFFF
#define PANGO_GLYPH_UNKNOWN_FLAG 0x10000000
// Lines of a laid-out layout, for placing each line where TextKit would and for Core Text's lines. Only
// the leading fields of PangoLayoutLine are declared (every Pango since 1.44 has them, in this order; its
// runs and flags follow and are not read); it is read through pointers Pango owns.
typedef struct {
    PangoLayout *layout;
    int start_index;
    int length;
} PangoLayoutLine;

PangoLayoutIter *pango_layout_get_iter(PangoLayout *layout);
pango_bool pango_layout_iter_next_line(PangoLayoutIter *iter);
PangoLayoutLine *pango_layout_iter_get_line_readonly(PangoLayoutIter *iter);
void pango_layout_iter_get_line_extents(PangoLayoutIter *iter, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
void pango_layout_iter_free(PangoLayoutIter *iter);
pango_bool pango_layout_iter_next_run(PangoLayoutIter *iter);
PangoGlyphItem *pango_layout_iter_get_run_readonly(PangoLayoutIter *iter);
int pango_layout_iter_get_baseline(PangoLayoutIter *iter);
void pango_layout_iter_get_run_extents(PangoLayoutIter *iter, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
int pango_layout_get_baseline(PangoLayout *layout);
// Carets and hits on a line, for Core Text's string offsets and indices (x in Pango units from the line's start).
void pango_layout_line_index_to_x(PangoLayoutLine *line, int index, pango_bool trailing, int *x_pos);
pango_bool pango_layout_line_x_to_index(PangoLayoutLine *line, int x_pos, int *index, int *trailing);

void pango_cairo_show_layout_line(struct _cairo *cr, PangoLayoutLine *line);
int pango_glyph_string_get_width(PangoGlyphString *glyphs);
void pango_cairo_glyph_string_path(struct _cairo *cr, PangoFont *font, PangoGlyphString *glyphs);

PangoFontMetrics *pango_font_get_metrics(PangoFont *font, PangoLanguage *language);
void pango_font_metrics_unref(PangoFontMetrics *metrics);
int pango_font_metrics_get_ascent(PangoFontMetrics *metrics);
int pango_font_metrics_get_descent(PangoFontMetrics *metrics);
int pango_font_metrics_get_height(PangoFontMetrics *metrics);
int pango_font_metrics_get_underline_position(PangoFontMetrics *metrics);
int pango_font_metrics_get_underline_thickness(PangoFontMetrics *metrics);
int pango_font_metrics_get_strikethrough_position(PangoFontMetrics *metrics);
int pango_font_metrics_get_strikethrough_thickness(PangoFontMetrics *metrics);

// A font's HarfBuzz face (HarfBuzz comes with Pango), for what Core Text reads from its tables: units per em,
// the bounding box in 'head', the PostScript name in 'name'; and the family fontconfig found.
typedef struct hb_font_t hb_font_t;
typedef struct hb_face_t hb_face_t;
typedef struct hb_blob_t hb_blob_t;
typedef const struct hb_language_impl_t *hb_language_t;
hb_font_t *pango_font_get_hb_font(PangoFont *font);
hb_face_t *hb_font_get_face(hb_font_t *font);
unsigned int hb_face_get_upem(const hb_face_t *face);
hb_blob_t *hb_face_reference_table(const hb_face_t *face, uint32_t tag);
const char *hb_blob_get_data(hb_blob_t *blob, unsigned int *length);
void hb_blob_destroy(hb_blob_t *blob);
unsigned int hb_ot_name_get_utf8(hb_face_t *face, unsigned int name_id, hb_language_t language,
                                 unsigned int *text_size, char *text);
PangoFontDescription *pango_font_describe(PangoFont *font);
const char *pango_font_description_get_family(const PangoFontDescription *desc);

#endif
