/* The intuitive repair of the Hungarian source, for boards up to NQ_IR_MAX_N.
 *
 * The procedure, decision for decision, is the readable version
 * nqueens.algorithms.classic.intuitive.trace_intuitive (its module text states the rule and how the
 * source's words are settled); the two are held against each other event by event.  In
 * the source's frame: columns are filled left to right, row_of[col] is a queen's row.
 *
 * What makes it fast:
 * - counters of the queens on each row and diagonal answer "how many queens attack this
 *   square" in O(1), so a column is examined in one pass over three counter arrays;
 * - a repair step of the source's rule counts, for every row of the moved queen's
 *   column, the attackers to its left in one pass over the queens to the left;
 * - each row and diagonal keeps the list of the columns of its queens, so the nearest
 *   attacker to the left of a queen is found among the few queens of its three lines;
 * - the boards of a column's repair are remembered by a 128-bit hash (two independent
 *   64-bit sums over the queens, kept up to date move by move), not by a copy of the
 *   board: two boards share a hash with a probability of about 2^-128 per pair;
 * - the random choices of the escape are CPython's Mersenne Twister (random.Random(seed):
 *   random() and choice()), written here, so the escapes choose as the readable version.
 *
 * A run can record its events (seven integers each, see NQ_IR_EV_*) for the tests; it
 * runs without the interpreter lock and takes it back every NQ_IR_CHECK_EVERY squares
 * examined to let Python see a pending signal.
 */
#include "shell_py.h"
#include "nq_rng.h"

#include <stdlib.h>

#define NQ_IR_MAX_N 100000
/* The source's rule gets this many moves times n to repair a column (MAX_REPAIR_MOVES_FACTOR). */
#define NQ_IR_REPAIR_FACTOR 4
/* In the escape, moves to a random other row: random() < 0.2 (ESCAPE_NOISE). */
#define NQ_IR_NOISE 0.2
#define NQ_IR_CHECK_EVERY ((int64_t)1 << 24)

/* Event kinds of a record (the order of nqueens.kernels.intuitive.EVENT_KINDS). */
enum { NQ_IR_EV_TEST = 0, NQ_IR_EV_REMOVE, NQ_IR_EV_PLACE, NQ_IR_EV_STATE,
       NQ_IR_EV_CONFLICTS, NQ_IR_EV_SOLUTION };
/* Notes of a CONFLICTS event. */
enum { NQ_IR_NOTE_NONE = 0, NQ_IR_NOTE_CYCLE = 1, NQ_IR_NOTE_TOO_LONG = 2 };

enum { NQ_IR_OK = 0, NQ_IR_STOPPED = -1, NQ_IR_NO_MEMORY = -2 };

/* ------------------------------------------------------------------------- the board */
typedef struct {
    uint64_t a, b;
} nq_key;

typedef struct {
    int64_t n;
    int64_t cols;      /* columns placed so far (0 .. k) */
    int64_t placed;    /* queens on the board (a lifted one is off it) */
    int32_t *row_of;   /* -1: not placed or lifted */
    int32_t *rows, *d1, *d2; /* queens on each row, r + c, r - c + n - 1 */
    int64_t pairs;
    /* the columns of the queens of each line: head per line, links per column */
    int32_t *head[3];
    int32_t *next[3], *prev[3];
    nq_key hash; /* of the queens on the board */
    int64_t step, states, moves, escapes, escape_moves;
    int64_t since_check;
    nq_mt rng;
    /* which queens are attacked (by anyone), with a Fenwick tree over the columns for
     * the escape's choice of the m-th attacked queen */
    uint8_t *attacked;
    int32_t *tree;
    int64_t nattacked, top; /* top: the highest power of two <= n */
    int32_t *count;  /* per row of a column: attackers counted */
    int32_t *left;   /* scratch: attackers to the left per row */
    int32_t *pick;   /* scratch: rows or columns to choose from */
    /* the boards of the current column's repair: open addressing over 2^bits slots */
    nq_key *seen;
    uint8_t *used;
    int32_t *seen_slots;
    int64_t seen_count, seen_mask;
    /* the record, when asked for */
    bool record;
    int64_t *ev;
    int64_t ev_len, ev_room;
    bool failed; /* out of memory while recording */
    PyThreadState **save;
} nq_ir;

