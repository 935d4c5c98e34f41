/* The fast PNG decode path (pngfast.c): libdeflate inflates the whole image at once, for the common PNGs it
 * can decode exactly as the libpng path does; everything else is declined and left to libpng. */
#ifndef CPNG_FAST_H
#define CPNG_FAST_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    LSP_FAST_OK = 0,
    /* Not a file this path decodes (or not a valid one): decode it with libpng. */
    LSP_FAST_DECLINED = 1
} lsp_fast_status;

/* What lsp_png_fast_probe read from the chunks. */
typedef struct {
    uint32_t width, height;
    uint8_t bit_depth, color_type;
    size_t idat_offset;      /* the first IDAT chunk's offset in the file */
    size_t idat_bytes;       /* all IDAT bodies */
    uint32_t palette_entries, transparent_entries;
    uint8_t palette[768];    /* RGB per entry */
    uint8_t alpha[256];      /* tRNS per entry */
} lsp_png_fast_info;

/* Walks every chunk of the PNG in `data` (checking each CRC, through IEND) and fills `info` when the file is
 * one the fast path decodes: 8-bit grey/grey+alpha/RGB/RGBA or 1/2/4/8-bit palette (+ tRNS), not interlaced,
 * chunks in order, a 32 KiB zlib window. No pixel memory is touched. */
lsp_fast_status lsp_png_fast_probe(const uint8_t *data, size_t size, lsp_png_fast_info *info);

/* The bytes lsp_png_fast_decode needs in its buffer: the RGBA8 bitmap, or the filtered rows when they are
 * larger (RGBA8: one filter byte a row more). */
size_t lsp_png_fast_capacity(const lsp_png_fast_info *info);

/* Decodes the probed file into `rgba` (`capacity` ≥ lsp_png_fast_capacity bytes; the first width x height x 4
 * are the image, straight alpha, as the libpng path gives it). LSP_FAST_DECLINED on anything unexpected
 * (bad zlib data or checksum, a wrong length, a bad filter byte, a palette index past the palette); `rgba`
 * then holds garbage. */
lsp_fast_status lsp_png_fast_decode(const uint8_t *data, size_t size, const lsp_png_fast_info *info,
                                    uint8_t *rgba, size_t capacity);

/* The whole file open at `fd` (read with pread: the file offset does not move) when its IHDR names a colour
 * type and bit depth the fast path decodes and the file is no larger than its image could need; else NULL
 * (also on a read error: the caller streams the file with libpng, which reports it). Free with
 * lsp_png_fast_free. */
uint8_t *lsp_png_fast_read_file(int fd, size_t *size);

void lsp_png_fast_free(void *pointer);

#ifdef __cplusplus
}
#endif
#endif
