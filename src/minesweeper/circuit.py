"""Circuits to boards: a formula is laid out as gadget tiles on lanes.

Lanes are horizontal rows of tiles.  Variable ``k`` enters from the left on lane ``2k``
(the odd lanes between variables start empty).  The formula is evaluated like a stack
machine whose stack lies below the variables: a variable occurrence splits its lane into
the empty lane below it and the copy walks down, crossing each variable lane with a
crossover (the crossed variable steps back into place behind it) and each stack entry
(which then steps back down); ``not`` is a NOT tile on the top of the stack; ``nor``
joins the two top entries; ``and`` and ``or`` are NOR gates with NOT tiles around them.
At the end the one stack entry runs into the constant-true end, and the variable lanes
are closed by terminators.

Operations are packed as early as their lanes allow, so copies travel in parallel.  Each
column of tiles is as wide as its widest gadget; narrower gadgets are followed by wires.
The board is consistent exactly when the formula is satisfiable, and the mines on the
left-most squares of the variable lanes in a witness arrangement satisfy the formula.

>>> from minesweeper.formula import parse_formula
>>> c = build(parse_formula("a and not a"))
>>> from minesweeper.sat import check
>>> check(c.board).consistent
False
>>> r = check(build(parse_formula("a nor b")).board)
>>> r.consistent
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .board import Board, Cell
from .formula import Formula, Not, Var, variables
from .gadgets import GADGETS, PITCH, PORT, WIDTH, board_of


@dataclass
class _Step:
    name: str
    lane: int
    column: int = -1


@dataclass
class Circuit:
    """A built board with the input square of every variable and the layout's size.

    ``gadgets`` counts the tiles of each kind that were placed.
    """

    board: Board
    inputs: dict[str, Cell]
    lanes: int
    columns: int
    gadgets: dict[str, int] = field(default_factory=dict)

    def assignment(self, mines: set[Cell]) -> dict[str, bool]:
        """Read a variable assignment off an arrangement of mines (a mine is true).

        >>> from minesweeper.formula import parse_formula
        >>> from minesweeper.sat import check
        >>> c = build(parse_formula("a and not b"))
        >>> c.assignment(check(c.board).mines)
        {'a': True, 'b': False}
        """
        return {name: sq in mines for name, sq in self.inputs.items()}

    def to_json(self) -> dict[str, object]:
        """Size information in JSON-ready form."""
        return {
            "height": self.board.height,
            "width": self.board.width,
            "lanes": self.lanes,
            "tile_columns": self.columns,
            "unknown_squares": int(np.count_nonzero(self.board.cells == -1)),
            "gadgets": dict(sorted(self.gadgets.items())),
            "inputs": {k: list(v) for k, v in self.inputs.items()},
        }


class _Machine:
    """Lane bookkeeping and the stack machine that emits gadget steps in program order."""

    def __init__(self, names: list[str]):
        self.names = names
        self.n = len(names)
        self.lanes: list[int | None] = []
        for k in range(self.n):
            self.lanes += [k, None]
        self.steps: list[_Step] = []
        self.stack: list[int] = []  # lanes of stack entries, top last
        self.base = 2 * self.n
        self.next_signal = self.n

    def _ensure(self, lane: int) -> None:
        while len(self.lanes) <= lane:
            self.lanes.append(None)

    def emit(self, name: str, lane: int) -> None:
        self._ensure(lane + GADGETS[name].lanes - 1)
        self.steps.append(_Step(name, lane))
        ls = self.lanes
        if name in ("bend",):
            assert ls[lane] is not None and ls[lane + 1] is None
            ls[lane + 1], ls[lane] = ls[lane], None
        elif name == "crossover":
            assert ls[lane] is not None and ls[lane + 1] is not None
            ls[lane], ls[lane + 1] = ls[lane + 1], ls[lane]
        elif name == "split":
            assert ls[lane] is not None and ls[lane + 1] is None
            ls[lane + 1] = self.next_signal
            self.next_signal += 1
        elif name == "nor":
            assert ls[lane] is not None and ls[lane + 1] is not None
            ls[lane], ls[lane + 1] = self.next_signal, None
            self.next_signal += 1
        elif name == "not":
            assert ls[lane] is not None
            ls[lane] = self.next_signal
            self.next_signal += 1
        elif name in ("terminator", "true"):
            assert ls[lane] is not None
            ls[lane] = None

    def push_variable(self, k: int) -> None:
        """Copy variable ``k`` onto the top of the stack."""
        lane = 2 * k
        self.emit("split", lane)
        pos = lane + 1
        # walk down through the variable lanes below
        while pos + 1 < self.base:
            self.emit("crossover", pos)       # copy to pos + 1, variable up to pos
            self.emit("bend", pos + 1)        # copy to pos + 2 (an odd, empty lane)
            self.emit("bend", pos)            # the variable steps back to pos + 1
            pos += 2
        # now at base - 1; cross the stack entries, which step up by one
        target = self.base + len(self.stack)
        while pos + 1 < target:
            self.emit("crossover", pos)
            pos += 1
        self.emit("bend", pos)                # copy to target
        for entry in range(target - 2, self.base - 2, -1):
            self.emit("bend", entry)          # stack entries step back down
        self.stack.append(target)

    def negate_top(self) -> None:
        """NOT on the top stack entry."""
        self.emit("not", self.stack[-1])

    def nor_top(self) -> None:
        """NOR of the two top entries; the result replaces them."""
        top = self.stack.pop()
        below = self.stack[-1]
        assert top == below + 1
        self.emit("nor", below)

    def compile(self, f: Formula, negated: bool = False) -> None:
        """Leave ``f`` (or its negation) on top of the stack."""
        if isinstance(f, Var):
            self.push_variable(self.names.index(f.name))
            if negated:
                self.negate_top()
            return
        if isinstance(f, Not):
            self.compile(f.arg, not negated)
            return
        args = list(f.args)
        if f.kind in ("or", "nor"):
            # acc = nor(acc, next), turned back into or(acc, next) while more follow
            self.compile(args[0])
            for i, a in enumerate(args[1:]):
                self.compile(a)
                self.nor_top()
                if i < len(args) - 2:
                    self.negate_top()
            # the top now holds nor(all); or is its negation
            if (f.kind == "or") != negated:
                self.negate_top()
            return
        # and(a, b, ...) = nor(not a, not b), folded the same way
        self.compile(args[0], True)
        for i, a in enumerate(args[1:]):
            self.compile(a, True)
            self.nor_top()
            if i < len(args) - 2:
                self.negate_top()
        if negated:
            self.negate_top()

    def finish(self) -> None:
        """Force the output true and close every variable lane."""
        self.emit("true", self.stack.pop())
        for lane, sig in enumerate(self.lanes):
            if sig is not None:
                self.emit("terminator", lane)


def _schedule(steps: list[_Step], lanes: int) -> int:
    free_from = [0] * lanes
    columns = 0
    for st in steps:
        span = range(st.lane, st.lane + GADGETS[st.name].lanes)
        col = max(free_from[k] for k in span)
        st.column = col
        for k in span:
            free_from[k] = col + 1
        columns = max(columns, col + 1)
    return columns


def build(f: Formula, order: list[str] | None = None) -> Circuit:
    """Lay out a formula as a Minesweeper board whose output is forced true.

    ``order`` fixes the lane order of the variables (default: sorted names).

    >>> from minesweeper.formula import parse_formula
    >>> c = build(parse_formula("x or y"))
    >>> sorted(c.inputs)
    ['x', 'y']
    """
    names = order if order is not None else sorted(variables(f))
    m = _Machine(names)
    m.compile(f)
    m.finish()
    board, tiles, counts = assemble([(st.name, st.lane) for st in m.steps], len(m.lanes),
                                    [2 * k for k in range(len(names))])
    inputs = {name: (2 * k * 2 * PITCH + 2 * PORT, 0) for k, name in enumerate(names)}
    return Circuit(board, inputs, len(m.lanes), tiles, counts)


def assemble(ops: list[tuple[str, int]], n_lanes: int,
             live_lanes: list[int]) -> tuple[Board, int, dict[str, int]]:
    """Place gadget steps ``(name, top lane)``, given in program order, as early as their
    lanes allow, fill live lanes with wires, and return the board, its width in tiles and
    how many tiles of each kind were used.

    >>> board, tiles, counts = assemble([("not", 0), ("true", 0)], 1, [0])
    >>> tiles, counts
    (2, {'not': 1, 'true': 1})
    """
    steps = [_Step(name, lane) for name, lane in ops]
    columns = _schedule(steps, n_lanes)
    by_col: list[list[_Step]] = [[] for _ in range(columns)]
    for st in steps:
        by_col[st.column].append(st)
    live = [False] * n_lanes
    for k in live_lanes:
        live[k] = True
    widths = [max([GADGETS[s.name].tiles for s in col] + [1]) for col in by_col]
    col_start = [0]
    for w in widths:
        col_start.append(col_start[-1] + w)
    total_tiles = col_start[-1]
    rows = n_lanes * 2 * PITCH
    cols = total_tiles * 2 * WIDTH + 1
    kinds = np.zeros((rows, cols), dtype=np.int8)
    sums = np.zeros((rows, cols), dtype=np.int8)
    counts: dict[str, int] = {}

    def stamp(name: str, lane: int, tile: int) -> None:
        k, s = GADGETS[name].cells()
        r0, c0 = lane * 2 * PITCH, tile * 2 * WIDTH
        h, w = k.shape
        kinds[r0 : r0 + h, c0 : c0 + w] = k
        sums[r0 : r0 + h, c0 : c0 + w] = s
        counts[name] = counts.get(name, 0) + 1

    for ci, col in enumerate(by_col):
        covered = [False] * n_lanes
        start, width = col_start[ci], widths[ci]
        pending: list[tuple[int, int]] = []  # (lane, first tile) that need wires
        for st in col:
            t = GADGETS[st.name]
            stamp(st.name, st.lane, start)
            outs = {t.ports[p][0] for p in t.ports if t.ports[p][1] == "right"}
            for k in range(t.lanes):
                covered[st.lane + k] = True
                live[st.lane + k] = k in outs
                if k in outs and t.tiles < width:
                    pending.append((st.lane + k, start + t.tiles))
        for lane in range(n_lanes):
            if not covered[lane] and live[lane]:
                pending.append((lane, start))
        for lane, first in pending:
            for tile in range(first, start + width):
                stamp("wire", lane, tile)
    return board_of(kinds, sums), total_tiles, counts
