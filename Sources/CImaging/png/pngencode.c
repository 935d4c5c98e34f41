/* PNG encoding for PNGCodec; see include/CPNGShim.h (lsp_png_encode_rgba8).
 *
 * References (LSP_PNG_SMALLEST): small files, same bytes for the same bitmap:
 *  1. the smallest lossless colour type (the decoder gives back every RGBA byte, colour under alpha 0
 *     included): palette (1/2/4/8 bits, tRNS) for at most 256 distinct RGBA values, else grey, grey +
 *     alpha, RGB or RGBA — and opaque grey with 17–256 levels tries both grey and palette;
 *  2. the filter/strategy choice that decides the size (optipng -o2 tries the same kind): no filter with
 *     zlib's default strategy, or libpng's adaptive filters with Z_FILTERED. Below PROBE_PIXELS pixels
 *     (every label and matrix reference) no filter is taken without a probe: on every label image measured
 *     (the 432 references of the matrix benchmark, the project's own, the bench's badge and text page) it
 *     was the smaller at level 8, and a level-1 probe on the top rows mispredicted it for tall 3x images
 *     whose top rows are flat padding (5% larger files) while costing a tenth of the encode. Larger images
 *     keep the probe at zlib level 1 on the top quarter of the rows, the smaller wins, ties keep no filter;
 *  3. that choice written at zlib level 8, memLevel 8, 32 KiB window. Level 8 rather than 9: on label
 *     images it is as small or smaller (within 0.1%) in less than half the time.
 * Artifacts (LSP_PNG_FAST, contact sheets of tens of megapixels that are looked at, not committed): the
 * same colour type, the Up filter on every row (a checkerboard's and a label background's rows repeat the
 * row above) and zlib level 1, on all cores as pigz does it: the rows are cut into stripes of about 1 MiB,
 * each converted, filtered and deflated on its own (raw deflate primed with the 32 KiB before it, ended by
 * a sync flush), and the pieces make one zlib stream (Adler-32s combined). The stripes depend on the image
 * only, so the bytes are the same on any number of cores. A 73-Mpx sheet: 0.9 s of CPU instead of 4 s,
 * 1.5× the bytes of level 8. Bit depths below 8 (palettes of up to 16 colours) take libpng's row writer.
 * Every step is a fixed function of the pixels and the effort.
 *
 * The error rule of pngshim.c holds: each libpng call that may longjmp runs after a setjmp in the
 * same C function (encode_trial), and values that change between the two live behind pointers. */
#include "CPNGShim.h"
#include "shim_message.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

#define LSP_DIMENSION_LIMIT 0x7fffffffU
/* Images with fewer pixels skip the filter probe (see above): 1024 × 1024. */
#define PROBE_PIXELS ((size_t)1 << 20)

typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
    int no_memory;
    char message[LSP_PNG_MESSAGE_CAPACITY];
} lsp_writer;

static void encoder_error(png_structp png, png_const_charp text) {
    lsp_writer *writer = (lsp_writer *)png_get_error_ptr(png);
    if (writer != NULL && writer->message[0] == '\0') lsp_copy_message(writer->message, text);
    png_longjmp(png, 1);
}

static void encoder_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void write_callback(png_structp png, png_bytep bytes, size_t length) {
    lsp_writer *writer = (lsp_writer *)png_get_io_ptr(png);
    if (length > SIZE_MAX - writer->size) {
        writer->no_memory = 1;
        png_error(png, "PNG output too large");
    }
    if (writer->size + length > writer->capacity) {
        size_t capacity = writer->capacity < 4096 ? 4096 : writer->capacity;
        while (capacity < writer->size + length) {
            if (capacity > SIZE_MAX / 2) { capacity = writer->size + length; break; }
            capacity *= 2;
        }
        uint8_t *grown = (uint8_t *)realloc(writer->data, capacity);
        if (grown == NULL) {
            writer->no_memory = 1;
            png_error(png, "out of memory while writing PNG");
        }
        writer->data = grown;
        writer->capacity = capacity;
    }
    memcpy(writer->data + writer->size, bytes, length);
    writer->size += length;
}

