/* Counting the plain queen board by joining half-boards built from quadrants.
 *
 * A board of n rows splits into a north half (rows 0..k-1, k = n/2 rounded down) and a
 * south half (the last k rows); for odd n the middle row k lies between them and holds
 * one queen whose column is chosen explicitly.  Turned upside down, the placements of
 * the north half are those of the south half, so one list serves both.
 *
 * Quadrants.  The columns split into the west (0..w-1, w = n - k) and the east
 * (w..n-1, k columns).  Every non-attacking placement of queens in the first k rows of
 * the west columns, with any set of rows used, is listed once, and likewise for the
 * east; both lists are small (7.5 million west placements at n = 20).  They are
 * grouped by (columns used, rows used).  A north half placement is a west and an east
 * placement on complementary sets of rows whose diagonals do not meet.
 *
 * A placement is kept as one 64-bit word of its diagonals: the anti-diagonals r + c
 * it occupies (shifted down by k - 1, the low half of the word) and the diagonals
 * c - r + k (the high half).  The queens of two placements attack each other along a
 * diagonal exactly when their words share a bit, and a union of placements is the OR
 * of their words.  From the word of a north placement follow the squares it attacks
 * in row k, and those its upside-down image attacks there (see north_word and
 * south_word): a north and a south placement make a solution when their column sets
 * are complementary and those row masks are disjoint.
 *
 * Classes and passes.  The work splits by the east columns X of the north placement:
 * pass X builds (from the quadrant lists) the north placements whose east columns are
 * X and those whose east columns are the rest of the east, E \ X, which turned upside
 * down are the south partners, a group of west columns at a time, and counts the
 * disjoint pairs of each group pair in bulk.  Both diagonal masks of a row are packed in one
 * word, and the pairs are counted by splitting both groups on one mask bit at a time
 * (pairs = those whose north word lacks the bit + those whose north word has it and
 * whose south word lacks it), ending in a vectorised loop when a side is small.  For
 * even n a group has one partner, so a pass holds two groups at a time; for odd n a
 * group has one partner per middle column, so the smaller class is kept whole and the
 * other built a group at a time.  The passes are the independent subproblems of the
 * count.
 *
 * Symmetry.  The left-right mirror and the top-bottom flip map a pair of column sets
 * to one with as many solutions, so only one set of each orbit is counted, weighted by
 * the orbit's size; for odd n the mirror pairs the middle columns c and n-1-c.  A
 * north set holding column n-1 is never the least of its orbit, so the passes are the
 * east sets X without it: 2^(k-1) of them.
 *
 * Fixed boards.  The fundamental count needs the solutions a half or a quarter turn
 * leaves unchanged.  A separate search places queens by orbits of the half turn (a
 * queen and its image at once) row by row from the top, split by the column of the
 * queen of row 0, and tests each solution found for the quarter turn.
 */
#include "shell_py.h"
#include "nq_board.h"
#include "nq_pyargs.h"
#include "nq_cpu.h"

#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

/* The whole lists are kept to n = 23; beyond, a count goes in parts (build_part). */
#define NQ_HV_MAX_N 28
#define NQ_HV_WHOLE_MAX 23
/* Below this many entries on one side, pairs are tested one by one: sooner when the
 * compare takes 32-bit lanes (a split then pays later), than when it takes 64-bit ones. */
#ifndef NQ_HV_BRUTE_NARROW
#define NQ_HV_BRUTE_NARROW 256
#endif
#ifndef NQ_HV_BRUTE_WIDE
#define NQ_HV_BRUTE_WIDE 64
#endif
/* The most bytes an odd pass keeps as one class (see pass_plan). */
#ifndef NQ_HV_KEEP_MAX
#define NQ_HV_KEEP_MAX ((int64_t)1 << 30)
#endif

static const char MODULE_DOC[] =
    "Counting the plain queen board by joining half-boards built from quadrants (the\n"
    "native core).\n\n"
    "count_pass(n, x) counts the solutions whose north half uses the east columns x\n"
    "(one subproblem); pass_plans(n) gives the memory and size of every pass; count_turns(n, c)\n"
    "counts the solutions a half and a quarter turn leave unchanged with the queen of\n"
    "row 0 in column c.  count_pass(n, x, prefix_bits=L, prefix=p) counts one part of a\n"
    "pass, and part_bytes(n, x, L, p) gives its memory.";

/* ---- the quadrant lists ------------------------------------------------------------ */

/* The placements of one quadrant (rows 0..k-1, columns c0..c0+w-1), grouped by
 * (columns used, relative to c0; rows used).  A quadrant lists either every placement
 * or only those whose first L columns are one of a few allowed prefixes (a part of the
 * count, see build_part): the key of (cols, rows) is
 * ((slot of cols' prefix) << (w - L) | cols >> L) << k | rows, with L = 0 and one
 * slot for the whole list, and the entries of key t lie at word[off[t] .. off[t + 1]). */
typedef struct {
    int c0, w;
    int L;         /* the columns of the prefix */
    int32_t *slot; /* 2^L entries: each allowed prefix's slot, -1 for the others */
    int64_t keys;
    int64_t *off;
    uint64_t *word;
    int64_t len;
} quadrant;

/* The key of the placements of q on columns cols and rows `rows`, or -1 when q does not
 * list their prefix. */
static inline int64_t qkey(const quadrant *q, uint64_t cols, uint64_t rows, int k) {
    const int32_t s = q->slot[cols & nq_full(q->L)];
    if (s < 0)
        return -1;
    return (int64_t)(((((uint64_t)s << (q->w - q->L)) | (cols >> q->L)) << k) | rows);
}

/* Where the placements of q on columns cols and rows `rows` start (*start), and how
 * many there are. */
static inline int64_t qrange(const quadrant *q, uint64_t cols, uint64_t rows, int k,
                             int64_t *start) {
    const int64_t key = qkey(q, cols, rows, k);
    if (key < 0) {
        *start = 0;
        return 0;
    }
    *start = q->off[key];
    return q->off[key + 1] - q->off[key];
}

typedef struct {
    int n, k, w;       /* w: west columns; the east has k */
    quadrant west, east;
    uint32_t *rows_sorted;          /* the 2^k row sets, by size */
    int64_t size_start[NQ_HV_MAX_N + 2]; /* where the sets of each size start there */
    uint64_t pmask, prefix; /* the north groups counted: west columns g, g & pmask == prefix */
    int64_t *bounds; /* whole lists: for each east column set x, class_bound and
                      * largest_group_bound (fill_bounds); NULL for a part's lists */
    bool ready;
} quadrants;

static quadrants CACHE[NQ_HV_WHOLE_MAX + 1];

typedef struct {
    int n, k;
    quadrant *q;
    const int8_t *need; /* per prefix of columns: the fewest more an allowed one needs */
    bool fill;
} lister;

/* All placements of queens in rows r..k-1 of the quadrant, given those above, whose
 * prefix can still become an allowed one.  Not through nq_descend: a quadrant's words
 * carry the diagonals in the board's absolute numbering (r + c, c - r + k), which is what
 * lets two halves be joined by a bit test. */
static void list_rows(lister *ls, int r, uint64_t rows, uint64_t cols, uint64_t anti,
                      uint64_t diag) {
    quadrant *q = ls->q;
    const int k = ls->k;
    if (ls->need[cols & nq_full(q->L)] > k - r)
        return;
    if (r == k) {
        const int64_t key = qkey(q, cols, rows, k);
        if (ls->fill) {
            const uint64_t keep = ((uint64_t)2 << ls->n) - 1u; /* diagonals 0..n */
            q->word[q->off[key]++] = (anti >> (k - 1)) | ((diag & keep) << 32);
        } else {
            q->off[key + 1]++;
        }
        return;
    }
    list_rows(ls, r + 1, rows, cols, anti, diag); /* row r stays empty */
    /* the quadrant's columns j free in row r: column c0 + j lies on anti-diagonal
     * r + c0 + j and diagonal c0 + j - r + k */
    uint64_t free = nq_full(q->w) & ~cols & ~(anti >> (r + q->c0)) &
                    ~(diag >> (q->c0 - r + k));
    while (free) {
        const int j = nq_index(free);
        free &= free - 1;
        const int c = q->c0 + j;
        list_rows(ls, r + 1, rows | (uint64_t)1 << r, cols | (uint64_t)1 << j,
                  anti | (uint64_t)1 << (r + c), diag | (uint64_t)1 << (c - r + k));
    }
}

static void free_quadrant(quadrant *q) {
    free(q->off);
    free(q->word);
    free(q->slot);
    q->off = NULL;
    q->word = NULL;
    q->slot = NULL;
}

/* List the placements of the quadrant of columns c0..c0+w-1 whose first L columns are
 * one of allowed[0..nallowed) (L = 0, allowed {0}: every placement). */
static int build_quadrant(quadrant *q, int n, int k, int c0, int w, int L,
                          const uint64_t *allowed, int nallowed) {
    const size_t prefixes = (size_t)1 << L;
    q->c0 = c0;
    q->w = w;
    q->L = L;
    q->slot = malloc(prefixes * sizeof(int32_t));
    int8_t *need = malloc(prefixes);
    if (!q->slot || !need) {
        free(need);
        free_quadrant(q);
        return -1;
    }
    memset(need, 127, prefixes);
    int32_t slots = 0;
    for (size_t t = 0; t < prefixes; t++)
        q->slot[t] = -1;
    for (int i = 0; i < nallowed; i++) {
        const uint64_t a = allowed[i];
        if (q->slot[a] >= 0)
            continue;
        q->slot[a] = slots++;
        for (uint64_t sub = a;; sub = (sub - 1) & a) { /* every subset of a */
            const int more = nq_popcount(a) - nq_popcount(sub);
            if (more < need[sub])
                need[sub] = (int8_t)more;
            if (!sub)
                break;
        }
    }
    q->keys = (int64_t)slots << (w - L + k);
    q->off = calloc((size_t)q->keys + 1, sizeof(int64_t));
    if (!q->off) {
        free(need);
        free_quadrant(q);
        return -1;
    }
    lister ls = {n, k, q, need, false};
    list_rows(&ls, 0, 0, 0, 0, 0);
    for (int64_t t = 0; t < q->keys; t++)
        q->off[t + 1] += q->off[t];
    q->len = q->off[q->keys];
    q->word = malloc((size_t)(q->len > 0 ? q->len : 1) * sizeof(uint64_t));
    if (!q->word) {
        free(need);
        free_quadrant(q);
        return -1;
    }
    ls.fill = true;
    list_rows(&ls, 0, 0, 0, 0, 0); /* off[t] moves to the start of key t + 1 */
    memmove(q->off + 1, q->off, (size_t)q->keys * sizeof(int64_t));
    q->off[0] = 0;
    free(need);
    return 0;
}

