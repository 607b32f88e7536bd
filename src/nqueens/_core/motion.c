/* Block matching: full search with the sum of absolute differences (SAD) over every
 * pixel of a block, or only over sampled pixels (an N-queens pattern).
 *
 * Frames are 2-D C-contiguous uint8 arrays of the same shape (h, w); the motion field is
 * written into caller-given int64 arrays vectors (nby, nbx, 2) and sads (nby, nbx).  For
 * the block (bx, by) at (x, y) = (bx*block, by*block), every displacement (dx, dy) with
 * |dx|, |dy| <= radius whose reference block lies inside the frame is a candidate; the
 * least SAD wins, ties going to the shorter vector (|dx| + |dy|), then to the first in
 * scan order (dy, then dx, ascending).
 *
 * The full SAD takes 16 pixels of a block row at a time with psadbw (_mm_sad_epu8, SSE2,
 * part of every x86-64 CPU).  The sampled SAD cannot: its pixels lie one per N columns.
 * It instead adds each sampled pixel into the SADs of all candidates of its block at
 * once, 16 horizontal displacements per SIMD operation (16-bit lanes, one row of lanes
 * per vertical displacement, flushed into 32-bit sums before they can overflow); the
 * AVX2 form is chosen at run time where the CPU has it.  Other CPUs get plain C loops.
 * Both searches run without the interpreter lock.
 */
#include "shell_py.h"
#include "nq_cpu.h"

#include <stdlib.h>

#if defined(__x86_64__) || defined(_M_X64) || defined(__i386__)
#define NQ_MOTION_X86 1
#include <immintrin.h>
#endif

#define NQ_MOTION_MAX_BLOCK 256
#define NQ_MOTION_MAX_RADIUS 256

typedef struct {
    const uint8_t *ref, *tgt;
    Py_ssize_t h, w;
    int block, radius;
    Py_ssize_t nby, nbx;
    int64_t *vectors, *sads;
} nq_motion_job;

static inline int64_t nq_motion_absl(int64_t v) { return v < 0 ? -v : v; }

/* Whether the SAD s at (dx, dy) beats the best so far (scan order breaks the last ties). */
static inline bool nq_motion_better(int64_t s, int dx, int dy, int64_t best, int bdx,
                                    int bdy) {
    if (s < best)
        return true;
    return s == best && nq_motion_absl(dx) + nq_motion_absl(dy) <
                            nq_motion_absl(bdx) + nq_motion_absl(bdy);
}

/* The valid displacements of a block at (x, y): [*lo, *hi] along one axis. */
static inline void nq_motion_range(Py_ssize_t at, Py_ssize_t size, int block, int radius,
                                   int *lo, int *hi) {
    Py_ssize_t a = -at < -radius ? -radius : -at;
    Py_ssize_t b = size - block - at;
    if (b > radius)
        b = radius;
    *lo = (int)a;
    *hi = (int)b;
}

/* ---- full SAD ------------------------------------------------------------------------ */

/* SAD of the block rows t (stride ts) and r (stride rs), `block` pixels square. */
static inline int64_t nq_motion_block_sad(const uint8_t *t, Py_ssize_t ts, const uint8_t *r,
                                          Py_ssize_t rs, int block) {
#ifdef NQ_MOTION_X86
    __m128i acc = _mm_setzero_si128();
    int64_t tail = 0;
    for (int i = 0; i < block; i++) {
        const uint8_t *tr = t + i * ts, *rr = r + i * rs;
        int j = 0;
        for (; j + 16 <= block; j += 16)
            acc = _mm_add_epi64(acc, _mm_sad_epu8(_mm_loadu_si128((const __m128i *)(tr + j)),
                                                  _mm_loadu_si128((const __m128i *)(rr + j))));
        if (j + 8 <= block) {
            acc = _mm_add_epi64(acc, _mm_sad_epu8(_mm_loadl_epi64((const __m128i *)(tr + j)),
                                                  _mm_loadl_epi64((const __m128i *)(rr + j))));
            j += 8;
        }
        for (; j < block; j++)
            tail += tr[j] > rr[j] ? tr[j] - rr[j] : rr[j] - tr[j];
    }
    acc = _mm_add_epi64(acc, _mm_unpackhi_epi64(acc, acc));
    return (int64_t)_mm_cvtsi128_si64(acc) + tail;
#else
    int64_t s = 0;
    for (int i = 0; i < block; i++) {
        const uint8_t *tr = t + i * ts, *rr = r + i * rs;
        for (int j = 0; j < block; j++)
            s += tr[j] > rr[j] ? tr[j] - rr[j] : rr[j] - tr[j];
    }
    return s;
#endif
}

