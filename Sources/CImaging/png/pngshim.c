/* setjmp-guarded libpng wrapper; see include/CPNGShim.h.
 *
 * Rule for every function below: each libpng call that may report an error (png_error, which
 * longjmps) runs after a setjmp in the *same* C function, so the longjmp lands in a C frame that is
 * still active and never unwinds through Swift. Values that change between setjmp and a possible
 * longjmp live in heap objects reached through pointers that do not change. */
#include "CPNGShim.h"
#include "shim_message.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const uint8_t png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

/* PNG's own limit for width and height (2^31 - 1); the pixel-count limit is PNGCodec's job. */
#define LSP_DIMENSION_LIMIT 0x7fffffffU
/* Largest ancillary chunk libpng may buffer (it ignores most of them anyway, see below). */
#define LSP_CHUNK_MALLOC_MAX 8000000U

struct lsp_png_decoder {
    png_structp png;
    png_infop info;
    /* source: memory when fd < 0 */
    const uint8_t *data;
    size_t size;
    int fd;
    size_t bytes_read;
    int truncated;
    int read_errno;
    int header_done;
    uint8_t leading[8];
    size_t leading_count;
    char message[LSP_PNG_MESSAGE_CAPACITY];
    char warning[LSP_PNG_MESSAGE_CAPACITY]; /* the first libpng warning, to explain a later error */
};


static void decoder_error(png_structp png, png_const_charp text) {
    lsp_png_decoder *decoder = (lsp_png_decoder *)png_get_error_ptr(png);
    if (decoder != NULL && decoder->message[0] == '\0') {
        lsp_copy_message(decoder->message, text);
        /* libpng explains some errors only in a warning just before (e.g. "Invalid IHDR data"
         * follows "Invalid bit depth in IHDR"): keep that detail. */
        if (decoder->warning[0] != '\0') {
            size_t used = strlen(decoder->message);
            snprintf(decoder->message + used, LSP_PNG_MESSAGE_CAPACITY - used, " (%s)", decoder->warning);
        }
    }
    png_longjmp(png, 1);
}

static void decoder_warning(png_structp png, png_const_charp text) {
    lsp_png_decoder *decoder = (lsp_png_decoder *)png_get_error_ptr(png);
    if (decoder != NULL && decoder->warning[0] == '\0') lsp_copy_message(decoder->warning, text);
}

/* Reads up to `length` bytes from the source; returns the count (short only at end of data). */
static size_t source_read(lsp_png_decoder *decoder, uint8_t *out, size_t length) {
    if (decoder->fd < 0) {
        size_t available = decoder->size - decoder->bytes_read;
        size_t n = length < available ? length : available;
        if (n > 0) memcpy(out, decoder->data + decoder->bytes_read, n);
        decoder->bytes_read += n;
        return n;
    }
    size_t done = 0;
    while (done < length) {
        ssize_t n = read(decoder->fd, out + done, length - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            decoder->read_errno = errno;
            break;
        }
        if (n == 0) break;
        done += (size_t)n;
    }
    decoder->bytes_read += done;
    return done;
}

static void read_callback(png_structp png, png_bytep out, size_t length) {
    lsp_png_decoder *decoder = (lsp_png_decoder *)png_get_io_ptr(png);
    size_t n = source_read(decoder, out, length);
    if (decoder->read_errno != 0) png_error(png, "read error");
    if (n < length) {
        decoder->truncated = 1;
        png_error(png, "unexpected end of PNG data");
    }
}

static lsp_png_decoder *decoder_create(void) {
    lsp_png_decoder *decoder = (lsp_png_decoder *)calloc(1, sizeof(lsp_png_decoder));
    if (decoder == NULL) return NULL;
    decoder->fd = -1;
    /* png_create_read_struct guards its own errors internally. */
    decoder->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, decoder, decoder_error, decoder_warning);
    if (decoder->png == NULL) {
        free(decoder);
        return NULL;
    }
    decoder->info = png_create_info_struct(decoder->png);
    if (decoder->info == NULL) {
        png_destroy_read_struct(&decoder->png, NULL, NULL);
        free(decoder);
        return NULL;
    }
    return decoder;
}