/* Bytes of a quadrant's lists. */
static int64_t quadrant_size(const quadrant *q) {
    return q->len * (int64_t)sizeof(uint64_t) + (q->keys + 1) * (int64_t)sizeof(int64_t) +
           ((int64_t)1 << q->L) * (int64_t)sizeof(int32_t);
}

/* Bytes of the lists of qs. */
static long long lists_bytes(const quadrants *qs) {
    return (long long)(quadrant_size(&qs->west) + quadrant_size(&qs->east)) +
           ((long long)1 << qs->k) * (long long)sizeof(uint32_t);
}

static void free_quadrants(quadrants *qs) {
    free_quadrant(&qs->west);
    free_quadrant(&qs->east);
    free(qs->rows_sorted);
    free(qs->bounds);
    memset(qs, 0, sizeof(*qs));
}

/* The row sets of the north half sorted by size (rows_sorted, size_start). */
static int sort_rows(quadrants *qs) {
    const int k = qs->k;
    qs->rows_sorted = malloc(((size_t)1 << k) * sizeof(uint32_t));
    if (!qs->rows_sorted)
        return -1;
    int64_t m = 0;
    for (int p = 0; p <= k; p++) {
        qs->size_start[p] = m;
        for (uint32_t rows = 0; rows < (1u << k); rows++)
            if (nq_popcount(rows) == p)
                qs->rows_sorted[m++] = rows;
    }
    qs->size_start[k + 1] = m;
    return 0;
}

/* The quadrant lists of n (2 <= n <= NQ_HV_WHOLE_MAX), built on first use and kept.
 * Called without the GIL, under BUILD_LOCK, so that no two threads build them at once. */
static PyThread_type_lock BUILD_LOCK;

static int fill_bounds(quadrants *qs);

static quadrants *get_quadrants(int n) {
    quadrants *qs = &CACHE[n];
    if (qs->ready)
        return qs;
    const int k = n / 2, w = n - k;
    const uint64_t every = 0;
    qs->n = n;
    qs->k = k;
    qs->w = w;
    if (sort_rows(qs) < 0 || build_quadrant(&qs->west, n, k, 0, w, 0, &every, 1) < 0 ||
        build_quadrant(&qs->east, n, k, w, k, 0, &every, 1) < 0 || fill_bounds(qs) < 0) {
        free_quadrants(qs);
        return NULL;
    }
    qs->ready = true;
    return qs;
}

/* The west list of a part: the placements whose first L west columns are `prefix` (the
 * north groups it counts) or a partner's prefix: the rest of the first L columns, and
 * for odd n also that less one column, the middle queen's. */
static int build_west_part(quadrant *q, int n, int L, uint64_t prefix) {
    const int k = n / 2, w = n - k;
    const uint64_t rest = nq_full(L) & ~prefix;
    uint64_t allowed[66];
    int m = 0;
    allowed[m++] = prefix;
    allowed[m++] = rest;
    for (uint64_t left = rest; n % 2 && left; left &= left - 1)
        allowed[m++] = rest & ~nq_lowest(left);
    return build_quadrant(q, n, k, 0, w, L, allowed, m);
}

/* The lists one part of pass x needs, given its west list (borrowed, not freed by
 * free_part): the east list keeps the placements on the east columns x or the rest. */
static int build_part(quadrants *qs, int n, uint64_t x, int L, uint64_t prefix,
                      const quadrant *west) {
    memset(qs, 0, sizeof(*qs));
    const int k = n / 2, w = n - k;
    const uint64_t east[2] = {x, nq_full(k) & ~x};
    qs->n = n;
    qs->k = k;
    qs->w = w;
    qs->west = *west;
    qs->pmask = nq_full(L);
    qs->prefix = prefix;
    if (sort_rows(qs) < 0 || build_quadrant(&qs->east, n, k, w, k, k, east, 2) < 0) {
        free(qs->rows_sorted);
        free_quadrant(&qs->east);
        return -1;
    }
    qs->ready = true;
    return 0;
}

static void free_part(quadrants *qs) {
    free(qs->rows_sorted);
    free_quadrant(&qs->east);
    memset(qs, 0, sizeof(*qs));
}

/* The west list of the last part counted, kept for the next part with the same prefix
 * (the parts of one prefix are the passes, listed one after another): one list, shared by
 * the threads counting that prefix; a thread that needs another while it is in use makes
 * its own.  Used under BUILD_LOCK. */
static struct {
    int n, L;
    uint64_t prefix;
    int users;
    bool ready;
    quadrant west;
} LAST_WEST;

/* The west list of part (n, L, prefix): LAST_WEST's (*shared set) or a new one of the
 * caller's own; -1 when memory runs out.  Called without the GIL. */
static int borrow_west(int n, int L, uint64_t prefix, quadrant *out, bool *shared) {
    int rc = 0;
    PyThread_acquire_lock(BUILD_LOCK, WAIT_LOCK);
    const bool same = LAST_WEST.ready && LAST_WEST.n == n && LAST_WEST.L == L &&
                      LAST_WEST.prefix == prefix;
    *shared = same || LAST_WEST.users == 0;
    if (!same && *shared) { /* nobody uses the last one: replace it */
        if (LAST_WEST.ready)
            free_quadrant(&LAST_WEST.west);
        LAST_WEST.ready = false;
        rc = build_west_part(&LAST_WEST.west, n, L, prefix);
        if (rc == 0) {
            LAST_WEST.n = n;
            LAST_WEST.L = L;
            LAST_WEST.prefix = prefix;
            LAST_WEST.ready = true;
        }
    }
    if (rc == 0 && *shared) {
        LAST_WEST.users++;
        *out = LAST_WEST.west;
    }
    PyThread_release_lock(BUILD_LOCK);
    if (rc == 0 && !*shared)
        rc = build_west_part(out, n, L, prefix);
    return rc;
}

static void return_west(quadrant *west, bool shared) {
    if (!shared) {
        free_quadrant(west);
        return;
    }
    PyThread_acquire_lock(BUILD_LOCK, WAIT_LOCK);
    LAST_WEST.users--;
    PyThread_release_lock(BUILD_LOCK);
}

/* ---- groups of north placements -------------------------------------------------- */

/* The row sets of the north half, by size: rows_of_size(qs, p) lists those of p rows. */
static const uint32_t *rows_of_size(const quadrants *qs, int p, int64_t *count) {
    *count = qs->size_start[p + 1] - qs->size_start[p];
    return qs->rows_sorted + qs->size_start[p];
}

/* At most how many north placements use west columns g and east columns x (relative to
 * the east's first column): the west-east pairs on complementary rows, before the
 * diagonal test. */
static int64_t group_bound(const quadrants *qs, uint64_t g, uint64_t x) {
    const int k = qs->k, need = nq_popcount(g);
    if (need + nq_popcount(x) != k)
        return 0;
    const uint64_t rows_full = nq_full(k);
    int64_t count, bound = 0;
    const uint32_t *rows = rows_of_size(qs, need, &count);
    for (int64_t i = 0; i < count; i++) {
        int64_t w0, e0;
        const int64_t nw = qrange(&qs->west, g, rows[i], k, &w0);
        if (nw)
            bound += nw * qrange(&qs->east, x, rows_full & ~rows[i], k, &e0);
    }
    return bound;
}

/* The joins of west words w[0..nw) with east words e[0..ne): a | b for each pair that
 * shares no bit, written to out (which has room for nw * ne); returns how many. */
static int64_t join_plain(const uint64_t *w, int64_t nw, const uint64_t *e, int64_t ne,
                          uint64_t *out) {
    int64_t len = 0;
    for (int64_t i = 0; i < nw; i++) {
        const uint64_t a = w[i];
        uint64_t *dst = out + len;
        int64_t m = 0;
        for (int64_t j = 0; j < ne; j++) { /* branch-free: write, keep if disjoint */
            const uint64_t b = e[j];
            dst[m] = a | b;
            m += (a & b) == 0;
        }
        len += m;
    }
    return len;
}

#ifdef NQ_CPU_X86
/* join_plain, eight east words a step: the joins kept are packed to the front of the
 * vector and stored with a mask, so that nothing is written past them. */
__attribute__((target("avx512f,popcnt"))) static int64_t
join_avx512(const uint64_t *w, int64_t nw, const uint64_t *e, int64_t ne, uint64_t *out) {
    int64_t len = 0;
    for (int64_t i = 0; i < nw; i++) {
        const __m512i a = _mm512_set1_epi64((long long)w[i]);
        for (int64_t j = 0; j < ne; j += 8) {
            const int64_t left = ne - j;
            const __mmask8 in = left >= 8 ? (__mmask8)0xff : (__mmask8)((1u << left) - 1u);
            const __m512i b = _mm512_maskz_loadu_epi64(in, e + j);
            const __mmask8 keep = _mm512_mask_testn_epi64_mask(in, a, b);
            const __m512i joined = _mm512_maskz_compress_epi64(keep, _mm512_or_si512(a, b));
            const int got = __builtin_popcount((unsigned)keep);
            _mm512_mask_storeu_epi64(out + len, (__mmask8)((1u << got) - 1u), joined);
            len += got;
        }
    }
    return len;
}
#endif

/* Whether the joins use AVX-512 (this CPU runs it, within NQUEENS_CPU): set when the
 * module loads. */
static bool JOIN_WIDE = false;

/* Write the north placements of west columns g and east columns x whose west queens
 * use rows v (the east ones the others) to out; returns how many there are. */
static int64_t join_rows(const quadrants *qs, uint64_t g, uint64_t x, uint64_t v,
                         uint64_t *out) {
    const int k = qs->k;
    const quadrant *we = &qs->west, *ea = &qs->east;
    int64_t w0, e0;
    const int64_t nw = qrange(we, g, v, k, &w0);
    const int64_t ne = nw ? qrange(ea, x, nq_full(k) & ~v, k, &e0) : 0;
    if (!ne)
        return 0;
#ifdef NQ_CPU_X86
    if (JOIN_WIDE)
        return join_avx512(we->word + w0, nw, ea->word + e0, ne, out);
#endif
    return join_plain(we->word + w0, nw, ea->word + e0, ne, out);
}

/* Write the north placements of west columns g and east columns x to out (room for
 * group_bound entries); returns how many there are. */
