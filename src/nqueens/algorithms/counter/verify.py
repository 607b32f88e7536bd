"""Checks of results that come from elsewhere: a journal being resumed, a cluster.

A MAC proves that a journal row was written by someone holding the key; it cannot
prove that the count in it is right (a faulty machine, a worker of a cluster).
So results that were not computed in this run are checked in two ways:

* every one is **plausible**: for start constellations ``0 ≤ fixed90 ≤ fixed180 ≤
  total``, symmetry counts only where the subproblem tests them, and a column sum (see
  :class:`~nqueens.algorithms.counter.work.SubResult`) between 0 and ``(n-1) × total``; for
  half-boards the rules of :func:`nqueens.algorithms.counter.halves.plausible`;
* a random **sample is recounted** here, bounded: at most :data:`RECOUNT_SHARE` of
  the recorded work (by the subproblems' size estimates) and about
  :data:`RECOUNT_SECONDS` seconds, and at least one subproblem. Count and column sum
  must both match.

>>> from nqueens.algorithms.counter.constellations import make_subproblems, solve_batch
>>> subs = make_subproblems(10)
>>> good = solve_batch(subs)
>>> verify(subs, good) is None
True
>>> bad = [r._replace(total=r.total + 1) if r.id == 16 else r for r in good]
>>> print(describe(verify(subs, bad, share=1.0)))
subproblem 16 is recorded with 5 completions (column sum 8) but counts 4 (column sum 8) here
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from .engines import ENGINES, solve_batch
from .work import Subproblem, SubResult

#: The largest share of the recorded work (by size estimate) recounted on resumption.
RECOUNT_SHARE = 0.02

#: About how many seconds recounting may take (at least one subproblem is recounted).
RECOUNT_SECONDS = 1.0


class Mismatch(NamedTuple):
    """A result that failed a check: ``found`` is the recount, or None when the
    result is implausible on its face (``why`` says how)."""

    recorded: SubResult
    found: SubResult | None
    why: str = ""


def plausible(sub: Subproblem, r: SubResult) -> str:
    """Why ``r`` cannot be the result of ``sub`` ('' when it can be).

    >>> from nqueens.algorithms.counter.constellations import make_subproblems
    >>> sub = make_subproblems(8)[0]
    >>> plausible(sub, SubResult(sub.id, 3, 0, 0, 10))
    ''
    >>> plausible(sub, SubResult(sub.id, 3, 0, 0, 40))
    'its column sum 40 is more than 7 × 3'
    """
    if min(r.total, r.fixed180, r.fixed90, r.colsum) < 0:
        return "it holds a negative number"
    engine = ENGINES.get(sub.engine)
    if engine is None or engine.plausible is None:
        return f"it names no counting engine ({sub.engine!r})"
    return engine.plausible(sub, r)


def describe(m: Mismatch | None) -> str:
    """The mismatch in words, naming the subproblem.

    >>> describe(Mismatch(SubResult(7, 5, 0, 0, 9), None, "it holds a negative number"))
    'subproblem 7 is implausible: it holds a negative number'
    """
    if m is None:
        return "no mismatch"
    r, f = m.recorded, m.found
    if f is None:
        return f"subproblem {r.id} is implausible: {m.why}"
    extra = ""
    if (r.fixed180, r.fixed90) != (f.fixed180, f.fixed90):
        extra = (f"; symmetric {r.fixed180}/{r.fixed90} recorded, {f.fixed180}/{f.fixed90} "
                 "here")
    return (f"subproblem {r.id} is recorded with {r.total} completions (column sum "
            f"{r.colsum}) but counts {f.total} (column sum {f.colsum}) here{extra}")


def recount(subs_by_id: Mapping[int, Subproblem], sample: Sequence[SubResult],
            seconds: float = RECOUNT_SECONDS) -> Mismatch | None:
    """Recount ``sample`` here, in order, until ``seconds`` are spent (at least one);
    return the first result that differs.

    >>> from nqueens.algorithms.counter.constellations import make_subproblems, solve_batch
    >>> subs = make_subproblems(6)
    >>> by_id = {s.id: s for s in subs}
    >>> recount(by_id, solve_batch(subs)) is None
    True
    """
    deadline = time.monotonic() + seconds
    for i, r in enumerate(sample):
        if i and time.monotonic() >= deadline:
            break
        found = solve_batch([subs_by_id[r.id]])[0]
        if found != r:
            return Mismatch(r, found)
    return None


def pick(subs_by_id: Mapping[int, Subproblem], results: Sequence[SubResult],
         share: float = RECOUNT_SHARE, rng: random.Random | None = None) -> list[SubResult]:
    """A random sample of ``results`` whose estimated work is at most ``share`` of
    theirs: the cheapest one when no single result fits.

    >>> from nqueens.algorithms.counter.constellations import make_subproblems, solve_batch
    >>> subs = make_subproblems(10)
    >>> by_id = {s.id: s for s in subs}
    >>> results = solve_batch(subs)
    >>> sample = pick(by_id, results, 0.1, random.Random(1))
    >>> cost = lambda rs: sum(max(1, by_id[r.id].cost) for r in rs)
    >>> 0 < cost(sample) <= 0.1 * cost(results)
    True
    """
    if not results:
        return []
    rng = rng or random.SystemRandom()

    def cost(r: SubResult) -> int:
        return max(1, subs_by_id[r.id].cost)

    budget = share * sum(cost(r) for r in results)
    chosen: list[SubResult] = []
    spent = 0
    for r in rng.sample(list(results), len(results)):
        c = cost(r)
        if spent + c <= budget:
            chosen.append(r)
            spent += c
    return chosen or [min(results, key=cost)]


def verify(subs: Sequence[Subproblem], results: Sequence[SubResult], *,
           share: float = RECOUNT_SHARE, seconds: float = RECOUNT_SECONDS,
           rng: random.Random | None = None) -> Mismatch | None:
    """Check every result for plausibility, then recount a bounded random sample
    (:func:`pick`, :func:`recount`); return the first mismatch found, or None.

    >>> from nqueens.algorithms.counter.constellations import make_subproblems, solve_batch
    >>> subs = make_subproblems(7)
    >>> results = solve_batch(subs)
    >>> verify(subs, results) is None
    True
    >>> forged = [r._replace(fixed90=1) if r.id == 0 else r for r in results]
    >>> describe(verify(subs, forged))
    'subproblem 0 is implausible: its symmetric completions outnumber its completions'
    """
    by_id = {s.id: s for s in subs}
    for r in results:
        why = plausible(by_id[r.id], r)
        if why:
            return Mismatch(r, None, why)
    return recount(by_id, pick(by_id, results, share, rng), seconds)


class SpotCheck:
    """Recount, here, one random result of each arriving batch while the time spent
    stays within ``seconds`` plus ``share`` of the time since the check began; a
    result whose estimated time (``cost × seconds_per_cost``) does not fit is skipped.

    >>> from nqueens.algorithms.counter.constellations import make_subproblems, solve_batch
    >>> subs = make_subproblems(9)
    >>> check = SpotCheck(subs, seconds_per_cost=1e-6)
    >>> results = solve_batch(subs)
    >>> check(results[:10]) is None, check.checked
    (True, 1)
    >>> wrong = [r._replace(colsum=r.colsum + 1) for r in results[10:20]]
    >>> describe(check(wrong)).startswith("subproblem 1")
    True
    """

    def __init__(self, subs: Sequence[Subproblem], seconds_per_cost: float,
                 share: float = RECOUNT_SHARE, seconds: float = RECOUNT_SECONDS,
                 rng: random.Random | None = None):
        self._by_id = {s.id: s for s in subs}
        #: Seconds per unit of estimated cost, to tell which results fit the time left
        #: (an executor may update it as its pace becomes known).
        self.rate = seconds_per_cost
        self._share = share
        self._seconds = seconds
        self._rng = rng or random.SystemRandom()
        self._start = time.monotonic()
        self._spent = 0.0
        #: How many results were recounted so far.
        self.checked = 0

    def __call__(self, results: Sequence[SubResult]) -> Mismatch | None:
        """Check a batch: its plausibility, and one recount when time allows."""
        for r in results:
            why = plausible(self._by_id[r.id], r)
            if why:
                return Mismatch(r, None, why)
        room = self._seconds + self._share * (time.monotonic() - self._start) - self._spent
        fits = [r for r in results
                if max(1, self._by_id[r.id].cost) * self.rate <= room]
        if not fits:
            return None
        r = self._rng.choice(fits)
        t0 = time.monotonic()
        found = solve_batch([self._by_id[r.id]])[0]
        self._spent += time.monotonic() - t0
        self.checked += 1
        return None if found == r else Mismatch(r, found)

    def refuse_wrong(self, results: Sequence[SubResult], who: str,
                     error: type[Exception]) -> None:
        """Check a batch that ``who`` (an executor, the cluster) returned; raise ``error``
        naming the wrong result, before the batch is recorded."""
        wrong = self(results)
        if wrong is not None:
            raise error(f"the {who} returned a wrong result: {describe(wrong)}; its batch was "
                        "not recorded, finished subproblems are kept in the journal")
