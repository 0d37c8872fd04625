#include "quartzite_jpeg.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>

struct quartzite_error_mgr {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void quartzite_error_exit(j_common_ptr cinfo) {
    struct quartzite_error_mgr *err = (struct quartzite_error_mgr *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, err->message);
    longjmp(err->jump, 1);
}

static void quartzite_output_message(j_common_ptr cinfo) { (void)cinfo; /* warnings stay quiet */ }

int quartzite_jpeg_decode(const uint8_t *data, size_t size, size_t max_pixels,
                          uint8_t **out_pixels, int *out_width, int *out_height,
                          char *error, size_t error_size) {
    struct jpeg_decompress_struct cinfo;
    struct quartzite_error_mgr jerr;
    uint8_t *volatile pixels = NULL;
    uint8_t *volatile row = NULL;
    *out_pixels = NULL;
    if (data == NULL || size == 0) {
        snprintf(error, error_size, "empty JPEG data");
        return 1;
    }
    cinfo.err = jpeg_std_error(&jerr.pub);
    jerr.pub.error_exit = quartzite_error_exit;
    jerr.pub.output_message = quartzite_output_message;
    if (setjmp(jerr.jump)) {
        snprintf(error, error_size, "%s", jerr.message);
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        free(row);
        return 1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, (unsigned char *)data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    if ((size_t)cinfo.image_width * (size_t)cinfo.image_height > max_pixels) {
        snprintf(error, error_size, "its header claims %ux%u pixels, over the limit of %zu pixels",
                 (unsigned)cinfo.image_width, (unsigned)cinfo.image_height, max_pixels);
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    cinfo.out_color_space = JCS_RGB;
    jpeg_start_decompress(&cinfo);
    int w = (int)cinfo.output_width, h = (int)cinfo.output_height;
    if (w <= 0 || h <= 0 || w > 16384 || h > 16384 || cinfo.output_components != 3) {
        snprintf(error, error_size, "unsupported JPEG size %dx%d", w, h);
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    pixels = malloc((size_t)w * (size_t)h * 4);
    row = malloc((size_t)w * 3);
    if (!pixels || !row) {
        snprintf(error, error_size, "out of memory for a %dx%d JPEG", w, h);
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        free(row);
        return 1;
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW rows[1] = { row };
        int y = (int)cinfo.output_scanline;
        jpeg_read_scanlines(&cinfo, rows, 1);
        uint8_t *dst = pixels + (size_t)y * (size_t)w * 4;
        for (int x = 0; x < w; x++) {
            dst[4 * x] = row[3 * x];
            dst[4 * x + 1] = row[3 * x + 1];
            dst[4 * x + 2] = row[3 * x + 2];
            dst[4 * x + 3] = 255;
        }
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(row);
    *out_pixels = pixels;
    *out_width = w;
    *out_height = h;
    return 0;
}

void quartzite_jpeg_free(uint8_t *pixels) { free(pixels); }

int quartzite_jpeg_encode(const uint8_t *rgba, int width, int height, size_t stride, int quality,
                          uint8_t **out_bytes, size_t *out_size, char *error, size_t error_size) {
    struct jpeg_compress_struct cinfo;
    struct quartzite_error_mgr jerr;
    *out_bytes = NULL;
    *out_size = 0;
    if (rgba == NULL || width <= 0 || height <= 0 || width > 16384 || height > 16384 || stride < (size_t)width * 4) {
        snprintf(error, error_size, "no %dx%d image to encode", width, height);
        return 1;
    }
    // Room for any JPEG of these pixels (more than the raw RGB), allocated before setjmp and never changed
    // after it, so the error path frees exactly this. libjpeg writes into it and, should it ever need more,
    // into a buffer of its own that `bytes` then names (freed by the caller).
    size_t capacity = (size_t)width * (size_t)height * 4 + 65536;
    unsigned char *initial = malloc(capacity);
    uint8_t *row = malloc((size_t)width * 3);
    if (!initial || !row) {
        snprintf(error, error_size, "out of memory for a %dx%d JPEG", width, height);
        free(initial);
        free(row);
        return 1;
    }
    unsigned char *bytes = initial;
    unsigned long size = (unsigned long)capacity;
    cinfo.err = jpeg_std_error(&jerr.pub);
    jerr.pub.error_exit = quartzite_error_exit;
    jerr.pub.output_message = quartzite_output_message;
    if (setjmp(jerr.jump)) {
        snprintf(error, error_size, "%s", jerr.message);
        jpeg_destroy_compress(&cinfo);
        free(initial);
        free(row);
        return 1;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &bytes, &size);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality < 1 ? 1 : (quality > 100 ? 100 : quality), TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        const uint8_t *src = rgba + (size_t)cinfo.next_scanline * stride;
        for (int x = 0; x < width; x++) {
            row[3 * x] = src[4 * x];
            row[3 * x + 1] = src[4 * x + 1];
            row[3 * x + 2] = src[4 * x + 2];
        }
        JSAMPROW rows[1] = { row };
        jpeg_write_scanlines(&cinfo, rows, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    free(row);
    if (bytes != initial) free(initial);
    *out_bytes = bytes;
    *out_size = (size_t)size;
    return 0;
}