static int64_t list_group(const quadrants *qs, uint64_t g, uint64_t x, uint64_t *out) {
    const int k = qs->k, need = nq_popcount(g);
    if (need + nq_popcount(x) != k)
        return 0;
    int64_t count, len = 0;
    const uint32_t *rows = rows_of_size(qs, need, &count);
    for (int64_t r = 0; r < count; r++)
        len += join_rows(qs, g, x, rows[r], out + len);
    return len;
}

/* The north placements of east columns x, grouped by west columns: group g lies at
 * word[start[g] .. start[g + 1]). */
typedef struct {
    uint64_t *word;
    int64_t *start; /* 2^w + 1 entries */
    int64_t len;
} north_class;

/* The bounds of every group of class x: their sum (*all) and the largest (at least 1). */
static void sweep_groups(const quadrants *qs, uint64_t x, int64_t *all, int64_t *big) {
    *all = 0;
    *big = 1;
    for (uint64_t g = 0; g < ((uint64_t)1 << qs->w); g++) {
        const int64_t b = group_bound(qs, g, x);
        *all += b;
        if (b > *big)
            *big = b;
    }
}

/* Both bounds of every class of the whole lists, swept once: a count asks for each of
 * them several times (the size of each pass, its plan, its buffers). */
static int fill_bounds(quadrants *qs) {
    const uint64_t classes = (uint64_t)1 << qs->k;
    qs->bounds = malloc(2 * classes * sizeof(int64_t));
    if (!qs->bounds)
        return -1;
    for (uint64_t x = 0; x < classes; x++)
        sweep_groups(qs, x, &qs->bounds[2 * x], &qs->bounds[2 * x + 1]);
    return 0;
}

static int64_t class_bound(const quadrants *qs, uint64_t x) {
    if (qs->bounds)
        return qs->bounds[2 * x];
    int64_t all, big;
    sweep_groups(qs, x, &all, &big);
    return all;
}

static int64_t largest_group_bound(const quadrants *qs, uint64_t x) {
    if (qs->bounds)
        return qs->bounds[2 * x + 1];
    int64_t all, big;
    sweep_groups(qs, x, &all, &big);
    return big;
}

/* Fill c (whose word has room for class_bound entries) with class x. */
static void list_class(const quadrants *qs, uint64_t x, north_class *c) {
    int64_t len = 0;
    for (uint64_t g = 0; g < ((uint64_t)1 << qs->w); g++) {
        c->start[g] = len;
        len += list_group(qs, g, x, c->word + len);
    }
    c->start[(uint64_t)1 << qs->w] = len;
    c->len = len;
}

/* ---- counting disjoint pairs ------------------------------------------------------ */

/* Move the entries of v[0..len) without `bit` to the front; returns how many there
 * are.  Branch-free: the entries between the front and i all have the bit, so the
 * swap done when v[i] has it too exchanges two entries with the bit. */
static inline size_t partition(uint64_t *v, size_t len, uint64_t bit) {
    size_t front = 0;
    for (size_t i = 0; i < len; i++) {
        const uint64_t x = v[i], t = v[front];
        v[front] = x;
        v[i] = t;
        front += (x & bit) == 0;
    }
    return front;
}

/* Room for the words of the largest group on each side, narrowed to 32 bits: one block,
 * which a partition by AVX-512 also borrows whole (`spill`, as many 64-bit words as the
 * larger group) for the entries it moves to the back. */
typedef struct {
    uint32_t *a, *b;
    uint64_t *spill;
    int simd;     /* the form of the compare (NQ_SIMD_...) */
    size_t brute; /* below this many entries on a side, pairs are tested one by one */
} pair_scratch;

/* Pairs of a[0..na) x b[0..nb) with (a & bits & b) == 0, one by one: four north words
 * against each south word, so that one load serves four tests. */
static uint64_t pairs_one_by_one(const uint64_t *a, size_t na, const uint64_t *b, size_t nb,
                                 uint64_t bits) {
    uint64_t total = 0;
    size_t i = 0;
    for (; i + 4 <= na; i += 4) {
        const uint64_t x0 = a[i] & bits, x1 = a[i + 1] & bits;
        const uint64_t x2 = a[i + 2] & bits, x3 = a[i + 3] & bits;
        uint64_t c = 0;
        for (size_t j = 0; j < nb; j++) {
            const uint64_t y = b[j];
            c += (uint64_t)(((x0 & y) == 0) + ((x1 & y) == 0) + ((x2 & y) == 0) +
                            ((x3 & y) == 0));
        }
        total += c;
    }
    for (; i < na; i++) {
        const uint64_t x = a[i] & bits;
        uint64_t c = 0;
        for (size_t j = 0; j < nb; j++)
            c += (x & b[j]) == 0;
        total += c;
    }
    return total;
}

/* The forms of the small-group compare, picked once for the CPU that runs the module
 * (so that a portable build still uses the vector units a machine has):
 *   0 plain: the loop above, as the compiler vectorises it for the build's target;
 *   1 avx2: words folded to 32 bits where the bits both sides use allow it (the high
 *     half shifted onto free bits of the low one: no pext), eight per compare, else
 *     64-bit words, four per compare;
 *   2 avx2 narrow: words narrowed to the bits both sides use (pext), eight per compare;
 *   3 avx512 narrow: the same, sixteen per compare.
 * Narrowing needs a fast pext, which the first two AMD Zen generations lack. */
enum { NQ_SIMD_PLAIN, NQ_SIMD_AVX2, NQ_SIMD_AVX2_NARROW, NQ_SIMD_AVX512_NARROW, NQ_SIMD_FORMS };
static const char *const SIMD_NAMES[NQ_SIMD_FORMS] = {"plain", "avx2", "avx2-narrow",
                                                      "avx512-narrow"};
/* The form this CPU runs best (within NQUEENS_CPU), found when the module loads: the
 * default of count_pass. */
static int BEST_SIMD = NQ_SIMD_PLAIN;

#if defined(__x86_64__) && defined(__GNUC__)
#define NQ_HV_X86 1

__attribute__((target("avx2"))) static uint64_t
pairs_avx2(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, uint64_t bits) {
    const size_t nb4 = nb & ~(size_t)3;
    const __m256i zero = _mm256_setzero_si256();
    uint64_t total = 0;
    size_t i = 0;
    for (; i + 4 <= na; i += 4) {
        const __m256i x0 = _mm256_set1_epi64x((long long)(a[i] & bits));
        const __m256i x1 = _mm256_set1_epi64x((long long)(a[i + 1] & bits));
        const __m256i x2 = _mm256_set1_epi64x((long long)(a[i + 2] & bits));
        const __m256i x3 = _mm256_set1_epi64x((long long)(a[i + 3] & bits));
        __m256i c0 = zero, c1 = zero, c2 = zero, c3 = zero;
        for (size_t j = 0; j < nb4; j += 4) {
            const __m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(b + j));
            c0 = _mm256_sub_epi64(c0, _mm256_cmpeq_epi64(_mm256_and_si256(x0, y), zero));
            c1 = _mm256_sub_epi64(c1, _mm256_cmpeq_epi64(_mm256_and_si256(x1, y), zero));
            c2 = _mm256_sub_epi64(c2, _mm256_cmpeq_epi64(_mm256_and_si256(x2, y), zero));
            c3 = _mm256_sub_epi64(c3, _mm256_cmpeq_epi64(_mm256_and_si256(x3, y), zero));
        }
        uint64_t lanes[4];
        _mm256_storeu_si256((__m256i *)(void *)lanes,
                            _mm256_add_epi64(_mm256_add_epi64(c0, c1), _mm256_add_epi64(c2, c3)));
        total += lanes[0] + lanes[1] + lanes[2] + lanes[3];
        for (size_t j = nb4; j < nb; j++) {
            const uint64_t y = b[j];
            total += (uint64_t)((((a[i] & bits) & y) == 0) + (((a[i + 1] & bits) & y) == 0) +
                                (((a[i + 2] & bits) & y) == 0) + (((a[i + 3] & bits) & y) == 0));
        }
    }
    if (i < na)
        total += pairs_one_by_one(a + i, na - i, b, nb, bits);
    return total;
}

/* Narrow both sides to the bits in `used` (at most 32 of them). */
__attribute__((target("bmi2"))) static void narrow(const uint64_t *a, size_t na,
                                                  const uint64_t *b, size_t nb, uint64_t used,
                                                  pair_scratch *scratch) {
    for (size_t i = 0; i < na; i++)
        scratch->a[i] = (uint32_t)_pext_u64(a[i], used);
    for (size_t j = 0; j < nb; j++)
        scratch->b[j] = (uint32_t)_pext_u64(b[j], used);
}

__attribute__((target("avx2"))) static uint64_t pairs_narrow_avx2(const uint32_t *a, size_t na,
                                                                 const uint32_t *b, size_t nb) {
    const size_t nb8 = nb & ~(size_t)7;
    const __m256i zero = _mm256_setzero_si256();
    uint64_t total = 0;
    size_t i = 0;
    for (; i + 4 <= na; i += 4) {
        const __m256i x0 = _mm256_set1_epi32((int)a[i]), x1 = _mm256_set1_epi32((int)a[i + 1]);
        const __m256i x2 = _mm256_set1_epi32((int)a[i + 2]), x3 = _mm256_set1_epi32((int)a[i + 3]);
        __m256i c0 = zero, c1 = zero, c2 = zero, c3 = zero;
        for (size_t j = 0; j < nb8; j += 8) {
            const __m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(b + j));
            c0 = _mm256_sub_epi32(c0, _mm256_cmpeq_epi32(_mm256_and_si256(x0, y), zero));
            c1 = _mm256_sub_epi32(c1, _mm256_cmpeq_epi32(_mm256_and_si256(x1, y), zero));
            c2 = _mm256_sub_epi32(c2, _mm256_cmpeq_epi32(_mm256_and_si256(x2, y), zero));
            c3 = _mm256_sub_epi32(c3, _mm256_cmpeq_epi32(_mm256_and_si256(x3, y), zero));
        }
        /* at most nb / 8 per lane and counter: no 32-bit lane overflows */
        uint32_t lanes[8];
        _mm256_storeu_si256((__m256i *)(void *)lanes,
                            _mm256_add_epi32(_mm256_add_epi32(c0, c1), _mm256_add_epi32(c2, c3)));
        for (int l = 0; l < 8; l++)
            total += lanes[l];
        for (size_t j = nb8; j < nb; j++)
            total += (uint64_t)(((a[i] & b[j]) == 0) + ((a[i + 1] & b[j]) == 0) +
                                ((a[i + 2] & b[j]) == 0) + ((a[i + 3] & b[j]) == 0));
    }
    for (; i < na; i++)
        for (size_t j = 0; j < nb; j++)
            total += (a[i] & b[j]) == 0;
    return total;
}

