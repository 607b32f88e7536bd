/* The plain-queen count of a prepared subproblem: the one counting loop of the start
 * constellations, compiled for the host (nqueens._core.constellations) and for the GPU
 * (gpu/count_items.cu) from this text.
 *
 * A prepared subproblem is m rows to fill, in search order, each with the columns its
 * queen may use (avail) and the row distance to the next row to fill (gap, < 64).  The
 * count can start at level `start` (the first `start` rows to fill already hold queens,
 * whose masks for row `start` are `at`): the GPU splits a subproblem so into many small
 * items, one a thread.  Besides the count, the loop sums the column of the queen in the
 * last row over the completions, and counts the completions again in three slices by
 * that column modulo 3 (the checks a result carries: the slices add up to the count,
 * and slice 1 + 2 slice 2 = the column sum modulo 3).
 *
 * The current level lives in locals and the stack holds only the levels above it; the
 * last two rows are finished in place.  No allocation, no recursion.
 */
#ifndef NQ_COUNT_QUEEN_H
#define NQ_COUNT_QUEEN_H

#include "nq_board.h"

/* The deepest stack the loop keeps (rows to fill, at most the board's rows). */
#ifndef NQ_COUNT_STACK
#define NQ_COUNT_STACK 64
#endif

/* The three slices, counted by the column c of the last row's queen modulo 3. */
#define NQ_SLICE(c, s0, s1, s2)                                                                \
    do {                                                                                       \
        const unsigned nq_r_ = (unsigned)(c) % 3u;                                             \
        s0 += nq_r_ == 0u;                                                                     \
        s1 += nq_r_ == 1u;                                                                     \
        s2 += nq_r_ == 2u;                                                                     \
    } while (0)

/* m < 3 rows to fill, from level 0. */
NQ_FN void nq_count_queen_short(const uint64_t *avail, const uint8_t *gap, unsigned m,
                                uint64_t *total_out, uint64_t *colsum_out,
                                uint64_t *slices_out) {
    uint64_t total = 0, colsum = 0, s0 = 0, s1 = 0, s2 = 0;
    if (m == 0) {
        total = 1;
        s0 = 1; /* no last row: the column sum is 0 */
    } else if (m == 1) {
        if (avail[0] != 0) {
            total = 1;
            colsum = (uint64_t)nq_index(avail[0]);
            NQ_SLICE(colsum, s0, s1, s2);
        }
    } else {
        nq_masks none;
        none.cols = none.d1 = none.d2 = 0;
        for (uint64_t f = avail[0]; f != 0; f &= f - 1) {
            uint64_t x = nq_free(nq_descend(none, nq_lowest(f), gap[0], false, 0,
                                            ~(uint64_t)0), avail[1]);
            if (x != 0) {
                const unsigned c = (unsigned)nq_index(x);
                total++;
                colsum += c;
                NQ_SLICE(c, s0, s1, s2);
            }
        }
    }
    *total_out = total;
    *colsum_out = colsum;
    slices_out[0] = s0;
    slices_out[1] = s1;
    slices_out[2] = s2;
}

/* The count and column sum of the completions of a prepared subproblem of m rows to
 * fill (m <= NQ_COUNT_STACK), from level `start` with masks `at`: start = 0 with empty
 * masks counts the whole subproblem; a start > 0 needs m - start >= 3. */
NQ_FN void nq_count_queen_from(const uint64_t *avail, const uint8_t *gap, unsigned m,
                               unsigned start, nq_masks at, uint64_t *total_out,
                               uint64_t *colsum_out, uint64_t *slices_out) {
    if (m < 3) {
        nq_count_queen_short(avail, gap, m, total_out, colsum_out, slices_out);
        return;
    }
    const uint64_t all = ~(uint64_t)0; /* avail cuts the bits past the board */
    /* The levels above the current one, one array per mask. */
    uint64_t s_cols[NQ_COUNT_STACK], s_d1[NQ_COUNT_STACK], s_d2[NQ_COUNT_STACK],
        s_free[NQ_COUNT_STACK];
    const unsigned pre = m - 2; /* the level whose queens the last two rows complete */
    const unsigned g2 = gap[pre];
    const uint64_t av = avail[m - 1];
    uint64_t total = 0, colsum = 0, s0 = 0, s1 = 0, s2 = 0;
    unsigned d = start;
    nq_masks cur = at;
    uint64_t f = nq_free(at, avail[start]);
    for (;;) {
        if (f == 0) {
            if (d == start)
                break;
            d--;
            cur.cols = s_cols[d];
            cur.d1 = s_d1[d];
            cur.d2 = s_d2[d];
            f = s_free[d];
            continue;
        }
        uint64_t bit = nq_lowest(f);
        f ^= bit;
        const unsigned e = d + 1;
        nq_masks next = nq_descend(cur, bit, gap[d], false, 0, all);
        uint64_t nf = nq_free(next, avail[e]);
        if (e == pre) {
            /* Finish the last two rows in place. */
            while (nf != 0) {
                uint64_t bit2 = nq_lowest(nf);
                nf ^= bit2;
                uint64_t x = nq_free(nq_descend(next, bit2, g2, false, 0, all), av);
                if (x != 0) {
                    const unsigned c = (unsigned)nq_index(x);
                    total++;
                    colsum += c;
                    NQ_SLICE(c, s0, s1, s2);
                }
            }
            continue;
        }
        /* Save this level whether or not the next one is entered: while level d is the
         * current one its stack entry is unused, and storing always costs less than a
         * branch on nf that the processor cannot predict. */
        s_cols[d] = cur.cols;
        s_d1[d] = cur.d1;
        s_d2[d] = cur.d2;
        s_free[d] = f;
        bool down = nf != 0;
        d = down ? e : d;
        cur.cols = down ? next.cols : cur.cols;
        cur.d1 = down ? next.d1 : cur.d1;
        cur.d2 = down ? next.d2 : cur.d2;
        f = down ? nf : f;
    }
    *total_out = total;
    *colsum_out = colsum;
    slices_out[0] = s0;
    slices_out[1] = s1;
    slices_out[2] = s2;
}

/* One item of a batch: the subproblem sub[i] (its rows at avail/gap + sub[i] * width,
 * m_of and level_of giving its rows to fill and the level its items start at), from the
 * masks masks[3i .. 3i+2] of that level, into totals[i], colsums[i] and slices[3i ..
 * 3i+2].  What a GPU thread does, and the host loop. */
NQ_FN void nq_count_item(const uint64_t *avail, const uint8_t *gap, const uint8_t *m_of,
                         const uint8_t *level_of, const int32_t *sub, const uint64_t *masks,
                         int64_t width, int64_t i, uint64_t *totals, uint64_t *colsums,
                         uint64_t *slices) {
    const int64_t s = sub[i];
    nq_masks at;
    at.cols = masks[3 * i];
    at.d1 = masks[3 * i + 1];
    at.d2 = masks[3 * i + 2];
    nq_count_queen_from(avail + s * width, gap + s * width, m_of[s], level_of[s], at,
                        &totals[i], &colsums[i], &slices[3 * i]);
}

#endif
