/* See include/CRasterKernels.h. Written for -O0 as much as for -O2: a client's debug build compiles this file
 * unoptimised and a package cannot raise that (no unsafeFlags for dependents). So the helpers are
 * always_inline (clang inlines those at -O0 too), divisions by 255 are an exact multiply and shift (clang
 * emits a real division at -O0), eight uncovered mask bytes are skipped with one load, and fills go to
 * glibc's optimised wmemset (wchar_t is 4 bytes on Linux). */
#include "CRasterKernels.h"

#include <math.h>
#include <string.h>
#include <wchar.h>

/* The geometry must give exactly what it gave as Swift (reference images): no fused multiply-add. */
#pragma STDC FP_CONTRACT OFF

#define LSR_INLINE static inline __attribute__((always_inline))

typedef uint64_t __attribute__((aligned(1), may_alias)) lsr_unaligned_u64;

/* a·b/255 rounded to nearest, exact for all 8-bit a and b. */
LSR_INLINE unsigned mul255(unsigned a, unsigned b) {
    unsigned t = a * b + 128;
    return (t + (t >> 8)) >> 8;
}

/* v / 255 for 0 <= v < 66299 (checked for every value): a multiply and a shift instead of a division. */
LSR_INLINE unsigned div255(unsigned v) {
    return (v * 0x8081u) >> 23;
}

LSR_INLINE void blend_over(uint8_t *p, lsr_rgba c, unsigned coverage) {
    unsigned sa = mul255(c.a, coverage);
    if (sa == 0) return;
    if (sa == 255) {
        p[0] = c.r; p[1] = c.g; p[2] = c.b; p[3] = 255;
        return;
    }
    if (p[3] == 255) {
        /* Over an opaque pixel the general case below has da = 255 − sa and oa = 255 for every sa: the same
         * values, divided by the constant (the numerators stay below 255² + 128). */
        unsigned da = 255 - sa;
        p[0] = (uint8_t)div255(c.r * sa + p[0] * da + 127);
        p[1] = (uint8_t)div255(c.g * sa + p[1] * da + 127);
        p[2] = (uint8_t)div255(c.b * sa + p[2] * da + 127);
        return;
    }
    unsigned da = mul255(p[3], 255 - sa);
    unsigned oa = sa + da, half = oa / 2; /* oa > 0 because sa > 0 */
    p[0] = (uint8_t)((c.r * sa + p[0] * da + half) / oa);
    p[1] = (uint8_t)((c.g * sa + p[1] * da + half) / oa);
    p[2] = (uint8_t)((c.b * sa + p[2] * da + half) / oa);
    p[3] = (uint8_t)oa;
}

void lsr_blend_pixel(uint8_t *p, lsr_rgba color, uint8_t coverage) {
    blend_over(p, color, coverage);
}

void lsr_fill_pixels(uint8_t *p, lsr_rgba color, size_t count) {
    if (count == 0) return;
    uint32_t pattern;
    memcpy(&pattern, &color, 4); /* the four bytes in memory order, whatever the byte order */
#if defined(__WCHAR_MAX__) && __WCHAR_MAX__ == 0x7fffffff
    wmemset((wchar_t *)(void *)p, (wchar_t)pattern, count);
#else
    /* One pixel, then copies of what is written, doubling: log₂ count memcpy calls. */
    memcpy(p, &pattern, 4);
    size_t done = 1;
    while (done < count) {
        size_t n = done < count - done ? done : count - done;
        memcpy(p + done * 4, p, n * 4);
        done += n;
    }
#endif
}

void lsr_blend_mask(uint8_t *dst, ptrdiff_t stride, const uint8_t *mask, ptrdiff_t pitch,
                    size_t width, size_t height, lsr_rgba color) {
    for (size_t y = 0; y < height; y++) {
        const uint8_t *m = mask + (ptrdiff_t)y * pitch;
        uint8_t *d = dst + (ptrdiff_t)y * stride;
        size_t x = 0;
        while (x < width) {
            /* A glyph's box is mostly empty: eight uncovered bytes with one load and compare. */
            if (x + 8 <= width && *(const lsr_unaligned_u64 *)(m + x) == 0) {
                x += 8;
                continue;
            }
            unsigned coverage = m[x];
            if (coverage != 0) blend_over(d + 4 * x, color, coverage);
            x++;
        }
    }
}