/* Sixteen south words per AVX-512 compare, four north words per load. Two north words
 * add their matches into vector counters, the other two count theirs from the compare's
 * mask with popcnt: the integer units take half the additions off the vector units
 * (about 7 % less time for the whole count of n = 16 than four vector counters). The last
 * south words (fewer than sixteen) are compared under a mask, and the last north words
 * (fewer than four) one at a time. */
__attribute__((target("avx512f,popcnt"))) static uint64_t
pairs_narrow_avx512(const uint32_t *a, size_t na, const uint32_t *b, size_t nb) {
    const __m512i one = _mm512_set1_epi32(1);
    const size_t nb16 = nb & ~(size_t)15;
    const __mmask16 tail = (__mmask16)((1u << (nb - nb16)) - 1u);
    const __m512i yt = _mm512_maskz_loadu_epi32(tail, (const void *)(b + nb16));
    uint64_t total = 0, pop = 0;
    size_t i = 0;
    for (; i + 4 <= na; i += 4) {
        const __m512i x0 = _mm512_set1_epi32((int)a[i]), x1 = _mm512_set1_epi32((int)a[i + 1]);
        const __m512i x2 = _mm512_set1_epi32((int)a[i + 2]), x3 = _mm512_set1_epi32((int)a[i + 3]);
        __m512i c0 = _mm512_setzero_si512(), c1 = c0;
        for (size_t j = 0; j < nb16; j += 16) {
            const __m512i y = _mm512_loadu_si512((const void *)(b + j));
            c0 = _mm512_mask_add_epi32(c0, _mm512_testn_epi32_mask(x0, y), c0, one);
            c1 = _mm512_mask_add_epi32(c1, _mm512_testn_epi32_mask(x1, y), c1, one);
            pop += (uint64_t)__builtin_popcount((unsigned)_mm512_testn_epi32_mask(x2, y)) +
                   (uint64_t)__builtin_popcount((unsigned)_mm512_testn_epi32_mask(x3, y));
        }
        c0 = _mm512_mask_add_epi32(c0, _mm512_mask_testn_epi32_mask(tail, x0, yt), c0, one);
        c1 = _mm512_mask_add_epi32(c1, _mm512_mask_testn_epi32_mask(tail, x1, yt), c1, one);
        pop += (uint64_t)__builtin_popcount((unsigned)_mm512_mask_testn_epi32_mask(tail, x2, yt)) +
               (uint64_t)__builtin_popcount((unsigned)_mm512_mask_testn_epi32_mask(tail, x3, yt));
        /* at most nb / 16 + 1 per lane and counter: no 32-bit lane overflows */
        total += (uint64_t)(uint32_t)_mm512_reduce_add_epi32(_mm512_add_epi32(c0, c1));
    }
    for (; i < na; i++) {
        const __m512i x = _mm512_set1_epi32((int)a[i]);
        __m512i c = _mm512_setzero_si512();
        for (size_t j = 0; j < nb16; j += 16)
            c = _mm512_mask_add_epi32(
                c, _mm512_testn_epi32_mask(x, _mm512_loadu_si512((const void *)(b + j))), c,
                one);
        c = _mm512_mask_add_epi32(c, _mm512_mask_testn_epi32_mask(tail, x, yt), c, one);
        total += (uint64_t)(uint32_t)_mm512_reduce_add_epi32(c);
    }
    return total + pop;
}

/* partition() with AVX-512, eight entries a step: those without the bit packed to the
 * front in place (never past what the step has read), those with it into spill, then
 * copied after them. */
__attribute__((target("avx512f,popcnt"))) static size_t
partition_avx512(uint64_t *v, size_t len, uint64_t bit, uint64_t *spill) {
    const __m512i b = _mm512_set1_epi64((long long)bit);
    size_t front = 0, back = 0;
    for (size_t i = 0; i < len; i += 8) {
        const __mmask8 in = len - i >= 8 ? (__mmask8)0xff : (__mmask8)((1u << (len - i)) - 1u);
        const __m512i x = _mm512_maskz_loadu_epi64(in, (const void *)(v + i));
        const __mmask8 without = _mm512_mask_testn_epi64_mask(in, x, b);
        const __mmask8 with = in & (__mmask8)~without;
        const unsigned k = (unsigned)__builtin_popcount(without);
        const unsigned h = (unsigned)__builtin_popcount(with);
        _mm512_mask_storeu_epi64((void *)(v + front), (__mmask8)((1u << k) - 1u),
                                 _mm512_maskz_compress_epi64(without, x));
        _mm512_mask_storeu_epi64((void *)(spill + back), (__mmask8)((1u << h) - 1u),
                                 _mm512_maskz_compress_epi64(with, x));
        front += k;
        back += h;
    }
    memcpy(v + front, spill, back * sizeof(uint64_t));
    return front;
}
#endif

/* The best form of the compare at this CPU's level (nq_cpu.h). */
static int best_simd(void) {
#ifdef NQ_HV_X86
    const int level = nq_cpu_level();
    const bool fast_pext = nq_cpu_fast_pext();
    if (fast_pext && level >= NQ_CPU_AVX512)
        return NQ_SIMD_AVX512_NARROW;
    if (fast_pext && level >= NQ_CPU_AVX2)
        return NQ_SIMD_AVX2_NARROW;
    if (level >= NQ_CPU_AVX2)
        return NQ_SIMD_AVX2;
#endif
    return NQ_SIMD_PLAIN;
}

/* The shift s that folds the high half of the bits in `used` onto the low half without
 * two of them meeting, within 32 bits ((used >> 32) << s below 2^32, disjoint from the
 * low half), or -1 when there is none. */
static int fold_shift(uint64_t used) {
    const uint64_t lo = used & 0xffffffffu, hi = used >> 32;
    for (int s = 0; s < 32; s++) {
        const uint64_t moved = hi << s;
        if (moved >> 32)
            return -1;
        if (!(moved & lo))
            return s;
    }
    return -1;
}

/* Narrow both sides to 32 bits by folding (fold_shift): a pext the CPU need not have. */
static void fold(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, uint64_t used,
                 int shift, pair_scratch *scratch) {
    const uint64_t lo = used & 0xffffffffu, hi = used >> 32;
    for (size_t i = 0; i < na; i++)
        scratch->a[i] = (uint32_t)((a[i] & lo) | (((a[i] >> 32) & hi) << shift));
    for (size_t j = 0; j < nb; j++)
        scratch->b[j] = (uint32_t)((b[j] & lo) | (((b[j] >> 32) & hi) << shift));
}

/* Pairs of a small side against the other: only the bits both sides use can clash;
 * when they are at most 32 (the usual case once the larger bits are split off) the
 * words are narrowed to them first. */
static uint64_t pairs_small(const uint64_t *a, size_t na, const uint64_t *b, size_t nb,
                            uint64_t bits, pair_scratch *scratch) {
    if (na > nb) {
        const uint64_t *t = a;
        a = b;
        b = t;
        const size_t tn = na;
        na = nb;
        nb = tn;
    }
    uint64_t oa = 0, ob = 0;
    for (size_t i = 0; i < na; i++)
        oa |= a[i];
    for (size_t j = 0; j < nb; j++)
        ob |= b[j];
    const uint64_t used = bits & oa & ob;
    if (!used)
        return (uint64_t)na * nb;
#ifdef NQ_HV_X86
    const int simd = scratch->simd;
    if (simd >= NQ_SIMD_AVX2_NARROW && nq_popcount(used) <= 32 && nb >= 16) {
        narrow(a, na, b, nb, used, scratch);
        return simd == NQ_SIMD_AVX512_NARROW ? pairs_narrow_avx512(scratch->a, na, scratch->b, nb)
                                             : pairs_narrow_avx2(scratch->a, na, scratch->b, nb);
    }
    if (simd >= NQ_SIMD_AVX2) {
        const int shift = nb >= 16 ? fold_shift(used) : -1;
        if (shift < 0)
            return pairs_avx2(a, na, b, nb, used);
        fold(a, na, b, nb, used, shift, scratch);
        return pairs_narrow_avx2(scratch->a, na, scratch->b, nb);
    }
#else
    (void)scratch;
#endif
    return pairs_one_by_one(a, na, b, nb, used);
}

/* partition(), by AVX-512 where the compares take it. */
static inline size_t split(uint64_t *v, size_t len, uint64_t bit, const pair_scratch *scratch) {
#ifdef NQ_HV_X86
    if (scratch->simd == NQ_SIMD_AVX512_NARROW)
        return partition_avx512(v, len, bit, scratch->spill);
#endif
    (void)scratch;
    return partition(v, len, bit);
}

/* Pairs (a, b) of a[0..na) x b[0..nb) with a & b == 0, given that the bits other than
 * order[0..norder) are already known to be disjoint for every pair; the bits are split
 * on in that order.  Reorders both arrays. */
static uint64_t disjoint_pairs(uint64_t *a, size_t na, uint64_t *b, size_t nb,
                               const uint64_t *order, int norder, pair_scratch *scratch) {
    uint64_t total = 0;
    for (;;) {
        if (na == 0 || nb == 0)
            return total;
        if (!norder)
            return total + (uint64_t)na * nb;
        if (na < scratch->brute || nb < scratch->brute) {
            uint64_t bits = 0;
            for (int i = 0; i < norder; i++)
                bits |= order[i];
            return total + pairs_small(a, na, b, nb, bits, scratch);
        }
        uint64_t bit = *order++;
        norder--;
        /* a: entries without the bit first; b likewise */
        size_t a0 = split(a, na, bit, scratch);
        if (a0 == na)
            continue;
        size_t b0 = split(b, nb, bit, scratch);
        if (b0 == nb)
            continue;
        /* north with the bit against south without it, then north without it against
         * all of south (the first call only reorders inside those ranges) */
        total += disjoint_pairs(a + a0, na - a0, b, b0, order, norder, scratch);
        na = a0;
    }
}

/* Words of each side a split order is judged on, and the least size of both sides for
 * which judging it pays (below, the fixed order of split_order). */
#define ORDER_SAMPLE 128
#define ORDER_FROM 1024

/* The split order for one pair of groups: the bits of order, most pruning first, judged
 * on a sample of each side (a split on a bit removes the pairs that both hold it). */
