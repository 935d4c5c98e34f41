/* Row kernels of ImageDiff's anti-aliasing band (AntiAliasing.swift, NeighbourhoodBand): the brightness
 * keys and identical-neighbour counts of one row of RGBA8 pixels (little-endian words, R in the low byte).
 * AVX2 when the CPU has it (chosen once, at run time), portable C otherwise: the same values either way. */
#ifndef CDIFF_KERNELS_H
#define CDIFF_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* out[x] = (29889531·r + 58662247·g + 11448223·b) << 4 for opaque pixels (pixelmatch's brightness × 10⁸,
 * exact, with four free low bits), −1 for pixels with alpha < 255; for start <= x < end. Returns 1 when one
 * of them was translucent, else 0. */
int lsd_brightness_keys(const uint32_t *row, int64_t *out, size_t start, size_t end);

/* out[x] = how many of the 8 neighbours of pixel x of `mid` (rows `up` and `down` above and below, x − 1 and
 * x + 1 beside it) equal it as words, for start <= x < end; the caller keeps 1 <= start and end <= width − 1. */
void lsd_identical_neighbours(const uint32_t *up, const uint32_t *mid, const uint32_t *down, uint8_t *out,
                              size_t start, size_t end);

#ifdef __cplusplus
}
#endif
#endif
