/* The shared headers of the native core, exercised where Python cannot reach them:
 * each line printed is checked by tests/test_core_headers.py against an independent
 * answer (the OEIS counts, Python's own random module, the readable xorshift). */
#include <stdio.h>
#include <stdlib.h>

#include "nq_board.h"
#include "nq_cpu.h"
#include "nq_rng.h"

/* Solutions of the n-queens problem by nq_descend and nq_free alone. */
static long long count(int n, int row, nq_masks m, uint64_t full) {
    if (row == n)
        return 1;
    long long total = 0;
    for (uint64_t free = nq_free(m, full); free; free &= free - 1)
        total += count(n, row + 1, nq_descend(m, nq_lowest(free), 1, false, n, full), full);
    return total;
}

int main(void) {
    printf("counts");
    for (int n = 1; n <= 10; n++) {
        nq_masks m = {0, 0, 0};
        printf(" %lld", count(n, 0, m, nq_full(n)));
    }
    printf("\n");

    const int64_t four[4] = {1, 3, 0, 2}, eight[8] = {0, 4, 7, 5, 2, 6, 1, 3};
    const int64_t six[6] = {1, 3, 5, 0, 2, 4};
    printf("symmetric %d %d %d %d %d %d\n", nq_is_symmetric(four, 4, false),
           nq_is_symmetric(four, 4, true), nq_is_symmetric(eight, 8, false),
           nq_is_symmetric(eight, 8, true), nq_is_symmetric(six, 6, false),
           nq_is_symmetric(six, 6, true));

    /* every pair of squares of a 6x6 board, queen then superqueen: 1 where they attack */
    for (int knight = 0; knight <= 1; knight++) {
        printf("attacks%d ", knight);
        for (int a = 0; a < 36; a++)
            for (int b = 0; b < 36; b++)
                putchar('0' + nq_attacks(a / 6, a % 6, b / 6, b % 6, knight));
        printf("\n");
        /* the columns of each row a queen on each square of another row attacks */
        printf("rows%d", knight);
        for (int q = 0; q < 36; q++)
            for (int r = 0; r < 6; r++)
                if (r != q / 6)
                    printf(" %llu", (unsigned long long)nq_attacked_row(6, r, q / 6, q % 6, knight));
        printf("\n");
    }

    uint64_t state = 7;
    printf("splitmix64 %llu", (unsigned long long)nq_splitmix64(&state));
    printf(" %llu\n", (unsigned long long)nq_splitmix64(&state));

    uint64_t x = 0;
    uint64_t seed = 3;
    x = nq_splitmix64(&seed); /* the start state of XorShift(3) */
    printf("xorshift");
    for (int i = 0; i < 5; i++)
        printf(" %lld", (long long)nq_rng_below(&x, 1000));
    printf("\n");

    nq_mt mt;
    const uint32_t key[1] = {42};
    nq_mt_seed(&mt, key, 1);
    printf("mt");
    for (int i = 0; i < 3; i++)
        printf(" %u", nq_mt_next(&mt));
    const double uniform = nq_mt_random(&mt);
    const long long below = (long long)nq_mt_below(&mt, 1000);
    printf(" %.17g %lld\n", uniform, below);

    printf("cpu %d %d\n", nq_cpu_level(), nq_cpu_cap());
    return 0;
}