lsp_png_decoder *lsp_png_decoder_create_memory(const uint8_t *data, size_t size) {
    lsp_png_decoder *decoder = decoder_create();
    if (decoder == NULL) return NULL;
    decoder->data = data;
    decoder->size = data == NULL ? 0 : size;
    return decoder;
}

lsp_png_decoder *lsp_png_decoder_create_fd(int fd) {
    lsp_png_decoder *decoder = decoder_create();
    if (decoder == NULL) return NULL;
    decoder->fd = fd;
    return decoder;
}

static lsp_png_status failure_status(const lsp_png_decoder *decoder) {
    if (decoder->read_errno != 0) return LSP_PNG_READ_ERROR;
    if (decoder->truncated) return LSP_PNG_TRUNCATED;
    return LSP_PNG_CORRUPT;
}

/* Ancillary chunks PNGCodec does not use. libpng skips them (still checking their CRC), so it never
 * decompresses iCCP/zTXt/iTXt, never applies gAMA/cHRM/sRGB, and a malformed one cannot fail a decode
 * through its content. tRNS is kept: it is the only ancillary chunk that changes RGBA output. */
static const png_byte ignored_chunks[] =
    "bKGD\0cHRM\0cICP\0eXIf\0gAMA\0hIST\0iCCP\0iTXt\0oFFs\0pCAL\0pHYs\0sBIT\0sCAL\0sPLT\0sRGB\0"
    "sTER\0tEXt\0tIME\0zTXt\0acTL\0fcTL\0fdAT\0";
#define IGNORED_CHUNK_COUNT 22

lsp_png_status lsp_png_decoder_read_header(lsp_png_decoder *decoder, uint32_t *width, uint32_t *height,
                                           uint8_t *bit_depth, uint8_t *color_type, uint8_t *interlaced) {
    if (decoder == NULL || width == NULL || height == NULL || decoder->header_done) return LSP_PNG_INVALID_ARGUMENT;
    decoder->header_done = 1;

    /* The signature is read here, outside libpng, to tell "not a PNG" from "cut short". */
    decoder->leading_count = source_read(decoder, decoder->leading, 8);
    if (decoder->read_errno != 0) return LSP_PNG_READ_ERROR;
    if (decoder->leading_count == 0) return LSP_PNG_NOT_PNG;
    if (memcmp(decoder->leading, png_signature, decoder->leading_count) != 0) return LSP_PNG_NOT_PNG;
    if (decoder->leading_count < 8) {
        decoder->truncated = 1;
        return LSP_PNG_TRUNCATED;
    }

    png_structp png = decoder->png;
    png_infop info = decoder->info;
    if (setjmp(png_jmpbuf(png))) return failure_status(decoder);

    png_set_read_fn(png, decoder, read_callback);
    png_set_sig_bytes(png, 8);
    png_set_user_limits(png, LSP_DIMENSION_LIMIT, LSP_DIMENSION_LIMIT);
    png_set_chunk_malloc_max(png, LSP_CHUNK_MALLOC_MAX);
    /* A CRC mismatch in any chunk, critical or ancillary, is an error: a reference image with a
     * damaged byte anywhere is reported, not silently half-used. */
    png_set_crc_action(png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
    /* Benign errors (e.g. extra compressed data after the image) are warnings, as in libpng's
     * default for reading; pixel data is still fully checked (zlib Adler-32, CRCs, sizes). */
    png_set_benign_errors(png, 1);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, ignored_chunks, IGNORED_CHUNK_COUNT);

    png_read_info(png, info);

    png_uint_32 w = 0, h = 0;
    int depth = 0, type = 0, interlace = 0;
    png_get_IHDR(png, info, &w, &h, &depth, &type, &interlace, NULL, NULL);
    *width = w;
    *height = h;
    if (bit_depth) *bit_depth = (uint8_t)depth;
    if (color_type) *color_type = (uint8_t)type;
    if (interlaced) *interlaced = interlace != PNG_INTERLACE_NONE;
    return LSP_PNG_OK;
}

