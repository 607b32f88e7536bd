"""Exact counting of arrangements, one independent component of the frontier at a time.

The frontier (unknown squares next to a number) splits into components: two squares are
in the same component when some number sees both.  Each component is counted on its own
by a sweep that assigns its squares in order and keeps, for every number that is started
but not finished, how many mines it has so far; equal states are merged, so a long wire
costs only a few states per square.  The result of a component is a polynomial: how many
of its arrangements hold ``m`` mines, for every ``m``.

* Without a total, the answer is the product of the component counts: arrangements of
  the frontier squares only (each unconstrained square would double it).
* With a total, the polynomials are multiplied and each term ``m`` is combined with the
  ``C(interior, total - m)`` ways to put the remaining mines on the unconstrained squares:
  arrangements of all unknown squares.

Boards without a total are counted, when the exact model counter Ganak (``pyganak``) is
installed, on the constraints left by the collapse of :mod:`minesweeper.analysis.reduce`: each
free class of squares that no remaining constraint mentions doubles the count, and the
clauses left are counted by Ganak.  On a board built from a formula this is the number
of satisfying assignments of the formula (each gives exactly one arrangement).

>>> from minesweeper.base.board import parse_board
>>> count_arrangements(parse_board("1?1/111")).count
1
>>> count_arrangements(parse_board("mines: 2\\n?1???")).count
4
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from math import comb

import numpy as np

from ..base import budget
from ..base.board import Board, Problem, TooLarge, arrays_of, problem_of
from .reduce import collapse


@dataclass
class CountResult:
    """``count`` arrangements; ``scope`` is ``"all"`` (every unknown square, the total was
    given) or ``"frontier"`` (squares next to a number; ``interior`` more squares are free).
    ``components`` gives the size and count of each independent part of the frontier, or
    None when the count was not made part by part (the collapse and the model counter
    count the board whole)."""

    count: int
    scope: str
    frontier: int
    interior: int
    components: list[tuple[int, int]] | None
    method: str = "sweep"
    #: With a total, the arrangements of the squares next to a number without it, when
    #: the count found them on the way (the groups do: the product of their counts).
    without_total: int | None = None

    def to_json(self) -> dict[str, object]:
        """JSON-ready form; every count is an integer, however large.

        >>> from minesweeper.base.board import parse_board
        >>> count_arrangements(parse_board("?1?")).to_json()["count"]
        2
        """
        return {
            "count": self.count,
            "scope": self.scope,
            "frontier_squares": self.frontier,
            "interior_squares": self.interior,
            "components": None if self.components is None else
            [{"squares": s, "count": c} for s, c in self.components],
            "method": self.method,
        }


def components(problem: Problem) -> list[tuple[list[int], list[int]]]:
    """The independent parts of the frontier: (variables, constraint indices) pairs.

    >>> from minesweeper.base.board import parse_board, problem_of
    >>> [vs for vs, _ in components(problem_of(parse_board("?1?F?1?")))]
    [[0, 1], [2, 3]]
    """
    parent = list(range(len(problem.squares)))

    def root(v: int) -> int:
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    for con in problem.constraints:
        for u in con.vars[1:]:
            a, b = root(con.vars[0]), root(u)
            if a != b:
                parent[a] = b
    groups: dict[int, list[int]] = defaultdict(list)
    for v in problem.frontier:
        groups[root(v)].append(v)
    cons: dict[int, list[int]] = defaultdict(list)
    for j, con in enumerate(problem.constraints):
        if con.vars:
            cons[root(con.vars[0])].append(j)
    return [(vs, cons[r]) for r, vs in sorted(groups.items(), key=lambda kv: kv[1][0])]


def _order(problem: Problem, vs: list[int]) -> list[int]:
    """Squares in row-major or column-major order, whichever keeps fewer numbers open."""
    best: list[int] = []
    best_width = -1
    for key in (lambda v: problem.squares[v], lambda v: problem.squares[v][::-1]):
        order = sorted(vs, key=key)
        width = _width(problem, order)
        if best_width < 0 or width < best_width:
            best, best_width = order, width
    return best


def _width(problem: Problem, order: list[int]) -> int:
    pos = {v: i for i, v in enumerate(order)}
    events = [0] * (len(order) + 1)
    for con in problem.constraints:
        ps = [pos[v] for v in con.vars if v in pos]
        if ps:
            events[min(ps)] += 1
            events[max(ps)] -= 1
    width = cur = 0
    for e in events:
        cur += e
        width = max(width, cur)
    return width


def component_polynomial(problem: Problem, vs: list[int], cons: list[int]) -> list[int]:
    """``poly[m]`` = number of arrangements of the component's squares with ``m`` mines.

    The sweep holds at once (its states and counts at two boundaries) at most
    :data:`~minesweeper.base.budget.COUNT_SWEEP_BYTES` (1 GiB), less where the limits
    leave less (:func:`~minesweeper.base.budget.count_room`), estimated in bytes as each
    state and count is made, from the width of the state and the size of the largest
    count it can hold; a component whose numbers overlap so widely that it needs more is
    refused (:class:`~minesweeper.base.board.TooLarge`) as soon as the estimate passes.

    >>> from minesweeper.base.board import parse_board, problem_of
    >>> p = problem_of(parse_board("?2?/???"))
    >>> (vs, cs), = components(p)
    >>> component_polynomial(p, vs, cs)
    [0, 0, 10]
    """
    order = _order(problem, vs)
    pos = {v: i for i, v in enumerate(order)}
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    starts: list[list[int]] = [[] for _ in order]
    ends: list[list[int]] = [[] for _ in order]
    touching: list[list[int]] = [[] for _ in order]
    for j in cons:
        ps = sorted(pos[v] for v in problem.constraints[j].vars)
        first[j], last[j] = ps[0], ps[-1]
        starts[ps[0]].append(j)
        ends[ps[-1]].append(j)
        for p in ps:
            touching[p].append(j)
    remaining = {j: len(problem.constraints[j].vars) for j in cons}
    open_list: list[int] = []
    # state: tuple of partial sums, aligned with open_list -> {mines: ways}
    states: dict[tuple[int, ...], dict[int, int]] = {(): {0: 1}}
    # the memory the sweep holds, estimated as it is made: the states of the boundary
    # behind (held until the next is made) and of the one being made; a count is a sum
    # of counts of the boundary before, each taken once: at most their sum, ``total``
    room = budget.count_room()
    held_before = 0
    total = 1
    for i in range(len(order)):
        open_list = open_list + starts[i]
        width_before = len(open_list) - len(starts[i])
        index = {j: k for k, j in enumerate(open_list)}
        for j in touching[i]:
            remaining[j] -= 1
        keep = [k for k, j in enumerate(open_list) if j not in ends[i]]
        closing = [index[j] for j in ends[i]]
        touch_idx = [index[j] for j in touching[i]]
        # each touched number: its place in the state, and the least and most it may
        # hold after this square (the most is its need; a closing one needs it exactly)
        checks = [(k, problem.constraints[open_list[k]].need - remaining[open_list[k]],
                   problem.constraints[open_list[k]].need) for k in touch_idx]
        checks += [(k, problem.constraints[open_list[k]].need,
                    problem.constraints[open_list[k]].need) for k in closing]
        pad = [0] * (len(open_list) - width_before)
        whole = len(keep) == len(open_list)
        new_states: dict[tuple[int, ...], dict[int, int]] = {}
        state_bytes = budget.sweep_state_bytes(len(keep))
        count_bytes = budget.sweep_count_bytes(total.bit_length(), i + 1)
        held = held_before
        total_after = 0
        for state, poly in states.items():
            base = [*state, *pad]
            for mine in (0, 1):
                if mine:
                    cur = base.copy()
                    for k in touch_idx:
                        cur[k] += 1
                else:
                    cur = base
                for k, lo, hi in checks:
                    if not lo <= cur[k] <= hi:
                        break
                else:
                    key = tuple(cur) if whole else tuple([cur[k] for k in keep])
                    target = new_states.get(key)
                    if target is None:
                        target = new_states[key] = {}
                        held += state_bytes
                    before = len(target)
                    for m, ways in poly.items():
                        target[m + mine] = target.get(m + mine, 0) + ways
                        total_after += ways
                    held += (len(target) - before) * count_bytes
                    if held > room:
                        raise _too_wide(room, len(new_states), len(open_list), i,
                                        len(order))
        states = new_states
        held_before = held - held_before
        total = total_after
        open_list = [open_list[k] for k in keep]
        if not states:
            return [0]
    result = [0] * (len(order) + 1)
    for poly in states.values():
        for m, ways in poly.items():
            result[m] += ways
    while len(result) > 1 and result[-1] == 0:
        result.pop()
    return result


def _too_wide(room: int, states: int, width: int, i: int, squares: int) -> TooLarge:
    """The refusal of a sweep whose states pass the ``room`` it may hold."""
    why = ("the most it may hold" if room >= budget.COUNT_SWEEP_BYTES else
           f"what the memory limit leaves it, of at most {budget.gib(budget.COUNT_SWEEP_BYTES)}")
    return TooLarge(f"counting this board needs more than {budget.gib(room)} of partial "
                    f"counts at once ({why}): its numbers overlap too widely ({states:,} "
                    f"states of {width} open numbers at square {i + 1:,} of a component "
                    f"of {squares:,})")


def _multiply(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


@contextmanager
def stdout_silenced() -> Iterator[None]:
    """Send what compiled code writes to file descriptor 1 to ``/dev/null`` (the model
    counter prints progress lines there), so that stdout carries only the answer.  C's
    buffers are flushed before the descriptor is given back.

    Inside, descriptor 1 is the null device; afterwards it is what it was:

    >>> before = os.fstat(1)
    >>> with stdout_silenced():
    ...     inside = os.fstat(1)
    >>> inside.st_rdev == os.stat(os.devnull).st_rdev
    True
    >>> (os.fstat(1).st_dev, os.fstat(1).st_ino) == (before.st_dev, before.st_ino)
    True
    """
    sys.stdout.flush()
    libc = ctypes.CDLL(None)
    saved = os.dup(1)
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 1)
        finally:
            os.close(null)
        try:
            yield
        finally:
            libc.fflush(None)
            os.dup2(saved, 1)
    finally:
        os.close(saved)


def ganak_available() -> bool:
    """Whether the exact model counter ``pyganak`` can be imported.

    The answer follows the installation:

    >>> import importlib.util
    >>> ganak_available() == (importlib.util.find_spec("pyganak") is not None)
    True
    """
    try:
        import pyganak  # noqa: F401
    except ImportError:  # pragma: no cover - depends on the installation
        return False
    return True


def count_collapsed(board: Board) -> CountResult | None:
    """Count through the collapse and Ganak (boards without a total); ``None`` when the
    board gives a total or Ganak is not installed.

    >>> from minesweeper.base.board import parse_board
    >>> r = count_collapsed(parse_board("?1?1?/?2???"))
    >>> r.count == count_arrangements(parse_board("?1?1?/?2???"), method="sweep").count
    True
    """
    if board.total is not None or not ganak_available():
        return None
    import pyganak

    budget.check("plain", budget.shape_of(board))
    a = arrays_of(board)
    interior = int(np.count_nonzero(~a.touched))
    frontier = a.n - interior
    c = collapse(a)
    if c.contradiction:
        return CountResult(0, "frontier", frontier, interior, None, "collapse")
    free = int(np.count_nonzero((c.parent == np.arange(a.n)) & (c.value < 0) & a.touched))
    used = len(c.root_of) - 1
    inner = 1
    if used:
        with stdout_silenced():
            counter = pyganak.Counter()
            counter.new_vars(used)
            counter.add_clauses(c.clauses)
            inner = int(counter.count())
    return CountResult(inner * 2 ** (free - used), "frontier", frontier, interior, None,
                       "collapse+ganak")


def count_arrangements(board: Board, method: str = "auto") -> CountResult:
    """Count the arrangements of mines that agree with the board (see the module notes for
    what is counted with and without a total).  ``method``: ``sweep`` (components, always
    available), ``ganak`` (after the collapse; boards without a total) or ``auto``.

    >>> from minesweeper.base.board import parse_board
    >>> r = count_arrangements(parse_board("1?1/?0?/1?1"))
    >>> r.count, r.scope
    (0, 'frontier')
    """
    if method == "auto" and board.total is not None:
        try:
            return count_by_groups(board)
        except TooLarge:     # the groups' lists of every square would pass the limits
            pass
    if method in ("auto", "ganak"):
        fast = count_collapsed(board)
        if fast is not None:
            return fast
    return count_by_sweep(board)


def count_by_groups(board: Board) -> CountResult:
    """The count of :func:`minesweeper.analysis.probability.tally`: the groups of the collapsed
    classes, the total one constraint over their mine counts.  A board whose lists of
    squares would pass the memory limits is refused first
    (:class:`~minesweeper.base.board.TooLarge`; :func:`count_arrangements` then counts by
    :func:`count_by_sweep`, which refuses such a board at once).  A group too entangled
    for it is refused (:class:`~minesweeper.base.errors.BadInput`) before its sweep is made,
    from the compiled dry run of that sweep, in well under a second: its refusal stands.
    (The sweep square by square, :func:`count_by_sweep`, had the same room over more
    variables in a plainer order; tried after the groups, it reached its refusal only
    after seconds of work.)

    >>> from minesweeper.base.board import parse_board
    >>> count_by_groups(parse_board("mines: 2\\n?1???")).count
    4
    """
    from .probability import tally

    t = tally(board)
    scope = "frontier" if board.total is None else "all"
    count = t.frontier if board.total is None else t.arrangements
    return CountResult(count, scope, t.frontier_squares, t.interior, t.components,
                       method="collapse+groups",
                       without_total=None if board.total is None else t.frontier)


def count_by_sweep(board: Board) -> CountResult:
    """The component sweep of the module notes.

    >>> from minesweeper.base.board import parse_board
    >>> count_by_sweep(parse_board("mines: 2\\n?1???")).count
    4
    """
    problem = problem_of(board)
    interior = len(problem.interior)
    frontier = len(problem.squares) - interior
    scope = "frontier" if problem.total_need is None else "all"
    if any(not con.vars and con.need != 0 for con in problem.constraints):
        return CountResult(0, scope, frontier, interior, [])
    parts: list[tuple[int, int]] = []
    total_poly = [1]
    for vs, cons in components(problem):
        poly = component_polynomial(problem, vs, cons)
        parts.append((len(vs), sum(poly)))
        total_poly = _multiply(total_poly, poly)
    if problem.total_need is None:
        return CountResult(sum(total_poly), scope, frontier, interior, parts)
    t = problem.total_need
    n = sum(total_poly[m] * comb(interior, t - m) for m in range(len(total_poly)) if 0 <= t - m)
    return CountResult(n, scope, frontier, interior, parts)
