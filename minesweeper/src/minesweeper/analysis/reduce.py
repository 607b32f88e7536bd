"""Preprocessing valid for any board: numbers that tie two squares collapse them.

A revealed number that sees exactly two unknown squares ``x`` and ``y`` says ``x + y =
need``: with ``need = 1`` the two differ (``x = not y``), with ``0`` or ``2`` both are
fixed; a number that sees one square fixes it.  These relations are merged in a
union-find whose links carry a parity (``value(x) = value(root) xor parity(x)``), and
every other number is rewritten over the roots: ``sum of (root xor parity) = need``
becomes ``sum coef * root = rhs`` with a constant moved to the right.  A rewritten number
left with one or two roots gives new relations or fixed values in turn: every number
over a class that changed is looked at again (a queue), until nothing changes (or
:data:`MAX_ROUNDS` times as many looks as there are numbers; a square's numbers are
queued again when its class is fixed or joins a larger one, so a few times each).
What is left (numbers over three or more roots, and two-root numbers that are clauses)
goes to the SAT solver, each written as the clauses that forbid its failing
combinations (at most eight roots, so at most 256), counted before they are written.

On a board built from a formula every wire is a chain of ``1``\\ s between two squares,
so a wire becomes one variable and the SAT instance shrinks to the gates.  The witness
is mapped back to every unknown square through the union-find, and checked against every
number of the board before it is returned.

>>> from minesweeper.base.board import arrays_of, parse_board
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

from .._core import mines as kernels
from ..base import budget
from ..base.board import Arrays

MAX_ROUNDS = 60


def _collapse(n: int, ptr: npt.NDArray[np.int64], vs: npt.NDArray[np.int32],
              need: npt.NDArray[np.int16], max_rounds: int
              ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint8], npt.NDArray[np.int8],
                         npt.NDArray[np.bool_], int, int]:
    """The union-find after the collapse: ``(parent, parity, value, done, rounds, bad)``,
    ``bad`` the constraint found contradictory or ``-1`` (then every ``parent[v]`` is the
    root of ``v``).

    Two squares that differ, the first of them a mine:

    >>> ptr, vs = np.array([0, 2, 3]), np.array([0, 1, 0], dtype=np.int32)
    >>> parent, parity, value, done, rounds, bad = _collapse(
    ...     2, ptr, vs, np.array([1, 1], dtype=np.int16), 60)
    >>> parent.tolist(), parity.tolist(), value.tolist(), bad
    ([0, 0], [0, 1], [1, -1], -1)
    """
    parent = np.empty(n, dtype=np.int32)
    parity = np.empty(n, dtype=np.uint8)
    value = np.empty(n, dtype=np.int8)
    done = np.empty(need.shape[0], dtype=np.bool_)
    rounds, bad = kernels.collapse(ptr, vs, need, max_rounds, parent, parity, value, done)
    return parent, parity, value, done, int(rounds), int(bad)


def _clauses(parent: npt.NDArray[np.int32], parity: npt.NDArray[np.uint8],
             value: npt.NDArray[np.int8], ptr: npt.NDArray[np.int64],
             vs: npt.NDArray[np.int32], need: npt.NDArray[np.int16],
             done: npt.NDArray[np.bool_]
             ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int64], npt.NDArray[np.int64],
                        int]:
    """Clauses forbidding the failing combinations of every number still open, over
    compact variable ids (``ids[root]``, 1-based); returns literals, clause ends, the
    root of each id and how many constraints were written.

    One open number over three free squares needing one mine forbids five combinations:

    >>> lits, ends, root_of, written = _clauses(
    ...     np.arange(3, dtype=np.int32), np.zeros(3, dtype=np.uint8),
    ...     np.full(3, -1, dtype=np.int8), np.array([0, 3]), np.arange(3, dtype=np.int32),
    ...     np.array([1], dtype=np.int16), np.array([False]))
    >>> lits[:ends[0]].tolist(), len(ends), root_of.tolist(), written
    ([1, 2, 3], 5, [0, 0, 1, 2], 1)
    """
    lits, ends, root_of, written = kernels.clauses(parent, parity, value, ptr, vs, need, done)
    return (np.frombuffer(lits, dtype=np.int32), np.frombuffer(ends, dtype=np.int64),
            np.frombuffer(root_of, dtype=np.int64), int(written))


def _values(parent: npt.NDArray[np.int32], parity: npt.NDArray[np.uint8],
            value: npt.NDArray[np.int8]) -> npt.NDArray[np.bool_]:
    """The value of every square from compressed paths (unknown roots count as 0).

    >>> _values(np.array([0, 0], dtype=np.int32), np.array([0, 1], dtype=np.uint8),
    ...         np.array([1, -1], dtype=np.int8)).tolist()
    [True, False]
    """
    out = np.empty(parent.shape[0], dtype=np.bool_)
    kernels.values(parent, parity, value, out)
    return out


@dataclass
class Collapsed:
    """The board's constraints after the collapse.

    ``contradiction`` says the relations alone cannot hold; otherwise ``clauses`` (over
    variables ``1..len(root_of) - 1``, variable ``i`` standing for root ``root_of[i]``)
    is what is left for SAT.  ``classes`` counts the free roots of frontier squares,
    ``remaining`` the numbers written as clauses and ``rounds`` the looks at the numbers
    made, in passes over all of them.
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


def collapse(a: Arrays, max_rounds: int = MAX_ROUNDS, clauses: bool = True) -> Collapsed:
    """Collapse the two-square relations of a board's constraints (see the module notes).
    With ``clauses`` false the clauses left for SAT are not written (``clauses`` and
    ``root_of`` come back empty, ``remaining`` 0): the groups of
    :mod:`minesweeper.analysis.probability` read the union-find alone, and on a tangled
    board making millions of clauses into lists took seconds.

    >>> from minesweeper.base.board import arrays_of, parse_board
    >>> c = collapse(arrays_of(parse_board("??1?/1221/????")))
    >>> c.contradiction, c.classes
    (False, 6)
    """
    parent, parity, value, done, rounds, bad = _collapse(a.n, a.ptr, a.vars, a.need,
                                                         max_rounds)
    empty = np.zeros(1, dtype=np.int64)
    if bad >= 0:
        return Collapsed(True, parent, parity, value, [], empty, 0, 0, rounds)
    free_roots = (parent == np.arange(a.n)) & (value < 0) & a.touched
    if not clauses:
        return Collapsed(False, parent, parity, value, [], empty,
                         int(np.count_nonzero(free_roots)), 0, rounds)
    # what the clauses would hold, counted before they are written (tens of millions of
    # clauses take gigabytes in arrays alone)
    literals, count, _ = kernels.clauses(parent, parity, value, a.ptr, a.vars, a.need, done,
                                         count_only=True)
    budget.clauses(a.n, int(literals), int(count))
    lits, ends, root_of, written = _clauses(parent, parity, value, a.ptr, a.vars, a.need,
                                            done)
    return Collapsed(False, parent, parity, value, _as_lists(lits, ends), root_of,
                     int(np.count_nonzero(free_roots)), int(written), rounds)


def verify(a: Arrays, mine: npt.NDArray[np.bool_]) -> int:
    """The first constraint an arrangement breaks, or ``-1`` when it satisfies all.

    >>> from minesweeper.base.board import arrays_of, parse_board
    >>> a = arrays_of(parse_board("?1?"))
    >>> verify(a, np.array([True, False])), verify(a, np.array([True, True]))
    (-1, 0)
    """
    return int(kernels.violated(a.ptr, a.vars, a.need, np.ascontiguousarray(mine, dtype=np.bool_)))