static void flush_callback(png_structp png) { (void)png; }

/* ---- colour type ---- */

typedef struct {
    int color_type;          /* PNG_COLOR_TYPE_* */
    int bit_depth;
    int channels;            /* bytes per pixel in `samples` (palette: one index per byte) */
    int palette_size;
    png_color palette[256];
    png_byte alpha[256];
    int alpha_count;         /* tRNS entries: the translucent palette entries come first */
} lsp_format;

/* What the bitmap needs: opaque? grey (R = G = B everywhere)? its distinct RGBA values, up to 256
 * (sorted: translucent ones first, then by value), or 0 when there are more. */
typedef struct {
    int opaque, grey;
    int distinct;
    uint32_t colors[256];
} lsp_census;

/* Always inlined, so the census stays fast in a client's unoptimised (debug) build too. */
static inline __attribute__((always_inline)) uint32_t load_rgba(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static int compare_colors(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    int xo = (x & 0xff) == 0xff, yo = (y & 0xff) == 0xff;
    if (xo != yo) return xo - yo;          /* translucent first: tRNS stays short */
    return x < y ? -1 : x > y;
}

/* Open addressing over 1024 slots: at most 257 values are ever inserted. */
#define LSP_SLOTS 1024
static int census_insert(uint32_t *keys, uint8_t *used, int *count, uint32_t v) {
    uint32_t h = (v * 2654435761U) >> 22;
    while (used[h]) {
        if (keys[h] == v) return 1;
        h = (h + 1) & (LSP_SLOTS - 1);
    }
    if (*count == 256) return 0;
    used[h] = 1;
    keys[h] = v;
    (*count)++;
    return 1;
}

static void take_census(const uint8_t *rgba, uint32_t width, uint32_t height, lsp_census *c) {
    uint32_t keys[LSP_SLOTS];
    uint8_t used[LSP_SLOTS];
    memset(used, 0, sizeof used);
    int n = 0, counting = 1;
    c->opaque = 1;
    c->grey = 1;
    uint32_t previous = 0;
    size_t stride = (size_t)width * 4;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = rgba + (size_t)y * stride;
        /* A row equal to the one above adds nothing (padding, backgrounds, a sheet's checkerboard): one memcmp,
         * which libc makes fast also when this file is compiled unoptimised (a client's debug build). */
        if (y > 0 && memcmp(row, row - stride, stride) == 0) continue;
        for (uint32_t x = 0; x < width; x++) {
            const uint8_t *p = row + (size_t)x * 4;
            uint32_t v = load_rgba(p);
            if ((x > 0 || y > 0) && v == previous) continue;
            previous = v;
            if (p[3] != 255) c->opaque = 0;
            if (p[0] != p[1] || p[1] != p[2]) c->grey = 0;
            if (counting && !census_insert(keys, used, &n, v)) counting = 0;
            if (!counting && !c->opaque && !c->grey) goto done;
        }
    }
done:
    c->distinct = counting ? n : 0;
    if (counting) {
        int k = 0;
        for (int s = 0; s < LSP_SLOTS; s++) if (used[s]) c->colors[k++] = keys[s];
        qsort(c->colors, (size_t)n, sizeof(uint32_t), compare_colors);
    }
}

static void palette_format(const lsp_census *c, lsp_format *f) {
    int n = c->distinct;
    f->color_type = PNG_COLOR_TYPE_PALETTE;
    f->bit_depth = n <= 2 ? 1 : n <= 4 ? 2 : n <= 16 ? 4 : 8;
    f->channels = 1;
    f->palette_size = n;
    f->alpha_count = 0;
    for (int i = 0; i < n; i++) {
        uint32_t v = c->colors[i];
        f->palette[i].red = (png_byte)(v >> 24);
        f->palette[i].green = (png_byte)(v >> 16);
        f->palette[i].blue = (png_byte)(v >> 8);
        f->alpha[i] = (png_byte)v;
        if ((v & 0xff) != 0xff) f->alpha_count = i + 1;
    }
}

