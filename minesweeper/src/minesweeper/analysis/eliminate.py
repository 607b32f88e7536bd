"""Exact counts of one group of classes by elimination along a tree decomposition: what
answers a group whose sweep (:mod:`minesweeper.analysis.probability`) would keep too many
states at once, as the groups of boards built from formulas do.

A sweep walks the classes along one line, so every number it has started and not
finished is open at once: on a board built from a formula of 20 variables every
variable's wire crosses every cut, and the sweep keeps a state for nearly every
assignment of them (2^20).  Elimination walks a tree instead:

1. **Order** (:func:`elimination_order`): the classes are eliminated one by one, each time
   the one whose neighbours (the classes it shares a number with, and those earlier
   eliminations joined to it) need the fewest new links among themselves (*min-fill*).
   Each class with its neighbours at its elimination is a *bag*; the bags form a tree
   decomposition of the constraint graph, and its *width* is the largest bag less one.
2. **Upward**: each number is a table over its classes of the assignments that satisfy
   it; each class's bag multiplies the numbers first eliminated at it, the class's own
   weight (its mines when 0 or 1) and the tables its earlier neighbours passed it, then
   sums the class out and passes the rest on.  Tables are sparse: only assignments that
   can still be completed are kept, so a bag of 31 classes may hold a few hundred
   thousand entries rather than 2^31.  The last bag's sum is the group's polynomial (its
   arrangements by number of mines).
3. **Downward**: each bag passes back to each of the bags that fed it how the rest of
   the group completes each of their shared assignments; the product of what a bag holds
   and what came back gives, for its class, the arrangements in which it is 1.

Every entry is an exact count (numpy int64 while no product can pass 2^62, Python
integers beyond), a polynomial by number of mines when the board gives a total.

>>> from minesweeper.analysis.probability import Group
>>> g = Group([1, 1, 1], [0, 0, 0], [([0, 1], [1, 1], 1), ([1, 2], [1, 1], 1)], 3)
>>> poly, ones, width = eliminate(g)
>>> poly, ones, width
([0, 1, 1], [[0, 0, 1], [0, 1, 0], [0, 0, 1]], 1)
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from .probability import Group

Keys = npt.NDArray[np.uint64]
Vals = npt.NDArray[Any]                 # int64, or object (Python integers)

#: The most classes in one bag: an assignment of a bag is one 64-bit key.
MAX_BAG = 64
#: The most classes a group may have for its order to be made (min-fill is made in
#: Python; 20,000 classes take a few seconds).
MAX_CLASSES = 20_000
#: The most neighbour pairs the order may look at before it gives up (a bound on its
#: time: a few seconds; the orders of the largest groups measured, 8,516 classes, took
#: 6.4 s).
MAX_ORDER_WORK = 200_000_000
#: The most bytes the tables may hold at once (keys and counts; a count past 2^62 taken
#: as 40 bytes), and the most counts (entries times the length of their polynomials) they
#: may make in all: their memory and their time.
MAX_BYTES = 600 << 20
MAX_WORK = 400_000_000

_BIG = 1 << 62


class TooEntangled(Exception):
    """The group's tree decomposition is too wide, or its tables too large; ``reason``
    says which."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def elimination_order(n: int, rows: list[list[int]], most: int = MAX_BAG - 1,
                      work: int = MAX_ORDER_WORK) -> tuple[list[int], int]:
    """The classes ``0..n-1`` in a min-fill elimination order over the graph in which two
    classes are linked when a row holds both (ties: fewer neighbours, then the lower
    class), and the order's width (the most neighbours a class has when it goes).
    Raises :class:`TooEntangled` once the width passes ``most`` or the order has looked
    at more than ``work`` neighbour pairs.

    >>> elimination_order(4, [[0, 1], [1, 2], [2, 3]])
    ([0, 1, 2, 3], 1)
    >>> elimination_order(4, [[0, 1, 2, 3]])[1]
    3
    """
    if n > MAX_CLASSES:
        raise TooEntangled(f"{n:,} classes, more than the {MAX_CLASSES:,} an elimination "
                           "order is made for")
    adj: list[set[int]] = [set() for _ in range(n)]
    for ids in rows:
        for i in ids:
            adj[i].update(ids)
    for i in range(n):
        adj[i].discard(i)
    spent = 0

    def fill(v: int) -> tuple[int, int, int]:
        nonlocal spent
        nb = list(adj[v])
        missing = 0
        for i, a in enumerate(nb):
            links = adj[a]
            for b in nb[i + 1:]:
                if b not in links:
                    missing += 1
        spent += len(nb) * len(nb) // 2 + 1
        return missing, len(nb), v

    heap = [(fill(v), v) for v in range(n)]
    heapq.heapify(heap)
    alive = [True] * n
    order: list[int] = []
    width = 0
    while heap:
        key, v = heapq.heappop(heap)
        if not alive[v]:
            continue
        now = fill(v)
        if now != key:                            # stale: a neighbour went since
            heapq.heappush(heap, (now, v))
            continue
        nb = adj[v]
        width = max(width, len(nb))
        if width > most:
            raise TooEntangled(f"its elimination order is more than {most} classes wide")
        if spent > work:
            raise TooEntangled(f"its elimination order took more than {work:,} steps")
        alive[v] = False
        order.append(v)
        near = set(nb)
        for u in nb:
            adj[u] |= nb
            adj[u].discard(u)
            adj[u].discard(v)
        for u in nb:
            near |= adj[u]
        for u in near:
            if alive[u]:
                heapq.heappush(heap, (fill(u), u))
    return order, width


