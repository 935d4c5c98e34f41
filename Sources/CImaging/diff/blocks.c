/* The two per-block stages of the tolerant scan: pixelmatch's YIQ test of the differing pixels, then its
 * anti-aliasing test of the failing ones (see include/CDiffKernels.h). */
#include "CDiffKernels.h"
#include "cpu.h"

/* pixelmatch 7's colorDelta coefficients. */
#define LSD_YR 0.29889531
#define LSD_YG 0.58662247
#define LSD_YB 0.11448223
#define LSD_IR 0.59597799
#define LSD_IG 0.27417610
#define LSD_IB 0.32180189
#define LSD_QR 0.21147017
#define LSD_QG 0.52261711
#define LSD_QB 0.31114694
#define LSD_KY 0.5053
#define LSD_KI 0.299
#define LSD_KQ 0.1957

static int channel(uint32_t p, int shift) { return (int)((p >> shift) & 0xFF); }
static int magnitude(int d) { return d < 0 ? -d : d; }
/* A fully transparent pixel shows nothing, whatever its RGB (oxipng --alpha, pngquant and image editors
 * rewrite it): it is compared as the word 0. */
static uint32_t visible(uint32_t p) { return (p >> 24) ? p : 0; }

static void yiq_portable(const uint32_t *ref, const uint32_t *act, size_t x0, size_t x1, double bound,
                         lsd_yiq_block *out, int32_t *max_channel, double *max_yiq) {
    uint64_t failing = 0, darker = 0, translucent = 0;
    int32_t most = *max_channel;
    double largest = *max_yiq;
    for (size_t x = x0; x < x1; x++) {
        uint32_t p = visible(ref[x]), q = visible(act[x]);
        if (p == q) continue;
        uint64_t bit = 1ULL << (x - x0);
        if (((p & q) >> 24) != 0xFF) { translucent |= bit; continue; }
        int dr = channel(p, 0) - channel(q, 0), dg = channel(p, 8) - channel(q, 8), db = channel(p, 16) - channel(q, 16);
        int ch = magnitude(dr) > magnitude(dg) ? magnitude(dr) : magnitude(dg);
        ch = magnitude(db) > ch ? magnitude(db) : ch;
        most = ch > most ? ch : most;
        double fr = dr, fg = dg, fb = db;
        double y = fr * LSD_YR + fg * LSD_YG + fb * LSD_YB;
        double i = fr * LSD_IR - fg * LSD_IG - fb * LSD_IB;
        double k = fr * LSD_QR - fg * LSD_QG + fb * LSD_QB;
        double delta = LSD_KY * y * y + LSD_KI * i * i + LSD_KQ * k * k;
        largest = delta > largest ? delta : largest;
        if (delta > bound) {
            failing |= bit;
            if (y > 0) darker |= bit;
        }
    }
    out->failing = failing;
    out->darker = darker;
    out->translucent = translucent;
    *max_channel = most;
    *max_yiq = largest;
}

static uint64_t differing_portable(const uint32_t *ref, const uint32_t *act, size_t x0, size_t x1, int32_t *max_channel) {
    uint64_t differing = 0;
    int32_t most = *max_channel;
    for (size_t x = x0; x < x1; x++) {
        uint32_t p = visible(ref[x]), q = visible(act[x]);
        if (p == q) continue;
        differing |= 1ULL << (x - x0);
        for (int shift = 0; shift < 32; shift += 8) {
            int d = magnitude(channel(p, shift) - channel(q, shift));
            most = d > most ? d : most;
        }
    }
    *max_channel = most;
    return differing;
}

/* The window's keys as exact integers; the neighbours' position codes (column · 4 + row, column 0 is x − 1,
 * row 0 is y − 1, rising in pixelmatch's visiting order) go to bits 2…5: + 4·code for the darkest, whose
 * smallest key is the first darkest neighbour in that order, + 4·(15 − code) for the brightest, whose largest
 * key is the first brightest. Neighbours identical to the centre tie with it and so count as neither (pixelmatch
 * passes over zero deltas); `few` in the centre's key is its test of their number. Returns 1 or 0, or −1 when
 * a key of the window is translucent. */
