"""Recounting a count's subproblems by another method than the one that counted them.

The journal's MACs prove who wrote a row, and the checks of
:mod:`nqueens.algorithms.counter.verify` recount samples with the *same* engine, so a
mistake in an engine's method itself would pass both. :func:`verify_sample` takes K
random finished subproblems of a journal and counts each again by a plain search that
shares no counting code with the engine:

* a half-board **pass** (:mod:`nqueens.algorithms.counter.halves`) is recounted by
  listing its solutions one by one, row by row, and weighing each from its own images
  under the symmetries of the square (:mod:`nqueens._core.recount`); the pass's total
  must agree;
* a half-board **turn search** is recounted by a search over an explicit list of
  queens with pairwise attack tests; the boards a half and a quarter turn leave
  unchanged, and their column sum, must agree;
* a **start constellation** (:mod:`nqueens.algorithms.counter.constellations`) is
  recounted by the general bitboard search with its queens fixed
  (:func:`nqueens.kernels.bitboard.count_subtree`), which tests every completion for
  the half and the quarter turn; the completions and the symmetric ones must agree.

The plain search visits every solution, so it is far slower than the engines (a pass of
n = 20 takes seconds where the engine takes a fraction of one): it is meant for
samples, and for whole counts of small n.

>>> from nqueens.algorithms.counter import halves
>>> subs = halves.make_subproblems(10)
>>> [r.agrees for r in recount_all(subs, halves.solve_batch(subs), workers=1)][:3]
[True, True, True]
"""

from __future__ import annotations

import concurrent.futures as cf
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from ..._core import recount as _rc
from ...base.errors import BadInput, NQueensError
from ...kernels import bitboard
from . import halves
from .executors import start_local_pool, stop_local_pool
from .work import Subproblem, SubResult

#: The names of the methods, by the kind of subproblem.
METHODS = {
    "pass": "a plain search, each solution weighed by its own images",
    "turns": "a search over a list of queens with pairwise attack tests",
    "constellation": "the general bitboard search with the frame's queens fixed",
}

#: Below this n the recounts run in this process (a pool costs more than they do).
POOL_FROM_N = 15

#: The names of the figures of :func:`compared`, in order.
_LABELS = ("total", "half turn", "quarter turn", "column sum")

#: ``progress(done, total)``: recounted subproblems so far, of how many.
Progress = Callable[[int, int], None]


class Disagreement(NQueensError):
    """A journal's figure differs from the recount by another method (exit 1).

    >>> Disagreement("subproblem 3 differs").exit_code
    1
    """

    exit_code = 1


def kind(sub: Subproblem) -> str:
    """Which kind of subproblem ``sub`` is, for :data:`METHODS`.

    >>> from nqueens.algorithms.counter import halves
    >>> [kind(s) for s in halves.make_subproblems(8)][-2:]
    ['turns', 'turns']
    """
    if sub.engine == "halves":
        return "turns" if sub.sym else "pass"
    return "constellation"


def compared(sub: Subproblem, r: SubResult) -> tuple[int, ...]:
    """The figures of a result that the other method gives too: a pass's total (its
    column sum counts the engine's own lists), a turn search's symmetric boards and
    column sum, a constellation's completions and symmetric completions (its column sum
    is the engine's kernel's).

    >>> compared(Subproblem(0, 8, False, 1, 0, (), 1, "halves", 3), SubResult(0, 20, 0, 0, 9))
    (20, 0, 0)
    """
    if kind(sub) == "turns":
        return (r.total, r.fixed180, r.fixed90, r.colsum)
    return (r.total, r.fixed180, r.fixed90)


@dataclass(frozen=True)
class Recount:
    """One subproblem counted again: what the journal holds, what the other method
    found (the figures of :func:`compared`), and whether they agree."""

    sub: Subproblem
    recorded: SubResult
    found: tuple[int, ...]

    @property
    def agrees(self) -> bool:
        return compared(self.sub, self.recorded) == self.found

    @property
    def method(self) -> str:
        return METHODS[kind(self.sub)]

    def describe(self) -> str:
        """One line for people.

        >>> sub = Subproblem(4, 8, False, 1, 0, (), 1, "halves", 3)
        >>> Recount(sub, SubResult(4, 20, 0, 0, 9), (20, 0, 0)).describe()
        'subproblem 4 (pass 3): total 20; recounted: the same'
        >>> Recount(sub, SubResult(4, 20, 0, 0, 9), (28, 0, 0)).describe()
        'subproblem 4 (pass 3): total 20; recounted: total 28, DIFFERENT'
        """
        k = kind(self.sub)
        what = {"pass": _pass_name(self.sub.part),
                "turns": f"turn search, row 0's queen in column {self.sub.part}",
                "constellation": f"start constellation of weight {self.sub.weight}"}[k]
        shown = {"pass": (0,), "turns": (1, 2, 3), "constellation": (0, 1, 2)}[k]

        def figures(values: Sequence[int]) -> str:
            return ", ".join(f"{_LABELS[i]} {values[i]:,}" for i in shown)

        found = "the same" if self.agrees else f"{figures(self.found)}, DIFFERENT"
        return (f"subproblem {self.sub.id} ({what}): "
                f"{figures(compared(self.sub, self.recorded))}; recounted: {found}")

    def as_dict(self) -> dict[str, object]:
        return {"id": self.sub.id, "kind": kind(self.sub), "part": self.sub.part,
                "recorded": list(compared(self.sub, self.recorded)),
                "recounted": list(self.found), "agrees": self.agrees}


