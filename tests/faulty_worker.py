"""A faulty Dask worker, for the tests: loaded with ``dask worker --preload`` from this
file, it alters one result of a batch when told to.

The test writes a trigger file (named by ``$NQUEENS_FAULT_FILE``) holding ``DELTA`` or
``DELTA consistent``; the next batch this worker counts has its first result with
solutions changed by DELTA — its count alone, or (``consistent``) its count and the
first of its slices together, so that its own figures still agree — and the file is
removed, so each trigger alters exactly one result. ``raise`` makes that batch's task
raise an error instead.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from nqueens.algorithms.counter import engines
from nqueens.algorithms.counter.work import Subproblem, SubResult

_TRIGGER = os.environ.get("NQUEENS_FAULT_FILE", "")
# Dask may import a preload twice (from its file and from a copy in the worker's scratch
# space): the honest function is the one found before any copy of this module patched it.
_honest = getattr(engines.solve_batch, "honest", engines.solve_batch)


def _fault() -> tuple[int, bool] | None:
    """The fault asked for by the trigger file (consumed), or None."""
    taken = f"{_TRIGGER}.{os.getpid()}"
    try:
        os.rename(_TRIGGER, taken)
    except OSError:
        return None
    with open(taken, encoding="ascii") as f:
        words = f.read().split()
    os.remove(taken)
    if words == ["raise"]:
        raise RuntimeError("a fault injected by the test")
    return int(words[0]), words[1:] == ["consistent"]


def solve_batch(batch: Sequence[Subproblem]) -> list[SubResult]:
    out = _honest(batch)
    fault = _fault() if _TRIGGER and any(r.total for r in out) else None
    if fault is None:
        return out
    delta, consistent = fault
    for i, r in enumerate(out):
        if r.total:
            slices = (r.slices[0] + delta, *r.slices[1:]) if consistent else r.slices
            out[i] = r._replace(total=r.total + delta, slices=slices)
            break
    return out


solve_batch.honest = _honest  # type: ignore[attr-defined]
engines.solve_batch = solve_batch