static int antialiased_portable(const double *up, const double *mid, const double *down, size_t x) {
    const int64_t n[8] = {(int64_t)up[x - 1], (int64_t)mid[x - 1], (int64_t)down[x - 1], (int64_t)up[x],
                          (int64_t)down[x], (int64_t)up[x + 1], (int64_t)mid[x + 1], (int64_t)down[x + 1]};
    static const int64_t code[8] = {0, 1, 2, 4, 6, 8, 9, 10};
    int64_t centre = (int64_t)mid[x];
    int64_t brightest = n[0] + 4 * (15 - code[0]), darkest = n[0] + 4 * code[0];
    for (int j = 1; j < 8; j++) {
        int64_t b = n[j] + 4 * (15 - code[j]), d = n[j] + 4 * code[j];
        brightest = b > brightest ? b : brightest;
        darkest = d < darkest ? d : darkest;
    }
    if (darkest < 0 || centre < 0) return -1;
    int brighter = brightest > (centre | 63), darker = darkest < (centre & ~(int64_t)63);
    int few = (int)((centre >> 1) & 1), flat = (int)((brightest | darkest) & 1);
    return few & brighter & darker & flat;
}

static uint64_t antialiased_block_portable(const lsd_key_rows *rows, size_t x0, uint64_t failing, size_t inner_lo,
                                           size_t inner_hi, uint64_t *undecided) {
    uint64_t aa = 0, open = 0;
    for (uint64_t left = failing; left; left &= left - 1) {
        int i = __builtin_ctzll(left);
        size_t x = x0 + (size_t)i;
        int a = -1, b = -1;
        if (x >= inner_lo && x < inner_hi) {
            a = antialiased_portable(rows->ref_up, rows->ref_mid, rows->ref_down, x);
            b = antialiased_portable(rows->act_up, rows->act_mid, rows->act_down, x);
        }
        if (a < 0 || b < 0) open |= 1ULL << i;
        else if (a | b) aa |= 1ULL << i;
    }
    *undecided = open;
    return aa;
}

#ifdef LSD_X86
#define LSD_MOVEMASK4(mask) __builtin_ia32_movmskps((lsd_v4f)(mask))
#define LSD_MOVEMASK4D(mask) __builtin_ia32_movmskpd256((lsd_v4d)(mask))
#define LSD_TO_DOUBLE(v) __builtin_convertvector((v), lsd_v4d)

LSD_AVX2 static void yiq_avx2(const uint32_t *ref, const uint32_t *act, size_t x0, size_t x1, double bound,
                              lsd_yiq_block *out, int32_t *max_channel, double *max_yiq) {
    uint64_t failing = 0, darker = 0, translucent = 0;
    lsd_v4i most = {0, 0, 0, 0};
    lsd_v4d largest = {0, 0, 0, 0};
    for (size_t x = x0; x < x1; x += 4) {
        lsd_v4u p, q;
        if (x + 4 <= x1) {
            p = LSD_LOAD4U(ref + x);
            q = LSD_LOAD4U(act + x);
        } else {   /* the last pixels of a row: loads that do not touch the words past x1 */
            lsd_v4i valid = (lsd_v4i){0, 1, 2, 3} < (int)(x1 - x);
            p = (lsd_v4u)__builtin_ia32_maskloadd((const lsd_v4i *)(ref + x), valid);
            q = (lsd_v4u)__builtin_ia32_maskloadd((const lsd_v4i *)(act + x), valid);
        }
        /* visible(): a word whose alpha is 0 becomes 0 */
        p &= (lsd_v4u)((p >> 24) != 0);
        q &= (lsd_v4u)((q >> 24) != 0);
        lsd_v4i same = p == q;
        int differ = ~LSD_MOVEMASK4(same) & 0xF;
        if (!differ) continue;
        lsd_v4i compared = ((p & q & 0xFF000000u) == 0xFF000000u) & ~same;
        int opaque_bits = LSD_MOVEMASK4(compared);
        translucent |= (uint64_t)(differ & ~opaque_bits) << (x - x0);
        if (!opaque_bits) continue;
        lsd_v4i dr = (lsd_v4i)(p & 0xFF) - (lsd_v4i)(q & 0xFF);
        lsd_v4i dg = (lsd_v4i)((p >> 8) & 0xFF) - (lsd_v4i)((q >> 8) & 0xFF);
        lsd_v4i db = (lsd_v4i)((p >> 16) & 0xFF) - (lsd_v4i)((q >> 16) & 0xFF);
        /* translucent lanes too: their raw channel differences are part of the caller's maximum anyway */
        most = __builtin_elementwise_max(most, __builtin_elementwise_max(__builtin_elementwise_abs(dr),
                                         __builtin_elementwise_max(__builtin_elementwise_abs(dg), __builtin_elementwise_abs(db))));
        lsd_v4d fr = LSD_TO_DOUBLE(dr), fg = LSD_TO_DOUBLE(dg), fb = LSD_TO_DOUBLE(db);
        lsd_v4d y = fr * LSD_YR + fg * LSD_YG + fb * LSD_YB;
        lsd_v4d i = fr * LSD_IR - fg * LSD_IG - fb * LSD_IB;
        lsd_v4d k = fr * LSD_QR - fg * LSD_QG + fb * LSD_QB;
        lsd_v4d delta = LSD_KY * y * y + LSD_KI * i * i + LSD_KQ * k * k;
        largest = __builtin_ia32_maxpd256(largest, (lsd_v4d)((lsd_v4q)delta & __builtin_convertvector(compared, lsd_v4q)));
        int fails = LSD_MOVEMASK4D(delta > bound) & opaque_bits;
        failing |= (uint64_t)fails << (x - x0);
        darker |= (uint64_t)(LSD_MOVEMASK4D(y > 0.0) & fails) << (x - x0);
    }
    for (int j = 0; j < 4; j++) {
        if (most[j] > *max_channel) *max_channel = most[j];
        if (largest[j] > *max_yiq) *max_yiq = largest[j];
    }
    out->failing = failing;
    out->darker = darker;
    out->translucent = translucent;
}

