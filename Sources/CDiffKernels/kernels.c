/* See include/CDiffKernels.h. Two versions of each kernel: AVX2 (8 pixels a step) and portable C (the
 * tails, and CPUs without AVX2). Swift's x86-64 baseline is SSE2 and a package cannot raise it for its
 * clients, so this file asks for AVX2 per function and checks the CPU once. Intrinsics are inlined also at
 * -O0, so a client's debug build keeps most of the speed. */
#include "CDiffKernels.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define LSD_X86 1
#include <immintrin.h>
#endif

#define LSD_R 29889531LL
#define LSD_G 58662247LL
#define LSD_B 11448223LL

static int keys_portable(const uint32_t *row, int64_t *out, size_t start, size_t end) {
    int translucent = 0;
    for (size_t x = start; x < end; x++) {
        uint32_t p = row[x];
        int64_t key = ((int64_t)(p & 0xFF) * LSD_R + (int64_t)((p >> 8) & 0xFF) * LSD_G + (int64_t)((p >> 16) & 0xFF) * LSD_B) << 4;
        out[x] = (p >> 24) == 0xFF ? key : -1;
        translucent |= (p >> 24) != 0xFF;
    }
    return translucent;
}

static void neighbours_portable(const uint32_t *up, const uint32_t *mid, const uint32_t *down, uint8_t *out,
                                size_t start, size_t end) {
    for (size_t x = start; x < end; x++) {
        uint32_t v = mid[x];
        out[x] = (uint8_t)((up[x - 1] == v) + (up[x] == v) + (up[x + 1] == v) + (mid[x - 1] == v) + (mid[x + 1] == v) +
                           (down[x - 1] == v) + (down[x] == v) + (down[x + 1] == v));
    }
}

#ifdef LSD_X86
__attribute__((target("avx2"))) static int keys_avx2(const uint32_t *row, int64_t *out, size_t start, size_t end) {
    const __m256i byte = _mm256_set1_epi64x(0xFF);
    const __m128i opaque = _mm_set1_epi32((int)0xFF000000u);
    const __m256i cr = _mm256_set1_epi64x(LSD_R), cg = _mm256_set1_epi64x(LSD_G), cb = _mm256_set1_epi64x(LSD_B);
    __m128i seen = _mm_setzero_si128();
    size_t x = start;
    for (; x + 4 <= end; x += 4) {
        __m128i p = _mm_loadu_si128((const __m128i *)(row + x));
        __m256i w = _mm256_cvtepu32_epi64(p);
        __m256i r = _mm256_and_si256(w, byte);
        __m256i g = _mm256_and_si256(_mm256_srli_epi64(w, 8), byte);
        __m256i b = _mm256_and_si256(_mm256_srli_epi64(w, 16), byte);
        __m256i key = _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(r, cr), _mm256_mul_epu32(g, cg)), _mm256_mul_epu32(b, cb));
        key = _mm256_slli_epi64(key, 4);
        /* −1 (all ones) where alpha < 255 */
        __m128i translucent = _mm_xor_si128(_mm_cmpeq_epi32(_mm_and_si128(p, opaque), opaque), _mm_set1_epi32(-1));
        seen = _mm_or_si128(seen, translucent);
        key = _mm256_or_si256(key, _mm256_cvtepi32_epi64(translucent));
        _mm256_storeu_si256((__m256i *)(out + x), key);
    }
    return keys_portable(row, out, x, end) | !_mm_testz_si128(seen, seen);
}

__attribute__((target("avx2"))) static void neighbours_avx2(const uint32_t *up, const uint32_t *mid, const uint32_t *down,
                                                           uint8_t *out, size_t start, size_t end) {
    /* byte 0 of each 32-bit lane to the low 4 bytes of each 128-bit half */
    const __m256i gather = _mm256_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                            0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
    size_t x = start;
    for (; x + 8 <= end; x += 8) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(mid + x));
#define LSD_EQ(p) _mm256_cmpeq_epi32(_mm256_loadu_si256((const __m256i *)(p)), v)
        /* each equal lane is −1: the negated sum is the count */
        __m256i sum = _mm256_add_epi32(_mm256_add_epi32(LSD_EQ(up + x - 1), LSD_EQ(up + x)), _mm256_add_epi32(LSD_EQ(up + x + 1), LSD_EQ(mid + x - 1)));
        sum = _mm256_add_epi32(sum, _mm256_add_epi32(_mm256_add_epi32(LSD_EQ(mid + x + 1), LSD_EQ(down + x - 1)),
                                                     _mm256_add_epi32(LSD_EQ(down + x), LSD_EQ(down + x + 1))));
#undef LSD_EQ
        __m256i count = _mm256_shuffle_epi8(_mm256_sub_epi32(_mm256_setzero_si256(), sum), gather);
        uint32_t low = (uint32_t)_mm_cvtsi128_si32(_mm256_castsi256_si128(count));
        uint32_t high = (uint32_t)_mm_cvtsi128_si32(_mm256_extracti128_si256(count, 1));
        memcpy(out + x, &low, 4);
        memcpy(out + x + 4, &high, 4);
    }
    neighbours_portable(up, mid, down, out, x, end);
}

/* __builtin_cpu_supports reads what the runtime's constructor found at start-up: a load and a test. */
static int has_avx2(void) { return __builtin_cpu_supports("avx2"); }
#endif

int lsd_brightness_keys(const uint32_t *row, int64_t *out, size_t start, size_t end) {
#ifdef LSD_X86
    if (has_avx2()) return keys_avx2(row, out, start, end);
#endif
    return keys_portable(row, out, start, end);
}

void lsd_identical_neighbours(const uint32_t *up, const uint32_t *mid, const uint32_t *down, uint8_t *out,
                              size_t start, size_t end) {
#ifdef LSD_X86
    if (has_avx2()) { neighbours_avx2(up, mid, down, out, start, end); return; }
#endif
    neighbours_portable(up, mid, down, out, start, end);
}
