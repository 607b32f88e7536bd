/* Every random generator of the core, written once:
 * - splitmix64: the sampling of Knuth's estimate, and the start state of xorshift64*;
 * - xorshift64*, its high 32 bits scaled to a bound: the random stream of min-conflicts.
 *   Its readable twin, decision for decision, is nqueens.kernels.xorshift.XorShift (the
 *   start state is the splitmix64 of the seed, nqueens.kernels.xorshift.seed_state);
 * - CPython's Mersenne Twister (random.Random): the intuitive repair of the source, which
 *   draws as the source's Python does, so that its readable version makes the kernel's
 *   decisions. */
#ifndef NQ_RNG_H
#define NQ_RNG_H

#include <stdint.h>

/* The next number of the splitmix64 stream of *s. */
static inline uint64_t nq_splitmix64(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* A random integer in [0, bound), bound < 2**32, advancing the xorshift64* *state. */
static inline int64_t nq_rng_below(uint64_t *state, uint64_t bound) {
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    uint64_t r = (x * UINT64_C(0x2545F4914F6CDD1D)) >> 32;
    return (int64_t)((r * bound) >> 32);
}

/* CPython's Mersenne Twister. */
#define NQ_MT_N 624
#define NQ_MT_M 397

typedef struct {
    uint32_t mt[NQ_MT_N];
    int index;
} nq_mt;

static inline void nq_mt_init_genrand(nq_mt *g, uint32_t s) {
    g->mt[0] = s;
    for (int i = 1; i < NQ_MT_N; i++)
        g->mt[i] = 1812433253U * (g->mt[i - 1] ^ (g->mt[i - 1] >> 30)) + (uint32_t)i;
    g->index = NQ_MT_N;
}

/* random.Random(seed) for an int seed: key holds the 32-bit words of |seed|, lowest
 * first (one word 0 for seed 0). */
static inline void nq_mt_seed(nq_mt *g, const uint32_t *key, int64_t length) {
    nq_mt_init_genrand(g, 19650218U);
    int64_t i = 1, j = 0;
    for (int64_t k = NQ_MT_N > length ? NQ_MT_N : length; k; k--) {
        g->mt[i] = (g->mt[i] ^ ((g->mt[i - 1] ^ (g->mt[i - 1] >> 30)) * 1664525U)) + key[j] +
                   (uint32_t)j;
        i++;
        j++;
        if (i >= NQ_MT_N) {
            g->mt[0] = g->mt[NQ_MT_N - 1];
            i = 1;
        }
        if (j >= length)
            j = 0;
    }
    for (int64_t k = NQ_MT_N - 1; k; k--) {
        g->mt[i] = (g->mt[i] ^ ((g->mt[i - 1] ^ (g->mt[i - 1] >> 30)) * 1566083941U)) -
                   (uint32_t)i;
        i++;
        if (i >= NQ_MT_N) {
            g->mt[0] = g->mt[NQ_MT_N - 1];
            i = 1;
        }
    }
    g->mt[0] = 0x80000000U;
}

static inline uint32_t nq_mt_next(nq_mt *g) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t *mt = g->mt;
    uint32_t y;
    if (g->index >= NQ_MT_N) {
        int kk;
        for (kk = 0; kk < NQ_MT_N - NQ_MT_M; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + NQ_MT_M] ^ (y >> 1) ^ mag01[y & 1U];
        }
        for (; kk < NQ_MT_N - 1; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + (NQ_MT_M - NQ_MT_N)] ^ (y >> 1) ^ mag01[y & 1U];
        }
        y = (mt[NQ_MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
        mt[NQ_MT_N - 1] = mt[NQ_MT_M - 1] ^ (y >> 1) ^ mag01[y & 1U];
        g->index = 0;
    }
    y = mt[g->index++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= y >> 18;
    return y;
}

/* random.random() */
static inline double nq_mt_random(nq_mt *g) {
    uint32_t a = nq_mt_next(g) >> 5, b = nq_mt_next(g) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

/* random.Random._randbelow(bound), 1 <= bound < 2**32: the choice() of a sequence. */
static inline int64_t nq_mt_below(nq_mt *g, uint32_t bound) {
    int k = 0;
    while (k < 32 && (bound >> k) != 0)
        k++; /* bound.bit_length() */
    uint32_t r = nq_mt_next(g) >> (32 - k);
    while (r >= bound)
        r = nq_mt_next(g) >> (32 - k);
    return (int64_t)r;
}

#endif
