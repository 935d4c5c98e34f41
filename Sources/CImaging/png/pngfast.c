/* The fast decode path: see include/CPNGFast.h.
 *
 * libpng inflates with zlib, one row at a time; for a 1000x1000 RGBA page that is three quarters of
 * the decode (zlib 1.2.13: 7.5 ms of 10). libdeflate inflates the whole stream at once into the filtered
 * rows, 6x faster. It has no streaming API that libpng could use, so this path reads the chunks itself,
 * and only for the PNGs it can decode exactly as the libpng path does: 8-bit grey, grey + alpha, RGB and
 * RGBA, and palette images of 1, 2, 4 and 8 bits (with tRNS), non-interlaced, every chunk's CRC correct,
 * chunks in order, a 32 KiB zlib window. Anything else, and every error, returns LSP_FAST_DECLINED and the
 * caller decodes with libpng, which then reports libpng's own error: this path never accepts a file libpng
 * refuses, and never fails one libpng accepts. Output: RGBA8, as the libpng path's transformations. */
#include "CPNGFast.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 /* Linux 5.14; older kernels answer EINVAL and nothing changes */
#endif

/* Makes the pages of a large buffer that is about to be written whole present before the first write. A fresh
 * image-sized allocation (malloc maps it from the kernel) otherwise takes one page fault per 4 KiB page on
 * first touch: for a 1000x1000 bitmap a thousand faults, about 3 ms on this project's VM, more than inflating
 * it. Transparent huge pages for the 2 MiB-aligned middle (where the system leaves them to madvise), then
 * one MADV_POPULATE_WRITE for the whole range instead of the faults: about half the cost. Advice only: the
 * contents are not changed, already present pages stay as they are, and a kernel without either keeps the
 * ordinary faults. */
static void populate(void *start, size_t length) {
    if (length < ((size_t)1 << 18)) return;
    const uintptr_t page = 4096, huge = (uintptr_t)1 << 21;
    uintptr_t first = ((uintptr_t)start + page - 1) & ~(page - 1), end = ((uintptr_t)start + length) & ~(page - 1);
    uintptr_t huge_first = ((uintptr_t)start + huge - 1) & ~(huge - 1), huge_end = ((uintptr_t)start + length) & ~(huge - 1);
#ifdef MADV_HUGEPAGE
    if (huge_end > huge_first) (void)madvise((void *)huge_first, huge_end - huge_first, MADV_HUGEPAGE);
#endif
    if (end > first) (void)madvise((void *)first, end - first, MADV_POPULATE_WRITE);
}

static uint32_t be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