/* The search of one block size; `block` is a constant where the caller inlines it. */
static inline int64_t nq_motion_full_blocks(const nq_motion_job *job, int block) {
    const Py_ssize_t w = job->w;
    int64_t candidates = 0;
    for (Py_ssize_t by = 0; by < job->nby; by++) {
        Py_ssize_t y = by * block;
        int dy0, dy1;
        nq_motion_range(y, job->h, block, job->radius, &dy0, &dy1);
        for (Py_ssize_t bx = 0; bx < job->nbx; bx++) {
            Py_ssize_t x = bx * block;
            int dx0, dx1;
            nq_motion_range(x, w, block, job->radius, &dx0, &dx1);
            const uint8_t *t = job->tgt + y * w + x;
            int64_t best = INT64_MAX;
            int bdx = 0, bdy = 0;
            for (int dy = dy0; dy <= dy1; dy++) {
                const uint8_t *r = job->ref + (y + dy) * w + x;
                for (int dx = dx0; dx <= dx1; dx++) {
                    int64_t s = nq_motion_block_sad(t, w, r + dx, w, block);
                    if (nq_motion_better(s, dx, dy, best, bdx, bdy)) {
                        best = s;
                        bdx = dx;
                        bdy = dy;
                    }
                }
                candidates += dx1 - dx0 + 1;
            }
            Py_ssize_t b = by * job->nbx + bx;
            job->vectors[2 * b] = bdx;
            job->vectors[2 * b + 1] = bdy;
            job->sads[b] = best;
        }
    }
    return candidates;
}

static int64_t nq_motion_full(const nq_motion_job *job) {
    switch (job->block) { /* the usual sizes with the row loops unrolled */
    case 8:
        return nq_motion_full_blocks(job, 8);
    case 16:
        return nq_motion_full_blocks(job, 16);
    case 32:
        return nq_motion_full_blocks(job, 32);
    default:
        return nq_motion_full_blocks(job, job->block);
    }
}

/* ---- sampled SAD --------------------------------------------------------------------- */

/* Lanes are filled 256 samples at a time (256 * 255 < 65536) and then flushed into the
 * 32-bit sums of the block: acc32[e * lanes + d] is the candidate (dx0 + d, dy0 + e). */
#define NQ_MOTION_BATCH 256
/* Spare bytes after the copy of the reference: a lane group may read past the last pixel. */
#define NQ_MOTION_TAIL 32

typedef struct {
    const uint8_t *ref; /* the reference frame followed by NQ_MOTION_TAIL spare bytes */
    const uint8_t *tgt;
    Py_ssize_t w;
    const Py_ssize_t *off; /* offsets si[k] * w + sj[k] of the samples in a block */
    Py_ssize_t ns;
    uint8_t *tvec;  /* ns broadcast target pixels of 32 bytes each (32-byte aligned) */
    uint32_t *acc32;
    uint32_t *spare; /* 16 sums written for a row past the last one, never read */
    int lanes;       /* the row stride of acc32, a multiple of 32 */
} nq_sampled;

/* One block at (x, y): the candidates dx0..dx0+nx-1 by dy0..dy0+ny-1 into acc32. */
typedef void (*nq_sampled_fn)(const nq_sampled *, Py_ssize_t, Py_ssize_t, int, int, int, int);