@dataclass
class _Table:
    """A sparse table: for each assignment ``keys[e]`` of ``scope`` (bit ``j`` the value of
    class ``scope[j]``; the scope in elimination order), its polynomial: ``vals[e, i]``
    ways with ``low + i`` mines; keys ascending and distinct."""

    scope: list[int]
    keys: Keys
    vals: Vals
    low: int = 0


def _gather(keys: Keys, scope: list[int], onto: list[int]) -> Keys:
    """The keys of a table over ``scope`` rewritten over ``onto``: each class of ``onto``
    takes its bit from ``scope`` (where it is not in ``scope``, 0)."""
    at = {v: j for j, v in enumerate(scope)}
    out = np.zeros(len(keys), dtype=np.uint64)
    one = np.uint64(1)
    for j, v in enumerate(onto):
        if v in at:
            out |= ((keys >> np.uint64(at[v])) & one) << np.uint64(j)
    return out


def _safe(a: Vals, b: Vals, terms: int) -> tuple[Vals, Vals]:
    """``a`` and ``b`` as Python integers where a sum of ``terms`` products of theirs could
    pass 2^62, else as they are."""
    if a.dtype == object or b.dtype == object or (
            len(a) and len(b) and int(a.max()) * int(b.max()) * terms >= _BIG):
        return a.astype(object), b.astype(object)
    return a, b


def _mul(a: Vals, b: Vals) -> Vals:
    """Row by row, the products of the polynomials in ``a`` and ``b``."""
    a, b = _safe(a, b, min(a.shape[1], b.shape[1]))
    if a.shape[1] == 1 or b.shape[1] == 1:
        return a * b
    if a.shape[1] < b.shape[1]:
        a, b = b, a
    da, db = a.shape[1], b.shape[1]
    out = np.zeros((len(a), da + db - 1), dtype=a.dtype)
    for j in range(db):
        out[:, j:j + da] += a * b[:, j:j + 1]
    return out


def _sum_rows(vals: Vals, starts: npt.NDArray[np.intp]) -> Vals:
    """The sums of the runs of ``vals``' rows that begin at ``starts``."""
    if vals.dtype != object and len(vals) and int(vals.max()) * len(vals) >= _BIG:
        vals = vals.astype(object)
    return np.add.reduceat(vals, starts, axis=0)


def _trim(t: _Table) -> _Table:
    """``t`` without the columns of its polynomials that are 0 in every row at either
    end."""
    if t.vals.shape[1] <= 1 or not len(t.vals):
        return t
    used = np.flatnonzero((t.vals != 0).any(axis=0))
    lo, hi = int(used[0]), int(used[-1]) + 1
    if lo == 0 and hi == t.vals.shape[1]:
        return t
    return _Table(t.scope, t.keys, t.vals[:, lo:hi], t.low + lo)


