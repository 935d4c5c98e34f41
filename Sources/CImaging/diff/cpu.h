/* Which kernels run: AVX2 ones where the CPU has them and tests have not asked for the portable ones. */
#ifndef CDIFF_CPU_H
#define CDIFF_CPU_H

#include <stdint.h>

#if defined(__x86_64__) && defined(__clang__)
#define LSD_X86 1
/* Swift's x86-64 baseline is SSE2 and a package cannot raise it for its clients, so the AVX2 kernels ask
 * for it per function. They are written with vector types, operators and builtins rather than <immintrin.h>'s
 * functions: a client's debug build compiles this file at -O0, where every intrinsic's arguments and result go
 * through the stack, while an expression's intermediate values stay in registers. */
#define LSD_AVX2 __attribute__((target("avx2")))
#define LSD_INLINE static inline __attribute__((always_inline))
typedef double lsd_v4d __attribute__((vector_size(32)));
typedef long long lsd_v4q __attribute__((vector_size(32)));
typedef int lsd_v8i __attribute__((vector_size(32)));
typedef unsigned lsd_v8u __attribute__((vector_size(32)));
typedef int lsd_v4i __attribute__((vector_size(16)));
typedef unsigned lsd_v4u __attribute__((vector_size(16)));
typedef float lsd_v4f __attribute__((vector_size(16)));
typedef float lsd_v8f __attribute__((vector_size(32)));
/* Unaligned loads (as <immintrin.h>'s loadu). */
struct lsd_u4d { lsd_v4d v; } __attribute__((packed, may_alias));
struct lsd_u8u { lsd_v8u v; } __attribute__((packed, may_alias));
struct lsd_u4u { lsd_v4u v; } __attribute__((packed, may_alias));
#define LSD_LOAD4D(p) (((const struct lsd_u4d *)(p))->v)
#define LSD_LOAD8U(p) (((const struct lsd_u8u *)(p))->v)
#define LSD_LOAD4U(p) (((const struct lsd_u4u *)(p))->v)
#endif

/* pixelmatch's arithmetic, operation by operation: never fused into FMA. */
#pragma STDC FP_CONTRACT OFF

int lsd_use_avx2(void);

#endif