static void plain_format(const lsp_census *c, lsp_format *f) {
    f->bit_depth = 8;
    f->palette_size = 0;
    f->alpha_count = 0;
    if (c->grey) {
        f->color_type = c->opaque ? PNG_COLOR_TYPE_GRAY : PNG_COLOR_TYPE_GRAY_ALPHA;
        f->channels = c->opaque ? 1 : 2;
    } else {
        f->color_type = c->opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA;
        f->channels = c->opaque ? 3 : 4;
    }
}

/* The pixels in `f`'s layout (palette: one index a byte, libpng packs them). */
static void convert_into(const uint8_t *rgba, size_t count, const lsp_census *c, const lsp_format *f, uint8_t *out) {
    if (f->color_type == PNG_COLOR_TYPE_PALETTE) {
        uint32_t previous = 0;
        uint8_t index = 0;
        for (size_t i = 0; i < count; i++) {
            uint32_t v = load_rgba(rgba + i * 4);
            if (i == 0 || v != previous) {
                /* Binary search in the sorted palette (same order as compare_colors). */
                int lo = 0, hi = c->distinct - 1;
                while (lo < hi) {
                    int mid = (lo + hi) / 2;
                    if (compare_colors(&c->colors[mid], &v) < 0) lo = mid + 1; else hi = mid;
                }
                index = (uint8_t)lo;
                previous = v;
            }
            out[i] = index;
        }
        return;
    }
    /* One loop per layout (not a table of channels): these run over tens of megapixels for a sheet. */
    switch (f->channels) {
    case 1:
        for (size_t i = 0; i < count; i++) out[i] = rgba[i * 4];
        break;
    case 2:
        for (size_t i = 0; i < count; i++) { out[i * 2] = rgba[i * 4]; out[i * 2 + 1] = rgba[i * 4 + 3]; }
        break;
    case 3: {
        size_t i = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        /* Four pixels a step as three 32-bit words (RGBA RGBA RGBA RGBA -> RGBR GBRG BRGB): a contact sheet is
         * RGB, and this runs unoptimised in a client's debug build. */
        typedef uint32_t __attribute__((may_alias, aligned(1))) u32;
        for (; i + 4 <= count; i += 4) {
            const u32 *p = (const u32 *)(rgba + i * 4);
            u32 *o = (u32 *)(out + i * 3);
            uint32_t a = p[0], b = p[1], c2 = p[2], d = p[3];
            o[0] = (a & 0xFFFFFFU) | (b << 24);
            o[1] = ((b >> 8) & 0xFFFFU) | (c2 << 16);
            o[2] = ((c2 >> 16) & 0xFFU) | (d << 8);
        }
#endif
        for (; i < count; i++) {
            out[i * 3] = rgba[i * 4]; out[i * 3 + 1] = rgba[i * 4 + 1]; out[i * 3 + 2] = rgba[i * 4 + 2];
        }
        break;
    }
    default:
        memcpy(out, rgba, count * 4);
    }
}

static uint8_t *convert(const uint8_t *rgba, size_t count, const lsp_census *c, const lsp_format *f) {
    uint8_t *out = (uint8_t *)malloc(count * (size_t)f->channels);
    if (out != NULL) convert_into(rgba, count, c, f, out);
    return out;
}

/* ---- one trial ---- */

/* The PNG of `samples` in `f` with these filters and zlib settings; with samples NULL only the signature and
 * the header chunks (IHDR, PLTE, tRNS), for encode_stripes to append its own IDAT. */
