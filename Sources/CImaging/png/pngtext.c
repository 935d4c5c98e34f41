/* zlib helpers for PNG text chunks; see include/CPNGText.h. */
#include "CPNGText.h"

#include <limits.h>
#include <png.h>
#include <stdlib.h>
#include <zlib.h>

uint32_t lsp_png_crc32(uint32_t crc, const uint8_t *data, size_t size) {
    uLong value = crc;
    while (size > 0) {
        uInt n = size > UINT_MAX ? UINT_MAX : (uInt)size;
        value = crc32(value, data, n);
        data += n;
        size -= n;
    }
    return (uint32_t)value;
}

int lsp_png_inflate(const uint8_t *data, size_t size, size_t limit, uint8_t **out, size_t *out_size) {
    *out = NULL;
    *out_size = 0;
    z_stream stream = {0};
    if (inflateInit(&stream) != Z_OK) return 3;
    size_t capacity = 1024;
    uint8_t *buffer = (uint8_t *)malloc(capacity);
    if (buffer == NULL) { inflateEnd(&stream); return 3; }
    stream.next_in = (Bytef *)data;
    size_t in_left = size;
    size_t produced = 0;
    int status = Z_OK;
    while (status != Z_STREAM_END) {
        if (produced == capacity) {
            if (capacity >= limit) { free(buffer); inflateEnd(&stream); return 2; }
            size_t grown_capacity = capacity * 2 > limit ? limit : capacity * 2;
            uint8_t *grown = (uint8_t *)realloc(buffer, grown_capacity);
            if (grown == NULL) { free(buffer); inflateEnd(&stream); return 3; }
            buffer = grown;
            capacity = grown_capacity;
        }
        uInt chunk_in = in_left > UINT_MAX ? UINT_MAX : (uInt)in_left;
        stream.avail_in = chunk_in;
        stream.next_out = buffer + produced;
        stream.avail_out = (uInt)(capacity - produced > UINT_MAX ? UINT_MAX : capacity - produced);
        uInt out_before = stream.avail_out;
        status = inflate(&stream, Z_NO_FLUSH);
        in_left -= chunk_in - stream.avail_in;
        produced += out_before - stream.avail_out;
        if (status == Z_BUF_ERROR && in_left == 0 && stream.avail_out > 0) status = Z_DATA_ERROR;
        if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) {
            free(buffer);
            inflateEnd(&stream);
            return status == Z_MEM_ERROR ? 3 : 1;
        }
    }
    inflateEnd(&stream);
    *out = buffer;
    *out_size = produced;
    return 0;
}

const char *lsp_png_libpng_version(void) { return png_get_libpng_ver(NULL); }

const char *lsp_png_zlib_version(void) { return zlibVersion(); }
