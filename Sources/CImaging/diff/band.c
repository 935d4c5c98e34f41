/* Brightness keys of the anti-aliasing band (see include/CDiffKernels.h for what a key holds). */
#include "CDiffKernels.h"
#include "cpu.h"

#define LSD_R 29889531LL
#define LSD_G 58662247LL
#define LSD_B 11448223LL

static double flags(unsigned same, unsigned other_same) {
    return (double)((same <= 2 ? 2 : 0) | (same > 2 && other_same > 2 ? 1 : 0));
}

double lsd_pixel_key(uint32_t p, unsigned same, unsigned other_same) {
    if ((p >> 24) != 0xFF) return LSD_TRANSLUCENT_KEY + flags(same, other_same);
    int64_t l = (int64_t)(p & 0xFF) * LSD_R + (int64_t)((p >> 8) & 0xFF) * LSD_G + (int64_t)((p >> 16) & 0xFF) * LSD_B;
    return (double)(l * 64) + flags(same, other_same);   /* exact: < 2⁴¹ */
}

static unsigned identical_neighbours(const uint32_t *up, const uint32_t *mid, const uint32_t *down, size_t x) {
    uint32_t v = mid[x];
    return (unsigned)((up[x - 1] == v) + (up[x] == v) + (up[x + 1] == v) + (mid[x - 1] == v) + (mid[x + 1] == v) +
                      (down[x - 1] == v) + (down[x] == v) + (down[x + 1] == v));
}

static void band_keys_portable(const uint32_t *ref_up, const uint32_t *ref_mid, const uint32_t *ref_down,
                               const uint32_t *act_up, const uint32_t *act_mid, const uint32_t *act_down,
                               double *ref_keys, double *act_keys, size_t start, size_t end) {
    for (size_t x = start; x < end; x++) {
        unsigned sr = identical_neighbours(ref_up, ref_mid, ref_down, x);
        unsigned sa = identical_neighbours(act_up, act_mid, act_down, x);
        ref_keys[x] = lsd_pixel_key(ref_mid[x], sr, sa);
        act_keys[x] = lsd_pixel_key(act_mid[x], sa, sr);
    }
}

#ifdef LSD_X86
/* Minus the number of the 8 neighbours equal to `v` (pixels x … x + 7 of `mid`): each equal lane is −1. */
#define LSD_MINUS_IDENTICAL(up, mid, down, x, v)                                                              \
    ((lsd_v8i)(LSD_LOAD8U((up) + (x) - 1) == (v)) + (lsd_v8i)(LSD_LOAD8U((up) + (x)) == (v)) +                  \
     (lsd_v8i)(LSD_LOAD8U((up) + (x) + 1) == (v)) + (lsd_v8i)(LSD_LOAD8U((mid) + (x) - 1) == (v)) +            \
     (lsd_v8i)(LSD_LOAD8U((mid) + (x) + 1) == (v)) + (lsd_v8i)(LSD_LOAD8U((down) + (x) - 1) == (v)) +          \
     (lsd_v8i)(LSD_LOAD8U((down) + (x)) == (v)) + (lsd_v8i)(LSD_LOAD8U((down) + (x) + 1) == (v)))

/* Lanes lo … lo + 3 of eight. */
#define LSD_HALF(v, lo) __builtin_shufflevector((v), (v), (lo), (lo) + 1, (lo) + 2, (lo) + 3)

/* Keys of pixels `v` (lanes lo … lo + 3) with flag bits `fl`: the same exact integers as lsd_pixel_key. */
#define LSD_KEYS4(v, fl, lo)                                                                                    \
    __builtin_ia32_blendvpd256(                                                                                 \
        __builtin_convertvector((lsd_v4i)LSD_HALF((v) & 0xFF, lo), lsd_v4d) * (double)(LSD_R * 64) +            \
            __builtin_convertvector((lsd_v4i)LSD_HALF(((v) >> 8) & 0xFF, lo), lsd_v4d) * (double)(LSD_G * 64) + \
            __builtin_convertvector((lsd_v4i)LSD_HALF(((v) >> 16) & 0xFF, lo), lsd_v4d) * (double)(LSD_B * 64), \
        (lsd_v4d){LSD_TRANSLUCENT_KEY, LSD_TRANSLUCENT_KEY, LSD_TRANSLUCENT_KEY, LSD_TRANSLUCENT_KEY},          \
        (lsd_v4d)__builtin_convertvector((lsd_v4i)LSD_HALF((v) >> 24 != 0xFF, lo), lsd_v4q)) +                  \
        __builtin_convertvector(LSD_HALF(fl, lo), lsd_v4d)

LSD_AVX2 static void band_keys_avx2(const uint32_t *ref_up, const uint32_t *ref_mid, const uint32_t *ref_down,
                                    const uint32_t *act_up, const uint32_t *act_mid, const uint32_t *act_down,
                                    double *ref_keys, double *act_keys, size_t start, size_t end) {
    size_t x = start;
    for (; x + 8 <= end; x += 8) {
        lsd_v8u vr = LSD_LOAD8U(ref_mid + x), va = LSD_LOAD8U(act_mid + x);
        /* more than 2 identical: −count < −2 */
        lsd_v8i many_r = LSD_MINUS_IDENTICAL(ref_up, ref_mid, ref_down, x, vr) < -2;
        lsd_v8i many_a = LSD_MINUS_IDENTICAL(act_up, act_mid, act_down, x, va) < -2;
        lsd_v8i fr = (many_r & many_a & 1) | (~many_r & 2), fa = (many_r & many_a & 1) | (~many_a & 2);
        ((struct lsd_u4d *)(ref_keys + x))->v = LSD_KEYS4(vr, fr, 0);
        ((struct lsd_u4d *)(ref_keys + x + 4))->v = LSD_KEYS4(vr, fr, 4);
        ((struct lsd_u4d *)(act_keys + x))->v = LSD_KEYS4(va, fa, 0);
        ((struct lsd_u4d *)(act_keys + x + 4))->v = LSD_KEYS4(va, fa, 4);
    }
    band_keys_portable(ref_up, ref_mid, ref_down, act_up, act_mid, act_down, ref_keys, act_keys, x, end);
}
#endif

void lsd_band_keys(const uint32_t *ref_up, const uint32_t *ref_mid, const uint32_t *ref_down,
                   const uint32_t *act_up, const uint32_t *act_mid, const uint32_t *act_down,
                   double *ref_keys, double *act_keys, size_t start, size_t end) {
#ifdef LSD_X86
    if (lsd_use_avx2()) {
        band_keys_avx2(ref_up, ref_mid, ref_down, act_up, act_mid, act_down, ref_keys, act_keys, start, end);
        return;
    }
#endif
    band_keys_portable(ref_up, ref_mid, ref_down, act_up, act_mid, act_down, ref_keys, act_keys, start, end);
}