static lsp_png_status encode_trial(const uint8_t *samples, uint32_t width, uint32_t height, const lsp_format *f,
                                   int filters, int strategy, int level, lsp_writer *writer) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, writer, encoder_error, encoder_warning);
    if (png == NULL) return LSP_PNG_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        return LSP_PNG_NO_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return writer->no_memory ? LSP_PNG_NO_MEMORY : LSP_PNG_CORRUPT;
    }
    png_set_write_fn(png, writer, write_callback, flush_callback);
    png_set_user_limits(png, LSP_DIMENSION_LIMIT, LSP_DIMENSION_LIMIT);
    png_set_IHDR(png, info, width, height, f->bit_depth, f->color_type, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (f->color_type == PNG_COLOR_TYPE_PALETTE) {
        png_set_PLTE(png, info, f->palette, f->palette_size);
        if (f->alpha_count > 0) png_set_tRNS(png, info, f->alpha, f->alpha_count, NULL);
    }
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_set_compression_level(png, level);
    png_set_compression_mem_level(png, 8);
    png_set_compression_strategy(png, strategy);
    png_set_compression_window_bits(png, 15);
    png_set_compression_method(png, 8);
    png_set_compression_buffer_size(png, 65536);
    png_write_info(png, info);
    if (samples == NULL) {
        png_destroy_write_struct(&png, &info);
        return LSP_PNG_OK;
    }
    if (f->bit_depth < 8) png_set_packing(png);
    size_t stride = (size_t)width * (size_t)f->channels;
    for (uint32_t y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(samples + (size_t)y * stride));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return LSP_PNG_OK;
}

/* ---- the fast path on all cores ---- */

/* Rows of one stripe: about 1 MiB of samples, at least one row. Fixed by the image alone (never by the
 * number of cores), so the bytes are the same on any machine. */
static uint32_t stripe_rows(size_t stride) {
    size_t rows = ((size_t)1 << 20) / (stride + 1);
    return rows == 0 ? 1 : rows > 0x7fffffffU ? 0x7fffffffU : (uint32_t)rows;
}

typedef struct {
    /* in */
    const uint8_t *rgba;
    uint32_t width, height, rows_per_stripe;
    const lsp_census *census;
    const lsp_format *format;
    /* out, one per stripe */
    uint8_t **data;
    size_t *size;
    uint32_t *adler;
    size_t *filtered_size;
    /* work queue */
    atomic_uint next;
    atomic_int failed;
} lsp_stripes;

/* out[i] = row[i] - above[i] (mod 256) for `n` bytes, eight at a time in 64-bit words (bytewise subtraction
 * without borrows between lanes): this file is compiled unoptimised in a client's debug build, where a loop
 * per byte costs several times more. */
typedef uint64_t __attribute__((may_alias, aligned(1))) lsp_u64;
static void up_filter(const uint8_t *row, const uint8_t *above, uint8_t *out, size_t n) {
    const uint64_t high = 0x8080808080808080ULL;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t a = *(const lsp_u64 *)(row + i), b = *(const lsp_u64 *)(above + i);
        *(lsp_u64 *)(out + i) = ((a | high) - (b & ~high)) ^ ((a ^ ~b) & high);
    }
    for (; i < n; i++) out[i] = (uint8_t)(row[i] - above[i]);
}

/* Rows [y0, y1) converted and Up-filtered (filter byte 2, each sample minus the one above, 0 above row 0).
 * A row whose RGBA equals the row above (gutters, checkerboard, flat padding) is all zeros: one memcmp, no
 * conversion. */
static int filter_rows(const lsp_stripes *s, uint32_t y0, uint32_t y1, uint8_t *out) {
    size_t stride = (size_t)s->width * (size_t)s->format->channels, source_stride = (size_t)s->width * 4;
    uint8_t *buffers = (uint8_t *)malloc(stride * 2);
    if (buffers == NULL) return 0;
    /* `above` holds the converted row above the current one (zeros above the first). */
    uint8_t *above = buffers, *row = buffers + stride;
    if (y0 == 0) memset(above, 0, stride);
    else convert_into(s->rgba + (size_t)(y0 - 1) * source_stride, s->width, s->census, s->format, above);
    for (uint32_t y = y0; y < y1; y++) {
        const uint8_t *source = s->rgba + (size_t)y * source_stride;
        uint8_t *o = out + (size_t)(y - y0) * (stride + 1);
        o[0] = 2;
        if (y > 0 && memcmp(source, source - source_stride, source_stride) == 0) {
            memset(o + 1, 0, stride);   /* `above` is this row too */
            continue;
        }
        convert_into(source, s->width, s->census, s->format, row);
        up_filter(row, above, o + 1, stride);
        uint8_t *t = above; above = row; row = t;
    }
    free(buffers);
    return 1;
}

