/* Pixel kernels of the Raster module (Compositing.swift, RoundedRect.swift): source-over compositing of one
 * pixel, of a coverage mask and of a rounded rect's sample runs, and bulk fills of a colour. In C so that a
 * client's debug build, which compiles this package at -O0, runs them without Swift's unoptimised overheads
 * (retain/release, overflow checks, unspecialised generics, a call per operator). Pixels are RGBA8, straight
 * alpha; every kernel uses the one integer formula of docs/drawing.md (Colours), so output is bit-identical. */
#ifndef CRASTER_KERNELS_H
#define CRASTER_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A straight-alpha colour, 8 bits a channel. */
typedef struct { uint8_t r, g, b, a; } lsr_rgba;

/* A rounded rect in pixels: width, height >= 0, 0 <= radius <= min(width, height) / 2, all finite
 * (RoundedRectShape's init establishes this). */
typedef struct { double x, y, width, height, radius; } lsr_rounded_rect;

/* The runs of inside samples on the four sample rows of one pixel row, in sample columns (column k is pixel
 * k / 4, sub-column k % 4, its sample at x = k / 4 + 1/8); an empty run has start == end. */
typedef struct { int64_t start[4], end[4]; } lsr_sample_runs;

/* Composites `color` over the pixel at `p` with its alpha scaled by `coverage` (0…255): Porter–Duff
 * source-over on straight alpha. */
void lsr_blend_pixel(uint8_t *p, lsr_rgba color, uint8_t coverage);

/* Multiplies the alpha of `count` consecutive straight-alpha pixels from `p` by `factor` / 65536 (0…65536),
 * rounded to nearest: a' = (a·factor + 32768) >> 16; the colour channels stay (straight alpha). A layer's
 * group opacity (UIView.alpha) on its finished pixels. */
void lsr_scale_alpha(uint8_t *p, size_t count, uint32_t factor);

/* Writes `color` into `count` consecutive pixels from `p` (4-byte aligned): one 32-bit pattern fill. */
void lsr_fill_pixels(uint8_t *p, lsr_rgba color, size_t count);

/* Composites a `width` × `height` coverage mask tinted with `color`: mask byte (x, y) at mask[y·pitch + x]
 * scales the colour's alpha over pixel (x, y) at dst[y·stride + 4x]. The caller has clipped both. */
void lsr_blend_mask(uint8_t *dst, ptrdiff_t stride, const uint8_t *mask, ptrdiff_t pitch,
                    size_t width, size_t height, lsr_rgba color);

/* The inside samples of pixel row `py`'s four sample rows (y = py + 1/8, 3/8, 5/8, 7/8), within sample
 * columns [kmin, kmax) (kmin >= 0): each run's ends from the analytic edge, settled by the point test on
 * the samples next to it. */
void lsr_rounded_rect_runs(const lsr_rounded_rect *shape, ptrdiff_t py, ptrdiff_t kmin, ptrdiff_t kmax,
                           lsr_sample_runs *runs);

/* A rect with a radius and a curve per corner, in pixels (CornerShape.swift establishes the invariants): width,
 * height >= 0, all finite; radius[i] >= 0 with radii along each side summing to at most that side; corners in
 * the order top-left, top-right, bottom-left, bottom-right. smoothing[i] is 0 for a circular arc and up to 1 for
 * the full continuous corner (docs/drawing.md, Corners): the corner's curve is the circular one's Bezier control
 * points moved that fraction of the way to the continuous one's, so it reaches (1 + 0.52866483 smoothing) radii
 * along each edge; that reach along each side sums to at most the side. */
typedef struct {
    double x, y, width, height, radius[4], smoothing[4];
    /* Filled by lsr_corner_shape_prepare: each corner's blended curve points and whether it is a circle. */
    double points[4][12][2];
    int32_t circular[4];
} lsr_corner_shape;

/* Blends each corner's curve points once (from `smoothing`), for every later lsr_corner_shape_runs. */
void lsr_corner_shape_prepare(lsr_corner_shape *shape);

/* The inside samples of pixel row `py`'s four sample rows within sample columns [kmin, kmax), as
 * lsr_rounded_rect_runs: on each sample row the shape (prepared) has its left and right edge found analytically (the
 * circle's, or the corner curve's point at that depth by bisection on its Bezier parameter), and a sample is
 * inside when left <= x < right. */
void lsr_corner_shape_runs(const lsr_corner_shape *shape, ptrdiff_t py, ptrdiff_t kmin, ptrdiff_t kmax,
                           lsr_sample_runs *runs);

/* How far in from the side (in radii, 0 = on the side) a corner's edge lies at `depth` radii from the other
 * side it touches: the corner curve of lsr_corner_shape, one corner of radius 1. For tests and the point test. */
double lsr_corner_inset(double smoothing, double depth);

/* Clips what was drawn over `row` since `saved` (a copy of the row before) to the shape whose sample runs are
 * `cover`, within pixels [x0, x1): each pixel becomes saved + (drawn - saved) x hits / 16 in premultiplied
 * terms (the drawing seen through the shape's anti-aliased coverage); pixels all of whose samples are covered
 * keep what was drawn. */
void lsr_clip_row(uint8_t *row, const uint8_t *saved, ptrdiff_t x0, ptrdiff_t x1, const lsr_sample_runs *cover);

/* Composites `color` over the pixels [x0, x1) of `row`, each at coverage hits × 255 / 16, hits being its
 * samples inside `cover` and, when `hole` is not NULL, not inside `hole` (a stroke: outer minus inner shape).
 * Pixels all of whose samples are covered are written as one span (filled when the colour is opaque); those
 * all inside the hole are skipped. */
void lsr_composite_runs(uint8_t *row, ptrdiff_t x0, ptrdiff_t x1, const lsr_sample_runs *cover,
                        const lsr_sample_runs *hole, lsr_rgba color);

#ifdef __cplusplus
}
#endif
#endif
