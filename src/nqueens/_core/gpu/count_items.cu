/* The GPU kernel of nqueens.algorithms.counter.gpu: one thread an item of a batch of start
 * constellations, each running nq_count_item, the counting loop that the host runs too
 * (nq_count_queen.h).  Built at first use by NVRTC (or by nvcc in the tests), with the
 * folder of nq_board.h and nq_count_queen.h on the include path.
 *
 * The rows of a subproblem to fill are at most NQ_COUNT_STACK = 32 here (boards up to
 * n = 32 on the GPU), which keeps each thread's stack at 1 KiB.
 */
#define NQ_COUNT_STACK 32
#include "nq_count_queen.h"

extern "C" __global__ void nq_count_items_kernel(const uint64_t *avail, const uint8_t *gap,
                                                 const uint8_t *m_of, const uint8_t *level_of,
                                                 const int32_t *sub, const uint64_t *masks,
                                                 int64_t width, int64_t items,
                                                 uint64_t *totals, uint64_t *colsums,
                                                 uint64_t *slices) {
    const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < items)
        nq_count_item(avail, gap, m_of, level_of, sub, masks, width, i, totals, colsums,
                      slices);
}
