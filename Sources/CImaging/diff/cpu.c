#include "cpu.h"
#include "CDiffKernels.h"

#include <stdatomic.h>

static atomic_int vector_kernels = 1;

int lsd_set_vector_kernels(int enabled) {
    return atomic_exchange_explicit(&vector_kernels, enabled != 0, memory_order_relaxed);
}

/* __builtin_cpu_supports reads what the runtime's constructor found at start-up: a load and a test. */
int lsd_use_avx2(void) {
#ifdef LSD_X86
    return atomic_load_explicit(&vector_kernels, memory_order_relaxed) && __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}