@dataclass
class SampleCheck:
    """What :func:`verify_sample` found: ``checked`` are the recounted subproblems, of
    ``recorded`` finished ones in the journal, of ``subproblems`` in the count."""

    n: int
    subproblems: int
    recorded: int
    checked: list[Recount] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def agrees(self) -> bool:
        return all(r.agrees for r in self.checked)

    def as_dict(self) -> dict[str, object]:
        return {"n": self.n, "subproblems": self.subproblems, "recorded": self.recorded,
                "checked": len(self.checked), "agree": self.agrees,
                "seconds": round(self.seconds, 3),
                "recounts": [r.as_dict() for r in self.checked]}


# ---- the recounts, as tasks a pool of processes can run ----------------------------

class Task(NamedTuple):
    """One unit of recounting: the passes ``parts`` of n with row 0's queen in column
    ``first`` (one (total, 0, 0) per pass), the turn search of column ``parts[0]``, or
    the start constellation whose queens are ``parts`` (one figure tuple each)."""

    what: str
    n: int
    parts: tuple[int, ...]
    first: int = -1
    knight: bool = False
    prefix_bits: int = 0
    prefix: int = 0


def _run_task(task: Task) -> list[tuple[int, ...]]:
    if task.what == "passes":
        found = _rc.recount_passes(task.n, list(task.parts), first=task.first,
                                   prefix_bits=task.prefix_bits, prefix=task.prefix)
        return [(int(t), 0, 0) for t, _ in found]
    if task.what == "turns":
        f180, f90, colsum = _rc.recount_turns(task.n, task.parts[0])
        return [(0, int(f180), int(f90), int(colsum))]
    return [_recount_constellation(task.n, task.knight, task.parts)]


def _recount_constellation(n: int, knight: bool, queens: tuple[int, ...]) -> tuple[int, ...]:
    """The completions of a start constellation (its queens fixed, and the squares they
    attack taken out of every other row), and those a half and a quarter turn leave
    unchanged, by the general search."""
    full = (1 << n) - 1
    allowed = [full] * n
    fixed = [(queens[i], queens[i + 1]) for i in range(0, len(queens), 2)]
    for r, c in fixed:
        for row in range(n):
            if row == r:
                allowed[row] &= 1 << c
                continue
            d = abs(row - r)
            hit = 1 << c | 1 << (c + d) | (1 << (c - d) if c >= d else 0)
            if knight and d in (1, 2):
                step = 3 - d  # a knight moves (1, 2) or (2, 1)
                hit |= 1 << (c + step) | (1 << (c - step) if c >= step else 0)
            allowed[row] &= ~hit & full
    t, a, b = bitboard.count_subtree(n, np.array(allowed, dtype=np.uint64), knight, False, 0,
                                     np.zeros(n, dtype=np.uint64), True)
    return (int(t), int(a), int(b))


def _pass_name(part: int) -> str:
    """How a report names a pass subproblem: ``pass 5``, or ``passes 4-7, part 3 of 8``.

    >>> _pass_name(5), _pass_name(halves.pack_part(4, 3, 3, 2))
    ('pass 5', 'passes 4-7, part 3 of 8')
    """
    x0, bits, prefix, block = halves.unpack_part(part)
    passes = f"pass {x0}" if not block else f"passes {x0}-{x0 + (1 << block) - 1}"
    return passes + (f", part {prefix} of {1 << bits}" if bits else "")


def _tasks(subs: Sequence[Subproblem]) -> tuple[list[Task], list[list[tuple[int, int]]]]:
    """The tasks that recount ``subs``, and for each task which subproblems its figures
    belong to: (index in subs, index in the task's answer). The passes of one n are
    recounted together (those of one part of the passes together), split by the column
    of row 0's queen."""
    tasks: list[Task] = []
    owners: list[list[tuple[int, int]]] = []
    passes: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
    for i, s in enumerate(subs):
        k = kind(s)
        if k == "pass":
            x0, bits, prefix, block = halves.unpack_part(s.part)
            passes.setdefault((s.n, bits, prefix), []).extend(
                (i, x) for x in range(x0, x0 + (1 << block)))
        elif k == "turns":
            tasks.append(Task("turns", s.n, (s.part,)))
            owners.append([(i, 0)])
        else:
            tasks.append(Task("constellation", s.n, s.queens, knight=s.knight))
            owners.append([(i, 0)])
    for (n, bits, prefix), idx in passes.items():
        xs = tuple(x for _, x in idx)
        for first in range(n - 1):  # the north never holds column n - 1
            tasks.append(Task("passes", n, xs, first, prefix_bits=bits, prefix=prefix))
            owners.append([(i, j) for j, (i, _) in enumerate(idx)])
    return tasks, owners