static void pair_order(const uint64_t *a, int64_t na, const uint64_t *b, int64_t nb,
                       const uint64_t *order, int norder, uint64_t *out) {
    int64_t ca[64] = {0}, cb[64] = {0};
    const int64_t sa = na > ORDER_SAMPLE ? na / ORDER_SAMPLE : 1;
    const int64_t sb = nb > ORDER_SAMPLE ? nb / ORDER_SAMPLE : 1;
    for (int64_t i = 0; i < na; i += sa)
        for (int t = 0; t < norder; t++)
            ca[t] += (a[i] & order[t]) != 0;
    for (int64_t j = 0; j < nb; j += sb)
        for (int t = 0; t < norder; t++)
            cb[t] += (b[j] & order[t]) != 0;
    double score[64];
    int idx[64];
    for (int t = 0; t < norder; t++) {
        score[t] = (double)ca[t] * (double)cb[t];
        idx[t] = t;
    }
    for (int t = 1; t < norder; t++) { /* insertion sort, stable: ties keep the old order */
        const int v = idx[t];
        int u = t - 1;
        while (u >= 0 && score[idx[u]] < score[v]) {
            idx[u + 1] = idx[u];
            u--;
        }
        idx[u + 1] = v;
    }
    for (int t = 0; t < norder; t++)
        out[t] = order[idx[t]];
}

/* disjoint_pairs of two groups, split on the bits in the order that prunes most for
 * them (pair_order); small groups go straight to the compares. */
static uint64_t count_pairs(uint64_t *a, size_t na, uint64_t *b, size_t nb,
                            const uint64_t *order, int norder, pair_scratch *scratch) {
    if (na < ORDER_FROM || nb < ORDER_FROM || norder > 64)
        return disjoint_pairs(a, na, b, nb, order, norder, scratch);
    uint64_t mine[64];
    pair_order(a, (int64_t)na, b, (int64_t)nb, order, norder, mine);
    return disjoint_pairs(a, na, b, nb, mine, norder, scratch);
}

/* Split on the squares near the middle of the row first: they are the most often
 * attacked, so a split there removes the most pairs. */
static int split_order(int n, uint64_t *order) {
    int m = 0;
    for (int dist = 0; dist < n; dist++)
        for (int side = 0; side < 2; side++) {
            int col = side ? (n - 1) / 2 - dist : n / 2 + dist;
            if (col < 0 || col >= n || (side && (n - 1) / 2 - dist == n / 2 + dist))
                continue;
            order[m++] = (uint64_t)1 << col;
            order[m++] = (uint64_t)1 << (col + 32);
        }
    return m;
}

/* The row-k masks of a north placement's word, packed (anti-diagonal direction low,
 * diagonal direction high), and those of its upside-down image in the same row, in
 * the same packing: a north and a south word that share no bit do not attack each
 * other.  For even n row k is the south half's first row, for odd n the middle row. */
static inline uint64_t north_word(uint64_t e, uint64_t full) {
    const uint64_t s = e & 0xffffffffu, u = e >> 32;
    return ((s >> 1) & full) | ((u & full) << 32);
}

static inline uint64_t south_word(uint64_t e, bool odd, uint64_t full) {
    const uint64_t s = e & 0xffffffffu, u = e >> 32;
    if (odd)
        return (u & full) | (((s >> 1) & full) << 32);
    return ((u >> 1) & full) | ((s & full) << 32);
}

/* The board columns of west group g and east set x. */
static inline uint64_t columns_of(uint64_t g, uint64_t x, int w) { return g | (x << w); }

static inline uint64_t mirror(uint64_t cols, int n) {
    uint64_t m = 0;
    while (cols) {
        uint64_t bit = nq_lowest(cols);
        cols ^= bit;
        m |= (uint64_t)1 << (n - 1 - nq_index(bit));
    }
    return m;
}

typedef struct {
    int64_t total;
    int64_t listed; /* words that entered its pair counts, both sides */
    /* the total again, added up separately by the north group's west columns (as a
     * binary number) modulo 3: the check a result carries */
    int64_t slices[3];
} pass_result;

/* The pass's memory: for even n a north group and its south partner at a time; for
 * odd n the smaller of the two classes whole, the other a group at a time, and the
 * words of the two groups being joined.  An odd pass whose smaller class would take
 * more than NQ_HV_KEEP_MAX bytes builds that side's groups again for each partner
 * instead (the largest passes of n = 23: 8 GiB kept otherwise, 1 GiB so). */
typedef struct {
    bool keep_north; /* odd n: the north class is the one kept (else the south one) */
    bool rebuild;    /* odd n: its groups are built again for each partner, not kept */
    int64_t bytes;
    int64_t kept, stream, kept_group; /* entries of each buffer */
} pass_plan;

/* The two buffers of narrowed words (pair_scratch), each for the larger group. */
static int64_t narrow_bytes(const pass_plan *p) {
    const int64_t wider = p->stream > p->kept_group ? p->stream : p->kept_group;
    return 2 * wider * (int64_t)sizeof(uint32_t);
}

static pass_plan plan_pass(const quadrants *qs, uint64_t x, int64_t keep_max) {
    const uint64_t y = nq_full(qs->k) & ~x;
    pass_plan p = {false, false, 0, 0, 0, 0};
    if (qs->n % 2 == 0) {
        p.stream = largest_group_bound(qs, x);
        p.kept_group = largest_group_bound(qs, y);
        p.bytes = (p.stream + 2 * p.kept_group) * (int64_t)sizeof(uint64_t) + /* + gather */
                  narrow_bytes(&p);
        return p;
    }
    const int64_t bx = class_bound(qs, x), by = class_bound(qs, y);
    p.keep_north = bx <= by;
    p.kept = (p.keep_north ? bx : by) + 1;
    p.rebuild = p.kept * (int64_t)sizeof(uint64_t) > keep_max;
    p.stream = largest_group_bound(qs, p.keep_north ? y : x);
    p.kept_group = largest_group_bound(qs, p.keep_north ? x : y);
    if (p.rebuild) /* one group of the kept side at a time, in place of the class */
        p.kept = p.kept_group;
    p.bytes = (p.kept + 2 * p.stream + p.kept_group) * (int64_t)sizeof(uint64_t) +
              narrow_bytes(&p) + (((int64_t)1 << qs->w) + 1) * (int64_t)sizeof(int64_t);
    return p;
}

/* Size of the orbit of north column set c under the mirror and the flip, or 0 when c
 * is not the least of its orbit (another member counts for it). */
static int orbit_weight(uint64_t c, int n) {
    const uint64_t full = nq_full(n), mc = mirror(c, n);
    const uint64_t orbit[4] = {c, full & ~c, mc, full & ~mc};
    int size = 0;
    for (int i = 0; i < 4; i++) {
        if (orbit[i] < c)
            return 0;
        bool seen = false;
        for (int j = 0; j < i; j++)
            seen |= orbit[j] == orbit[i];
        size += !seen;
    }
    return size;
}

/* ---- even n: the whole symmetry group of the square ------------------------------ *
 *
 * For even n = 2k a solution's queens fall into the four k x k quadrants.  Its
 * signature is (g, x, r, u): the west columns g and the east columns x (relative to
 * column k) of its north half, the rows r of the north half's west queens, and the rows
 * u of the south half's west queens, counted from the bottom row (row n-1-i is i): the
 * row set of the south partner's west quadrant as list_group builds it.  The
 * symmetries of the square act on signatures: the mirror M sends (g, x, r, u) to
 * (rev x, rev g, ~r, ~u), the flip V to (~g, ~x, u, r), the transpose T to
 * (r, rev u, g, rev x) (rev reverses k bits, ~ complements them), and the solutions of
 * two signatures of one orbit are as many.  The passes visit the signatures whose
 * column set g | x << k is the least of its orbit under M and V; among the visited
 * members of an orbit of the 8 symmetries, only the least (by column set, then r, then
 * u) is counted, weighted by the orbit's size. */

static inline uint64_t rev64(uint64_t v) {
    v = ((v >> 1) & 0x5555555555555555u) | ((v & 0x5555555555555555u) << 1);
    v = ((v >> 2) & 0x3333333333333333u) | ((v & 0x3333333333333333u) << 2);
    v = ((v >> 4) & 0x0f0f0f0f0f0f0f0fu) | ((v & 0x0f0f0f0f0f0f0f0fu) << 4);
    return __builtin_bswap64(v);
}

/* The k low bits of v in reverse order. */
static inline uint64_t rev_k(uint64_t v, int k) { return rev64(v) >> (64 - k); }

/* The least of a column set's orbit under the mirror and the complement (the flip). */
static inline uint64_t mv_least(uint64_t c, int n) {
    const uint64_t full = nq_full(n), m = rev_k(c, n);
    uint64_t least = c;
    const uint64_t other[3] = {full & ~c, m, full & ~m};
    for (int i = 0; i < 3; i++)
        least = other[i] < least ? other[i] : least;
    return least;
}

/* The least high half a transposed signature with west rows v can have: min(rev v, ~rev v). */
static inline uint64_t least_high(uint64_t v, int k) {
    const uint64_t r = rev_k(v, k), c = nq_full(k) & ~r;
    return r < c ? r : c;
}

/* The weight of signature (g, x, r, u), whose column set is the least of its mirror-flip
 * orbit: the size of its orbit under the 8 symmetries when it is the least visited member,
 * else 0. */
static int d4_weight(uint64_t g, uint64_t x, uint64_t r, uint64_t u, int k) {
    const uint64_t f = nq_full(k);
    uint64_t img[8][4] = {{g, x, r, u}, {r, rev_k(u, k), g, rev_k(x, k)}};
    for (int t = 0; t < 2; t++) { /* the mirror, the flip and both, of t and of T t */
        const uint64_t *a = img[t];
        uint64_t *m = img[2 + 3 * t], *v = img[3 + 3 * t], *mv = img[4 + 3 * t];
        m[0] = rev_k(a[1], k); m[1] = rev_k(a[0], k); m[2] = f & ~a[2]; m[3] = f & ~a[3];
        v[0] = f & ~a[0]; v[1] = f & ~a[1]; v[2] = a[3]; v[3] = a[2];
        mv[0] = rev_k(v[1], k); mv[1] = rev_k(v[0], k); mv[2] = f & ~v[2]; mv[3] = f & ~v[3];
    }
    const int n = 2 * k;
    uint64_t key[8];
    for (int i = 0; i < 8; i++) {
        const uint64_t c = img[i][0] | (img[i][1] << k);
        key[i] = (((c << k) | img[i][2]) << k) | img[i][3];
        if (i && key[i] < key[0] && mv_least(c, n) == c)
            return 0;
    }
    int size = 0;
    for (int i = 0; i < 8; i++) {
        bool seen = false;
        for (int j = 0; j < i; j++)
            seen |= key[j] == key[i];
        size += !seen;
    }
    return size;
}

