#ifndef CPNGSHIM_H
#define CPNGSHIM_H
/* A setjmp-guarded wrapper around libpng's full API for the PNGCodec module.
 * libpng reports errors with longjmp; every libpng call happens inside a C function of this file
 * that has called setjmp itself, so no longjmp ever crosses a Swift frame.
 * Only plain C types appear here (no libpng types). */
#include <stddef.h>
#include <stdint.h>

#include "CPNGText.h" /* text-chunk helpers (zlib) */
#include "CPNGFast.h" /* the fast decode path (libdeflate) */

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    LSP_PNG_OK = 0,
    LSP_PNG_NOT_PNG = 1,     /* the 8-byte PNG signature is missing */
    LSP_PNG_TRUNCATED = 2,   /* the data ended before IEND */
    LSP_PNG_CORRUPT = 3,     /* libpng reported an error; see the message */
    LSP_PNG_READ_ERROR = 4,  /* read(2) failed; see read_errno */
    LSP_PNG_NO_MEMORY = 5,
    LSP_PNG_INVALID_ARGUMENT = 6
} lsp_png_status;

enum { LSP_PNG_MESSAGE_CAPACITY = 256 };

typedef struct lsp_png_decoder lsp_png_decoder;

/* Creates a decoder that reads `size` bytes at `data`. `data` must stay valid until
 * lsp_png_decoder_destroy. Returns NULL when out of memory. */
lsp_png_decoder *lsp_png_decoder_create_memory(const uint8_t *data, size_t size);
/* Creates a decoder that reads the open file descriptor `fd` (not closed by the decoder). */
lsp_png_decoder *lsp_png_decoder_create_fd(int fd);

/* Checks the signature and reads every chunk up to the first IDAT (no pixel memory allocated).
 * On success stores the IHDR width and height. */
lsp_png_status lsp_png_decoder_read_header(lsp_png_decoder *decoder, uint32_t *width, uint32_t *height,
                                           uint8_t *bit_depth, uint8_t *color_type, uint8_t *interlaced);

/* Decodes the image into `rgba` (width × height × 4 bytes, RGBA8, straight alpha, row-major) and
 * reads the rest of the file up to IEND. Call only after lsp_png_decoder_read_header succeeded.
 * `rgba` may be uninitialised: on success every byte has been written. */
lsp_png_status lsp_png_decoder_read_rgba8(lsp_png_decoder *decoder, uint8_t *rgba, size_t capacity);

/* Whether the bytes left in the source could decompress to the image data the header declares
 * (deflate expands at most 1032:1). 0 when they cannot: decode such a file with
 * lsp_png_decoder_read_discarding instead of allocating its image. 1 when they can, or when the
 * source's size is unknown (a pipe). Call after lsp_png_decoder_read_header. */
int lsp_png_decoder_data_can_fill_image(const lsp_png_decoder *decoder);

/* Decodes like lsp_png_decoder_read_rgba8 into a single reused row and drops the pixels, so that a
 * file too short for its image reports libpng's own error (truncated or corrupt) at the memory cost
 * of one row. Never returns LSP_PNG_OK. */
lsp_png_status lsp_png_decoder_read_discarding(lsp_png_decoder *decoder);

/* The message of the last error (libpng's own text), empty when none. */
const char *lsp_png_decoder_message(const lsp_png_decoder *decoder);
/* Bytes consumed so far (for truncation reports). */
size_t lsp_png_decoder_bytes_read(const lsp_png_decoder *decoder);
/* Copies the first (up to 8) bytes of the data into out; returns how many there were. */
size_t lsp_png_decoder_leading_bytes(const lsp_png_decoder *decoder, uint8_t out[8]);
/* errno of a failed read(2), 0 when none. */
int lsp_png_decoder_read_errno(const lsp_png_decoder *decoder);

void lsp_png_decoder_destroy(lsp_png_decoder *decoder);

/* How hard the encoder compresses (pngencode.c): references are small, artifacts are quick. */
typedef enum {
    LSP_PNG_SMALLEST = 0,   /* no filter (or a probe's choice for large images), zlib level 8 */
    LSP_PNG_FAST = 1        /* Up filter, zlib level 1, stripes deflated on all cores into one stream */
} lsp_png_effort;

/* Encodes RGBA8 (straight alpha, row-major, no padding) as a non-interlaced PNG in the smallest lossless
 * colour type (palette with tRNS, grey, grey + alpha, RGB or RGBA), filtered and compressed as `effort`
 * says (see pngencode.c): the same pixels and effort always give the same bytes. Chunks: IHDR,
 * PLTE and tRNS for palette images, IDAT, IEND.
 * On success *out receives a malloc'ed buffer of *out_size bytes that the caller frees with
 * lsp_png_free. `message` (capacity LSP_PNG_MESSAGE_CAPACITY) receives libpng's error text. */
lsp_png_status lsp_png_encode_rgba8(const uint8_t *rgba, uint32_t width, uint32_t height, lsp_png_effort effort,
                                    uint8_t **out, size_t *out_size, char *message);

void lsp_png_free(void *pointer);

#ifdef __cplusplus
}
#endif
#endif