static inline uint64_t nq_ir_mix(uint64_t z) {
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static inline int64_t nq_ir_line(int family, int64_t n, int64_t row, int64_t col) {
    return family == 0 ? row : family == 1 ? row + col : row - col + n - 1;
}

static void nq_ir_emit(nq_ir *s, int64_t kind, int64_t row, int64_t col, int64_t count,
                       int64_t flag) {
    if (!s->record || s->failed)
        return;
    if (s->ev_len + 7 > s->ev_room) {
        int64_t room = s->ev_room ? 2 * s->ev_room : 7 * 4096;
        int64_t *grown = realloc(s->ev, (size_t)room * sizeof(int64_t));
        if (!grown) {
            s->failed = true;
            return;
        }
        s->ev = grown;
        s->ev_room = room;
    }
    int64_t *e = s->ev + s->ev_len;
    e[0] = kind;
    e[1] = row;
    e[2] = col;
    e[3] = s->step;
    e[4] = s->placed;
    e[5] = count;
    e[6] = flag;
    s->ev_len += 7;
}

static void nq_ir_key_move(nq_ir *s, int64_t col, int64_t row) {
    uint64_t z = (uint64_t)(col * s->n + row);
    s->hash.a ^= nq_ir_mix(z + UINT64_C(0x9E3779B97F4A7C15));
    s->hash.b ^= nq_ir_mix(z * UINT64_C(0xD1B54A32D192ED03) + UINT64_C(0x8CB92BA72F3D8DD7));
}

static void nq_ir_tree_add(nq_ir *s, int64_t col, int32_t delta) {
    for (int64_t i = col + 1; i <= s->n; i += i & -i)
        s->tree[i] += delta;
    s->nattacked += delta;
}

/* The column of the m-th attacked queen (0-based, left to right). */
static int64_t nq_ir_tree_select(const nq_ir *s, int64_t m) {
    int64_t pos = 0, rank = m + 1;
    for (int64_t step = s->top; step; step >>= 1)
        if (pos + step <= s->n && s->tree[pos + step] < rank) {
            pos += step;
            rank -= s->tree[pos];
        }
    return pos;
}

/* Bring the attacked mark of col's queen up to date. */
static void nq_ir_mark(nq_ir *s, int64_t col) {
    int64_t row = s->row_of[col], n = s->n;
    uint8_t now = row >= 0 && (s->rows[row] > 1 || s->d1[row + col] > 1 ||
                               s->d2[row - col + n - 1] > 1);
    if (now != s->attacked[col]) {
        s->attacked[col] = now;
        nq_ir_tree_add(s, col, now ? 1 : -1);
    }
}

/* Mark again the queens on the three lines through (row, col). */
static void nq_ir_mark_lines(nq_ir *s, int64_t row, int64_t col) {
    for (int f = 0; f < 3; f++)
        for (int32_t c = s->head[f][nq_ir_line(f, s->n, row, col)]; c >= 0; c = s->next[f][c])
            nq_ir_mark(s, c);
}

static void nq_ir_put(nq_ir *s, int64_t col, int64_t row) {
    int64_t n = s->n;
    s->pairs += (int64_t)s->rows[row] + s->d1[row + col] + s->d2[row - col + n - 1];
    s->rows[row]++;
    s->d1[row + col]++;
    s->d2[row - col + n - 1]++;
    s->row_of[col] = (int32_t)row;
    s->placed++;
    if (col == s->cols)
        s->cols++;
    for (int f = 0; f < 3; f++) {
        int32_t *head = &s->head[f][nq_ir_line(f, n, row, col)];
        s->prev[f][col] = -1;
        s->next[f][col] = *head;
        if (*head >= 0)
            s->prev[f][*head] = (int32_t)col;
        *head = (int32_t)col;
    }
    nq_ir_key_move(s, col, row);
    nq_ir_mark_lines(s, row, col);
}

static int64_t nq_ir_lift(nq_ir *s, int64_t col) {
    int64_t n = s->n, row = s->row_of[col];
    s->rows[row]--;
    s->d1[row + col]--;
    s->d2[row - col + n - 1]--;
    s->pairs -= (int64_t)s->rows[row] + s->d1[row + col] + s->d2[row - col + n - 1];
    s->row_of[col] = -1;
    s->placed--;
    for (int f = 0; f < 3; f++) {
        int32_t p = s->prev[f][col], q = s->next[f][col];
        if (p >= 0)
            s->next[f][p] = q;
        else
            s->head[f][nq_ir_line(f, n, row, col)] = q;
        if (q >= 0)
            s->prev[f][q] = p;
    }
    nq_ir_key_move(s, col, row);
    nq_ir_mark(s, col);
    nq_ir_mark_lines(s, row, col);
    return row;
}

/* Whether Python has a pending signal that raised, looked at every NQ_IR_CHECK_EVERY
 * squares examined (`work` more have been). */
static bool nq_ir_interrupted(nq_ir *s, int64_t work) {
    s->since_check += work;
    if (s->since_check < NQ_IR_CHECK_EVERY)
        return false;
    s->since_check = 0;
    return shell_signal_raised(s->save);
}

/* The column of the nearest queen to the left of col's queen that attacks it, or -1. */
static int64_t nq_ir_nearest_left(const nq_ir *s, int64_t col) {
    int64_t n = s->n, row = s->row_of[col], best = -1;
    for (int f = 0; f < 3; f++)
        for (int32_t c = s->head[f][nq_ir_line(f, n, row, col)]; c >= 0; c = s->next[f][c])
            if (c < col && c > best)
                best = c;
    return best;
}

/* Fill s->count with the attackers of each row of column col (its queen lifted): to its
 * left only (before = col) or all (before = -1); emit the TEST events. */
static void nq_ir_scan(nq_ir *s, int64_t col, bool left_only, int64_t skip) {
    int64_t n = s->n;
    const int32_t *rows = s->rows, *d1 = s->d1 + col, *d2 = s->d2 + (n - 1 - col);
    int32_t *count = s->count;
    if (left_only && col <= s->cols - 1 - col) {
        /* fewer queens to the left: count the rows each of them attacks */
        int32_t *left = s->left;
        memset(left, 0, (size_t)n * sizeof(int32_t));
        for (int64_t c = 0; c < col; c++) {
            int64_t r = s->row_of[c], gap = col - c;
            if (r < 0)
                continue;
            left[r]++;
            if (r + gap < n)
                left[r + gap]++;
            if (r - gap >= 0)
                left[r - gap]++;
        }
        memcpy(count, left, (size_t)n * sizeof(int32_t));
    } else {
        for (int64_t r = 0; r < n; r++)
            count[r] = rows[r] + d1[r] + d2[r];
        /* to the left only, with fewer queens to the right: take theirs away */
        for (int64_t c = col + 1; left_only && c < s->cols; c++) {
            int64_t r = s->row_of[c], gap = c - col;
            if (r < 0)
                continue;
            count[r]--;
            if (r + gap < n)
                count[r + gap]--;
            if (r - gap >= 0)
                count[r - gap]--;
        }
    }
    if (s->record) {
        for (int64_t r = 0; r < n; r++) {
            if (r == skip)
                continue;
            s->step++;
            int64_t everyone = (int64_t)rows[r] + d1[r] + d2[r];
            nq_ir_emit(s, NQ_IR_EV_TEST, r, col, count[r], everyone == 0);
        }
    } else {
        s->step += skip >= 0 ? n - 1 : n;
    }
}

/* The topmost row of the empty column col with the fewest attackers, and how many:
 * the TEST events when recording, else blocks of 64 rows, stopping at a free row. */
static void nq_ir_first_fewest(nq_ir *s, int64_t col, int64_t *row, int64_t *fewest) {
    int64_t n = s->n;
    int32_t low = INT32_MAX;
    int64_t at = 0;
    if (s->record) {
        nq_ir_scan(s, col, false, -1);
        for (int64_t r = 0; r < n && low > 0; r++)
            if (s->count[r] < low) {
                low = s->count[r];
                at = r;
            }
    } else {
        s->step += n;
        const int32_t *rows = s->rows, *a = s->d1 + col, *b = s->d2 + (n - 1 - col);
        for (int64_t base = 0; base < n && low > 0; base += 64) {
            int64_t end = base + 64 < n ? base + 64 : n;
            int32_t m = INT32_MAX;
            for (int64_t r = base; r < end; r++) {
                int32_t v = rows[r] + a[r] + b[r];
                m = v < m ? v : m;
            }
            if (m < low) {
                low = m;
                at = base;
                while (rows[at] + a[at] + b[at] != m)
                    at++;
            }
        }
    }
    *row = at;
    *fewest = low;
}

static void nq_ir_new_state(nq_ir *s) {
    s->states++;
    nq_ir_emit(s, NQ_IR_EV_STATE, -1, -1, s->states, 0);
}

/* Lift col's queen and put it on the best row of its column: the topmost with the
 * fewest attackers to its left (left_only, its own row excluded), or, in the escape
 * (rng), one with the fewest attackers in all at random, or one in five times a random
 * other row. */
static void nq_ir_relocate(nq_ir *s, int64_t col, bool left_only, bool escape) {
    int64_t n = s->n;
    int64_t old = nq_ir_lift(s, col);
    nq_ir_emit(s, NQ_IR_EV_REMOVE, old, col, 0, 0);
    int64_t skip = left_only ? old : -1;
    nq_ir_scan(s, col, left_only, skip);
    int32_t *count = s->count;
    int32_t kept = 0;
    if (skip >= 0) { /* the old row is no candidate: out of the minimum for a moment */
        kept = count[skip];
        count[skip] = INT32_MAX;
    }
    int32_t low = INT32_MAX;
    for (int64_t r = 0; r < n; r++)
        low = count[r] < low ? count[r] : low;
    int64_t first = 0;
    while (count[first] != low)
        first++;
    int64_t row = first, fewest = low;
    bool walk = false;
    if (escape) {
        if (nq_mt_random(&s->rng) < NQ_IR_NOISE) {
            int64_t i = nq_mt_below(&s->rng, (uint32_t)(n - 1)); /* the rows but old */
            row = i < old ? i : i + 1;
            fewest = count[row];
        } else { /* one of the rows with the fewest attackers, at random */
            int64_t nbest = 0;
            for (int64_t r = first; r < n; r++)
                nbest += count[r] == low;
            int64_t m = nq_mt_below(&s->rng, (uint32_t)nbest);
            for (row = first; m > 0 || count[row] != low; row++)
                m -= count[row] == low;
        }
        walk = row != first && fewest > low;
    }
    if (skip >= 0)
        count[skip] = kept;
    nq_ir_put(s, col, row);
    nq_ir_emit(s, NQ_IR_EV_PLACE, row, col, fewest, walk);
    s->moves++;
    if (row != old)
        nq_ir_new_state(s);
    nq_ir_emit(s, NQ_IR_EV_CONFLICTS, -1, -1, s->pairs, NQ_IR_NOTE_NONE);
}

/* The key of the board with the queen of column j to move next. */
static inline nq_key nq_ir_key(const nq_ir *s, int64_t j) {
    nq_key key = {s->hash.a ^ nq_ir_mix((uint64_t)j + 1), s->hash.b + (uint64_t)j};
    return key;
}

/* Whether the key was remembered; *slot: where it is, or the free slot it would take. */
static bool nq_ir_seen(const nq_ir *s, nq_key key, int64_t *slot) {
    int64_t i = (int64_t)(key.a & (uint64_t)s->seen_mask);
    while (s->used[i]) {
        if (s->seen[i].a == key.a && s->seen[i].b == key.b) {
            *slot = i;
            return true;
        }
        i = (i + 1) & s->seen_mask;
    }
    *slot = i;
    return false;
}

static void nq_ir_remember(nq_ir *s, nq_key key, int64_t slot) {
    s->used[slot] = 1;
    s->seen[slot] = key;
    s->seen_slots[s->seen_count++] = (int32_t)slot;
}

static void nq_ir_forget(nq_ir *s) {
    for (int64_t i = 0; i < s->seen_count; i++)
        s->used[s->seen_slots[i]] = 0;
    s->seen_count = 0;
}

static int nq_ir_run(nq_ir *s) {
    int64_t n = s->n;
    for (int64_t k = 0; k < n; k++) {
        if (nq_ir_interrupted(s, n))
            return NQ_IR_STOPPED;
        /* the topmost row of column k with the fewest attackers (all are to its left) */
        int64_t row, fewest;
        nq_ir_first_fewest(s, k, &row, &fewest);
        nq_ir_put(s, k, row);
        nq_ir_emit(s, NQ_IR_EV_PLACE, row, k, fewest, 0);
        nq_ir_new_state(s);
        if (fewest == 0)
            continue;
        nq_ir_emit(s, NQ_IR_EV_CONFLICTS, -1, -1, s->pairs, NQ_IR_NOTE_NONE);
        int64_t cur = k;
        int note = NQ_IR_NOTE_NONE;
        for (;;) {
            int64_t j = nq_ir_nearest_left(s, cur);
            if (j < 0) { /* the rightmost queen attacked from its left, if any */
                cur = -1;
                for (int64_t c = k; c >= 0 && cur < 0; c--)
                    if (nq_ir_nearest_left(s, c) >= 0)
                        cur = c;
                if (cur < 0)
                    break;
                continue;
            }
            nq_key key = nq_ir_key(s, j);
            int64_t slot;
            if (nq_ir_seen(s, key, &slot)) {
                note = NQ_IR_NOTE_CYCLE;
                break;
            }
            if (s->seen_count >= NQ_IR_REPAIR_FACTOR * n) {
                note = NQ_IR_NOTE_TOO_LONG;
                break;
            }
            nq_ir_remember(s, key, slot);
            if (nq_ir_interrupted(s, n + k))
                return NQ_IR_STOPPED;
            nq_ir_relocate(s, j, true, false);
            cur = j;
        }
        nq_ir_forget(s);
        if (note == NQ_IR_NOTE_NONE)
            continue;
        s->escapes++;
        nq_ir_emit(s, NQ_IR_EV_CONFLICTS, -1, -1, s->pairs, note);
        while (s->pairs) {
            if (nq_ir_interrupted(s, n + k))
                return NQ_IR_STOPPED;
            /* a queen at random among the attacked ones (all are in columns 0 .. k) */
            int64_t c = nq_ir_tree_select(s, nq_mt_below(&s->rng, (uint32_t)s->nattacked));
            nq_ir_relocate(s, c, false, true);
            s->escape_moves++;
        }
    }
    nq_ir_emit(s, NQ_IR_EV_SOLUTION, -1, -1, 1, 0);
    return s->failed ? NQ_IR_NO_MEMORY : NQ_IR_OK;
}

PyDoc_STRVAR(intuitive_kernel_doc,
"intuitive_kernel(key, row_of, stats, record) -> bytes | None\n"
"--\n\n"
"Run the intuitive repair on an n x n board, n = len(row_of) (a writable int32 array,\n"
"4 <= n <= 100000), which receives the row of each column's queen.  key holds the\n"
"32-bit words of the seed's absolute value, lowest first, as the bytes of a uint32\n"
"array (random.Random(seed) seeds from the same words).  stats (a writable int64\n"
"array of 6 or more) receives: states, squares examined (steps), moves, escapes,\n"
"moves of the escapes, attacking pairs left (0).  With record true, the events come\n"
"back as the bytes of an int64 array of rows (kind, row, col, step, depth, count,\n"
"flag).  Runs without the interpreter lock; a pending signal that raises ends it.");

static PyObject *intuitive_kernel(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"key", "row_of", "stats", "record", NULL};
    PyObject *key_obj, *rows_obj, *stats_obj;
    int record;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOp:intuitive_kernel", keywords, &key_obj, &rows_obj, &stats_obj,
                          &record))
        return NULL;
    shell_views views = {.count = 0};
    Py_buffer *key_view = shell_views_get_bytes(&views, key_obj);
    if (key_view && (key_view->len < 4 || key_view->len % 4 != 0)) {
        PyErr_Format(PyExc_ValueError, "key must hold one or more 32-bit words, not %zd bytes",
                     key_view->len);
        key_view = NULL;
    }
    Py_buffer *rows_view = key_view ? shell_views_get(&views, rows_obj, 'i', 4, -1, true,
                                                      "row_of") : NULL;
    Py_buffer *stats_view = rows_view ? shell_views_get(&views, stats_obj, 'q', 8, 6, true,
                                                        "stats") : NULL;
    if (!stats_view) {
        shell_views_release(&views);
        return NULL;
    }
    PyObject *result = NULL;
    Py_ssize_t n = shell_len(rows_view);
    nq_ir s;
    memset(&s, 0, sizeof s);
    if (n < 4 || n > NQ_IR_MAX_N) {
        PyErr_Format(PyExc_ValueError, "row_of must hold 4 to %d columns, not %zd",
                     NQ_IR_MAX_N, n);
        goto out;
    }
    s.n = n;
    s.row_of = (int32_t *)rows_view->buf;
    size_t lines = 2 * (size_t)n - 1;
    int64_t slots = 1;
    while (slots < 2 * NQ_IR_REPAIR_FACTOR * (int64_t)n + 2)
        slots <<= 1;
    s.seen_mask = slots - 1;
    s.rows = calloc((size_t)n, sizeof(int32_t));
    s.d1 = calloc(lines, sizeof(int32_t));
    s.d2 = calloc(lines, sizeof(int32_t));
    s.attacked = calloc((size_t)n, 1);
    s.tree = calloc((size_t)n + 1, sizeof(int32_t));
    for (s.top = 1; 2 * s.top <= (int64_t)n; s.top <<= 1) {
    }
    s.count = malloc((size_t)n * sizeof(int32_t));
    s.left = malloc((size_t)n * sizeof(int32_t));
    s.pick = malloc((size_t)n * sizeof(int32_t));
    s.seen = malloc((size_t)slots * sizeof(nq_key));
    s.used = calloc((size_t)slots, 1);
    s.seen_slots = malloc(((size_t)NQ_IR_REPAIR_FACTOR * (size_t)n + 1) * sizeof(int32_t));
    bool ok = s.attacked && s.tree && s.rows && s.d1 && s.d2 && s.count && s.left && s.pick && s.seen && s.used &&
              s.seen_slots;
    for (int f = 0; f < 3; f++) {
        size_t size = f == 0 ? (size_t)n : lines;
        s.head[f] = malloc(size * sizeof(int32_t));
        s.next[f] = malloc((size_t)n * sizeof(int32_t));
        s.prev[f] = malloc((size_t)n * sizeof(int32_t));
        ok = ok && s.head[f] && s.next[f] && s.prev[f];
        if (s.head[f])
            memset(s.head[f], 0xFF, size * sizeof(int32_t)); /* -1: no queen */
    }
    if (!ok) {
        PyErr_NoMemory();
        goto out;
    }
    for (Py_ssize_t c = 0; c < n; c++)
        s.row_of[c] = -1;
    nq_mt_seed(&s.rng, (const uint32_t *)key_view->buf, key_view->len / 4);
    s.record = record != 0;
    PyThreadState *save = PyEval_SaveThread();
    s.save = &save;
    int status = nq_ir_run(&s);
    PyEval_RestoreThread(save);
    if (status == NQ_IR_STOPPED)
        goto out; /* the signal's exception is set */
    if (status == NQ_IR_NO_MEMORY) {
        PyErr_NoMemory();
        goto out;
    }
    int64_t *out_stats = (int64_t *)stats_view->buf;
    out_stats[0] = s.states;
    out_stats[1] = s.step;
    out_stats[2] = s.moves;
    out_stats[3] = s.escapes;
    out_stats[4] = s.escape_moves;
    out_stats[5] = s.pairs;
    if (s.record)
        result = PyBytes_FromStringAndSize((const char *)s.ev,
                                           (Py_ssize_t)s.ev_len * (Py_ssize_t)sizeof(int64_t));
    else
        result = Py_NewRef(Py_None);