/* d4_weight of (g, x, r, u) when the transposed images are not visited and the column
 * set g | x << k is its own image under the mirror (by_mirror) or the mirror and the
 * flip together: only that image, (g, x, ~r, ~u) or (g, x, ~u, ~r), is visited too. */
static inline int stab_weight(bool by_mirror, uint64_t r, uint64_t u, int k) {
    const uint64_t f = nq_full(k);
    if (by_mirror)
        return r < (f & ~r) ? 8 : 0;
    const uint64_t nu = f & ~u;
    return r < nu ? 8 : r == nu ? 4 : 0;
}

/* A run of one group's words that share the rows of their west quadrant. */
typedef struct {
    int64_t start, len;
    uint64_t rows;
} segment;

/* Like list_group, keeping only the west row sets v with least_high(v) >= x_least:
 * first (contiguous, one segment each) those above it, then those equal to it; writes
 * the segments to seg and returns their number (*above: how many come first). With
 * x_least 0 and all set, every row set is kept in the first part. */
static int list_group_parts(const quadrants *qs, uint64_t g, uint64_t x, uint64_t x_least,
                            bool all, uint64_t *out, segment *seg, int *above) {
    const int k = qs->k, need = nq_popcount(g);
    int nseg = 0;
    *above = 0;
    if (need + nq_popcount(x) != k)
        return 0;
    int64_t count, len = 0;
    const uint32_t *rows = rows_of_size(qs, need, &count);
    for (int part = 0; part < 2; part++) {
        for (int64_t r = 0; r < count; r++) {
            const uint64_t v = rows[r];
            if (!all) {
                const uint64_t h = least_high(v, k);
                if (part == 0 ? h <= x_least : h != x_least)
                    continue;
            } else if (part == 1) {
                break;
            }
            const int64_t got = join_rows(qs, g, x, v, out + len);
            if (got)
                seg[nseg++] = (segment){len, got, v};
            len += got;
        }
        if (part == 0)
            *above = nseg;
    }
    return nseg;
}

/* Even n: north group g of class x against its one partner, the south group of the
 * remaining columns, built in turn.  With d4, the symmetries of the square weigh each
 * signature (see d4_weight); else the mirror and the flip weigh each column set. */
static uint64_t count_even(const quadrants *qs, uint64_t x, uint64_t *na_buf, uint64_t *nb_buf,
                           uint64_t *gather, segment *sa, segment *sb, int *wt, bool d4,
                           const uint64_t *order, int norder, pair_scratch *scratch,
                           int64_t *listed, uint64_t *slices) {
    const int n = qs->n, w = qs->w, k = qs->k;
    const uint64_t full = nq_full(n), wfull = nq_full(w), y = nq_full(k) & ~x;
    const int need = k - nq_popcount(x);
    uint64_t total = 0;
    for (uint64_t g = 0; g <= wfull; g++) {
        if (nq_popcount(g) != need || (g & qs->pmask) != qs->prefix)
            continue;
        const int weight = orbit_weight(columns_of(g, x, w), n);
        if (!weight)
            continue;
        /* a column set its own mirror (or mirror-flip) image, weight 2, has that image
         * visited too: its signatures are weighed one by one (stab_weight) */
        const bool each = d4 && weight < 4;
        const bool by_mirror = each && mirror(columns_of(g, x, w), n) == columns_of(g, x, w);
        int above_a, above_b;
        const int nsa = list_group_parts(qs, g, x, x, !d4, na_buf, sa, &above_a);
        if (!nsa)
            continue;
        const int nsb = list_group_parts(qs, wfull & ~g, y, x, !d4, nb_buf, sb, &above_b);
        const int64_t na = sa[nsa - 1].start + sa[nsa - 1].len;
        const int64_t nb = nsb ? sb[nsb - 1].start + sb[nsb - 1].len : 0;
        *listed += na + nb;
        if (!nb)
            continue;
        for (int64_t i = 0; i < na; i++)
            na_buf[i] = north_word(na_buf[i], full);
        for (int64_t j = 0; j < nb; j++)
            nb_buf[j] = south_word(nb_buf[j], false, full);
        if (!d4) {
            const uint64_t c = (uint64_t)weight * count_pairs(na_buf, (size_t)na, nb_buf,
                                                              (size_t)nb, order, norder, scratch);
            total += c;
            slices[g % 3] += c;
            continue;
        }
        /* where a tie (or the column set's own symmetry) needs each signature weighed:
         * a north run against the south runs of each weight, gathered, before the bulk
         * count reorders the first parts (a run's own order may change: it is one run) */
        for (int i = 0; i < nsa; i++) {
            /* the pairs of two first parts are counted in bulk below (weight 8) unless
             * each signature is weighed: their weights, all 0, are not looked at */
            const int j0 = i < above_a && !each ? above_b : 0;
            int found = 0; /* the weights met, one bit each (they are 1, 2, 4, 8) */
            for (int j = j0; j < nsb; j++) {
                if (i >= above_a || j >= above_b)
                    wt[j] = d4_weight(g, x, sa[i].rows, sb[j].rows, k);
                else
                    wt[j] = stab_weight(by_mirror, sa[i].rows, sb[j].rows, k);
                found |= wt[j];
            }
            for (int weigh = 8; found && weigh >= 1; weigh >>= 1) {
                if (!(found & weigh))
                    continue;
                int64_t m = 0;
                for (int j = j0; j < nsb; j++)
                    if (wt[j] == weigh) {
                        memcpy(gather + m, nb_buf + sb[j].start,
                               (size_t)sb[j].len * sizeof(uint64_t));
                        m += sb[j].len;
                    }
                if (m) {
                    const uint64_t c = (uint64_t)weigh *
                                       count_pairs(na_buf + sa[i].start, (size_t)sa[i].len,
                                                   gather, (size_t)m, order, norder, scratch);
                    total += c;
                    slices[g % 3] += c;
                }
            }
        }
        if (!each && above_a && above_b) { /* the rest: orbits of 8, each counted once */
            const int64_t ha = sa[above_a - 1].start + sa[above_a - 1].len;
            const int64_t hb = sb[above_b - 1].start + sb[above_b - 1].len;
            const uint64_t c = 8u * count_pairs(na_buf, (size_t)ha, nb_buf, (size_t)hb, order,
                                                norder, scratch);
            total += c;
            slices[g % 3] += c;
        }
    }
    return total;
}

/* The words of one group that leave the middle queen's column free. */
static size_t middle_free(const uint64_t *raw, int64_t len, bool north, uint64_t mbit,
                          uint64_t full, uint64_t *out) {
    const uint64_t both = mbit | (mbit << 32);
    size_t m = 0;
    for (int64_t i = 0; i < len; i++) {
        const uint64_t wd = north ? north_word(raw[i], full) : south_word(raw[i], true, full);
        out[m] = wd;
        m += (wd & both) == 0;
    }
    return m;
}

/* Odd n: every north group g of class x, middle queen column `mid` outside g, and the
 * south group of the columns left; one class kept whole, the other built a group at a
 * time. */
static uint64_t count_odd(const quadrants *qs, uint64_t x, const pass_plan *p,
                          const north_class *kept, uint64_t *stream, uint64_t *sa,
                          uint64_t *sb, const uint64_t *order, int norder,
                          pair_scratch *scratch, int64_t *listed, uint64_t *slices) {
    const int n = qs->n, k = qs->k, w = qs->w;
    const uint64_t full = nq_full(n), wfull = nq_full(w), y = nq_full(k) & ~x;
    const uint64_t streamed_x = p->keep_north ? y : x, kept_x = p->keep_north ? x : y;
    uint64_t total = 0;
    for (uint64_t s = 0; s <= wfull; s++) { /* the streamed group's west columns */
        if (!p->keep_north && (s & qs->pmask) != qs->prefix) /* the north group: this part's? */
            continue;
        const int64_t len = list_group(qs, s, streamed_x, stream);
        if (!len)
            continue;
        for (int mid = 0; mid <= k; mid++) {
            const uint64_t mbit = (uint64_t)1 << mid;
            if (s & mbit)
                continue;
            const uint64_t t = wfull & ~s & ~mbit; /* the kept group's west columns */
            if (p->keep_north && (t & qs->pmask) != qs->prefix)
                continue;
            const uint64_t g = p->keep_north ? t : s, h = p->keep_north ? s : t;
            if (columns_of(h, y, w) < columns_of(g, x, w)) /* the flip counts it */
                continue;
            const uint64_t *kw;
            int64_t klen;
            if (p->rebuild) { /* kept->word holds one group: this one, built again */
                klen = list_group(qs, t, kept_x, kept->word);
                kw = kept->word;
            } else {
                kw = kept->word + kept->start[t];
                klen = kept->start[t + 1] - kept->start[t];
            }
            if (!klen)
                continue;
            const size_t ns = middle_free(stream, len, !p->keep_north, mbit, full, sa);
            const size_t nk = middle_free(kw, klen, p->keep_north, mbit, full, sb);
            const uint64_t weight = mid < k ? 4 : 2; /* the mirror; the flip */
            *listed += (int64_t)(ns + nk);
            const uint64_t c = weight * count_pairs(sa, ns, sb, nk, order, norder, scratch);
            total += c;
            slices[g % 3] += c;
        }
    }
    return total;
}