static void nq_sampled_block_plain(const nq_sampled *s, Py_ssize_t x, Py_ssize_t y, int dx0,
                                   int dy0, int nx, int ny) {
    const uint8_t *t0 = s->tgt + y * s->w + x;
    const uint8_t *base = s->ref + (y + dy0) * s->w + x + dx0;
    for (int e = 0; e < ny; e++) {
        uint32_t *out = s->acc32 + (Py_ssize_t)e * s->lanes;
        const uint8_t *row = base + e * s->w;
        for (Py_ssize_t k = 0; k < s->ns; k++) {
            uint8_t t = t0[s->off[k]];
            const uint8_t *r = row + s->off[k];
            for (int d = 0; d < nx; d++)
                out[d] += r[d] > t ? (uint32_t)(r[d] - t) : (uint32_t)(t - r[d]);
        }
    }
}

#ifdef NQ_MOTION_X86
/* Add the 16-bit sums of the even (ev) and odd (od) bytes of 16 displacements into their
 * 32-bit sums dst[0..15]. */
static inline void nq_sampled_flush_sse2(__m128i ev, __m128i od, uint32_t *dst) {
    const __m128i zero = _mm_setzero_si128();
    __m128i a = _mm_unpacklo_epi16(ev, od), b = _mm_unpackhi_epi16(ev, od); /* in order */
    __m128i *p = (__m128i *)dst;
    _mm_storeu_si128(p, _mm_add_epi32(_mm_loadu_si128(p), _mm_unpacklo_epi16(a, zero)));
    _mm_storeu_si128(p + 1, _mm_add_epi32(_mm_loadu_si128(p + 1), _mm_unpackhi_epi16(a, zero)));
    _mm_storeu_si128(p + 2, _mm_add_epi32(_mm_loadu_si128(p + 2), _mm_unpacklo_epi16(b, zero)));
    _mm_storeu_si128(p + 3, _mm_add_epi32(_mm_loadu_si128(p + 3), _mm_unpackhi_epi16(b, zero)));
}

/* SSE2: 16 horizontal displacements of one row per operation. */
static void nq_sampled_block_sse2(const nq_sampled *s, Py_ssize_t x, Py_ssize_t y, int dx0,
                                  int dy0, int nx, int ny) {
    const Py_ssize_t w = s->w, ns = s->ns;
    const uint8_t *t0 = s->tgt + y * w + x;
    for (Py_ssize_t k = 0; k < ns; k++)
        _mm_store_si128((__m128i *)(s->tvec + 32 * k), _mm_set1_epi8((char)t0[s->off[k]]));
    const uint8_t *base = s->ref + (y + dy0) * w + x + dx0;
    const __m128i low = _mm_set1_epi16(0x00ff);
    int chunks = (nx + 15) / 16;
    for (int e = 0; e < ny; e++) {
        for (int q = 0; q < chunks; q++) {
            const uint8_t *row = base + e * w + 16 * q;
            uint32_t *dst = s->acc32 + (Py_ssize_t)e * s->lanes + 16 * q;
            for (Py_ssize_t k0 = 0; k0 < ns; k0 += NQ_MOTION_BATCH) {
                Py_ssize_t k1 = k0 + NQ_MOTION_BATCH < ns ? k0 + NQ_MOTION_BATCH : ns;
                __m128i ev = _mm_setzero_si128(), od = _mm_setzero_si128();
                for (Py_ssize_t k = k0; k < k1; k++) {
                    __m128i t = _mm_load_si128((const __m128i *)(s->tvec + 32 * k));
                    __m128i r = _mm_loadu_si128((const __m128i *)(row + s->off[k]));
                    __m128i d = _mm_or_si128(_mm_subs_epu8(r, t), _mm_subs_epu8(t, r));
                    ev = _mm_add_epi16(ev, _mm_and_si128(d, low));
                    od = _mm_add_epi16(od, _mm_srli_epi16(d, 8));
                }
                nq_sampled_flush_sse2(ev, od, dst);
            }
        }
    }
}

#if defined(__GNUC__) || defined(__clang__)
#define NQ_MOTION_AVX2 1
/* As nq_sampled_flush_sse2 for 32 bytes: the low 16 go to lo[0..15], the high 16 to
 * hi[0..15]. */