out:
    free(s.rows);
    free(s.d1);
    free(s.d2);
    free(s.attacked);
    free(s.tree);
    free(s.count);
    free(s.left);
    free(s.pick);
    free(s.seen);
    free(s.used);
    free(s.seen_slots);
    for (int f = 0; f < 3; f++) {
        free(s.head[f]);
        free(s.next[f]);
        free(s.prev[f]);
    }
    free(s.ev);
    shell_views_release(&views);
    return result;
}

static PyMethodDef methods[] = {
    {"intuitive_kernel", (PyCFunction)(void (*)(void))intuitive_kernel, METH_VARARGS | METH_KEYWORDS,
     intuitive_kernel_doc},
    {NULL, NULL, 0, NULL},
};

static int exec_module(PyObject *module) {
    if (PyModule_AddIntConstant(module, "MAX_N", NQ_IR_MAX_N) < 0 ||
        PyModule_AddIntConstant(module, "REPAIR_FACTOR", NQ_IR_REPAIR_FACTOR) < 0 ||
        PyModule_AddObject(module, "NOISE", PyFloat_FromDouble(NQ_IR_NOISE)) < 0)
        return -1;
    return 0;
}

PyDoc_STRVAR(module_doc,
"The intuitive repair of the Hungarian source (the native core of\n"
"nqueens.kernels.intuitive).");

SHELL_MODULE(intuitive, "nqueens._core.intuitive", module_doc, methods, SHELL_EXEC(exec_module))