typedef unsigned char lsd_v32b __attribute__((vector_size(32)));

LSD_AVX2 static uint64_t differing_avx2(const uint32_t *ref, const uint32_t *act, size_t x0, size_t x1, int32_t *max_channel) {
    uint64_t differing = 0;
    lsd_v32b most = {0};
    for (size_t x = x0; x < x1; x += 8) {
        lsd_v8u p, q;
        if (x + 8 <= x1) {
            p = LSD_LOAD8U(ref + x);
            q = LSD_LOAD8U(act + x);
        } else {   /* the last pixels of a row: loads that do not touch the words past x1 */
            lsd_v8i valid = (lsd_v8i){0, 1, 2, 3, 4, 5, 6, 7} < (int)(x1 - x);
            p = (lsd_v8u)__builtin_ia32_maskloadd256((const lsd_v8i *)(ref + x), valid);
            q = (lsd_v8u)__builtin_ia32_maskloadd256((const lsd_v8i *)(act + x), valid);
        }
        /* visible(): a word whose alpha is 0 becomes 0 */
        p &= (lsd_v8u)((p >> 24) != 0);
        q &= (lsd_v8u)((q >> 24) != 0);
        differing |= (uint64_t)(~__builtin_ia32_movmskps256((lsd_v8f)(p == q)) & 0xFF) << (x - x0);
        /* |p − q| per byte: one of the two saturated differences is 0 */
        most = __builtin_elementwise_max(most, __builtin_elementwise_sub_sat((lsd_v32b)p, (lsd_v32b)q) |
                                                   __builtin_elementwise_sub_sat((lsd_v32b)q, (lsd_v32b)p));
    }
    for (int j = 0; j < 32; j++) {
        if (most[j] > *max_channel) *max_channel = most[j];
    }
    return differing;
}

/* antialiased_portable for pixels x … x + 3 of one image: bit j set when pixel x + j is anti-aliased; the
 * lanes whose window holds a translucent key go to *translucent. A key plus 2⁵² is a double whose bits are the
 * key's integer below the exponent of 2⁵²: such words compare as the integers do and keep their low bits. */