/* deflate's largest expansion: a 258-byte match coded in 2 bits (RFC 1951), so N compressed bytes
 * decompress to at most 1032·N bytes. */
#define LSP_DEFLATE_MAX_RATIO 1032U

/* The exact size of the file's decompressed image data: the filter byte and packed samples of each
 * row of each pass (Adam7: seven passes of the sub-images, PNG spec §8.2). */
static uint64_t raw_image_bytes(png_uint_32 width, png_uint_32 height, int bits_per_pixel, int interlaced) {
    static const int x0[7] = {0, 4, 0, 2, 0, 1, 0}, dx[7] = {8, 8, 4, 4, 2, 2, 1};
    static const int y0[7] = {0, 0, 4, 0, 2, 0, 1}, dy[7] = {8, 8, 8, 4, 4, 2, 2};
    if (!interlaced) return (uint64_t)height * (1 + ((uint64_t)width * (uint64_t)bits_per_pixel + 7) / 8);
    uint64_t total = 0;
    for (int p = 0; p < 7; p++) {
        uint64_t w = width > (png_uint_32)x0[p] ? ((uint64_t)width - (uint64_t)x0[p] + (uint64_t)dx[p] - 1) / (uint64_t)dx[p] : 0;
        uint64_t h = height > (png_uint_32)y0[p] ? ((uint64_t)height - (uint64_t)y0[p] + (uint64_t)dy[p] - 1) / (uint64_t)dy[p] : 0;
        if (w > 0 && h > 0) total += h * (1 + (w * (uint64_t)bits_per_pixel + 7) / 8);
    }
    return total;
}

/* Bytes the source still holds, or UINT64_MAX when that is unknown (a pipe). */
static uint64_t remaining_source_bytes(const lsp_png_decoder *decoder) {
    if (decoder->fd < 0) return (uint64_t)(decoder->size - decoder->bytes_read);
    struct stat st;
    if (fstat(decoder->fd, &st) != 0 || !S_ISREG(st.st_mode)) return UINT64_MAX;
    off_t position = lseek(decoder->fd, 0, SEEK_CUR);
    if (position < 0 || st.st_size < position) return UINT64_MAX;
    return (uint64_t)(st.st_size - position);
}

int lsp_png_decoder_data_can_fill_image(const lsp_png_decoder *decoder) {
    if (decoder == NULL || !decoder->header_done) return 1;
    png_structp png = decoder->png;
    png_infop info = decoder->info;
    /* Before png_read_update_info these are the file's own values (no transformations yet). */
    int bits = png_get_bit_depth(png, info) * png_get_channels(png, info);
    uint64_t needed = raw_image_bytes(png_get_image_width(png, info), png_get_image_height(png, info), bits,
                                      png_get_interlace_type(png, info) != PNG_INTERLACE_NONE);
    uint64_t remaining = remaining_source_bytes(decoder);
    if (remaining >= UINT64_MAX / LSP_DEFLATE_MAX_RATIO) return 1;
    return needed <= remaining * LSP_DEFLATE_MAX_RATIO;
}

/* Reads every row of every pass into `rgba` (width × height × 4 bytes), or, when `rgba` is NULL,
 * into one reused row whose pixels are dropped. Then reads the rest of the file through IEND. */