def _answers(tasks: list[Task], workers: int,
             n: int) -> Iterator[tuple[int, list[tuple[int, ...]]]]:
    """(task index, answer) as the tasks finish: in this process for small n, else on a
    local pool of ``workers`` processes (one is a pool too, so that Ctrl-C stops a long
    recount at once)."""
    if n < POOL_FROM_N:
        for i, t in enumerate(tasks):
            yield i, _run_task(t)
        return
    pool = start_local_pool(workers)
    try:
        pending = {pool.submit(_run_task, t): i for i, t in enumerate(tasks)}
        while pending:
            done, _ = cf.wait(pending, timeout=1.0, return_when=cf.FIRST_COMPLETED)
            for fut in done:
                yield pending.pop(fut), fut.result()
    finally:
        stop_local_pool(pool)


def recount_all(subs: Sequence[Subproblem], results: Sequence[SubResult], *,
                workers: int = 1, progress: Progress | None = None) -> list[Recount]:
    """Recount ``subs`` by the other method and set each beside its recorded result
    (``results``, one per subproblem, matched by id).

    >>> from nqueens.algorithms.counter import constellations as cons
    >>> subs = cons.make_subproblems(8)[:3]
    >>> wrong = [r._replace(total=r.total + 8) for r in cons.solve_batch(subs)]
    >>> [r.agrees for r in recount_all(subs, wrong)]
    [False, False, False]
    """
    by_id = {r.id: r for r in results}
    tasks, owners = _tasks(subs)
    sums: list[list[int] | None] = [None] * len(subs)
    left = [0] * len(subs)
    for o in owners:
        for i, _ in o:
            left[i] += 1
    finished = 0
    for t, answer in _answers(tasks, workers, max((s.n for s in subs), default=0)):
        for i, j in owners[t]:
            got = list(answer[j])
            prev = sums[i]
            sums[i] = got if prev is None else [a + b for a, b in zip(prev, got, strict=True)]
            left[i] -= 1
            if left[i] == 0:
                finished += 1
                if progress is not None:
                    progress(finished, len(subs))
    return [Recount(s, by_id[s.id], tuple(sums[i] or ())) for i, s in enumerate(subs)]


def pick(results: Sequence[SubResult], k: int | None,
         rng: random.Random | None = None) -> list[SubResult]:
    """``k`` of ``results`` at random (all of them when ``k`` is None or not smaller), in
    order of id.

    >>> rs = [SubResult(i, 1, 0, 0, 1) for i in range(10)]
    >>> len(pick(rs, 3, random.Random(1))), len(pick(rs, None))
    (3, 10)
    """
    if k is None or k >= len(results):
        return sorted(results, key=lambda r: r.id)
    rng = rng or random.SystemRandom()
    return sorted(rng.sample(list(results), k), key=lambda r: r.id)


def verify_sample(subs: Sequence[Subproblem], results: Sequence[SubResult], k: int | None,
                  *, workers: int = 1, rng: random.Random | None = None,
                  progress: Progress | None = None,
                  starting: Callable[[int, int], None] | None = None) -> SampleCheck:
    """Recount ``k`` random ones of the finished ``results`` of the count ``subs`` (all
    of them when ``k`` is None) by the other method; ``starting(chosen, finished)`` is
    told how many it recounts, of how many finished, before it starts.

    >>> from nqueens.algorithms.counter import halves
    >>> subs = halves.make_subproblems(12)
    >>> found = verify_sample(subs, halves.solve_batch(subs), 4, rng=random.Random(0))
    >>> len(found.checked), found.agrees
    (4, True)
    """
    if k is not None and k < 1:
        raise BadInput(f"the sample must hold at least one subproblem, not {k}")
    if not results:
        raise BadInput("the journal holds no finished subproblem to recount")
    by_id = {s.id: s for s in subs}
    chosen = pick(results, k, rng)
    if starting is not None:
        starting(len(chosen), len(results))
    t0 = time.monotonic()
    checked = recount_all([by_id[r.id] for r in chosen], chosen, workers=workers,
                          progress=progress)
    n = subs[0].n if subs else 0
    return SampleCheck(n, len(subs), len(results), checked, time.monotonic() - t0)