__attribute__((target("avx2"))) static inline void
nq_sampled_flush_avx2(__m256i ev, __m256i od, uint32_t *lo, uint32_t *hi) {
    __m256i a = _mm256_unpacklo_epi16(ev, od), b = _mm256_unpackhi_epi16(ev, od);
    __m256i *pl = (__m256i *)lo, *ph = (__m256i *)hi;
    __m256i l0 = _mm256_cvtepu16_epi32(_mm256_castsi256_si128(a));
    __m256i l1 = _mm256_cvtepu16_epi32(_mm256_castsi256_si128(b));
    __m256i h0 = _mm256_cvtepu16_epi32(_mm256_extracti128_si256(a, 1));
    __m256i h1 = _mm256_cvtepu16_epi32(_mm256_extracti128_si256(b, 1));
    _mm256_storeu_si256(pl, _mm256_add_epi32(_mm256_loadu_si256(pl), l0));
    _mm256_storeu_si256(pl + 1, _mm256_add_epi32(_mm256_loadu_si256(pl + 1), l1));
    _mm256_storeu_si256(ph, _mm256_add_epi32(_mm256_loadu_si256(ph), h0));
    _mm256_storeu_si256(ph + 1, _mm256_add_epi32(_mm256_loadu_si256(ph + 1), h1));
}

/* AVX2: 32 displacements per operation, two rows of 16 where the range is that narrow. */
__attribute__((target("avx2"))) static void
nq_sampled_block_avx2(const nq_sampled *s, Py_ssize_t x, Py_ssize_t y, int dx0, int dy0, int nx,
                      int ny) {
    const Py_ssize_t w = s->w, ns = s->ns;
    const uint8_t *t0 = s->tgt + y * w + x;
    for (Py_ssize_t k = 0; k < ns; k++)
        _mm256_store_si256((__m256i *)(s->tvec + 32 * k), _mm256_set1_epi8((char)t0[s->off[k]]));
    const uint8_t *base = s->ref + (y + dy0) * w + x + dx0;
    const __m256i low = _mm256_set1_epi16(0x00ff);
    const bool pair = nx <= 16;
    const int step = pair ? 2 : 1, chunks = pair ? 1 : (nx + 31) / 32;
    for (int e = 0; e < ny; e += step) {
        for (int q = 0; q < chunks; q++) {
            const uint8_t *lo = base + e * w + 32 * q;
            const uint8_t *hi = pair ? base + (e + 1 < ny ? e + 1 : e) * w : lo + 16;
            uint32_t *dlo = s->acc32 + (Py_ssize_t)e * s->lanes + 32 * q;
            uint32_t *dhi = !pair ? dlo + 16
                            : e + 1 < ny ? s->acc32 + (Py_ssize_t)(e + 1) * s->lanes
                                         : s->spare;
            for (Py_ssize_t k0 = 0; k0 < ns; k0 += NQ_MOTION_BATCH) {
                Py_ssize_t k1 = k0 + NQ_MOTION_BATCH < ns ? k0 + NQ_MOTION_BATCH : ns;
                __m256i ev = _mm256_setzero_si256(), od = _mm256_setzero_si256();
                if (pair) {
                    for (Py_ssize_t k = k0; k < k1; k++) {
                        __m256i t = _mm256_load_si256((const __m256i *)(s->tvec + 32 * k));
                        __m256i r = _mm256_inserti128_si256(
                            _mm256_castsi128_si256(
                                _mm_loadu_si128((const __m128i *)(lo + s->off[k]))),
                            _mm_loadu_si128((const __m128i *)(hi + s->off[k])), 1);
                        __m256i d = _mm256_or_si256(_mm256_subs_epu8(r, t), _mm256_subs_epu8(t, r));
                        ev = _mm256_add_epi16(ev, _mm256_and_si256(d, low));
                        od = _mm256_add_epi16(od, _mm256_srli_epi16(d, 8));
                    }
                } else {
                    for (Py_ssize_t k = k0; k < k1; k++) {
                        __m256i t = _mm256_load_si256((const __m256i *)(s->tvec + 32 * k));
                        __m256i r = _mm256_loadu_si256((const __m256i *)(lo + s->off[k]));
                        __m256i d = _mm256_or_si256(_mm256_subs_epu8(r, t), _mm256_subs_epu8(t, r));
                        ev = _mm256_add_epi16(ev, _mm256_and_si256(d, low));
                        od = _mm256_add_epi16(od, _mm256_srli_epi16(d, 8));
                    }
                }
                nq_sampled_flush_avx2(ev, od, dlo, dhi);
            }
        }
    }
}
#endif
#endif