static int is_letter(uint8_t c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

static int chunk_is(const uint8_t *type, const char *name) { return memcmp(type, name, 4) == 0; }

/* The ancillary chunks the libpng path skips (PNG_HANDLE_CHUNK_NEVER in pngshim.c), and any unknown
 * ancillary chunk: skipped here too, after their CRC. */
static int skipped_ancillary(const uint8_t *type) {
    if (type[0] & 0x20) { /* lowercase first letter: ancillary */
        return !chunk_is(type, "tRNS");
    }
    return 0;
}

#define LSP_CHUNK_LIMIT 8000000U /* pngshim.c's LSP_CHUNK_MALLOC_MAX: a longer chunk is libpng's to judge */

lsp_fast_status lsp_png_fast_probe(const uint8_t *data, size_t size, lsp_png_fast_info *info) {
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (data == NULL || info == NULL || size < 8 || memcmp(data, signature, 8) != 0) return LSP_FAST_DECLINED;
    memset(info, 0, sizeof *info);
    size_t at = 8;
    int seen_idat = 0, idat_done = 0, seen_plte = 0, seen_trns = 0;
    for (int index = 0;; index++) {
        if (size - at < 12) return LSP_FAST_DECLINED;
        uint32_t length = be32(data + at);
        const uint8_t *type = data + at + 4;
        if (length > 0x7fffffffU || size - at - 12 < length) return LSP_FAST_DECLINED;
        for (int i = 0; i < 4; i++) if (!is_letter(type[i])) return LSP_FAST_DECLINED;
        const uint8_t *body = data + at + 8;
        if (libdeflate_crc32(0, type, 4 + (size_t)length) != be32(body + length)) return LSP_FAST_DECLINED;
        int is_idat = chunk_is(type, "IDAT");
        if (!is_idat && length > LSP_CHUNK_LIMIT) return LSP_FAST_DECLINED;
        if (seen_idat && !is_idat) idat_done = 1;
        if (index == 0) {
            if (!chunk_is(type, "IHDR") || length != 13) return LSP_FAST_DECLINED;
            info->width = be32(body);
            info->height = be32(body + 4);
            info->bit_depth = body[8];
            info->color_type = body[9];
            if (info->width == 0 || info->height == 0 || info->width > 0x7fffffffU || info->height > 0x7fffffffU) return LSP_FAST_DECLINED;
            if (body[10] != 0 || body[11] != 0 || body[12] != 0) return LSP_FAST_DECLINED; /* interlaced or unknown methods */
            int depth_ok = info->color_type == 3
                ? (info->bit_depth == 1 || info->bit_depth == 2 || info->bit_depth == 4 || info->bit_depth == 8)
                : ((info->color_type == 0 || info->color_type == 2 || info->color_type == 4 || info->color_type == 6) && info->bit_depth == 8);
            if (!depth_ok) return LSP_FAST_DECLINED;
        } else if (chunk_is(type, "IEND")) {
            if (length != 0 || !seen_idat) return LSP_FAST_DECLINED;
            break;
        } else if (is_idat) {
            if (idat_done || (info->color_type == 3 && !seen_plte)) return LSP_FAST_DECLINED;
            if (!seen_idat) info->idat_offset = at;
            seen_idat = 1;
            info->idat_bytes += length;
        } else if (chunk_is(type, "PLTE")) {
            if (info->color_type != 3 || seen_plte || seen_idat || length == 0 || length % 3 != 0 ||
                length / 3 > (1U << info->bit_depth)) return LSP_FAST_DECLINED;
            info->palette_entries = length / 3;
            for (uint32_t i = 0; i < length; i++) info->palette[i] = body[i];
            seen_plte = 1;
        } else if (chunk_is(type, "tRNS")) {
            if (info->color_type != 3 || !seen_plte || seen_trns || seen_idat || length > info->palette_entries) return LSP_FAST_DECLINED;
            info->transparent_entries = length;
            memcpy(info->alpha, body, length);
            seen_trns = 1;
        } else if (!skipped_ancillary(type)) {
            return LSP_FAST_DECLINED; /* a critical chunk libpng does not know, or one out of place */
        }
        at += 12 + (size_t)length;
    }
    /* libdeflate accepts any window; libpng's zlib refuses distances beyond the header's window, so only a
     * 32 KiB window (CINFO 7, what every common encoder writes) is the same for both. */
    if (info->idat_bytes < 2 || (data[info->idat_offset + 8] >> 4) != 7) return LSP_FAST_DECLINED;
    /* As the libpng path: no image memory for a file whose data cannot fill the image (deflate expands at
     * most 1032:1), so a small file never makes a large allocation. */
    uint64_t channels = info->color_type == 6 ? 4 : info->color_type == 2 ? 3 : info->color_type == 4 ? 2 : 1;
    uint64_t raw = (uint64_t)info->height * (1 + ((uint64_t)info->width * channels * info->bit_depth + 7) / 8);
    if (raw > (uint64_t)info->idat_bytes * 1032U) return LSP_FAST_DECLINED;
    return LSP_FAST_OK;
}

/* Reverses the PNG filter of one row (PNG spec §9): dst = src + predictor from dst's left neighbour (bpp
 * bytes back), `prior` (the row above, already reconstructed; zeros for the first) and prior's left.
 * `dst` may lie before `src` in the same buffer (the image is inflated into the end of the bitmap and
 * reconstructed towards its start): every loop reads src[i] before it writes dst[i], front to back. */
static int unfilter(uint8_t filter, const uint8_t *src, const uint8_t *prior, uint8_t *dst, size_t length, size_t bpp) {
    size_t i;
    switch (filter) {
    case 0:
        memmove(dst, src, length);
        return 1;
    case 1:
        for (i = 0; i < bpp && i < length; i++) dst[i] = src[i];
        for (; i < length; i++) dst[i] = (uint8_t)(src[i] + dst[i - bpp]);
        return 1;
    case 2:
        /* 8 bytes per step with carries kept inside each byte: fast also unoptimised (a client's debug
         * build compiles this file at -O0). */
        for (i = 0; i + 8 <= length; i += 8) {
            uint64_t a, b, sum;
            memcpy(&a, src + i, 8);
            memcpy(&b, prior + i, 8);
            sum = ((a & 0x7f7f7f7f7f7f7f7fULL) + (b & 0x7f7f7f7f7f7f7f7fULL)) ^ ((a ^ b) & 0x8080808080808080ULL);
            memcpy(dst + i, &sum, 8);
        }
        for (; i < length; i++) dst[i] = (uint8_t)(src[i] + prior[i]);
        return 1;
    case 3:
        for (i = 0; i < bpp && i < length; i++) dst[i] = (uint8_t)(src[i] + (prior[i] >> 1));
        for (; i < length; i++) dst[i] = (uint8_t)(src[i] + ((dst[i - bpp] + prior[i]) >> 1));
        return 1;
    case 4:
        for (i = 0; i < bpp && i < length; i++) dst[i] = (uint8_t)(src[i] + prior[i]);
        for (; i < length; i++) {
            int a = dst[i - bpp], b = prior[i], c = prior[i - bpp];
            int p = a + b - c;
            int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
            dst[i] = (uint8_t)(src[i] + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c));
        }
        return 1;
    default:
        return 0; /* libpng: "bad adaptive filter value" */
    }
}

