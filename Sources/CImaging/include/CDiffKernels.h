/* C kernels of ImageDiff's tolerant scan (Compare.swift, AntiAliasing.swift) on RGBA8 pixels read as
 * little-endian words (R in the low byte, A in the high byte). Each has an AVX2 version (chosen once, at run
 * time) and a portable C one that give the same values bit for bit; `lsd_set_vector_kernels` picks the
 * portable ones so that tests can compare both.
 *
 * Brightness keys (what the anti-aliasing test of pixelmatch 7 needs of one pixel of one image), doubles that
 * hold exact integers:
 *   opaque pixel:      64·L + 2·few + flat, L = 29889531·r + 58662247·g + 11448223·b (pixelmatch's
 *                      brightness × 10⁸, exact; < 2⁴¹ with the shift, so exact in a double);
 *   translucent pixel: LSD_TRANSLUCENT_KEY + 2·few + flat (negative, also after adding 60);
 *   few  = 1 when at most 2 of the pixel's 8 neighbours in this image are identical words, counting a border
 *          as one (pixelmatch: not "zeroes > 2");
 *   flat = 1 when more than 2 are, in both images (pixelmatch's `hasManySiblings` in img1 and img2).
 * Bits 2…5 are zero: the block test adds each neighbour's position code there. */
#ifndef CDIFF_KERNELS_H
#define CDIFF_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* −2⁵⁰: the key of a translucent pixel before its flag bits. */
#define LSD_TRANSLUCENT_KEY (-1125899906842624.0)

/* Keys of pixels start <= x < end of one row of both images: `ref_*` and `act_*` are rows y − 1, y, y + 1
 * of the reference and the actual image (indexed by x). Inner pixels only: 1 <= start, end <= width − 1 and
 * 0 < y < height − 1 (the caller computes border pixels with `lsd_pixel_key`). */
void lsd_band_keys(const uint32_t *ref_up, const uint32_t *ref_mid, const uint32_t *ref_down,
                   const uint32_t *act_up, const uint32_t *act_mid, const uint32_t *act_down,
                   double *ref_keys, double *act_keys, size_t start, size_t end);

/* The key of pixel `p` whose image has `same` identical neighbours (+1 on the border) and the other image
 * `other_same` at the same place. */
double lsd_pixel_key(uint32_t p, unsigned same, unsigned other_same);

/* The exact comparison of pixels x0 <= x < x1 (x1 − x0 <= 64) of one row: bit i set when the words of pixel
 * x0 + i differ, a word with alpha 0 read as 0 (two fully transparent pixels are equal whatever their RGB).
 * Raises *max_channel to the largest difference of a channel (R, G, B or A) among them, so read. */
uint64_t lsd_differing(const uint32_t *ref, const uint32_t *act, size_t x0, size_t x1, int32_t *max_channel);

/* What the YIQ stage found in a block of at most 64 pixels, bit i for pixel x0 + i. */
typedef struct {
    /* Opaque pairs whose YIQ delta exceeds the bound. */
    uint64_t failing;
    /* Among those: the actual pixel is darker (ΔY = Y(reference) − Y(actual) > 0; pixelmatch's diffColorAlt). */
    uint64_t darker;
    /* Differing pairs with a translucent pixel: not tested here (the caller composites as pixelmatch). */
    uint64_t translucent;
} lsd_yiq_block;

/* pixelmatch 7's colour test of pixels x0 <= x < x1 (x1 − x0 <= 64) of one row (words with alpha 0 read as 0,
 * as in lsd_differing): for opaque pairs that differ,
 * the squared YIQ delta 0.5053·ΔY² + 0.299·ΔI² + 0.1957·ΔQ² in pixelmatch's double arithmetic and order,
 * compared with `bound`. Raises *max_channel to the largest |Δr|, |Δg|, |Δb| and *max_yiq to the largest
 * delta of the opaque pairs. */
void lsd_yiq(const uint32_t *ref, const uint32_t *act, size_t x0, size_t x1, double bound,
             lsd_yiq_block *out, int32_t *max_channel, double *max_yiq);

/* The key rows around row y (indexed by x): reference then actual image, rows y − 1, y, y + 1. */
typedef struct {
    const double *ref_up, *ref_mid, *ref_down;
    const double *act_up, *act_mid, *act_down;
} lsd_key_rows;

/* pixelmatch 7's `antialiased(img1) || antialiased(img2)` for the pixels x0 + i with bit i of `failing`,
 * from their 3×3 windows of keys (read at x − 1 … x + 4 of each row for every group of four pixels: the rows
 * need three readable keys past their end). Pixels with x outside inner_lo <= x < inner_hi, or whose window
 * holds a translucent pixel in either image, are not decided: their bits go to *undecided. Returns the
 * anti-aliased ones. */
uint64_t lsd_antialiased(const lsd_key_rows *rows, size_t x0, uint64_t failing, size_t inner_lo, size_t inner_hi,
                         uint64_t *undecided);

/* 0: the portable kernels from now on; 1: AVX2 where the CPU has it (the default). Returns the previous
 * setting. For tests. */
int lsd_set_vector_kernels(int enabled);

#ifdef __cplusplus
}
#endif
#endif