static nq_sampled_fn nq_sampled_pick(void) {
#ifdef NQ_MOTION_X86
#ifdef NQ_MOTION_AVX2
    if (nq_cpu_level() >= NQ_CPU_AVX2)
        return nq_sampled_block_avx2;
#endif
    return nq_sampled_block_sse2;
#else
    return nq_sampled_block_plain;
#endif
}

/* Returns the candidates evaluated, or -1 when memory ran out. */
static int64_t nq_motion_sampled(const nq_motion_job *job, const int64_t *si, const int64_t *sj,
                                 Py_ssize_t ns, bool plain) {
    const Py_ssize_t h = job->h, w = job->w;
    const int block = job->block, radius = job->radius;
    int lanes_max = ((2 * radius + 1 + 31) / 32) * 32;
    size_t cells = (size_t)(2 * radius + 1) * (size_t)lanes_max;
    size_t tbytes = 32 * (size_t)(ns > 0 ? ns : 1);
    uint8_t *ref = malloc((size_t)(h * w) + NQ_MOTION_TAIL);
    uint32_t *acc32 = malloc(cells * sizeof(uint32_t));
    Py_ssize_t *off = malloc(sizeof(Py_ssize_t) * (size_t)(ns > 0 ? ns : 1));
    uint8_t *tvec = aligned_alloc(32, tbytes);
    uint32_t spare[16];
    int64_t candidates = 0;
    if (ref == NULL || acc32 == NULL || off == NULL || tvec == NULL) {
        candidates = -1;
        goto done;
    }
    memcpy(ref, job->ref, (size_t)(h * w));
    memset(ref + h * w, 0, NQ_MOTION_TAIL);
    for (Py_ssize_t k = 0; k < ns; k++)
        off[k] = (Py_ssize_t)si[k] * w + (Py_ssize_t)sj[k];
    nq_sampled s = {ref, job->tgt, w, off, ns, tvec, acc32, spare, 0};
    nq_sampled_fn fn = plain ? nq_sampled_block_plain : nq_sampled_pick();
    for (Py_ssize_t by = 0; by < job->nby; by++) {
        Py_ssize_t y = by * block;
        int dy0, dy1;
        nq_motion_range(y, h, block, radius, &dy0, &dy1);
        int ny = dy1 - dy0 + 1;
        for (Py_ssize_t bx = 0; bx < job->nbx; bx++) {
            Py_ssize_t x = bx * block;
            int dx0, dx1;
            nq_motion_range(x, w, block, radius, &dx0, &dx1);
            int nx = dx1 - dx0 + 1;
            s.lanes = 32 * ((nx + 31) / 32);
            memset(acc32, 0, (size_t)ny * (size_t)s.lanes * sizeof(uint32_t));
            fn(&s, x, y, dx0, dy0, nx, ny);
            /* the least sum first (a loop the compiler vectorises), then its ties */
            uint32_t least = UINT32_MAX;
            for (int e = 0; e < ny; e++) {
                const uint32_t *lane = acc32 + (Py_ssize_t)e * s.lanes;
                for (int d = 0; d < nx; d++)
                    least = lane[d] < least ? lane[d] : least;
            }
            int64_t best = INT64_MAX;
            int bdx = 0, bdy = 0;
            for (int e = 0; e < ny; e++) {
                const uint32_t *lane = acc32 + (Py_ssize_t)e * s.lanes;
                for (int d = 0; d < nx; d++) {
                    if (lane[d] == least &&
                        nq_motion_better(lane[d], dx0 + d, dy0 + e, best, bdx, bdy)) {
                        best = lane[d];
                        bdx = dx0 + d;
                        bdy = dy0 + e;
                    }
                }
            }
            candidates += (int64_t)nx * ny;
            Py_ssize_t b = by * job->nbx + bx;
            job->vectors[2 * b] = bdx;
            job->vectors[2 * b + 1] = bdy;
            job->sads[b] = best;
        }
    }
done:
    free(ref);
    free(acc32);
    free(off);
    free(tvec);
    return candidates;
}