size_t lsp_png_fast_capacity(const lsp_png_fast_info *info) {
    size_t channels = info->color_type == 6 ? 4 : info->color_type == 2 ? 3 : info->color_type == 4 ? 2 : 1;
    size_t raw = (size_t)info->height * (1 + ((size_t)info->width * channels * info->bit_depth + 7) / 8);
    size_t pixels = (size_t)info->width * info->height * 4;
    return raw > pixels ? raw : pixels;
}

lsp_fast_status lsp_png_fast_decode(const uint8_t *data, size_t size, const lsp_png_fast_info *info,
                                    uint8_t *rgba, size_t capacity) {
    if (data == NULL || info == NULL || rgba == NULL) return LSP_FAST_DECLINED;
    size_t width = info->width, height = info->height;
    if (capacity / 4 / width < height) return LSP_FAST_DECLINED;
    size_t channels = info->color_type == 6 ? 4 : info->color_type == 2 ? 3 : info->color_type == 4 ? 2 : 1;
    size_t bits = channels * info->bit_depth;
    size_t row_bytes = (width * bits + 7) / 8, bpp = (bits + 7) / 8;
    size_t stride = row_bytes + 1;
    if (height > SIZE_MAX / stride) return LSP_FAST_DECLINED;
    size_t raw_size = stride * height;
    if (capacity < lsp_png_fast_capacity(info)) return LSP_FAST_DECLINED;
    if (info->idat_bytes > raw_size + 6 + 5 * (raw_size / 16384 + 1)) return LSP_FAST_DECLINED;

    /* The zlib stream: the IDAT bodies, joined when there are several. */
    const uint8_t *stream = data + info->idat_offset + 8;
    uint8_t *joined = NULL;
    if (be32(data + info->idat_offset) != info->idat_bytes) {
        joined = (uint8_t *)malloc(info->idat_bytes);
        if (joined == NULL) return LSP_FAST_DECLINED;
        size_t at = info->idat_offset, filled = 0;
        while (filled < info->idat_bytes) {
            uint32_t length = be32(data + at);
            memcpy(joined + filled, data + at + 8, length);
            filled += length;
            at += 12 + (size_t)length;
        }
        stream = joined;
    }
    /* The filtered rows are inflated into the end of the bitmap's own buffer and reconstructed towards its
     * start: output row y ends before filtered row y + 1 begins (see lsp_png_fast_capacity), so no second
     * image-sized buffer is needed. Three row buffers: zeros (above the first row) and two alternating
     * reconstructed rows for the colour types that are expanded afterwards. */
    populate(rgba, capacity);
    uint8_t *raw = rgba + capacity - raw_size;
    uint8_t *scratch = (uint8_t *)calloc(3, row_bytes);
    struct libdeflate_decompressor *inflater = libdeflate_alloc_decompressor();
    lsp_fast_status status = LSP_FAST_DECLINED;
    size_t consumed = 0;
    if (scratch != NULL && inflater != NULL &&
        libdeflate_zlib_decompress_ex(inflater, stream, info->idat_bytes, raw, raw_size, &consumed, NULL) == LIBDEFLATE_SUCCESS &&
        consumed == info->idat_bytes) {
        uint8_t *zeros = scratch, *rows[2] = {scratch + row_bytes, scratch + 2 * row_bytes};
        status = LSP_FAST_OK;
        const uint8_t *prior = zeros;
        for (size_t y = 0; y < height && status == LSP_FAST_OK; y++) {
            const uint8_t *filtered = raw + y * stride;
            uint8_t *out = rgba + y * width * 4;
            /* RGBA rows are reconstructed straight into the bitmap, the others into a row buffer first. */
            uint8_t *row = info->color_type == 6 ? out : rows[y & 1];
            if (!unfilter(filtered[0], filtered + 1, prior, row, row_bytes, bpp)) { status = LSP_FAST_DECLINED; break; }
            prior = row;
            size_t x;
            switch (info->color_type) {
            case 6:
                break;
            case 2:
                for (x = 0; x < width; x++) {
                    out[4 * x] = row[3 * x]; out[4 * x + 1] = row[3 * x + 1]; out[4 * x + 2] = row[3 * x + 2]; out[4 * x + 3] = 255;
                }
                break;
            case 4:
                for (x = 0; x < width; x++) {
                    out[4 * x] = out[4 * x + 1] = out[4 * x + 2] = row[2 * x]; out[4 * x + 3] = row[2 * x + 1];
                }
                break;
            case 0:
                for (x = 0; x < width; x++) { out[4 * x] = out[4 * x + 1] = out[4 * x + 2] = row[x]; out[4 * x + 3] = 255; }
                break;
            default: { /* palette, 1/2/4/8 bits, most significant bits first */
                unsigned depth = info->bit_depth, mask = (1U << depth) - 1;
                for (x = 0; x < width; x++) {
                    size_t bit = x * depth;
                    unsigned index = (row[bit >> 3] >> (8 - depth - (bit & 7))) & mask;
                    if (index >= info->palette_entries) { status = LSP_FAST_DECLINED; break; } /* libpng warns: its path decides */
                    out[4 * x] = info->palette[3 * index];
                    out[4 * x + 1] = info->palette[3 * index + 1];
                    out[4 * x + 2] = info->palette[3 * index + 2];
                    out[4 * x + 3] = index < info->transparent_entries ? info->alpha[index] : 255;
                }
            }
            }
        }
    }
    if (inflater != NULL) libdeflate_free_decompressor(inflater);
    free(scratch);
    free(joined);
    (void)size;
    return status;
}