/* Count pass x: returns -1 when memory runs out. */
static int count_pass(const quadrants *qs, uint64_t x, int simd, int64_t keep_max, bool d4,
                      pass_result *res) {
    const int n = qs->n;
    const pass_plan p = plan_pass(qs, x, keep_max);
    uint64_t order[128];
    const int norder = split_order(n, order);
    int64_t listed = 0;
    uint64_t total = 0, slices[3] = {0, 0, 0};
    /* either group may be the side narrowed first: both buffers fit the larger */
    const int64_t wider = p.stream > p.kept_group ? p.stream : p.kept_group;
    uint64_t *block = malloc((size_t)(wider > 0 ? wider : 1) * sizeof(uint64_t));
    pair_scratch scratch = {(uint32_t *)block, (uint32_t *)block + wider, block, simd,
                            simd >= NQ_SIMD_AVX2_NARROW ? NQ_HV_BRUTE_NARROW : NQ_HV_BRUTE_WIDE};
    int rc = block ? 0 : -1;
    if (rc == 0 && n % 2 == 0) {
        uint64_t *a = malloc((size_t)p.stream * sizeof(uint64_t));
        uint64_t *b = malloc((size_t)p.kept_group * sizeof(uint64_t));
        /* a segment per row set of the north half: at most 2^k */
        segment *sa = malloc(((size_t)1 << qs->k) * sizeof(segment));
        segment *sb = malloc(((size_t)1 << qs->k) * sizeof(segment));
        int *wt = malloc(((size_t)1 << qs->k) * sizeof(int));
        uint64_t *gather = malloc((size_t)p.kept_group * sizeof(uint64_t));
        if (a && b && sa && sb && wt && gather)
            total = count_even(qs, x, a, b, gather, sa, sb, wt, d4, order, norder, &scratch,
                               &listed, slices);
        else
            rc = -1;
        free(a);
        free(b);
        free(sa);
        free(sb);
        free(wt);
        free(gather);
    } else if (rc == 0) {
        const uint64_t y = nq_full(qs->k) & ~x;
        north_class kept = {0};
        kept.word = malloc((size_t)p.kept * sizeof(uint64_t));
        kept.start = malloc((((size_t)1 << qs->w) + 1) * sizeof(int64_t));
        uint64_t *stream = malloc((size_t)p.stream * sizeof(uint64_t));
        uint64_t *sa = malloc((size_t)p.stream * sizeof(uint64_t));
        uint64_t *sb = malloc((size_t)p.kept_group * sizeof(uint64_t));
        if (kept.word && kept.start && stream && sa && sb) {
            if (!p.rebuild)
                list_class(qs, p.keep_north ? x : y, &kept);
            total = count_odd(qs, x, &p, &kept, stream, sa, sb, order, norder, &scratch,
                              &listed, slices);
        } else {
            rc = -1;
        }
        free(kept.word);
        free(kept.start);
        free(stream);
        free(sa);
        free(sb);
    }
    free(block);
    if (rc < 0)
        return -1;
    res->total = (int64_t)total;
    res->listed = listed;
    for (int i = 0; i < 3; i++)
        res->slices[i] = (int64_t)slices[i];
    return 0;
}

/* Count part `prefix` (L columns) of pass x of n: -1 when memory runs out. */
static int count_part(int n, uint64_t x, int L, uint64_t prefix, int simd, int64_t keep_max,
                      bool d4, pass_result *res) {
    quadrant west;
    bool shared;
    if (borrow_west(n, L, prefix, &west, &shared) < 0)
        return -1;
    quadrants part;
    int rc = build_part(&part, n, x, L, prefix, &west);
    /* an odd part keeps a class whole only while it is at most half its lists */
    const int64_t half = lists_bytes(&part) / 2;
    if (rc == 0) {
        rc = count_pass(&part, x, simd, keep_max < half ? keep_max : half, d4, res);
        free_part(&part);
    }
    return_west(&west, shared);
    return rc;
}

/* ---- boards a half turn leaves unchanged ------------------------------------------ */

typedef struct {
    int n, k;
    uint64_t full;
    int pos[64];
    int64_t f180, f90, colsum;
    int64_t slices[3]; /* f180 again, by the column of row 1's queen modulo 3 */
} turn_search;

static bool quarter_fixed(const turn_search *t) {
    for (int r = 0; r < t->n; r++)
        if (t->pos[t->pos[r]] != t->n - 1 - r)
            return false;
    return true;
}

/* Fill rows r..k-1 (and their images n-1-r..) given the columns and the diagonals
 * taken: anti-diagonals r + c, diagonals c - r + n - 1.  Not through nq_descend: each
 * step places a queen and its half-turn image at once, rows r and n-1-r, in absolute
 * diagonal numbering. */
static void turn_rows(turn_search *t, int r, uint64_t cols, uint64_t anti, uint64_t diag) {
    const int n = t->n;
    if (r == t->k) {
        t->f180++;
        t->f90 += quarter_fixed(t);
        t->colsum += t->pos[n > 1 ? 1 : 0];
        t->slices[t->pos[n > 1 ? 1 : 0] % 3]++;
        return;
    }
    uint64_t free = t->full & ~cols & ~(anti >> r) & ~(diag >> (n - 1 - r));
    while (free) {
        const uint64_t bit = nq_lowest(free);
        free ^= bit;
        const int c = nq_index(bit), r2 = n - 1 - r, c2 = n - 1 - c;
        const uint64_t col2 = (uint64_t)1 << c2;
        const uint64_t a1 = (uint64_t)1 << (r + c), d1 = (uint64_t)1 << (c - r + n - 1);
        const uint64_t a2 = (uint64_t)1 << (r2 + c2), d2 = (uint64_t)1 << (c2 - r2 + n - 1);
        if (c2 == c || (cols & col2) || a2 == a1 || d2 == d1 || (anti & a2) || (diag & d2))
            continue;
        t->pos[r] = c;
        t->pos[r2] = c2;
        turn_rows(t, r + 1, cols | bit | col2, anti | a1 | a2, diag | d1 | d2);
    }
}

/* Solutions with the queen of row 0 in column c0 that a half turn leaves unchanged,
 * and how many of them a quarter turn leaves unchanged too. */
static void count_turns(int n, int c0, turn_search *t) {
    memset(t, 0, sizeof(*t));
    t->n = n;
    t->k = n / 2;
    t->full = nq_full(n);
    uint64_t cols = 0, anti = 0, diag = 0;
    if (n % 2) { /* the centre square is its own image: it holds the middle row's queen */
        const int m = n / 2;
        t->pos[m] = m;
        cols = (uint64_t)1 << m;
        anti = (uint64_t)1 << (2 * m);
        diag = (uint64_t)1 << (n - 1);
    }
    uint64_t allowed = t->full & ~cols & ~anti & ~(diag >> (n - 1));
    if (n < 2 || !(allowed >> c0 & 1u))
        return;
    const int r2 = n - 1, c2 = n - 1 - c0;
    const uint64_t a1 = (uint64_t)1 << c0, d1 = (uint64_t)1 << (c0 + n - 1);
    const uint64_t a2 = (uint64_t)1 << (r2 + c2), d2 = (uint64_t)1 << (c2 - r2 + n - 1);
    if (c2 == c0 || (cols >> c2 & 1u) || a2 == a1 || d2 == d1 || (anti & a2) || (diag & d2))
        return;
    t->pos[0] = c0;
    t->pos[r2] = c2;
    turn_rows(t, 1, cols | (uint64_t)1 << c0 | (uint64_t)1 << c2, anti | a1 | a2,
              diag | d1 | d2);
}

/* ---- bindings --------------------------------------------------------------------- */

static int check_n(Py_ssize_t n, int most) {
    if (n < 2 || n > most) {
        PyErr_Format(PyExc_ValueError, "n must be between 2 and %d, not %zd", most, n);
        return -1;
    }
    return 0;
}

/* The whole quadrant lists of n; the GIL is released while they are built (a second or
 * so at n = 21), so that a signal handler or another thread can run meanwhile. */
static quadrants *quadrants_or_error(Py_ssize_t n) {
    if (check_n(n, NQ_HV_WHOLE_MAX) < 0)
        return NULL;
    quadrants *qs;
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(BUILD_LOCK, WAIT_LOCK);
    qs = get_quadrants((int)n);
    PyThread_release_lock(BUILD_LOCK);
    Py_END_ALLOW_THREADS
    if (!qs)
        PyErr_NoMemory();
    return qs;
}

/* Check pass x of n and its part (L prefix columns, `prefix`; L = 0: the whole pass). */
static int check_part(Py_ssize_t n, long long x, long long L, long long prefix) {
    if (check_n(n, NQ_HV_MAX_N) < 0)
        return -1;
    const int k = (int)n / 2, w = (int)n - k;
    if (x < 0 || (unsigned long long)x >= ((unsigned long long)1 << (k - 1))) {
        PyErr_Format(PyExc_ValueError, "pass %lld is not one of the %llu passes of n = %zd",
                     x, (unsigned long long)1 << (k - 1), n);
        return -1;
    }
    if (L < 0 || L > w - 1) {
        PyErr_Format(PyExc_ValueError, "prefix_bits must be between 0 and %d, not %lld",
                     w - 1, L);
        return -1;
    }
    if (L == 0 && n > NQ_HV_WHOLE_MAX) {
        PyErr_Format(PyExc_ValueError, "n = %zd is counted in parts: give prefix_bits", n);
        return -1;
    }
    if (prefix < 0 || prefix >= (1LL << L)) {
        PyErr_Format(PyExc_ValueError, "prefix %lld is not one of the %lld prefixes of %lld "
                     "columns", prefix, 1LL << L, L);
        return -1;
    }
    return 0;
}

static const char PASS_PLANS_DOC[] =
    "pass_plans(n) -> list[tuple[int, int]]\n\n"
    "For every pass x of n: the bytes it allocates, and at most how many north placements\n"
    "it lists (its two classes; a size estimate of its work). The first call for an n\n"
    "lists its quadrants (kept for later calls).";

static PyObject *py_pass_plans(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"n", NULL};
    Py_ssize_t n;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "n:pass_plans", keywords, &n))
        return NULL;
    quadrants *qs = quadrants_or_error(n);
    if (!qs)
        return NULL;
    const uint64_t count = (uint64_t)1 << (qs->k - 1), efull = nq_full(qs->k);
    int64_t *plans = malloc(2 * count * sizeof(int64_t));
    if (!plans)
        return PyErr_NoMemory();
    Py_BEGIN_ALLOW_THREADS
    for (uint64_t x = 0; x < count; x++) {
        plans[2 * x] = plan_pass(qs, x, NQ_HV_KEEP_MAX).bytes;
        plans[2 * x + 1] = class_bound(qs, x) + class_bound(qs, efull & ~x);
    }
    Py_END_ALLOW_THREADS
    PyObject *out = PyList_New((Py_ssize_t)count);
    if (!out) {
        free(plans);
        return NULL;
    }
    for (uint64_t x = 0; x < count; x++) {
        PyObject *v = Py_BuildValue("(LL)", (long long)plans[2 * x], (long long)plans[2 * x + 1]);
        if (!v) {
            free(plans);
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, (Py_ssize_t)x, v);
    }
    free(plans);
    return out;
}