/* Stripe k: its filtered rows deflated raw at level 1, primed with the 32 KiB of filtered data before it,
 * ended by a sync flush (a byte boundary) or, for the last stripe, the final block. */
static int deflate_stripe(lsp_stripes *s, uint32_t k) {
    size_t stride = (size_t)s->width * (size_t)s->format->channels, line = stride + 1;
    uint32_t y0 = k * s->rows_per_stripe;
    uint32_t y1 = s->height - y0 > s->rows_per_stripe ? y0 + s->rows_per_stripe : s->height;
    uint32_t stripes = (s->height + s->rows_per_stripe - 1) / s->rows_per_stripe;
    /* The dictionary: the last whole rows before y0 that fit 32 KiB (at least one). */
    uint32_t dict_rows = y0 == 0 ? 0 : (uint32_t)((32768 / line) > 0 ? (32768 / line) : 1);
    if (dict_rows > y0) dict_rows = y0;
    size_t in_size = (size_t)(y1 - y0 + dict_rows) * line;
    uint8_t *in = (uint8_t *)malloc(in_size);
    if (in == NULL || !filter_rows(s, y0 - dict_rows, y1, in)) { free(in); return 0; }
    const uint8_t *own = in + (size_t)dict_rows * line;
    size_t own_size = (size_t)(y1 - y0) * line;
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, 1, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) { free(in); return 0; }
    size_t dict_size = (size_t)dict_rows * line;
    if (dict_size > 32768) dict_size = 32768;
    int ok = dict_size == 0 || deflateSetDictionary(&z, own - dict_size, (uInt)dict_size) == Z_OK;
    size_t capacity = deflateBound(&z, (uLong)own_size) + 64;
    uint8_t *out = ok ? (uint8_t *)malloc(capacity) : NULL;
    if (out != NULL) {
        z.next_in = (Bytef *)own;
        z.avail_in = (uInt)own_size;
        z.next_out = out;
        z.avail_out = (uInt)capacity;
        int flush = k + 1 == stripes ? Z_FINISH : Z_SYNC_FLUSH;
        int status = deflate(&z, flush);
        ok = (flush == Z_FINISH ? status == Z_STREAM_END : status == Z_OK) && z.avail_in == 0 && z.avail_out > 0;
    } else {
        ok = 0;
    }
    if (ok) {
        s->data[k] = out;
        s->size[k] = capacity - z.avail_out;
        s->adler[k] = (uint32_t)adler32(adler32(0L, Z_NULL, 0), own, (uInt)own_size);
        s->filtered_size[k] = own_size;
    } else {
        free(out);
    }
    deflateEnd(&z);
    free(in);
    return ok;
}

static void *stripe_worker(void *argument) {
    lsp_stripes *s = (lsp_stripes *)argument;
    uint32_t stripes = (s->height + s->rows_per_stripe - 1) / s->rows_per_stripe;
    for (;;) {
        uint32_t k = atomic_fetch_add(&s->next, 1);
        if (k >= stripes || atomic_load(&s->failed)) break;
        if (!deflate_stripe(s, k)) atomic_store(&s->failed, 1);
    }
    return NULL;
}

static int append(lsp_writer *w, const uint8_t *bytes, size_t length) {
    if (w->size + length > w->capacity) {
        size_t capacity = w->capacity < 4096 ? 4096 : w->capacity;
        while (capacity < w->size + length) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(w->data, capacity);
        if (grown == NULL) return 0;
        w->data = grown;
        w->capacity = capacity;
    }
    memcpy(w->data + w->size, bytes, length);
    w->size += length;
    return 1;
}

static void put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

/* One chunk: length, type, data, CRC of type and data (PNG §5.3). */
static int append_chunk(lsp_writer *w, const char type[4], const uint8_t *data, size_t length) {
    uint8_t head[8], crc[4];
    put32(head, (uint32_t)length);
    memcpy(head + 4, type, 4);
    uLong c = crc32(crc32(0L, Z_NULL, 0), head + 4, 4);
    size_t done = 0;
    while (done < length) {   /* crc32 takes uInt lengths */
        uInt part = length - done > 0x40000000U ? 0x40000000U : (uInt)(length - done);
        c = crc32(c, data + done, part);
        done += part;
    }
    put32(crc, (uint32_t)c);
    return append(w, head, 8) && (length == 0 || append(w, data, length)) && append(w, crc, 4);
}

