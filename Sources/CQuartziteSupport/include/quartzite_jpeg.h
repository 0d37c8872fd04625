#ifndef QUARTZITE_JPEG_H
#define QUARTZITE_JPEG_H
#include <stddef.h>
#include <stdint.h>

/// Decodes a JPEG held in memory into 8-bit RGBA (alpha 255), top row first. A header that claims more than
/// `max_pixels` pixels is refused before anything is allocated (a few hundred bytes can claim gigabytes).
/// Returns 0 on success; on failure returns non-zero and writes a message into `error` (NUL-terminated).
/// libjpeg reports errors by longjmp, which Swift cannot catch: this C wrapper keeps that inside C so a
/// truncated or corrupt file becomes an error, not a process exit.
int quartzite_jpeg_decode(const uint8_t *data, size_t size, size_t max_pixels,
                          uint8_t **out_pixels, int *out_width, int *out_height,
                          char *error, size_t error_size);

/// Frees pixels returned by quartzite_jpeg_decode, and bytes returned by quartzite_jpeg_encode.
void quartzite_jpeg_free(uint8_t *pixels);

/// Encodes `width` x `height` pixels of 8-bit RGBA, top row first, `stride` bytes a row, as a baseline JPEG
/// of `quality` (1...100); alpha is dropped (the colours are taken as they are). Returns 0 on success with
/// the bytes in `*out_bytes` (free with quartzite_jpeg_free) and their count in `*out_size`; on failure
/// non-zero, with a message in `error`.
int quartzite_jpeg_encode(const uint8_t *rgba, int width, int height, size_t stride, int quality,
                          uint8_t **out_bytes, size_t *out_size, char *error, size_t error_size);
#endif