/* Swift's min and max on Double, the operands in the same order (the results must not change). */
LSR_INLINE double min_d(double a, double b) { return b < a ? b : a; }
LSR_INLINE double max_d(double a, double b) { return b >= a ? b : a; }
LSR_INLINE int64_t min_i(int64_t a, int64_t b) { return b < a ? b : a; }
LSR_INLINE int64_t max_i(int64_t a, int64_t b) { return b >= a ? b : a; }

/* Whether the point (px, py) lies inside the shape: inside the rect (right and bottom edges exclusive) and,
 * in the corner squares, within `radius` of the corner's centre. */
LSR_INLINE int contains(const lsr_rounded_rect *s, double px, double py) {
    if (!(px >= s->x && px < s->x + s->width && py >= s->y && py < s->y + s->height)) return 0;
    if (!(s->radius > 0)) return 1;
    /* Distance to the nearest corner centre, only in the corner squares. */
    double cx = min_d(max_d(px, s->x + s->radius), s->x + s->width - s->radius);
    double cy = min_d(max_d(py, s->y + s->radius), s->y + s->height - s->radius);
    double dx = px - cx, dy = py - cy;
    return dx * dx + dy * dy <= s->radius * s->radius;
}

/* The sample point of sample column k >= 0. */
LSR_INLINE double sample_x(int64_t k) { return (double)(k >> 2) + ((double)(k & 3) + 0.5) / 4; }

/* The first sample column at or right of v, clamped to [kmin, kmax]; sample k sits at k/4 + 1/8. */
LSR_INLINE int64_t column(double v, int64_t kmin, int64_t kmax) {
    double k = ceil((v - 0.125) * 4);
    return k <= (double)kmin ? kmin : k >= (double)kmax ? kmax : (int64_t)k;
}

/* The sample columns [start, end) inside the shape on the sample row at sy: the analytic edge, then settled
 * by the point test on the samples next to it. Samples more than two columns (½ px) from the analytic edge
 * are decided by it alone: the point test agrees with the exact geometry to within rounding (1e-9 px here). */
LSR_INLINE void run(const lsr_rounded_rect *s, double sy, int64_t kmin, int64_t kmax, int64_t *start_out,
                    int64_t *end_out) {
    *start_out = kmin; *end_out = kmin;
    if (!(sy >= s->y && sy < s->y + s->height)) return;
    double left = s->x, right = s->x + s->width;
    if (s->radius > 0) {
        double cy = min_d(max_d(sy, s->y + s->radius), s->y + s->height - s->radius);
        double dy = sy - cy;
        double d2 = s->radius * s->radius - dy * dy;
        if (!(d2 >= -1e-6 * s->radius * s->radius)) return;
        double half = sqrt(max_d(0, d2));
        left = max_d(s->x, s->x + s->radius - half);
        right = min_d(s->x + s->width, s->x + s->width - s->radius + half);
    }
    int64_t lo = max_i(kmin, column(left, kmin, kmax) - 2), hi = min_i(kmax, column(right, kmin, kmax) + 2);
    int64_t start = lo;
    while (start < hi && !contains(s, sample_x(start), sy)) start++;
    if (start >= hi) return;
    int64_t end = hi;
    while (end > start && !contains(s, sample_x(end - 1), sy)) end--;
    *start_out = start; *end_out = end;
}

void lsr_rounded_rect_runs(const lsr_rounded_rect *shape, ptrdiff_t py, ptrdiff_t kmin, ptrdiff_t kmax,
                           lsr_sample_runs *runs) {
    for (int i = 0; i < 4; i++) {
        run(shape, (double)py + (i + 0.5) / 4, kmin, kmax, &runs->start[i], &runs->end[i]);
    }
}

