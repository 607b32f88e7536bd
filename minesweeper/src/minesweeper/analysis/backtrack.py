"""The readable route: backtracking over the frontier, square by square.

The unknown squares that touch a number are tried in a breadth-first order along the
numbers that join them, mine first, then no mine.  After each choice every number around
the square is checked: it must not have more mines than it shows, and the squares still
open around it must be able to make up the rest.  Squares no number touches only matter
for the total: whatever is left of it must fit into them.  The search keeps an explicit
stack, so frontiers of any length are searched without recursion (slowly, perhaps: it
is the readable reference, not the fast route).  Independent components of the frontier
are searched one at a time, and the first one without an arrangement is the reason given
for an inconsistent board.

This solver is the cross-check of the SAT route and the engine that enumerates every
consistent arrangement of a gadget.

>>> from minesweeper.base.board import parse_board
>>> len(list(solutions(problem_of(parse_board("1??/12?/01?")))))
2
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from math import comb

from ..base.board import Board, Cell, Problem, problem_of
from .count import components
from .verdict import Verdict


def search_order(problem: Problem) -> list[int]:
    """Frontier variables in breadth-first order over shared numbers, so that each new square
    meets numbers already partly decided.

    >>> from minesweeper.base.board import parse_board
    >>> search_order(problem_of(parse_board("?1?1?")))
    [0, 1, 2]
    """
    frontier = problem.frontier
    around: dict[int, list[int]] = {v: [] for v in frontier}
    for j, con in enumerate(problem.constraints):
        for v in con.vars:
            around[v].append(j)
    seen: set[int] = set()
    order: list[int] = []
    for start in frontier:
        if start in seen:
            continue
        seen.add(start)
        queue = deque([start])
        while queue:
            v = queue.popleft()
            order.append(v)
            for j in around[v]:
                for u in problem.constraints[j].vars:
                    if u not in seen:
                        seen.add(u)
                        queue.append(u)
    return order


def solutions(problem: Problem) -> Iterator[dict[int, bool]]:
    """Every assignment of the frontier squares that satisfies all numbers (and leaves a
    total that the interior squares can hold), as ``{variable: mine}``.

    The search keeps its own stack (one entry per decided square), so a frontier of any
    length is searched without recursion.

    >>> from minesweeper.base.board import parse_board
    >>> [sorted(s.items()) for s in solutions(problem_of(parse_board("?1?")))]
    [[(0, True), (1, False)], [(0, False), (1, True)]]
    """
    for con in problem.constraints:
        if not 0 <= con.need <= len(con.vars):
            return
    order = search_order(problem)
    around: dict[int, list[int]] = {v: [] for v in order}
    for j, con in enumerate(problem.constraints):
        for v in con.vars:
            around[v].append(j)
    mines_at = [0] * len(problem.constraints)
    open_at = [len(con.vars) for con in problem.constraints]
    interior = len(problem.interior)
    total = problem.total_need
    assignment: dict[int, bool] = {}

    def fits(v: int) -> bool:
        for j in around[v]:
            need = problem.constraints[j].need
            if mines_at[j] > need or mines_at[j] + open_at[j] < need:
                return False
        return True

    def put(v: int, mine: bool, step: int) -> None:
        for j in around[v]:
            open_at[j] -= step
            mines_at[j] += step * mine

    size = len(order)
    # tried[i]: how many values square order[i] has been given so far (mine first);
    # the squares order[:i] hold their current values in ``assignment``
    tried = [0] * size
    used = 0
    i = 0
    while i >= 0:
        if i == size:
            if total is None or 0 <= total - used <= interior:
                yield dict(assignment)
            i -= 1
            continue
        v = order[i]
        if v in assignment:  # take back the value tried last
            mine = assignment.pop(v)
            put(v, mine, -1)
            used -= mine
        if tried[i] == 2:
            tried[i] = 0
            i -= 1
            continue
        mine = tried[i] == 0
        tried[i] += 1
        assignment[v] = mine
        put(v, mine, 1)
        used += mine
        if fits(v) and (total is None or used <= total and
                        total - used <= interior + size - i - 1):
            i += 1


def _component(problem: Problem, vs: list[int], cons: list[int]) -> Problem:
    """The part of ``problem`` on one component, without the total."""
    inside = set(vs)
    rest = [v for v in range(len(problem.squares)) if v not in inside]
    return Problem(problem.squares, [problem.constraints[j] for j in cons], None, rest)


BACKTRACK = "backtrack"

_ONE = ("this number cannot hold: it needs more mines than it has unknown squares around "
        "it, or fewer than its flags:")
_TOTAL = ("each group of numbers can hold on its own, but no combination of them meets the "
          "total number of mines")


def check(board: Board) -> Verdict:
    """One consistent arrangement (the mined unknown squares), or the reason there is none.

    Without a total each component of the frontier is searched on its own (the first one
    without an arrangement is the reason: a group of numbers, joined through the squares
    they share, not shrunk to a minimal set); with a total the components are first
    checked on their own, then searched together.

    >>> from minesweeper.base.board import parse_board
    >>> v = check(parse_board("?1?/8.."))
    >>> v.consistent, v.core, v.core_minimal
    (False, [(1, 0)], False)
    """
    problem = problem_of(board)
    for con in problem.constraints:
        if not 0 <= con.need <= len(con.vars):
            return _refuted([con.cell])
    mines: set[Cell] = set()
    for vs, cons in components(problem):
        sol = next(solutions(_component(problem, vs, cons)), None)
        if sol is None:
            return _refuted(sorted(problem.constraints[j].cell for j in cons))
        mines |= {problem.squares[v] for v, m in sol.items() if m}
    if problem.total_need is None:
        return Verdict(True, BACKTRACK, mines)
    found = next(solutions(problem), None)
    if found is None:
        return Verdict(False, BACKTRACK, core_total=True, core_minimal=False, why=_TOTAL)
    mines = {problem.squares[v] for v, m in found.items() if m}
    rest = problem.total_need - len(mines)
    return Verdict(True, BACKTRACK, mines | {problem.squares[v]
                                             for v in problem.interior[:rest]})


def _refuted(cells: list[Cell]) -> Verdict:
    why = _ONE if len(cells) == 1 else (
        f"these {len(cells)} numbers, one group joined by the squares they share, cannot "
        "all hold (not reduced to a minimal set: --method sat does that):")
    return Verdict(False, BACKTRACK, core=cells, core_minimal=False, why=why)


def find(board: Board) -> set[Cell] | None:
    """One consistent arrangement (the mined unknown squares), or ``None``.

    >>> from minesweeper.base.board import parse_board
    >>> find(parse_board("1?1/?0?/1?1")) is None
    True
    >>> sorted(find(parse_board("mines: 2\\n?1?/???/???")) or [])
    [(0, 0), (2, 0)]
    """
    verdict = check(board)
    return verdict.mines if verdict.consistent else None


def count(board: Board) -> int:
    """Number of arrangements by plain enumeration: of all unknown squares when the total
    is known, of the frontier squares otherwise (the same convention as
    :func:`minesweeper.analysis.count.count_arrangements`).  Each component of the frontier is
    enumerated on its own, by number of mines; the results are multiplied.

    >>> from minesweeper.base.board import parse_board
    >>> count(parse_board("?1?")), count(parse_board("mines: 1\\n?1?/???"))
    (2, 5)
    """
    problem = problem_of(board)
    if any(not 0 <= con.need <= len(con.vars) for con in problem.constraints):
        return 0
    by_mines = [1]  # by_mines[m]: arrangements so far with m mines
    for vs, cons in components(problem):
        part = [0] * (len(vs) + 1)
        for sol in solutions(_component(problem, vs, cons)):
            part[sum(sol.values())] += 1
        joined = [0] * (len(by_mines) + len(part) - 1)
        for a, x in enumerate(by_mines):
            for b, y in enumerate(part):
                joined[a + b] += x * y
        by_mines = joined
    total = problem.total_need
    if total is None:
        return sum(by_mines)
    interior = len(problem.interior)
    return sum(ways * comb(interior, total - m) for m, ways in enumerate(by_mines)
               if total >= m)