uint8_t *lsp_png_fast_read_file(int fd, size_t *size) {
    struct stat st;
    if (size == NULL || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < 33) return NULL;
    uint8_t head[33];
    if (pread(fd, head, 33, 0) != 33 || memcmp(head + 12, "IHDR", 4) != 0) return NULL;
    /* Only files the fast path may decode, and no larger than their image data could be (twice the
     * filtered rows and 1 MiB of other chunks): anything else is streamed by libpng. */
    uint8_t depth = head[24], type = head[25];
    uint64_t channels = type == 6 ? 4 : type == 2 ? 3 : type == 4 ? 2 : 1;
    if (head[28] != 0 || (type != 3 && depth != 8) || depth > 8) return NULL;
    uint64_t raw = (uint64_t)be32(head + 20) * (1 + ((uint64_t)be32(head + 16) * channels * depth + 7) / 8);
    if ((uint64_t)st.st_size > 2 * raw + (1U << 20)) return NULL;
    uint8_t *data = (uint8_t *)malloc((size_t)st.st_size);
    if (data == NULL) return NULL;
    populate(data, (size_t)st.st_size);
    size_t done = 0;
    while (done < (size_t)st.st_size) {
        ssize_t n = pread(fd, data + done, (size_t)st.st_size - done, (off_t)done);
        if (n <= 0) { /* an error or a file that shrank: libpng's streaming path reports it */
            free(data);
            return NULL;
        }
        done += (size_t)n;
    }
    *size = done;
    return data;
}

void lsp_png_fast_free(void *pointer) { free(pointer); }