/* The pixels in [x0, x1) that hold a column of at least one run; 0 when none. */
LSR_INLINE int touched_pixels(const lsr_sample_runs *r, int64_t x0, int64_t x1, int64_t *a, int64_t *b) {
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (int i = 0; i < 4; i++) {
        if (r->start[i] < r->end[i]) {
            if (r->start[i] < lo) lo = r->start[i];
            if (r->end[i] > hi) hi = r->end[i];
        }
    }
    if (lo >= hi) return 0;
    *a = max_i(x0, lo >> 2);
    *b = min_i(x1, (hi + 3) >> 2);
    return *a < *b;
}

/* The pixels within [a, b) whose 16 samples all lie in the runs; 0 when none. */
LSR_INLINE int covered_pixels(const lsr_sample_runs *r, int64_t a, int64_t b, int64_t *ca, int64_t *cb) {
    int64_t lo = max_i(max_i(r->start[0], r->start[1]), max_i(r->start[2], r->start[3]));
    int64_t hi = min_i(min_i(r->end[0], r->end[1]), min_i(r->end[2], r->end[3]));
    *ca = max_i(a, (lo + 3) >> 2);
    *cb = min_i(b, hi >> 2);
    return *ca < *cb;
}

/* Samples of pixel px inside the runs (0…16). */
LSR_INLINE int64_t hits(const lsr_sample_runs *r, int64_t px) {
    int64_t a = px * 4, b = a + 4, n = 0;
    for (int i = 0; i < 4; i++) {
        int64_t s = r->start[i] > a ? r->start[i] : a, e = r->end[i] < b ? r->end[i] : b;
        if (e > s) n += e - s;
    }
    return n;
}

/* Each run of `r` intersected with the run of `by` on the same sample row (empty: start == end). */
LSR_INLINE lsr_sample_runs clipped(const lsr_sample_runs *r, const lsr_sample_runs *by) {
    lsr_sample_runs out;
    for (int i = 0; i < 4; i++) {
        int64_t a = max_i(r->start[i], by->start[i]), b = min_i(r->end[i], by->end[i]);
        out.start[i] = a;
        out.end[i] = a < b ? b : a;
    }
    return out;
}

LSR_INLINE void blend_hits(uint8_t *row, int64_t px, lsr_rgba color, int64_t n) {
    if (n > 0) blend_over(row + px * 4, color, (unsigned)(n * 255 / 16));
}

void lsr_composite_runs(uint8_t *row, ptrdiff_t x0, ptrdiff_t x1, const lsr_sample_runs *cover,
                        const lsr_sample_runs *hole, lsr_rgba color) {
    int64_t a, b;
    if (!touched_pixels(cover, x0, x1, &a, &b)) return;
    lsr_sample_runs inner;
    if (hole) { inner = clipped(hole, cover); hole = &inner; }
    /* The middle span: pixels whole inside the cover (a fill) or inside the hole (a stroke). */
    int64_t ma, mb;
    if (!covered_pixels(hole ? hole : cover, a, b, &ma, &mb)) { ma = b; mb = b; }
    for (int64_t px = a; px < ma; px++) blend_hits(row, px, color, hits(cover, px) - (hole ? hits(hole, px) : 0));
    if (!hole && ma < mb) {
        if (color.a == 255) {
            lsr_fill_pixels(row + ma * 4, color, (size_t)(mb - ma));
        } else {
            for (int64_t px = ma; px < mb; px++) blend_over(row + px * 4, color, 255);
        }
    }
    for (int64_t px = mb; px < b; px++) blend_hits(row, px, color, hits(cover, px) - (hole ? hits(hole, px) : 0));
}

/* ---- Shapes with a radius and a curve per corner (CornerShape.swift). ---- */

/* The continuous corner of radius 1 in its own frame, from the edge it leaves (a along it from the corner, b = 0)
 * round to the other edge (a = 0): PaintCode's published construction of the iOS 7 rounded rect, "Code for iOS 7
 * rounded rectangles" (three cubic Beziers joined by two short lines, symmetric about the diagonal). Points as
 * (a, b): start, then for each cubic its two control points and end, the lines' ends between them. */