/* ---- binding ------------------------------------------------------------------------- */

/* The frames, the settings and the output arrays of one search, checked into `job`; the
 * four buffers are got into `views`, where they stay (on failure too) until the caller's
 * shell_views_release.  0, or -1 with an exception set. */
static int nq_motion_open(shell_views *views, PyObject *ref, PyObject *tgt, int block,
                          int radius, PyObject *vectors, PyObject *sads, nq_motion_job *job) {
    if (block < 2 || block > NQ_MOTION_MAX_BLOCK) {
        PyErr_Format(PyExc_ValueError, "block %d: must be 2..%d", block, NQ_MOTION_MAX_BLOCK);
        return -1;
    }
    if (radius < 0 || radius > NQ_MOTION_MAX_RADIUS) {
        PyErr_Format(PyExc_ValueError, "radius %d: must be 0..%d", radius,
                     NQ_MOTION_MAX_RADIUS);
        return -1;
    }
    Py_buffer *vr = shell_views_get(views, ref, 'B', 1, -1, false, "ref");
    Py_buffer *vt = vr ? shell_views_get(views, tgt, 'B', 1, -1, false, "tgt") : NULL;
    Py_buffer *vv = vt ? shell_views_get(views, vectors, 'q', 8, -1, true, "vectors") : NULL;
    Py_buffer *vs = vv ? shell_views_get(views, sads, 'q', 8, -1, true, "sads") : NULL;
    if (!vs)
        return -1;
    if (vr->ndim != 2 || vt->ndim != 2 || vr->shape[0] != vt->shape[0] ||
        vr->shape[1] != vt->shape[1]) {
        PyErr_SetString(PyExc_ValueError, "ref and tgt must be 2-D and of the same shape");
        return -1;
    }
    if (vv->ndim != 3 || vv->shape[2] != 2) {
        PyErr_SetString(PyExc_ValueError, "vectors must have the shape (nby, nbx, 2)");
        return -1;
    }
    job->h = vt->shape[0];
    job->w = vt->shape[1];
    job->nby = vv->shape[0];
    job->nbx = vv->shape[1];
    if (job->nby * block > job->h || job->nbx * block > job->w) {
        PyErr_Format(PyExc_ValueError,
                     "a %zdx%zd frame holds no %zdx%zd blocks of %d pixels", job->w, job->h,
                     job->nbx, job->nby, block);
        return -1;
    }
    if (shell_len(vs) != job->nby * job->nbx) {
        PyErr_Format(PyExc_ValueError, "sads holds %zd elements, %zd needed", shell_len(vs),
                     job->nby * job->nbx);
        return -1;
    }
    job->ref = vr->buf;
    job->tgt = vt->buf;
    job->block = block;
    job->radius = radius;
    job->vectors = vv->buf;
    job->sads = vs->buf;
    return 0;
}

PyDoc_STRVAR(full_sad_doc,
"full_sad(ref, tgt, block, radius, vectors, sads) -> int\n"
"--\n\n"
"Full search with the SAD over all block*block pixels of each block.  ref and tgt are\n"
"2-D uint8 frames of one shape; vectors (int64, shape (nby, nbx, 2)) receives (dx, dy)\n"
"and sads (int64, nby*nbx) the winning SAD of each block.  Returns the number of\n"
"candidates evaluated.");

static PyObject *full_sad(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"ref", "tgt", "block", "radius", "vectors", "sads", NULL};
    PyObject *ref, *tgt, *vectors, *sads;
    int block, radius;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOiiOO:full_sad", keywords, &ref, &tgt,
                                     &block, &radius, &vectors, &sads))
        return NULL;
    shell_views views = {.count = 0};
    nq_motion_job job;
    if (nq_motion_open(&views, ref, tgt, block, radius, vectors, sads, &job) < 0) {
        shell_views_release(&views);
        return NULL;
    }
    int64_t candidates;
    Py_BEGIN_ALLOW_THREADS
    candidates = nq_motion_full(&job);
    Py_END_ALLOW_THREADS
    shell_views_release(&views);
    return PyLong_FromLongLong(candidates);
}

