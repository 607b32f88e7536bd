/* The random stream of the repairs: xorshift64*, its high 32 bits scaled to a bound.
 * Its readable twin, decision for decision, is nqueens.kernels.xorshift.XorShift; the
 * start state is the splitmix64 of the seed (nqueens.kernels.xorshift.seed_state). */
#ifndef NQ_RNG_H
#define NQ_RNG_H

#include <stdint.h>

/* A random integer in [0, bound), bound < 2**32, advancing *state. */
static inline int64_t nq_rng_below(uint64_t *state, uint64_t bound) {
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    uint64_t r = (x * UINT64_C(0x2545F4914F6CDD1D)) >> 32;
    return (int64_t)((r * bound) >> 32);
}

#endif