/* The fast encoding of 8-bit samples: stripes deflated on all cores into one zlib stream (header 78 01:
 * level 1's "fastest" flag), IDAT chunks of at most 1 MiB, IEND. */
static lsp_png_status encode_stripes(const uint8_t *rgba, uint32_t width, uint32_t height, const lsp_census *c,
                                     const lsp_format *f, lsp_writer *best) {
    lsp_stripes s;
    memset(&s, 0, sizeof s);
    s.rgba = rgba; s.width = width; s.height = height; s.census = c; s.format = f;
    s.rows_per_stripe = stripe_rows((size_t)width * (size_t)f->channels);
    uint32_t stripes = (height + s.rows_per_stripe - 1) / s.rows_per_stripe;
    s.data = (uint8_t **)calloc(stripes, sizeof(uint8_t *));
    s.size = (size_t *)calloc(stripes, sizeof(size_t));
    s.adler = (uint32_t *)calloc(stripes, sizeof(uint32_t));
    s.filtered_size = (size_t *)calloc(stripes, sizeof(size_t));
    atomic_init(&s.next, 0);
    atomic_init(&s.failed, s.data == NULL || s.size == NULL || s.adler == NULL || s.filtered_size == NULL);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    uint32_t threads = cores < 1 ? 1 : cores > 64 ? 64 : (uint32_t)cores;
    if (threads > stripes) threads = stripes;
    pthread_t ids[64];
    uint32_t started = 0;
    for (uint32_t t = 1; t < threads && !atomic_load(&s.failed); t++) {
        if (pthread_create(&ids[started], NULL, stripe_worker, &s) == 0) started++;
    }
    stripe_worker(&s);   /* this thread works too; fewer threads than asked only take longer */
    for (uint32_t t = 0; t < started; t++) pthread_join(ids[t], NULL);

    lsp_png_status status = atomic_load(&s.failed) ? LSP_PNG_NO_MEMORY : encode_trial(NULL, width, height, f, 0, Z_DEFAULT_STRATEGY, 1, best);
    if (status == LSP_PNG_OK) {
        /* The zlib stream: header, the stripes in order, Adler-32 of all filtered bytes. */
        size_t total = 2 + 4;
        for (uint32_t k = 0; k < stripes; k++) total += s.size[k];
        uint8_t *stream = (uint8_t *)malloc(total);
        if (stream == NULL) {
            status = LSP_PNG_NO_MEMORY;
        } else {
            size_t at = 2;
            stream[0] = 0x78; stream[1] = 0x01;
            uLong adler = adler32(0L, Z_NULL, 0);
            for (uint32_t k = 0; k < stripes; k++) {
                memcpy(stream + at, s.data[k], s.size[k]);
                at += s.size[k];
                adler = adler32_combine(adler, s.adler[k], (z_off_t)s.filtered_size[k]);
            }
            put32(stream + at, (uint32_t)adler);
            int ok = 1;
            for (size_t off = 0; ok && off < total; off += (size_t)1 << 20) {
                size_t part = total - off < ((size_t)1 << 20) ? total - off : ((size_t)1 << 20);
                ok = append_chunk(best, "IDAT", stream + off, part);
            }
            ok = ok && append_chunk(best, "IEND", NULL, 0);
            if (!ok) status = LSP_PNG_NO_MEMORY;
            free(stream);
        }
    }
    for (uint32_t k = 0; s.data != NULL && k < stripes; k++) free(s.data[k]);
    free(s.data); free(s.size); free(s.adler); free(s.filtered_size);
    return status;
}