static lsp_png_status read_rows(lsp_png_decoder *decoder, uint8_t *rgba, size_t capacity) {
    png_structp png = decoder->png;
    png_infop info = decoder->info;
    png_uint_32 width = png_get_image_width(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    if (width == 0 || height == 0) return LSP_PNG_INVALID_ARGUMENT;
    size_t stride = (size_t)width * 4;
    if (rgba != NULL && capacity / stride < (size_t)height) return LSP_PNG_INVALID_ARGUMENT;
    /* Heap-held so that its value survives a longjmp (see the rule at the top of this file). */
    uint8_t **scratch = (uint8_t **)calloc(1, sizeof(uint8_t *));
    if (scratch == NULL) return LSP_PNG_NO_MEMORY;

    if (setjmp(png_jmpbuf(png))) {
        free(*scratch);
        free(scratch);
        return failure_status(decoder);
    }

    /* Stored samples, no colour management (no png_set_gamma / alpha_mode / background):
     *   palette -> RGB, tRNS -> alpha (compared at the file's bit depth, before 16 -> 8),
     *   grey 1/2/4-bit -> 8-bit by bit replication (v * 255 / (2^d - 1)),
     *   16-bit -> 8-bit by keeping the high byte (v >> 8),
     *   grey -> RGB, opaque alpha 255 added where the image has none. */
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xffff, PNG_FILLER_AFTER);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);

    if (png_get_rowbytes(png, info) != stride || png_get_bit_depth(png, info) != 8 ||
        png_get_channels(png, info) != 4) {
        png_error(png, "unexpected row layout after RGBA8 transformations");
    }

    if (rgba == NULL) {
        *scratch = (uint8_t *)calloc(1, stride);
        if (*scratch == NULL) png_error(png, "out of memory for one image row");
    } else if (passes > 1) {
        /* Interlaced passes write scattered pixels: zero the buffer first so no byte is ever left
         * unwritten. Non-interlaced: png_read_row writes every byte of each row, so `rgba` may
         * arrive uninitialised and only pages that receive image data are ever touched. */
        memset(rgba, 0, stride * (size_t)height);
    }
    for (int pass = 0; pass < passes; pass++) {
        for (png_uint_32 y = 0; y < height; y++) {
            png_read_row(png, rgba == NULL ? *scratch : rgba + (size_t)y * stride, NULL);
        }
    }
    /* Reads and checks the remaining chunks through IEND, so a file cut after the image data is
     * still reported as truncated. */
    png_read_end(png, info);
    free(*scratch);
    free(scratch);
    return LSP_PNG_OK;
}

lsp_png_status lsp_png_decoder_read_rgba8(lsp_png_decoder *decoder, uint8_t *rgba, size_t capacity) {
    if (decoder == NULL || rgba == NULL || !decoder->header_done) return LSP_PNG_INVALID_ARGUMENT;
    return read_rows(decoder, rgba, capacity);
}

lsp_png_status lsp_png_decoder_read_discarding(lsp_png_decoder *decoder) {
    if (decoder == NULL || !decoder->header_done) return LSP_PNG_INVALID_ARGUMENT;
    lsp_png_status status = read_rows(decoder, NULL, 0);
    if (status != LSP_PNG_OK) return status;
    /* Unreachable for a file that failed lsp_png_decoder_data_can_fill_image (deflate cannot expand
     * further), kept so that a wrong bound can only refuse, never pass, a file. */
    lsp_copy_message(decoder->message, "the image data is shorter than the image its header declares");
    return LSP_PNG_CORRUPT;
}

const char *lsp_png_decoder_message(const lsp_png_decoder *decoder) {
    return decoder == NULL ? "" : decoder->message;
}

size_t lsp_png_decoder_bytes_read(const lsp_png_decoder *decoder) {
    return decoder == NULL ? 0 : decoder->bytes_read;
}

int lsp_png_decoder_read_errno(const lsp_png_decoder *decoder) {
    return decoder == NULL ? 0 : decoder->read_errno;
}

size_t lsp_png_decoder_leading_bytes(const lsp_png_decoder *decoder, uint8_t out[8]) {
    if (decoder == NULL) return 0;
    memcpy(out, decoder->leading, 8);
    return decoder->leading_count;
}

void lsp_png_decoder_destroy(lsp_png_decoder *decoder) {
    if (decoder == NULL) return;
    png_destroy_read_struct(&decoder->png, &decoder->info, NULL);
    free(decoder);
}
