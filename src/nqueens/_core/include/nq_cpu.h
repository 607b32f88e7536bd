/* The one CPU-dispatch mechanism of the core: which vector forms this CPU runs, capped
 * by the NQUEENS_CPU environment variable ("plain", "avx2" or "avx512"), which tests
 * and measurements use to force a level on a CPU that runs more. The core is built for
 * x86-64-v2 (or no -march elsewhere); a kernel that has AVX2 or AVX-512 forms compiles
 * them with a target attribute and picks one with nq_cpu_level() when its module loads. */
#ifndef NQ_CPU_H
#define NQ_CPU_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum { NQ_CPU_PLAIN = 0, NQ_CPU_AVX2 = 1, NQ_CPU_AVX512 = 2 };

#if defined(__x86_64__) && defined(__GNUC__)
#define NQ_CPU_X86 1
#endif

/* The highest level NQUEENS_CPU allows (NQ_CPU_AVX512 when it is not set). */
static inline int nq_cpu_cap(void) {
    const char *want = getenv("NQUEENS_CPU");
    if (!want || !*want)
        return NQ_CPU_AVX512;
    if (strcmp(want, "plain") == 0)
        return NQ_CPU_PLAIN;
    if (strcmp(want, "avx2") == 0)
        return NQ_CPU_AVX2;
    return NQ_CPU_AVX512;
}

/* The best level this CPU runs, within the cap. */
static inline int nq_cpu_level(void) {
    int level = NQ_CPU_PLAIN;
#ifdef NQ_CPU_X86
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2"))
        level = __builtin_cpu_supports("avx512f") ? NQ_CPU_AVX512 : NQ_CPU_AVX2;
#endif
    const int cap = nq_cpu_cap();
    return level < cap ? level : cap;
}

/* Whether pext (BMI2) is fast here: not on the first two AMD Zen generations. */
static inline bool nq_cpu_fast_pext(void) {
#ifdef NQ_CPU_X86
    __builtin_cpu_init();
    return __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("znver1") &&
           !__builtin_cpu_is("znver2");
#else
    return false;
#endif
}

#endif