LSD_INLINE LSD_AVX2 int antialiased4(const double *up, const double *mid, const double *down, size_t x, int *translucent) {
#define LSD_K(row, dx, code) (LSD_LOAD4D((row) + x + (dx) - 1) + (double)(code))
#define LSD_MAX(a, b) __builtin_ia32_maxpd256((a), (b))
#define LSD_MIN(a, b) __builtin_ia32_minpd256((a), (b))
    lsd_v4d brightest = LSD_MAX(LSD_MAX(LSD_MAX(LSD_K(up, 0, 60), LSD_K(mid, 0, 56)), LSD_MAX(LSD_K(down, 0, 52), LSD_K(up, 1, 44))),
                                LSD_MAX(LSD_MAX(LSD_K(down, 1, 36), LSD_K(up, 2, 28)), LSD_MAX(LSD_K(mid, 2, 24), LSD_K(down, 2, 20))));
    lsd_v4d darkest = LSD_MIN(LSD_MIN(LSD_MIN(LSD_K(up, 0, 0), LSD_K(mid, 0, 4)), LSD_MIN(LSD_K(down, 0, 8), LSD_K(up, 1, 16))),
                              LSD_MIN(LSD_MIN(LSD_K(down, 1, 24), LSD_K(up, 2, 32)), LSD_MIN(LSD_K(mid, 2, 36), LSD_K(down, 2, 40))));
    lsd_v4d centre = LSD_LOAD4D(mid + x);
    *translucent = LSD_MOVEMASK4D((lsd_v4q)darkest | (lsd_v4q)centre);
    lsd_v4q b = (lsd_v4q)(brightest + 4503599627370496.0), d = (lsd_v4q)(darkest + 4503599627370496.0);
    lsd_v4q c = (lsd_v4q)(centre + 4503599627370496.0);
    /* a brighter and a darker neighbour; few (bit 1 of the centre) and flat (bit 0 of the brightest or of the
     * darkest), moved to the sign bit */
    return LSD_MOVEMASK4D((b > (c | 63)) & ((c & ~63LL) > d) & (((c >> 1) & (b | d)) << 63));
#undef LSD_K
#undef LSD_MAX
#undef LSD_MIN
}

LSD_AVX2 static uint64_t antialiased_block_avx2(const lsd_key_rows *rows, size_t x0, uint64_t failing, size_t inner_lo,
                                                size_t inner_hi, uint64_t *undecided) {
    /* the block's pixels inside inner_lo ..< inner_hi */
    uint64_t inner = 0;
    if (inner_hi > inner_lo && inner_hi > x0 && inner_lo < x0 + 64) {
        size_t lo = inner_lo > x0 ? inner_lo - x0 : 0, hi = inner_hi - x0 < 64 ? inner_hi - x0 : 64;
        inner = (hi - lo == 64 ? ~0ULL : ((1ULL << (hi - lo)) - 1)) << lo;
    }
    uint64_t aa = 0, open = failing & ~inner;
    for (uint64_t groups = failing; groups;) {
        int i = __builtin_ctzll(groups) & ~3;
        groups &= ~(0xFULL << i);
        size_t x = x0 + (size_t)i;
        int tr, ta;
        int a = antialiased4(rows->ref_up, rows->ref_mid, rows->ref_down, x, &tr)
              | antialiased4(rows->act_up, rows->act_mid, rows->act_down, x, &ta);
        aa |= (uint64_t)a << i;
        open |= (uint64_t)(tr | ta) << i;
    }
    open &= failing;
    *undecided = open;
    return aa & failing & ~open;
}
#endif

uint64_t lsd_differing(const uint32_t *ref, const uint32_t *act, size_t x0, size_t x1, int32_t *max_channel) {
#ifdef LSD_X86
    if (lsd_use_avx2()) return differing_avx2(ref, act, x0, x1, max_channel);
#endif
    return differing_portable(ref, act, x0, x1, max_channel);
}

void lsd_yiq(const uint32_t *ref, const uint32_t *act, size_t x0, size_t x1, double bound,
             lsd_yiq_block *out, int32_t *max_channel, double *max_yiq) {
#ifdef LSD_X86
    if (lsd_use_avx2()) { yiq_avx2(ref, act, x0, x1, bound, out, max_channel, max_yiq); return; }
#endif
    yiq_portable(ref, act, x0, x1, bound, out, max_channel, max_yiq);
}

uint64_t lsd_antialiased(const lsd_key_rows *rows, size_t x0, uint64_t failing, size_t inner_lo, size_t inner_hi,
                         uint64_t *undecided) {
#ifdef LSD_X86
    if (lsd_use_avx2()) return antialiased_block_avx2(rows, x0, failing, inner_lo, inner_hi, undecided);
#endif
    return antialiased_block_portable(rows, x0, failing, inner_lo, inner_hi, undecided);
}