PyDoc_STRVAR(sampled_sad_doc,
"sampled_sad(ref, tgt, block, radius, si, sj, vectors, sads, plain=False) -> int\n"
"--\n\n"
"Full search with the SAD taken only on the pixels (si[k], sj[k]) of each block (two\n"
"int64 arrays of one length, each value in 0..block-1).  Frames and outputs as for\n"
"full_sad.  plain=True uses the plain C loops instead of the SIMD ones (for tests).\n"
"Returns the number of candidates evaluated.");

static PyObject *sampled_sad(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"ref", "tgt", "block", "radius", "si", "sj", "vectors", "sads",
                               "plain", NULL};
    PyObject *ref, *tgt, *si_obj, *sj_obj, *vectors, *sads;
    int block, radius, plain = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOiiOOOO|p:sampled_sad", keywords, &ref,
                                     &tgt, &block, &radius, &si_obj, &sj_obj, &vectors, &sads,
                                     &plain))
        return NULL;
    shell_views views = {.count = 0};
    PyObject *result = NULL;
    nq_motion_job job;
    if (nq_motion_open(&views, ref, tgt, block, radius, vectors, sads, &job) < 0)
        goto done;
    Py_buffer *si = shell_views_get(&views, si_obj, 'q', 8, -1, false, "si");
    Py_buffer *sj = si ? shell_views_get(&views, sj_obj, 'q', 8, -1, false, "sj") : NULL;
    if (!sj)
        goto done;
    Py_ssize_t ns = shell_len(si);
    const int64_t *sip = si->buf, *sjp = sj->buf;
    if (shell_len(sj) != ns) {
        PyErr_SetString(PyExc_ValueError, "si and sj must have the same length");
        goto done;
    }
    for (Py_ssize_t k = 0; k < ns; k++) {
        if (sip[k] < 0 || sip[k] >= block || sjp[k] < 0 || sjp[k] >= block) {
            PyErr_Format(PyExc_ValueError, "sample %zd at (%lld, %lld) lies outside a block of %d",
                         k, (long long)sip[k], (long long)sjp[k], block);
            goto done;
        }
    }
    int64_t candidates;
    Py_BEGIN_ALLOW_THREADS
    candidates = nq_motion_sampled(&job, sip, sjp, ns, plain != 0);
    Py_END_ALLOW_THREADS
    if (candidates < 0)
        PyErr_NoMemory();
    else
        result = PyLong_FromLongLong(candidates);
done:
    shell_views_release(&views);
    return result;
}

PyDoc_STRVAR(simd_doc,
"simd() -> str\n"
"--\n\n"
"The instruction set the sampled SAD uses on this CPU: 'avx2', 'sse2' or 'plain'.");

static PyObject *simd(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    nq_sampled_fn fn = nq_sampled_pick();
#ifdef NQ_MOTION_X86
#ifdef NQ_MOTION_AVX2
    if (fn == nq_sampled_block_avx2)
        return PyUnicode_FromString("avx2");
#endif
    if (fn == nq_sampled_block_sse2)
        return PyUnicode_FromString("sse2");
#endif
    (void)fn;
    return PyUnicode_FromString("plain");
}

static PyMethodDef methods[] = {
    {"full_sad", (PyCFunction)(void (*)(void))full_sad, METH_VARARGS | METH_KEYWORDS,
     full_sad_doc},
    {"sampled_sad", (PyCFunction)(void (*)(void))sampled_sad, METH_VARARGS | METH_KEYWORDS,
     sampled_sad_doc},
    {"simd", simd, METH_NOARGS, simd_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(module_doc,
"Block matching kernels: full search with the SAD over whole blocks (psadbw) or over\n"
"sampled pixels (SIMD across horizontal displacements).");

SHELL_MODULE(motion, "nqueens._core.motion", module_doc, methods)
