/* The board step shared by the searches of the native core.
 *
 * Row r of a board is a 64-bit mask whose bit c stands for column c.  A search keeps,
 * for the row it is about to fill, the columns taken (cols) and the squares attacked
 * along the two diagonals (d1 moves one column up per row, d2 one column down).
 * nq_descend places one queen and returns the masks of the row `gap` rows further
 * down; nq_free gives that row's free squares.  Every search of the core (counting,
 * enumeration, step counts, traces, the estimate) goes through these two functions,
 * but the half-board joiner's (halves.c), which says why where it searches, and the
 * recount of the turn searches (recount.c), which is meant to share nothing with them.
 *
 * The same text compiles as C11 for the host and as CUDA for the GPU (nvcc or NVRTC):
 * NQ_FN marks the functions both use, and the bit counts go to the GPU's own
 * instructions there.
 */
#ifndef NQ_BOARD_H
#define NQ_BOARD_H

#if defined(__CUDACC_RTC__)
/* NVRTC has no system headers: the fixed-width types, as CUDA defines them. */
typedef unsigned long long uint64_t;
typedef long long int64_t;
typedef unsigned int uint32_t;
typedef int int32_t;
typedef unsigned char uint8_t;
#else
#include <stdbool.h>
#include <stdint.h>
#endif

#if defined(__CUDACC__)
#define NQ_FN static __host__ __device__ __forceinline__
#else
#define NQ_FN static inline
#endif

typedef struct {
    uint64_t cols; /* columns taken */
    uint64_t d1;   /* squares attacked along the diagonals going right */
    uint64_t d2;   /* squares attacked along the diagonals going left */
} nq_masks;

/* The lowest set bit of x as a one-bit mask (0 for 0). */
NQ_FN uint64_t nq_lowest(uint64_t x) { return x & (~x + 1u); }

/* The index of the single set bit of bit (bit != 0). */
NQ_FN int nq_index(uint64_t bit) {
#if defined(__CUDA_ARCH__)
    return __ffsll((long long)bit) - 1;
#else
    return __builtin_ctzll(bit);
#endif
}

NQ_FN int nq_popcount(uint64_t x) {
#if defined(__CUDA_ARCH__)
    return __popcll(x);
#else
    return __builtin_popcountll(x);
#endif
}

/* A mask of the n lowest bits (n <= 64). */
NQ_FN uint64_t nq_full(int n) { return n >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1u); }

/* Place the queen `bit` in the current row and move the masks `gap` rows down
 * (gap >= 1).  On the plain board bits shifted past column n-1 must be cut by the
 * caller's `allowed` or `full` mask; on the torus (gap 1 only) the diagonals wrap
 * within n columns. */
NQ_FN nq_masks nq_descend(nq_masks m, uint64_t bit, unsigned gap, bool torus,
                                  int n, uint64_t full) {
    nq_masks next;
    next.cols = m.cols | bit;
    uint64_t a = m.d1 | bit, b = m.d2 | bit;
    if (torus) {
        unsigned top = (unsigned)(n - 1);
        next.d1 = ((a << 1) | (a >> top)) & full;
        next.d2 = ((b >> 1) | (b << top)) & full;
    } else {
        next.d1 = (a << gap) & full;
        next.d2 = b >> gap;
    }
    return next;
}

/* The free squares of a row with these masks among the `allowed` ones. */
NQ_FN uint64_t nq_free(nq_masks m, uint64_t allowed) {
    return allowed & ~(m.cols | m.d1 | m.d2);
}

/* Columns a knight attacks in a row from the queens prev1 (one row up) and prev2 (two
 * rows up); each is a one-bit mask or 0.  On the torus the columns wrap. */
NQ_FN uint64_t nq_knight(uint64_t prev1, uint64_t prev2, bool torus, int n,
                                 uint64_t full) {
    if (!torus)
        return ((prev1 << 2) | (prev1 >> 2) | (prev2 << 1) | (prev2 >> 1)) & full;
    uint64_t m = 0;
    if (prev1) {
        int c = nq_index(prev1);
        m |= (uint64_t)1 << ((c + 2) % n);
        m |= (uint64_t)1 << ((c + n - 2) % n);
    }
    if (prev2) {
        int c = nq_index(prev2);
        m |= (uint64_t)1 << ((c + 1) % n);
        m |= (uint64_t)1 << ((c + n - 1) % n);
    }
    return m & full;
}

/* On the torus, the columns of row t a knight attacks across the bottom edge from the
 * queens row0 and row1 of rows 0 and 1 (one-bit masks or 0): row n-1 is one row above
 * row 0 and two above row 1, row n-2 two above row 0. */
NQ_FN uint64_t nq_wrap_knight(int t, uint64_t row0, uint64_t row1, int n,
                                      uint64_t full) {
    uint64_t w1 = 0, w2 = 0;
    if (t == n - 1 && t >= 1) {
        w1 = row0;
        if (t >= 2)
            w2 = row1;
    } else if (t == n - 2 && t >= 1) {
        w2 = row0;
    }
    if (!w1 && !w2)
        return 0;
    return nq_knight(w1, w2, true, n, full);
}

#ifndef __CUDACC__
/* The attack rule of the core, for queens given by their squares: whether queens on
 * (r1, c1) and (r2, c2) attack each other (superqueens too by the knight's move when
 * `knight`); a shared square counts as an attack. */
static inline bool nq_attacks(int64_t r1, int64_t c1, int64_t r2, int64_t c2, bool knight) {
    const int64_t dr = r1 > r2 ? r1 - r2 : r2 - r1, dc = c1 > c2 ? c1 - c2 : c2 - c1;
    if (dr == 0 || dc == 0 || dr == dc)
        return true;
    return knight && ((dr == 1 && dc == 2) || (dr == 2 && dc == 1));
}

/* The columns of row r (of n) that a queen on (qr, qc), in another row, attacks: its
 * column, its two diagonals and, for a superqueen (`knight`), its knight's moves. */
static inline uint64_t nq_attacked_row(int n, int64_t r, int64_t qr, int64_t qc, bool knight) {
    const int64_t dr = r > qr ? r - qr : qr - r;
    uint64_t att = (uint64_t)1 << qc;
    const int64_t reach[4] = {dr, -dr, knight && dr <= 2 ? 3 - dr : 0,
                              knight && dr <= 2 ? dr - 3 : 0};
    for (int i = 0; i < 4; i++) {
        const int64_t c = qc + reach[i];
        if (reach[i] != 0 && c >= 0 && c < n)
            att |= (uint64_t)1 << c;
    }
    return att;
}

/* Whether the placement pos (a column for each of the n rows) is unchanged by a half
 * turn, or by a quarter turn when `quarter`: the symmetry tests of every count on the
 * CPU (the GPU's kernel counts the plain subproblems, without them). */
static inline bool nq_is_symmetric(const int64_t *pos, int n, bool quarter) {
    const int64_t top = n - 1;
    for (int r = 0; r < n; r++) {
        if (quarter) {
            if (pos[pos[r]] != top - r)
                return false;
        } else if (pos[top - r] != top - pos[r]) {
            return false;
        }
    }
    return true;
}

#endif

#endif