static const double continuous_corner[12][2] = {
    {1.52866483, 0},
    {1.08849323, 0}, {0.86840689, 0}, {0.66993427, 0.06549600},
    {0.63149399, 0.07491100},
    {0.37282392, 0.16905899}, {0.16905899, 0.37282392}, {0.07491100, 0.63149399},
    {0.06549600, 0.66993427},
    {0, 0.86840689}, {0, 1.08849323}, {0, 1.52866483},
};

/* The same points for a circular quarter (the middle cubic a circle's Bezier with k = 4(√2 − 1)/3; the other
 * pieces collapse onto its ends), so the two blend point by point. */
#define LSR_CIRCLE_REST 0.44771525016920655 /* 1 − 4(√2 − 1)/3 */
static const double circular_corner[12][2] = {
    {1, 0},
    {1, 0}, {1, 0}, {1, 0},
    {1, 0},
    {LSR_CIRCLE_REST, 0}, {0, LSR_CIRCLE_REST}, {0, 1},
    {0, 1},
    {0, 1}, {0, 1}, {0, 1},
};

LSR_INLINE double cubic(double p0, double p1, double p2, double p3, double t) {
    double u = 1 - t;
    return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3;
}

/* One corner's curve of radius 1: the blended points, or a circle. */
typedef struct { double p[12][2]; int circular; } corner_curve;

LSR_INLINE void corner_curve_init(corner_curve *c, double smoothing) {
    c->circular = !(smoothing > 0);
    if (c->circular) return;
    double s = smoothing > 1 ? 1 : smoothing;
    for (int i = 0; i < 12; i++) {
        c->p[i][0] = circular_corner[i][0] + (continuous_corner[i][0] - circular_corner[i][0]) * s;
        c->p[i][1] = circular_corner[i][1] + (continuous_corner[i][1] - circular_corner[i][1]) * s;
    }
}

/* The Bezier parameter at which the cubic's b (b0…b3, non-decreasing) is `depth`: Newton steps kept inside a
 * bisection bracket (a few steps where plain bisection took fifty; the corner is found once per sample row). */
LSR_INLINE double cubic_parameter(double b0, double b1, double b2, double b3, double depth) {
    double lo = 0, hi = 1, t = (b3 > b0) ? (depth - b0) / (b3 - b0) : 0.5;
    if (!(t > 0 && t < 1)) t = 0.5;
    for (int i = 0; i < 60; i++) {
        double f = cubic(b0, b1, b2, b3, t) - depth;
        if (f < 0) lo = t; else hi = t;
        if (f == 0 || hi - lo < 1e-13) break;
        double u = 1 - t;
        double d = 3 * (u * u * (b1 - b0) + 2 * u * t * (b2 - b1) + t * t * (b3 - b2));
        double next = d > 0 ? t - f / d : -1;
        if (!(next > lo && next < hi)) next = (lo + hi) / 2;
        if (next - t < 1e-11 && t - next < 1e-11) { t = next; break; } /* 1e-11 radii: far below a sample's 1/8 px */
        t = next;
    }
    return t;
}

LSR_INLINE double curve_inset(const double (*p)[2], int circular, double depth) {
    if (!(depth >= 0)) return 0;
    if (circular) {
        /* The circle of radius 1 centred (1, 1) from the corner. */
        if (depth >= 1) return 0;
        double dy = 1 - depth;
        return 1 - sqrt(max_d(0, 1 - dy * dy));
    }
    if (depth >= p[11][1]) return 0;
    /* Pieces: cubic 0-3, line 3-4, cubic 4-7, line 7-8, cubic 8-11; b grows along each. */
    static const int starts[5] = {0, 3, 4, 7, 8};
    static const int cubics[5] = {1, 0, 1, 0, 1};
    for (int k = 0; k < 5; k++) {
        const double *a0 = p[starts[k]];
        const double *a3 = p[starts[k] + (cubics[k] ? 3 : 1)];
        if (depth > a3[1]) continue;
        if (!cubics[k]) {
            double span = a3[1] - a0[1];
            double f = span > 0 ? (depth - a0[1]) / span : 0;
            return a0[0] + (a3[0] - a0[0]) * f;
        }
        const double *a1 = p[starts[k] + 1], *a2 = p[starts[k] + 2];
        double t = cubic_parameter(a0[1], a1[1], a2[1], a3[1], depth);
        return cubic(a0[0], a1[0], a2[0], a3[0], t);
    }
    return 0;
}

