#include <png.h>

/* PNG_IMAGE_PNG_SIZE_MAX is a macro expression Swift does not import: the bound on an encoded image's size,
   so one call of png_image_write_to_memory writes it (a call without a buffer compresses the whole image
   only to measure it). */
static inline png_alloc_size_t quartzite_png_size_max(const png_image *image) {
    return PNG_IMAGE_PNG_SIZE_MAX(*image);
}
