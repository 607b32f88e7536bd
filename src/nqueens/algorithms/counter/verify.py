"""Checks of results that come from elsewhere: a worker, a GPU, a cluster, a journal.

A MAC proves that a journal row was written by someone holding the key; it cannot
prove that the count in it is right (a faulty machine, a worker of a cluster, a row
rewritten by someone who holds the key). So results are checked in three ways:

* every one is **plausible** (:func:`plausible`): its *slices* (the count added up
  again in three parts, see :class:`~nqueens.algorithms.counter.work.SubResult`) add up
  to its count and agree with its column sum modulo 3; for start constellations ``0 ≤
  fixed90 ≤ fixed180 ≤ total``, symmetry counts only where the subproblem tests them, and
  a column sum between 0 and ``(n-1) × total``; for half-boards the rules of
  :func:`nqueens.algorithms.counter.halves.plausible`. A number changed on its way
  breaks them unless every figure of the row is changed to match;
* results arriving from workers pass a :class:`Gate`: a result that fails is counted
  again here and replaced, its worker named and distrusted from then on; one that
  fails here too stops the count (:class:`CheckFailed`); and a random sample is
  recounted here while that stays within a small share of the time;
* on resumption a bounded random **sample of the journal is recounted** here: at most
  :data:`RECOUNT_SHARE` of the recorded work (by the subproblems' size estimates) and
  about :data:`RECOUNT_SECONDS` seconds, and at least one subproblem. Count, column sum
  and slices must all match.

>>> from nqueens.algorithms.counter.constellations import make_subproblems, solve_batch
>>> subs = make_subproblems(10)
>>> good = solve_batch(subs)
>>> verify(subs, good) is None
True
>>> bad = [r._replace(total=r.total + 1) if r.id == 16 else r for r in good]
>>> print(describe(verify(subs, bad)))
subproblem 16 is implausible: its slices 0 + 3 + 1 do not add up to its count 5

A row rewritten whole, its slices and column sum made to match, is caught by a recount:

>>> forged = [r._replace(total=5, colsum=10, slices=(0, 3, 2)) if r.id == 16 else r
...           for r in good]
>>> print(describe(verify(subs, forged, share=1.0)))
subproblem 16 is recorded with 5 completions (column sum 10) but counts 4 (column sum 8) here
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from ...base.errors import NQueensError
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
    >>> plausible(sub, SubResult(sub.id, 3, 0, 0, 10, (0, 2, 1)))
    ''
    >>> plausible(sub, SubResult(sub.id, 3, 0, 0, 40, (0, 2, 1)))
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


class CheckFailed(NQueensError):
    """A subproblem's result failed its checks twice, from a worker and counted again
    here: the count stops (what is done stays in the journal). Exit status 1.

    >>> CheckFailed("subproblem 7 failed its checks twice").exit_code
    1
    """

    exit_code = 1


class Gate:
    """Where results from workers come in, before they are recorded or added up.

    Each result of an arriving batch is checked (:func:`plausible`: its slices, column
    sum and symmetry counts); besides, one random result a batch is recounted here while
    the time spent stays within ``seconds`` plus ``share`` of the time since the gate
    opened (a result whose estimated time, ``cost × rate``, does not fit is skipped;
    ``sample=False`` recounts none). A result that fails either check is counted again
    here and replaced; its source becomes a *suspect*, whose later results are all
    counted again here, and ``notify`` is told in one line. When the result counted here
    fails its checks too, :class:`CheckFailed` stops the count, naming the subproblem
    and the source.

    >>> from nqueens.algorithms.counter.constellations import make_subproblems, solve_batch
    >>> subs = make_subproblems(9)
    >>> told = []
    >>> gate = Gate(subs, rate=1e-6, notify=told.append)
    >>> results = solve_batch(subs)
    >>> gate.admit(results[:10], "worker A") == results[:10], gate.checked
    (True, 1)
    >>> wrong = [r._replace(total=r.total + 8) if r.id == 12 else r for r in results[10:20]]
    >>> gate.admit(wrong, "worker B") == results[10:20]
    True
    >>> print(told[0])  # doctest: +NORMALIZE_WHITESPACE
    worker B returned a wrong result for subproblem 12 (its slices 0 + 0 + 1 do not add
    up to its count 9); it was counted again here, as will be what worker B returns
    from now on
    >>> gate.suspects
    {'worker B'}
    """

    def __init__(self, subs: Sequence[Subproblem], rate: float = 0.0, *,
                 share: float = RECOUNT_SHARE, seconds: float = RECOUNT_SECONDS,
                 sample: bool = True, rng: random.Random | None = None,
                 notify: Callable[[str], None] | None = None):
        self._by_id = {s.id: s for s in subs}
        #: Seconds per unit of estimated cost, to tell which results fit the time left
        #: (an executor may update it as its pace becomes known).
        self.rate = rate
        self._share = share
        self._seconds = seconds
        self._sample = sample
        self._rng = rng or random.SystemRandom()
        self._notify = notify
        self._start = time.monotonic()
        self._spent = 0.0
        #: How many results were recounted here so far (samples and repairs).
        self.checked = 0
        #: How many results were replaced by the count made here.
        self.replaced = 0
        #: The sources that returned a wrong result.
        self.suspects: set[str] = set()

    def admit(self, results: Sequence[SubResult], source: str) -> list[SubResult]:
        """The results of a batch from ``source`` (a worker, in words), checked, with
        any wrong one replaced by its count made here."""
        out = list(results)
        for i, r in enumerate(out):
            sub = self._by_id.get(r.id)
            if sub is None:
                raise CheckFailed(f"{source} returned a result for subproblem {r.id}, which "
                                  "is not one of this count's; finished subproblems are kept "
                                  "in the journal")
            why = plausible(sub, r)
            if why:
                out[i] = self._again(r, source, why)
            elif source in self.suspects:
                out[i] = self._compare(r, source)
        if self._sample and source not in self.suspects:
            self._spot(out, source)
        return out

    def settle(self, first: Sequence[SubResult], second: Sequence[SubResult],
               sources: tuple[str, str]) -> list[SubResult]:
        """The results of one batch counted twice, by ``sources[0]`` and ``sources[1]``:
        each checked; where the two differ, the result is counted a third time, here, and
        the one that disagrees with it is replaced (its source becomes a suspect).

        >>> from nqueens.algorithms.counter.constellations import make_subproblems, solve_batch
        >>> subs = make_subproblems(8)
        >>> gate = Gate(subs, sample=False)
        >>> good = solve_batch(subs[:5])
        >>> bad = [r._replace(colsum=r.colsum + 3, slices=(r.slices[0] + 1, *r.slices[1:]))
        ...        if r.id == 2 else r for r in good]
        >>> gate.settle(good, bad, ("worker A", "worker B")) == good, gate.suspects
        (True, {'worker B'})
        """
        a = {r.id: r for r in self.admit(first, sources[0])}
        b = {r.id: r for r in self.admit(second, sources[1])}
        out = []
        for r in first:
            x, y = a[r.id], b.get(r.id)
            if y is None or x == y:
                out.append(x)
                continue
            here = self._recount(x, f"{sources[0]} and {sources[1]}", "the two disagree")
            for z, src in ((x, sources[0]), (y, sources[1])):
                if z != here:
                    self._blame(src, z, "another count of it differs")
            out.append(here)
        return out

    def _spot(self, results: list[SubResult], source: str) -> None:
        room = self._seconds + self._share * (time.monotonic() - self._start) - self._spent
        fits = [i for i, r in enumerate(results)
                if max(1, self._by_id[r.id].cost) * self.rate <= room]
        if fits:
            i = self._rng.choice(fits)
            results[i] = self._compare(results[i], source)

    def _compare(self, r: SubResult, source: str) -> SubResult:
        """``r`` if the count made here agrees with it, else that count (and ``source``
        is blamed)."""
        here = self._recount(r, source, "")
        if here != r:
            self._blame(source, r, f"it differs from the count made here: "
                                   f"{describe(Mismatch(r, here))}")
        return here

    def _again(self, r: SubResult, source: str, why: str) -> SubResult:
        here = self._recount(r, source, why)
        self._blame(source, r, why)
        return here

    def _recount(self, r: SubResult, source: str, why: str) -> SubResult:
        """The count of ``r``'s subproblem made here, which must pass its checks."""
        sub = self._by_id[r.id]
        t0 = time.monotonic()
        here = solve_batch([sub])[0]
        self._spent += time.monotonic() - t0
        self.checked += 1
        also = plausible(sub, here)
        if also:
            before = f"from {source} ({why})" if why else f"from {source}"
            raise CheckFailed(f"subproblem {r.id} failed its checks twice: {before} and "
                              f"counted here ({also}); finished subproblems are kept in "
                              "the journal")
        return here

    def _blame(self, source: str, r: SubResult, why: str) -> None:
        self.replaced += 1
        if source not in self.suspects and self._notify is not None:
            self._notify(f"{source} returned a wrong result for subproblem {r.id} ({why}); "
                         f"it was counted again here, as will be what {source} returns "
                         "from now on")
        self.suspects.add(source)