def _bytes(*arrays: npt.NDArray[np.generic]) -> int:
    """What ``arrays`` hold: a Python integer in an array taken as its pointer, its
    header and its digits, as long as the longest of 64 sampled evenly."""
    out = 0
    for a in arrays:
        if a.dtype != object:
            out += a.nbytes
        elif a.size:
            flat = a.reshape(-1)
            sample = flat[:: max(1, a.size // 64)]
            out += a.size * (40 + max(int(x).bit_length() for x in sample) // 8)
    return out


class _Work:
    """What the tables hold and have made, against :data:`MAX_BYTES` and
    :data:`MAX_WORK`."""

    def __init__(self, most: int, work: int) -> None:
        self.held, self.made, self.most, self.work = 0, 0, most, work

    def room(self, transient: int) -> None:
        """Check that ``transient`` more bytes fit beside what is kept."""
        if self.held + transient > self.most:
            raise TooEntangled(f"its tables would hold more than "
                               f"{self.most / (1 << 20):,.1f} MiB")

    def keep(self, *arrays: npt.NDArray[np.generic]) -> None:
        size = _bytes(*arrays)
        self.room(size)
        self.held += size

    def free(self, *arrays: npt.NDArray[np.generic]) -> None:
        self.held -= _bytes(*arrays)

    def make(self, count: int) -> None:
        self.made += count
        if self.made > self.work:
            raise TooEntangled(f"its tables would make more than {self.work:,} counts")


def _join(a: _Table, b: _Table, rank: dict[int, int], work: _Work) -> _Table:
    """The product of two tables: an entry for each pair that agrees on their shared
    classes."""
    scope = sorted(set(a.scope) | set(b.scope), key=rank.__getitem__)
    if len(scope) > MAX_BAG:
        raise TooEntangled(f"a bag of more than {MAX_BAG} classes")
    ka, kb = _gather(a.keys, a.scope, scope), _gather(b.keys, b.scope, scope)
    common = set(a.scope) & set(b.scope)
    mask = np.uint64(sum(1 << j for j, v in enumerate(scope) if v in common))
    sa, sb = ka & mask, kb & mask
    by = np.argsort(sb, kind="stable")
    sorted_b = sb[by]
    lo = np.searchsorted(sorted_b, sa, "left")
    hi = np.searchsorted(sorted_b, sa, "right")
    count = hi - lo
    total = int(count.sum())
    width = a.vals.shape[1] + b.vals.shape[1] - 1
    work.make(total * (width + 1))
    # while it is made: two index arrays, the keys twice and their order, the product
    # and the rows it is made from (8 bytes each, 40 a Python integer)
    item = max(_bytes(a.vals[:1]) // max(a.vals.shape[1], 1) if len(a.vals) else 8,
               _bytes(b.vals[:1]) // max(b.vals.shape[1], 1) if len(b.vals) else 8) * \
        (2 if a.vals.dtype == object or b.vals.dtype == object else 1)
    work.room(total * (40 + item * (width + a.vals.shape[1] + b.vals.shape[1])))
    ia = np.repeat(np.arange(len(ka)), count)
    first = np.repeat(lo - (np.cumsum(count) - count), count)
    ib = by[first + np.arange(total)]
    keys = ka[ia] | kb[ib]
    order = np.argsort(keys, kind="stable")
    ia, ib = ia[order], ib[order]
    return _Table(scope, keys[order], _mul(a.vals[ia], b.vals[ib]), a.low + b.low)


def _grouped_sum(keys: Keys, vals: Vals) -> tuple[Keys, Vals]:
    """The distinct ``keys`` (ascending) and, for each, the sum of its rows of ``vals``."""
    order = np.argsort(keys, kind="stable")
    keys, vals = keys[order], vals[order]
    if not len(keys):
        return keys, vals
    starts = np.flatnonzero(np.concatenate(([True], keys[1:] != keys[:-1])))
    return keys[starts], _sum_rows(vals, starts)


def _find(keys: Keys, table: Keys) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.bool_]]:
    """For each of ``keys``, its row in the ascending ``table`` and whether it is there."""
    at = np.searchsorted(table, keys)
    inside = at < len(table)
    found = np.zeros(len(keys), dtype=bool)
    found[inside] = table[at[inside]] == keys[inside]
    return np.minimum(at, max(len(table) - 1, 0)), found


def _number(ids: list[int], coefs: list[int], rhs: int, rank: dict[int, int]) -> _Table:
    """The table of one number: the assignments of its classes that it holds."""
    scope = sorted(ids, key=rank.__getitem__)
    coef = dict(zip(ids, coefs, strict=True))
    keys = [m for m in range(1 << len(scope))
            if sum(coef[v] for j, v in enumerate(scope) if m >> j & 1) == rhs]
    return _Table(scope, np.array(keys, dtype=np.uint64), np.ones((len(keys), 1), np.int64))


def _weight(v: int, ones: int, zeros: int) -> _Table:
    """Class ``v``'s own table: ``zeros`` mines when 0, ``ones`` when 1."""
    low = min(ones, zeros)
    vals = np.zeros((2, max(ones, zeros) - low + 1), dtype=np.int64)
    vals[0, zeros - low] = vals[1, ones - low] = 1
    return _Table([v], np.array([0, 1], dtype=np.uint64), vals, low)


def _product(tables: list[_Table], rank: dict[int, int], work: _Work) -> _Table:
    """The product of ``tables``, joined the most-shared first."""
    tables = sorted(tables, key=lambda t: len(t.keys))
    acc, rest = tables[0], tables[1:]
    while rest:
        have = set(acc.scope)
        k = max(range(len(rest)), key=lambda i: (len(have & set(rest[i].scope)),
                                                 -len(rest[i].keys)))
        acc = _join(acc, rest.pop(k), rank, work)
    return acc


@dataclass
class _Bag:
    base: _Table            # the bag's numbers and its class's weight
    children: list[int]     # the classes whose messages it took
    keys: Keys              # its entries (over scope)
    scope: list[int]
    message: _Table         # what it passed on (over scope[1:])


def _rows_of(t: _Table, keys: Keys, scope: list[int]) -> npt.NDArray[np.intp]:
    """The row of ``t`` of each of ``keys`` (over ``scope``, a superset of ``t``'s; every
    one in ``t``)."""
    idx, found = _find(_gather(keys, scope, t.scope), t.keys)
    assert found.all()
    return idx


def eliminate(g: Group, most: int = MAX_BYTES, work: int = MAX_WORK,
              ) -> tuple[list[int], list[list[int]], int]:
    """The polynomial of group ``g`` (its arrangements by number of mines), for each of
    its classes the arrangements in which it is 1 by the group's mines (as long as the
    polynomial), and the width of the tree decomposition used (see the module notes).
    Raises :class:`TooEntangled` when its order passes :data:`MAX_BAG` classes a bag or
    its tables would hold more than ``most`` bytes at once or make more than ``work``
    counts."""
    n = len(g.ones)
    order, width = elimination_order(n, [ids for ids, _, _ in g.rows])
    rank = {v: i for i, v in enumerate(order)}
    budget = _Work(most, work)
    numbers: list[list[_Table]] = [[] for _ in range(n)]
    for ids, coefs, rhs in g.rows:
        t = _number(ids, coefs, rhs, rank)
        numbers[rank[t.scope[0]]].append(t)
    incoming: list[list[int]] = [[] for _ in range(n)]     # by place: the classes
    bags: list[_Bag | None] = [None] * n
    roots: list[int] = []
    for i, v in enumerate(order):
        base = _product(numbers[i] + [_weight(v, g.ones[v], g.zeros[v])], rank, budget)
        whole = _product([base] + [bag.message for c in incoming[i]
                                   if (bag := bags[rank[c]]) is not None], rank, budget)
        keys, vals = _grouped_sum(whole.keys >> np.uint64(1), whole.vals)
        message = _trim(_Table(whole.scope[1:], keys, vals, whole.low))
        budget.keep(base.keys, base.vals, message.keys, message.vals, whole.keys)
        bags[i] = _Bag(base, list(incoming[i]), whole.keys, whole.scope, message)
        if message.scope:
            incoming[rank[message.scope[0]]].append(v)
        else:
            roots.append(v)
    if any(not len(b.message.keys) for r in roots if (b := bags[rank[r]]) is not None):
        return [0], [[0] for _ in range(n)], width          # no arrangement at all
    # the polynomial: the product of the roots' sums (one root: the group is connected)
    lows = [b.message.low for r in roots if (b := bags[rank[r]]) is not None]
    polys = [b.message.vals[:1] for r in roots if (b := bags[rank[r]]) is not None]
    total = polys[0]
    for p in polys[1:]:
        total = _mul(total, p)
    # downward: what comes back to each bag, over its message's scope
    back: dict[int, _Table] = {}
    ones_at: dict[int, tuple[Vals, int]] = {}
    for i in reversed(range(n)):
        v = order[i]
        bag = bags[i]
        assert bag is not None
        keys = bag.keys
        budget.free(bag.keys)
        if v in back:
            down = back.pop(v)
            budget.free(down.keys, down.vals)
            idx, found = _find(keys >> np.uint64(1), down.keys)
            keys, idx = keys[found], idx[found]
            rest, rest_low = down.vals[idx], down.low
        else:                               # a root: the other roots' sums
            rest = np.ones((len(keys), 1), dtype=np.int64)
            for r, p in zip(roots, polys, strict=True):
                if r != v:
                    rest = _mul(rest, np.repeat(p, len(keys), axis=0))
            rest_low = sum(lo for r, lo in zip(roots, lows, strict=True) if r != v)
        own, own_low = bag.base.vals[_rows_of(bag.base, keys, bag.scope)], bag.base.low
        messages = []
        for c in bag.children:
            child = bags[rank[c]]
            assert child is not None
            messages.append(child.message)
        rows = [_rows_of(m, keys, bag.scope) for m in messages]
        got = [(m.vals[idx], m.low) for m, idx in zip(messages, rows, strict=True)]
        budget.make(len(keys) * (len(got) * 3 + 2))
        budget.keep(own, rest, *(vals for vals, _ in got))
        # prefix and suffix products of what the children passed, for each child the
        # product of all the others with the bag's own and what came back
        mine = _mul(own, rest)
        low = own_low + rest_low
        before = [mine]
        budget.keep(mine)
        for vals, _ in got:
            before.append(_mul(before[-1], vals))
            budget.keep(before[-1])
        ones_row = before[-1][(keys & np.uint64(1)) == 1]
        ones_at[v] = (_sum_rows(ones_row, np.zeros(1, dtype=np.intp))[0] if len(ones_row)
                      else np.zeros(before[-1].shape[1], dtype=before[-1].dtype),
                      low + sum(lo for _, lo in got))
        after: Vals = np.ones((len(keys), 1), dtype=np.int64)
        for k in reversed(range(len(got))):
            but_one = _mul(before[k], after)
            sums_keys, sums = _grouped_sum(messages[k].keys[rows[k]], but_one)
            t = _trim(_Table(messages[k].scope, sums_keys, sums,
                             low + sum(lo for j, (_, lo) in enumerate(got) if j != k)))
            budget.keep(t.keys, t.vals)
            back[bag.children[k]] = t
            after = _mul(after, got[k][0])
        budget.free(*before, bag.base.keys, bag.base.vals, bag.message.keys, bag.message.vals,
                    own, rest, *(vals for vals, _ in got))
        bags[i] = None
    # as plain lists of the length of the polynomial, from 0 mines
    low_total = sum(lows)
    size = low_total + total.shape[1]
    poly = [0] * low_total + [int(x) for x in total[0].tolist()]
    ones: list[list[int]] = []
    for v in range(n):
        vals, lo = ones_at[v]
        row = [0] * size
        for k, x in enumerate(vals.tolist()):
            if x:
                row[lo + k] = int(x)
        ones.append(row)
    return poly, ones, width

