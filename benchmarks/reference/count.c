/* Reference N-Queens counter for benchmarks/bench_count.py.
 *
 * A plain bitboard search with the left-right mirror halving: the queen of the
 * first row goes into the left half of its row and each count is doubled; for odd
 * n the middle column is counted once. Columns and both diagonals are bit masks,
 * the lowest free square is x & -x, and the search uses an explicit stack.
 *
 * Usage: count N   prints "N TOTAL SECONDS" on one line.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t count_from(int n, uint64_t first) {
    uint64_t full = (n == 64) ? ~0ULL : ((1ULL << n) - 1);
    uint64_t cols[64], d1[64], d2[64], fr[64];
    uint64_t total = 0;
    int d = 1;
    cols[1] = first;
    d1[1] = (first << 1) & full;
    d2[1] = first >> 1;
    fr[1] = full & ~(cols[1] | d1[1] | d2[1]);
    if (n == 1) return 1;
    while (d >= 1) {
        uint64_t f = fr[d];
        if (f == 0) { d--; continue; }
        uint64_t bit = f & (0 - f);
        fr[d] = f ^ bit;
        if (d == n - 1) { total++; continue; }
        uint64_t c = cols[d] | bit;
        uint64_t a = ((d1[d] | bit) << 1) & full;
        uint64_t b = (d2[d] | bit) >> 1;
        d++;
        cols[d] = c; d1[d] = a; d2[d] = b;
        fr[d] = full & ~(c | a | b);
    }
    return total;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: count N\n"); return 2; }
    int n = atoi(argv[1]);
    if (n < 1 || n > 32) { fprintf(stderr, "N must be 1..32\n"); return 2; }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t total = 0;
    if (n == 1) total = 1;
    else {
        for (int c = 0; c < n / 2; c++) total += 2 * count_from(n, 1ULL << c);
        if (n % 2) total += count_from(n, 1ULL << (n / 2));
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
    printf("%d %llu %.4f\n", n, (unsigned long long)total, s);
    return 0;
}