double lsr_corner_inset(double smoothing, double depth) {
    corner_curve c;
    corner_curve_init(&c, smoothing);
    return curve_inset((const double (*)[2])c.p, c.circular, depth);
}

void lsr_corner_shape_prepare(lsr_corner_shape *s) {
    for (int i = 0; i < 4; i++) {
        corner_curve c;
        corner_curve_init(&c, s->smoothing[i]);
        memcpy(s->points[i], c.p, sizeof c.p);
        s->circular[i] = c.circular;
    }
}

/* The inset of corner i at `depth` px from the side it touches vertically, px. */
LSR_INLINE double corner_inset_px(const lsr_corner_shape *s, int i, double depth) {
    double r = s->radius[i];
    if (!(r > 0)) return 0;
    return curve_inset((const double (*)[2])s->points[i], s->circular[i], depth / r) * r;
}

void lsr_corner_shape_runs(const lsr_corner_shape *s, ptrdiff_t py, ptrdiff_t kmin, ptrdiff_t kmax,
                           lsr_sample_runs *runs) {
    for (int i = 0; i < 4; i++) {
        double sy = (double)py + (i + 0.5) / 4;
        runs->start[i] = kmin; runs->end[i] = kmin;
        if (!(sy >= s->y && sy < s->y + s->height)) continue;
        double top = sy - s->y, bottom = s->y + s->height - sy;
        double left = s->x + max_d(corner_inset_px(s, 0, top), corner_inset_px(s, 2, bottom));
        double right = s->x + s->width - max_d(corner_inset_px(s, 1, top), corner_inset_px(s, 3, bottom));
        int64_t a = column(left, kmin, kmax), b = column(right, kmin, kmax);
        if (a < b) { runs->start[i] = a; runs->end[i] = b; }
    }
}

void lsr_clip_row(uint8_t *row, const uint8_t *saved, ptrdiff_t x0, ptrdiff_t x1, const lsr_sample_runs *cover) {
    int64_t a, b, ma, mb;
    if (!touched_pixels(cover, x0, x1, &a, &b)) { a = x1; b = x1; }
    if (!covered_pixels(cover, a, b, &ma, &mb)) { ma = b; mb = b; }
    for (int64_t px = x0; px < x1; px++) {
        if (px >= ma && px < mb) { px = mb - 1; continue; }
        int64_t n = px >= a && px < b ? hits(cover, px) : 0;
        uint8_t *p = row + px * 4;
        const uint8_t *q = saved + px * 4;
        if (n >= 16 || memcmp(p, q, 4) == 0) continue;
        /* Premultiplied mix of the saved and the drawn pixel by n / 16, back to straight alpha. */
        unsigned w = (unsigned)(n * 255 / 16), v = 255 - w;
        unsigned pa = p[3], qa = q[3];
        unsigned oa = div255(pa * w + qa * v + 127);
        if (oa == 0) { p[0] = p[1] = p[2] = p[3] = 0; continue; }
        for (int c = 0; c < 3; c++) {
            unsigned pre = div255(p[c] * pa * w / 255 + q[c] * qa * v / 255 + 127);
            unsigned out = (pre * 255 + oa / 2) / oa;
            p[c] = (uint8_t)(out > 255 ? 255 : out);
        }
        p[3] = (uint8_t)oa;
    }
}

void lsr_scale_alpha(uint8_t *p, size_t count, uint32_t factor) {
    uint8_t *a = p + 3, *end = p + 4 * count;
    for (; a < end; a += 4) *a = (uint8_t)(((uint32_t)*a * factor + 32768u) >> 16);
}