static const char WEST_PREFIXES_DOC[] =
    "west_prefixes(n, L) -> list[int]\n\n"
    "How many placements of the west quadrant of n (n <= 23) have each prefix of L\n"
    "columns (the set of the first L west columns they use, as a number): what the\n"
    "west list of a part of L prefix columns keeps is the sum over its prefixes.";

static PyObject *py_west_prefixes(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"n", "L", NULL};
    Py_ssize_t n, L;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "nn:west_prefixes", keywords, &n, &L))
        return NULL;
    quadrants *qs = quadrants_or_error(n);
    if (!qs)
        return NULL;
    if (L < 0 || L > qs->w) {
        PyErr_Format(PyExc_ValueError, "L must be between 0 and %d, not %zd", qs->w, L);
        return NULL;
    }
    PyObject *out = PyList_New((Py_ssize_t)1 << L);
    if (!out)
        return NULL;
    const int k = qs->k;
    for (uint64_t pre = 0; pre < ((uint64_t)1 << L); pre++) {
        int64_t total = 0;
        for (uint64_t rest = 0; rest < ((uint64_t)1 << (qs->w - L)); rest++) {
            const uint64_t cols = pre | rest << L;
            const int64_t key0 = qkey(&qs->west, cols, 0, k);
            total += qs->west.off[key0 + ((int64_t)1 << k)] - qs->west.off[key0];
        }
        PyObject *v = PyLong_FromLongLong((long long)total);
        if (!v) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, (Py_ssize_t)pre, v);
    }
    return out;
}

static const char QUADRANT_BYTES_DOC[] =
    "quadrant_bytes(n) -> int\n\n"
    "Bytes of the quadrant lists of n (built on first use, kept by the process).";

static PyObject *py_quadrant_bytes(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"n", NULL};
    Py_ssize_t n;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "n:quadrant_bytes", keywords, &n))
        return NULL;
    quadrants *qs = quadrants_or_error(n);
    if (!qs)
        return NULL;
    return PyLong_FromLongLong(lists_bytes(qs));
}

static const char COUNT_PASS_DOC[] =
    "count_pass(n, x, *, form=None, keep_max=None, symmetry='square', prefix_bits=0,\n"
    "           prefix=0) -> (int, int, (int, int, int))\n\n"
    "Pass x of the count of n (2 <= n <= 28, 0 <= x < 2**(n//2 - 1)): the solutions,\n"
    "weighted by symmetry, whose north half uses the east columns x or whose symmetric\n"
    "images are counted through it, the number of north placements it listed, and the\n"
    "first figure again, added up separately by the north group's west columns (read\n"
    "as a binary number) modulo 3 (the slices add up to the total).\n"
    "The sum over every x is the total count. form: the compare to use (one this CPU\n"
    "runs; by default simd()); keep_max: the most bytes an odd pass keeps as one class\n"
    "before it builds that side's groups again for each partner (by default 1 GiB);\n"
    "symmetry (even n): 'square', the 8 symmetries of the square weigh each signature of\n"
    "quadrants, or 'mirror-flip', the mirror and the flip weigh each column set.\n"
    "None changes the sum over every x; symmetry changes how it is shared.\n"
    "prefix_bits L > 0 counts one part of the pass: the north groups whose first L west\n"
    "columns are `prefix` (0 <= prefix < 2**L), with lists made for that part and freed\n"
    "after; the parts of a pass add up to it. From n = 24 a pass is counted in parts\n"
    "only (the whole lists are kept to n = 23).";

/* The form called `name` (NULL: the best), or -1 with the error set. */
static int form_of(const char *name) {
    if (!name)
        return BEST_SIMD;
    for (int f = 0; f < NQ_SIMD_FORMS; f++)
        if (strcmp(name, SIMD_NAMES[f]) == 0) {
            /* each form needs what the ones before it need, and more */
            if (f > best_simd()) {
                PyErr_Format(PyExc_ValueError, "this CPU does not run the form %s", name);
                return -1;
            }
            return f;
        }
    PyErr_Format(PyExc_ValueError, "unknown form '%s' of the compare", name);
    return -1;
}

static PyObject *py_count_pass(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"n", "x", "form", "keep_max", "symmetry", "prefix_bits",
                               "prefix", NULL};
    Py_ssize_t n;
    long long x, keep_max = NQ_HV_KEEP_MAX, L = 0, prefix = 0;
    const char *form = NULL, *symmetry = "square";
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "nL|$zLsLL:count_pass", keywords, &n, &x,
                                     &form, &keep_max, &symmetry, &L, &prefix))
        return NULL;
    const bool d4 = strcmp(symmetry, "square") == 0;
    if (!d4 && strcmp(symmetry, "mirror-flip") != 0) {
        PyErr_Format(PyExc_ValueError, "symmetry must be 'square' or 'mirror-flip', not '%s'",
                     symmetry);
        return NULL;
    }
    if (check_part(n, x, L, prefix) < 0)
        return NULL;
    if (keep_max < 0) {
        PyErr_SetString(PyExc_ValueError, "keep_max must not be negative");
        return NULL;
    }
    const int simd = form_of(form);
    if (simd < 0)
        return NULL;
    quadrants *qs = NULL;
    if (L == 0 && !(qs = quadrants_or_error(n)))
        return NULL;
    pass_result res = {0, 0, {0, 0, 0}};
    int rc;
    Py_BEGIN_ALLOW_THREADS
    if (L > 0) {
        rc = count_part((int)n, (uint64_t)x, (int)L, (uint64_t)prefix, simd, (int64_t)keep_max,
                        d4, &res);
    } else {
        rc = count_pass(qs, (uint64_t)x, simd, (int64_t)keep_max, d4, &res);
    }
    Py_END_ALLOW_THREADS
    if (rc < 0)
        return PyErr_NoMemory();
    return Py_BuildValue("(LL(LLL))", (long long)res.total, (long long)res.listed,
                         (long long)res.slices[0], (long long)res.slices[1],
                         (long long)res.slices[2]);
}

static const char PART_BYTES_DOC[] =
    "part_bytes(n, x, prefix_bits, prefix) -> (int, int)\n\n"
    "The bytes of the lists that part `prefix` of pass x of n needs (built here, then\n"
    "freed) and the bytes its pass allocates besides: what count_pass with these\n"
    "arguments takes at most.";

static PyObject *py_part_bytes(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"n", "x", "prefix_bits", "prefix", NULL};
    Py_ssize_t n;
    long long x, L, prefix;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "nLLL:part_bytes", keywords, &n, &x, &L,
                                     &prefix))
        return NULL;
    if (check_part(n, x, L, prefix) < 0)
        return NULL;
    if (L == 0) {
        PyErr_SetString(PyExc_ValueError, "prefix_bits must be at least 1: quadrant_bytes and "
                        "pass_plans give the whole lists'");
        return NULL;
    }
    quadrants part;
    quadrant west;
    bool shared;
    int rc;
    long long lists = 0, pass = 0;
    Py_BEGIN_ALLOW_THREADS
    rc = borrow_west((int)n, (int)L, (uint64_t)prefix, &west, &shared);
    if (rc == 0) {
        rc = build_part(&part, (int)n, (uint64_t)x, (int)L, (uint64_t)prefix, &west);
        if (rc == 0) {
            lists = lists_bytes(&part);
            pass = plan_pass(&part, (uint64_t)x, lists / 2).bytes;
            free_part(&part);
        }
        return_west(&west, shared);
    }
    Py_END_ALLOW_THREADS
    if (rc < 0)
        return PyErr_NoMemory();
    return Py_BuildValue("(LL)", lists, pass);
}

static const char COUNT_TURNS_DOC[] =
    "count_turns(n, c) -> (int, int, int, (int, int, int))\n\n"
    "Solutions of n (2 <= n <= 23) with the queen of row 0 in column c that a half turn\n"
    "leaves unchanged, how many of them a quarter turn leaves unchanged too, and the sum\n"
    "of the columns of their queens in row 1; and the first figure again, split by that\n"
    "column modulo 3.";

static PyObject *py_count_turns(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    Py_ssize_t n, c;
    if (nq_board_and_column(args, kwargs, "nn:count_turns", 2, NQ_HV_MAX_N, &n, &c) < 0)
        return NULL;
    turn_search t;
    Py_BEGIN_ALLOW_THREADS
    count_turns((int)n, (int)c, &t);
    Py_END_ALLOW_THREADS
    return Py_BuildValue("(LLL(LLL))", (long long)t.f180, (long long)t.f90,
                         (long long)t.colsum, (long long)t.slices[0], (long long)t.slices[1],
                         (long long)t.slices[2]);
}

static const char SIMD_DOC[] =
    "simd() -> str\n\n"
    "The form of the small-group compare count_pass uses by default: 'avx512-narrow',\n"
    "'avx2-narrow', 'avx2' or 'plain', the best one this CPU runs (capped by the\n"
    "NQUEENS_CPU environment variable: plain, avx2 or avx512).";

static PyObject *py_simd(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    return PyUnicode_FromString(SIMD_NAMES[BEST_SIMD]);
}

static PyMethodDef METHODS[] = {
    {"simd", py_simd, METH_NOARGS, SIMD_DOC},
    {"pass_plans", (PyCFunction)(void (*)(void))py_pass_plans, METH_VARARGS | METH_KEYWORDS,
     PASS_PLANS_DOC},
    {"quadrant_bytes", (PyCFunction)(void (*)(void))py_quadrant_bytes, METH_VARARGS | METH_KEYWORDS,
     QUADRANT_BYTES_DOC},
    {"count_pass", (PyCFunction)(void (*)(void))py_count_pass, METH_VARARGS | METH_KEYWORDS,
     COUNT_PASS_DOC},
    {"west_prefixes", (PyCFunction)(void (*)(void))py_west_prefixes,
     METH_VARARGS | METH_KEYWORDS, WEST_PREFIXES_DOC},
    {"part_bytes", (PyCFunction)(void (*)(void))py_part_bytes, METH_VARARGS | METH_KEYWORDS,
     PART_BYTES_DOC},
    {"count_turns", (PyCFunction)(void (*)(void))py_count_turns, METH_VARARGS | METH_KEYWORDS,
     COUNT_TURNS_DOC},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "nqueens._core.halves", MODULE_DOC, -1, METHODS,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit_halves(void) {
    if (!BUILD_LOCK && !(BUILD_LOCK = PyThread_allocate_lock()))
        return PyErr_NoMemory();
    BEST_SIMD = best_simd();
    JOIN_WIDE = nq_cpu_level() >= NQ_CPU_AVX512;
    return PyModule_Create(&MODULE);
}
