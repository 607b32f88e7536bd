"""Preprocessing valid for any board: numbers that tie two squares collapse them.

A revealed number that sees exactly two unknown squares ``x`` and ``y`` says ``x + y =
need``: with ``need = 1`` the two differ (``x = not y``), with ``0`` or ``2`` both are
fixed; a number that sees one square fixes it.  These relations are merged in a
union-find whose links carry a parity (``value(x) = value(root) xor parity(x)``), and
every other number is rewritten over the roots: ``sum of (root xor parity) = need``
becomes ``sum coef * root = rhs`` with a constant moved to the right.  A rewritten number
left with one or two roots gives new relations or fixed values in turn; this is repeated
until nothing changes (or a round limit).  What is left (numbers over three or more roots,
and two-root numbers that are clauses) goes to the SAT solver, each written as the
clauses that forbid its failing combinations (at most eight roots, so at most 256).

On a board built from a formula every wire is a chain of ``1``\\ s between two squares,
so a wire becomes one variable and the SAT instance shrinks to the gates.  The witness
is mapped back to every unknown square through the union-find, and checked against every
number of the board before it is returned.

>>> from minesweeper.board import arrays_of, parse_board
>>> c = collapse(arrays_of(parse_board("?1?1?1?")))
>>> c.contradiction, c.classes, len(c.clauses)
(False, 1, 0)
>>> collapse(arrays_of(parse_board("1?1/?0?/1?1"))).contradiction
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from numba import njit

from .board import Arrays

MAX_ROUNDS = 60


@njit(cache=True, nogil=True)
def _find(parent: npt.NDArray[np.int32], parity: npt.NDArray[np.uint8],
          v: int) -> tuple[int, int]:  # pragma: no cover - compiled
    r = v
    p = 0
    while parent[r] != r:
        p ^= parity[r]
        r = parent[r]
    cur = v
    cp = p
    while cur != r:
        nxt = parent[cur]
        nxt_p = cp ^ parity[cur]
        parent[cur] = r
        parity[cur] = cp
        cur = nxt
        cp = nxt_p
    return r, p


@njit(cache=True, nogil=True)
def _fix(parent: npt.NDArray[np.int32], parity: npt.NDArray[np.uint8],
         value: npt.NDArray[np.int8], v: int, val: int) -> int:  # pragma: no cover
    """1: changed, 0: nothing new, -1: contradiction."""
    r, p = _find(parent, parity, v)
    want = val ^ p
    if value[r] < 0:
        value[r] = want
        return 1
    return 0 if value[r] == want else -1


@njit(cache=True, nogil=True)
def _union(parent: npt.NDArray[np.int32], parity: npt.NDArray[np.uint8],
           size: npt.NDArray[np.int32], value: npt.NDArray[np.int8], u: int, v: int,
           diff: int) -> int:  # pragma: no cover - compiled
    """State ``value(u) xor value(v) = diff``; 1: changed, 0: known, -1: contradiction."""
    ru, pu = _find(parent, parity, u)
    rv, pv = _find(parent, parity, v)
    rel = diff ^ pu ^ pv
    if ru == rv:
        return 0 if rel == 0 else -1
    if size[ru] < size[rv]:
        ru, rv = rv, ru
    parent[rv] = ru
    parity[rv] = rel
    size[ru] += size[rv]
    if value[rv] >= 0:
        want = value[rv] ^ rel
        if value[ru] < 0:
            value[ru] = want
        elif value[ru] != want:
            return -1
    return 1


@njit(cache=True, nogil=True)
def _reduce_one(parent: npt.NDArray[np.int32], parity: npt.NDArray[np.uint8],
                value: npt.NDArray[np.int8], vs: npt.NDArray[np.int32], need: int,
                roots: npt.NDArray[np.int64], coefs: npt.NDArray[np.int64]
                ) -> tuple[int, int]:  # pragma: no cover - compiled
    """Rewrite ``sum vs = need`` over free roots: fills ``roots[:k]``, ``coefs[:k]``
    (non-zero) and returns ``(k, rhs)``."""
    k = 0
    rhs = need
    for i in range(vs.shape[0]):
        r, p = _find(parent, parity, vs[i])
        if value[r] >= 0:
            rhs -= value[r] ^ p
            continue
        c = 1
        if p == 1:
            rhs -= 1
            c = -1
        found = -1
        for t in range(k):
            if roots[t] == r:
                found = t
                break
        if found >= 0:
            coefs[found] += c
        else:
            roots[k] = r
            coefs[k] = c
            k += 1
    kk = 0
    for t in range(k):
        if coefs[t] != 0:
            roots[kk] = roots[t]
            coefs[kk] = coefs[t]
            kk += 1
    return kk, rhs


@njit(cache=True, nogil=True)
def _absorb(parent: npt.NDArray[np.int32], parity: npt.NDArray[np.uint8],
            size: npt.NDArray[np.int32], value: npt.NDArray[np.int8],
            k: int, roots: npt.NDArray[np.int64], coefs: npt.NDArray[np.int64],
            rhs: int) -> tuple[int, int]:  # pragma: no cover - compiled
    """Turn a rewritten number over at most two roots into facts.  Returns ``(done,
    status)``: ``done`` 1 when the number says nothing more; ``status`` 1 changed, 0
    nothing new, -1 contradiction."""
    if k == 0:
        return 1, (0 if rhs == 0 else -1)
    if k == 1:
        ok0 = rhs == 0
        ok1 = coefs[0] == rhs
        if not ok0 and not ok1:
            return 1, -1
        if ok0 and ok1:
            return 1, 0
        return 1, _fix(parent, parity, value, roots[0], 1 if ok1 else 0)
    if k > 2:
        return 0, 0
    sat = np.zeros(4, dtype=np.bool_)
    count = 0
    for a in range(2):
        for b in range(2):
            if coefs[0] * a + coefs[1] * b == rhs:
                sat[2 * a + b] = True
                count += 1
    if count == 0:
        return 1, -1
    if count == 4:
        return 1, 0
    if count == 1:
        for idx in range(4):
            if sat[idx]:
                s1 = _fix(parent, parity, value, roots[0], idx // 2)
                s2 = _fix(parent, parity, value, roots[1], idx % 2)
                if s1 < 0 or s2 < 0:
                    return 1, -1
                return 1, (1 if s1 > 0 or s2 > 0 else 0)
    if count == 2:
        if sat[0] and sat[3]:
            return 1, _union(parent, parity, size, value, roots[0], roots[1], 0)
        if sat[1] and sat[2]:
            return 1, _union(parent, parity, size, value, roots[0], roots[1], 1)
        if sat[0] and sat[1]:
            return 1, _fix(parent, parity, value, roots[0], 0)
        if sat[2] and sat[3]:
            return 1, _fix(parent, parity, value, roots[0], 1)
        if sat[0] and sat[2]:
            return 1, _fix(parent, parity, value, roots[1], 0)
        return 1, _fix(parent, parity, value, roots[1], 1)
    return 0, 0  # three combinations: a clause over two roots, kept


@njit(cache=True, nogil=True)
def _collapse(n: int, ptr: npt.NDArray[np.int64], vs: npt.NDArray[np.int32],
              need: npt.NDArray[np.int16], max_rounds: int
              ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint8], npt.NDArray[np.int8],
                         npt.NDArray[np.bool_], int, int]:  # pragma: no cover - compiled
    m = need.shape[0]
    parent = np.arange(n).astype(np.int32)
    parity = np.zeros(n, dtype=np.uint8)
    size = np.ones(n, dtype=np.int32)
    value = np.full(n, -1, dtype=np.int8)
    done = np.zeros(m, dtype=np.bool_)
    roots = np.zeros(8, dtype=np.int64)
    coefs = np.zeros(8, dtype=np.int64)
    rounds = 0
    changed = True
    while changed and rounds < max_rounds:
        changed = False
        rounds += 1
        for j in range(m):
            if done[j]:
                continue
            seen = vs[ptr[j]:ptr[j + 1]]
            if rounds == 1 and seen.shape[0] > 2:
                continue  # the first round takes the numbers over one or two squares
            k, rhs = _reduce_one(parent, parity, value, seen, int(need[j]), roots, coefs)
            d, status = _absorb(parent, parity, size, value, k, roots, coefs, rhs)
            if status < 0:
                return parent, parity, value, done, rounds, j
            if d:
                done[j] = True
            if status > 0 or rounds == 1:
                changed = True
    for v in range(n):
        _find(parent, parity, v)
    return parent, parity, value, done, rounds, -1


@njit(cache=True, nogil=True)
def _clauses(parent: npt.NDArray[np.int32], parity: npt.NDArray[np.uint8],
             value: npt.NDArray[np.int8], ptr: npt.NDArray[np.int64],
             vs: npt.NDArray[np.int32], need: npt.NDArray[np.int16],
             done: npt.NDArray[np.bool_]
             ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int64], npt.NDArray[np.int64],
                        int]:  # pragma: no cover - compiled
    """Clauses forbidding the failing combinations of every number still open, over
    compact variable ids (``ids[root]``, 1-based); returns literals, clause ends, the
    root of each id and how many constraints were written."""
    n = parent.shape[0]
    m = need.shape[0]
    ids = np.zeros(n, dtype=np.int64)
    lits = np.empty(1024, dtype=np.int32)
    ends = np.empty(256, dtype=np.int64)
    nl = 0
    nc = 0
    nv = 0
    written = 0
    roots = np.zeros(8, dtype=np.int64)
    coefs = np.zeros(8, dtype=np.int64)
    for j in range(m):
        if done[j]:
            continue
        k, rhs = _reduce_one(parent, parity, value, vs[ptr[j]:ptr[j + 1]], int(need[j]),
                             roots, coefs)
        written += 1
        for t in range(k):
            if ids[roots[t]] == 0:
                nv += 1
                ids[roots[t]] = nv
        for combo in range(1 << k):
            s = 0
            for t in range(k):
                if (combo >> t) & 1:
                    s += coefs[t]
            if s == rhs:
                continue
            if nl + k > lits.shape[0]:
                bigger = np.empty(2 * lits.shape[0] + k, dtype=np.int32)
                bigger[:nl] = lits[:nl]
                lits = bigger
            if nc + 1 > ends.shape[0]:
                more = np.empty(2 * ends.shape[0], dtype=np.int64)
                more[:nc] = ends[:nc]
                ends = more
            for t in range(k):
                x = ids[roots[t]]
                lits[nl] = -x if (combo >> t) & 1 else x
                nl += 1
            ends[nc] = nl
            nc += 1
    root_of = np.zeros(nv + 1, dtype=np.int64)
    for r in range(n):
        if ids[r] > 0:
            root_of[ids[r]] = r
    return lits[:nl], ends[:nc], root_of, written


@njit(cache=True, nogil=True)
def _values(parent: npt.NDArray[np.int32], parity: npt.NDArray[np.uint8],
            value: npt.NDArray[np.int8]) -> npt.NDArray[np.bool_]:  # pragma: no cover
    n = parent.shape[0]
    out = np.zeros(n, dtype=np.bool_)
    for v in range(n):
        r = parent[v]
        base = value[r] if value[r] >= 0 else 0
        out[v] = (base ^ parity[v]) == 1
    return out


@njit(cache=True, nogil=True)
def _violated(ptr: npt.NDArray[np.int64], vs: npt.NDArray[np.int32],
              need: npt.NDArray[np.int16], mine: npt.NDArray[np.bool_]
              ) -> int:  # pragma: no cover - compiled
    for j in range(need.shape[0]):
        s = 0
        for e in range(ptr[j], ptr[j + 1]):
            s += mine[vs[e]]
        if s != need[j]:
            return j
    return -1


@dataclass
class Collapsed:
    """The board's constraints after the collapse.

    ``contradiction`` says the relations alone cannot hold; otherwise ``clauses`` (over
    variables ``1..len(root_of) - 1``, variable ``i`` standing for root ``root_of[i]``)
    is what is left for SAT.  ``classes`` counts the free roots of frontier squares,
    ``remaining`` the numbers written as clauses and ``rounds`` the passes made.
    """

    contradiction: bool
    parent: npt.NDArray[np.int32]
    parity: npt.NDArray[np.uint8]
    value: npt.NDArray[np.int8]
    clauses: list[list[int]]
    root_of: npt.NDArray[np.int64]
    classes: int
    remaining: int
    rounds: int

    def witness(self, model: list[int] | None = None) -> npt.NDArray[np.bool_]:
        """A value for every unknown square from a model of :attr:`clauses` (roots the
        clauses do not mention take ``False``)."""
        value = self.value.copy()
        for lit in model or []:
            x = abs(lit)
            if 0 < x < len(self.root_of):
                value[self.root_of[x]] = 1 if lit > 0 else 0
        return _values(self.parent, self.parity, value)


def _as_lists(lits: npt.NDArray[np.int32], ends: npt.NDArray[np.int64]) -> list[list[int]]:
    """Flat clauses to lists, one block of equal length at a time (their order changes).

    >>> _as_lists(np.array([1, 2, -1, 3, 4, 5]), np.array([2, 3, 6]))
    [[-1], [1, 2], [3, 4, 5]]
    """
    starts = np.concatenate([[0], ends[:-1]]).astype(np.int64)
    lengths = ends - starts
    out: list[list[int]] = []
    for size in np.unique(lengths).tolist():
        first = starts[lengths == size]
        block = lits[first[:, None] + np.arange(size)[None, :]]
        out.extend(block.tolist())
    return out


def collapse(a: Arrays, max_rounds: int = MAX_ROUNDS) -> Collapsed:
    """Collapse the two-square relations of a board's constraints (see the module notes).

    >>> from minesweeper.board import arrays_of, parse_board
    >>> c = collapse(arrays_of(parse_board("??1?/1221/????")))
    >>> c.contradiction, c.classes
    (False, 6)
    """
    parent, parity, value, done, rounds, bad = _collapse(a.n, a.ptr, a.vars, a.need,
                                                         max_rounds)
    empty = np.zeros(1, dtype=np.int64)
    if bad >= 0:
        return Collapsed(True, parent, parity, value, [], empty, 0, 0, rounds)
    lits, ends, root_of, written = _clauses(parent, parity, value, a.ptr, a.vars, a.need,
                                            done)
    clauses = _as_lists(lits, ends)
    free_roots = (parent == np.arange(a.n)) & (value < 0) & a.touched
    return Collapsed(False, parent, parity, value, clauses, root_of,
                     int(np.count_nonzero(free_roots)), int(written), rounds)


def verify(a: Arrays, mine: npt.NDArray[np.bool_]) -> int:
    """The first constraint an arrangement breaks, or ``-1`` when it satisfies all.

    >>> from minesweeper.board import arrays_of, parse_board
    >>> a = arrays_of(parse_board("?1?"))
    >>> verify(a, np.array([True, False])), verify(a, np.array([True, True]))
    (-1, 0)
    """
    return int(_violated(a.ptr, a.vars, a.need, mine))
