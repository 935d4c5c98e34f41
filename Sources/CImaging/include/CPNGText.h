#ifndef CPNGTEXT_H
#define CPNGTEXT_H
/* zlib helpers for PNGCodec's text chunks (PNGTextChunks.swift): the chunk CRC and the inflation
 * of compressed zTXt / iTXt text. Plain C types only. */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* CRC-32 of `size` bytes, continuing from `crc` (0 to start): PNG's chunk CRC (ISO 3309, zlib's crc32). */
uint32_t lsp_png_crc32(uint32_t crc, const uint8_t *data, size_t size);

/* Inflates one zlib stream. On success returns 0 and *out receives a malloc'ed buffer of *out_size
 * bytes (free with lsp_png_free). Returns 1 when the data is not a complete zlib stream, 2 when the
 * output would exceed `limit` bytes, 3 when out of memory. */
int lsp_png_inflate(const uint8_t *data, size_t size, size_t limit, uint8_t **out, size_t *out_size);

/* The version of the libpng and zlib linked at run time ("1.6.39", "1.2.13"), for provenance. */
const char *lsp_png_libpng_version(void);
const char *lsp_png_zlib_version(void);

#ifdef __cplusplus
}
#endif
#endif