/* Encodes `samples` in `f` into *best with the filter/strategy and level of `effort` (see the top). */
static lsp_png_status encode_with_effort(const uint8_t *samples, uint32_t width, uint32_t height, const lsp_format *f,
                                         lsp_png_effort effort, lsp_writer *best, char *message) {
    lsp_writer none = {0}, adaptive = {0};
    lsp_png_status status = LSP_PNG_OK;
    int use_adaptive = 0;
    if (effort == LSP_PNG_FAST) {   /* bit depths below 8; 8-bit samples take encode_stripes */
        status = encode_trial(samples, width, height, f, PNG_FILTER_UP, Z_DEFAULT_STRATEGY, 1, best);
    } else {
        if ((size_t)width * height >= PROBE_PIXELS) {
            uint32_t probe_rows = height / 4 > 0 ? height / 4 : height;
            status = encode_trial(samples, width, probe_rows, f, PNG_FILTER_NONE, Z_DEFAULT_STRATEGY, 1, &none);
            if (status == LSP_PNG_OK) status = encode_trial(samples, width, probe_rows, f, PNG_ALL_FILTERS, Z_FILTERED, 1, &adaptive);
            use_adaptive = status == LSP_PNG_OK && adaptive.size < none.size;
        }
        if (status == LSP_PNG_OK) {
            status = use_adaptive ? encode_trial(samples, width, height, f, PNG_ALL_FILTERS, Z_FILTERED, 8, best)
                                  : encode_trial(samples, width, height, f, PNG_FILTER_NONE, Z_DEFAULT_STRATEGY, 8, best);
        }
    }
    if (status != LSP_PNG_OK && message != NULL) {
        lsp_copy_message(message, best->message[0] ? best->message : none.message[0] ? none.message : adaptive.message);
    }
    free(none.data);
    free(adaptive.data);
    return status;
}

lsp_png_status lsp_png_encode_rgba8(const uint8_t *rgba, uint32_t width, uint32_t height, lsp_png_effort effort,
                                    uint8_t **out, size_t *out_size, char *message) {
    if (out == NULL || out_size == NULL) return LSP_PNG_INVALID_ARGUMENT;
    *out = NULL;
    *out_size = 0;
    if (message != NULL) message[0] = '\0';
    if (rgba == NULL || width == 0 || height == 0 || width > LSP_DIMENSION_LIMIT || height > LSP_DIMENSION_LIMIT)
        return LSP_PNG_INVALID_ARGUMENT;
    size_t count = (size_t)width * (size_t)height;

    lsp_census *census = (lsp_census *)malloc(sizeof(lsp_census));
    lsp_format *format = (lsp_format *)calloc(1, sizeof(lsp_format));
    if (census == NULL || format == NULL) {
        free(census);
        free(format);
        return LSP_PNG_NO_MEMORY;
    }
    take_census(rgba, width, height, census);
    /* Opaque grey keeps grey (the same byte a pixel as a palette, and no PLTE) unless 16 levels or
     * fewer pack into fewer bits as a palette. */
    if (census->distinct > 0 && !(census->grey && census->opaque && census->distinct > 16)) {
        palette_format(census, format);
    } else {
        plain_format(census, format);
    }
    lsp_writer best = {0};
    if (effort == LSP_PNG_FAST && format->bit_depth == 8) {
        /* Converted stripe by stripe on all cores: no copy of the whole image. */
        lsp_png_status status = encode_stripes(rgba, width, height, census, format, &best);
        free(census);
        free(format);
        if (status != LSP_PNG_OK) {
            free(best.data);
            if (message != NULL) lsp_copy_message(message, best.message[0] ? best.message : "out of memory while encoding");
            return status;
        }
        *out = best.data;
        *out_size = best.size;
        return LSP_PNG_OK;
    }
    uint8_t *samples = convert(rgba, count, census, format);
    lsp_png_status status = samples == NULL ? LSP_PNG_NO_MEMORY
                                            : encode_with_effort(samples, width, height, format, effort, &best, message);
    free(samples);
    free(census);
    free(format);
    if (status != LSP_PNG_OK) {
        free(best.data);
        return status;
    }
    *out = best.data;
    *out_size = best.size;
    return LSP_PNG_OK;
}

void lsp_png_free(void *pointer) { free(pointer); }
