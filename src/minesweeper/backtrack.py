"""The readable route: backtracking over the frontier, square by square.

The unknown squares that touch a number are tried in a breadth-first order along the
numbers that join them, mine first, then no mine.  After each choice every number around
the square is checked: it must not have more mines than it shows, and the squares still
open around it must be able to make up the rest.  Squares no number touches only matter
for the total: whatever is left of it must fit into them.

This solver is the cross-check of the SAT route and the engine that enumerates every
consistent arrangement of a gadget.

>>> from minesweeper.board import parse_board
>>> len(list(solutions(problem_of(parse_board("1??/12?/01?")))))
2
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from math import comb

from .board import Board, Cell, Problem, problem_of


def search_order(problem: Problem) -> list[int]:
    """Frontier variables in breadth-first order over shared numbers, so that each new square
    meets numbers already partly decided.

    >>> from minesweeper.board import parse_board
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

    >>> from minesweeper.board import parse_board
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

    def place(i: int, used: int) -> Iterator[dict[int, bool]]:
        if total is not None and used > total:
            return
        if i == len(order):
            if total is None or 0 <= total - used <= interior:
                yield dict(assignment)
            return
        v = order[i]
        for mine in (True, False):
            assignment[v] = mine
            for j in around[v]:
                open_at[j] -= 1
                mines_at[j] += mine
            if fits(v):
                yield from place(i + 1, used + mine)
            for j in around[v]:
                open_at[j] += 1
                mines_at[j] -= mine
            del assignment[v]

    yield from place(0, 0)


def find(board: Board) -> set[Cell] | None:
    """One consistent arrangement (the mined unknown squares), or ``None``.

    >>> from minesweeper.board import parse_board
    >>> find(parse_board("1?1/?0?/1?1")) is None
    True
    >>> sorted(find(parse_board("mines: 2\\n?1?/???/???")) or [])
    [(0, 0), (2, 0)]
    """
    problem = problem_of(board)
    for sol in solutions(problem):
        mines = {problem.squares[v] for v, m in sol.items() if m}
        if problem.total_need is not None:
            rest = problem.total_need - len(mines)
            mines |= {problem.squares[v] for v in problem.interior[:rest]}
        return mines
    return None


def count(board: Board) -> int:
    """Number of arrangements by plain enumeration: of all unknown squares when the total
    is known, of the frontier squares otherwise (the same convention as
    :func:`minesweeper.count.count_arrangements`).

    >>> from minesweeper.board import parse_board
    >>> count(parse_board("?1?")), count(parse_board("mines: 1\\n?1?/???"))
    (2, 5)
    """
    problem = problem_of(board)
    total = problem.total_need
    interior = len(problem.interior)
    result = 0
    for sol in solutions(problem):
        if total is None:
            result += 1
        else:
            result += comb(interior, total - sum(sol.values()))
    return result
