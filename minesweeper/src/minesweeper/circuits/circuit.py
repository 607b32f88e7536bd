"""Circuits to boards: a formula is laid out as gadget tiles on lanes.

Lanes are horizontal rows of tiles.  Two layouts:

* the clause layout (formulas in conjunctive normal form): the variables lie on adjacent
  lanes with two work lanes below; for each literal the variable steps down through
  crossovers to the last variable lane and is split into the work lanes, where the
  clause's OR is built with NOR and NOT tiles and runs into the constant-true end, one
  clause after another (see :class:`_CnfMachine`);
* the stack layout (any formula): variable ``k`` enters from the left on lane ``2k`` (the
  odd lanes between variables start empty).  The formula is evaluated like a stack
  machine whose stack lies below the variables: a variable occurrence splits its lane
  into the empty lane below it and the copy walks down, crossing each variable lane with
  a crossover (the crossed variable steps back into place behind it) and each stack
  entry (which then steps back down); ``not`` is a NOT tile on the top of the stack;
  ``nor`` joins the two top entries; ``and`` and ``or`` are NOR gates with NOT tiles
  around them.  At the end the one stack entry runs into the constant-true end, and the
  variable lanes are closed by terminators.

Each step is placed at the first tile where all its lanes are free, so copies travel in
parallel; gaps on live lanes are filled with wires.  The board is consistent exactly
when the formula is satisfiable, and the mines on the left-most squares of the variable
lanes in a witness arrangement satisfy the formula.

>>> from minesweeper.circuits.formula import parse_formula
>>> c = build(parse_formula("a and not a"))
>>> from minesweeper.analysis.sat import check
>>> check(c.board).consistent
False
>>> r = check(build(parse_formula("a nor b")).board)
>>> r.consistent
True
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from itertools import islice

import numpy as np

from ..base.board import MAX_SQUARES, Board, Cell
from ..base.errors import BadInput
from ..base.words import square_keys
from ..output.render import Overlay
from .formula import Formula, Not, Op, Var, variables
from .gadgets import GADGETS, PITCH, PORT, WIDTH, Gadget, board_of, get_template

#: At most this many waiting clauses are weighed when a side of the clause layout takes
#: the next one (the first ones waiting): the choice stays cheap for any number of
#: clauses, and a formula of fewer clauses is laid out as if all were weighed.
_CLAUSE_WINDOW = 256


def _check_size(lanes: int, tiles: int) -> None:
    """Refuse a board of ``lanes`` lanes and ``tiles`` tiles (or more) beyond
    :data:`~minesweeper.base.board.MAX_SQUARES` squares, the most ``check`` reads.

    >>> _check_size(3, 10)
    >>> _check_size(10_000, 10_000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    minesweeper.base.errors.BadInput: the board would be at least 80,001 x 120,000 squares ...
    """
    rows, cols = lanes * 2 * PITCH, tiles * 2 * WIDTH + 1
    if rows * cols > MAX_SQUARES:
        raise BadInput(f"the board would be at least {cols:,} x {rows:,} squares (width x "
                       f"height), more than the {MAX_SQUARES:,} a board is read up to; "
                       "refused")


@dataclass
class _Step:
    name: str
    lane: int
    column: int = -1


@dataclass
class Circuit:
    """A built board with the input square of every variable and the layout's size.

    ``gadgets`` counts the tiles of each kind that were placed; ``layout`` is ``cnf`` or
    ``stack``.
    """

    board: Board
    inputs: dict[str, Cell]
    lanes: int
    columns: int
    gadgets: dict[str, int] = field(default_factory=dict)
    layout: str = "stack"

    def assignment(self, mines: set[Cell]) -> dict[str, bool]:
        """Read a variable assignment off an arrangement of mines (a mine is true).

        >>> from minesweeper.circuits.formula import parse_formula
        >>> from minesweeper.analysis.sat import check
        >>> c = build(parse_formula("a and not b"))
        >>> c.assignment(check(c.board).mines)
        {'a': True, 'b': False}
        """
        return {name: sq in mines for name, sq in self.inputs.items()}

    def text(self) -> str:
        """The board as ``build`` writes it: a line ``# input NAME x=COLUMN y=ROW``
        (counted from 1) for each input, then the rows.

        >>> from minesweeper.circuits.formula import parse_formula
        >>> build(parse_formula("a")).text().splitlines()[0]
        '# input a x=1 y=31'
        """
        from ..base.board import format_board

        heads = [f"# input {k} x={c + 1} y={r + 1}" for k, (r, c) in self.inputs.items()]
        return "\n".join([*heads, format_board(self.board)]) + "\n"

    def overlay(self) -> Overlay:
        """The input squares, outlined and named, for a picture."""
        return Overlay(marked=set(self.inputs.values()),
                       labels={sq: k for k, sq in self.inputs.items()})

    def to_json(self) -> dict[str, object]:
        """Size information in JSON-ready form; each input's square as ``"x"`` (its
        column) and ``"y"`` (its row), counted from 1.

        >>> from minesweeper.circuits.formula import parse_formula
        >>> build(parse_formula("a")).to_json()["inputs"]
        {'a': {'x': 1, 'y': 31}}
        """
        return {
            "height": self.board.height,
            "width": self.board.width,
            "lanes": self.lanes,
            "tile_columns": self.columns,
            "unknown_squares": int(np.count_nonzero(self.board.cells == -1)),
            "gadgets": dict(sorted(self.gadgets.items())),
            "layout": self.layout,
            "inputs": {k: square_keys(sq) for k, sq in self.inputs.items()},
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
        self.free = [0] * len(self.lanes)  # the first free tile of each lane
        self.width = 0  # tiles: the board is at least this wide, on len(self.lanes) lanes

    def _ensure(self, lane: int) -> None:
        while len(self.lanes) <= lane:
            self.lanes.append(None)
            self.free.append(0)

    def emit(self, name: str, lane: int) -> None:
        t = GADGETS[name]
        self._ensure(lane + t.lanes - 1)
        # placed as assemble() will place it: the board grows as the steps come, and is
        # refused as soon as it is too large, long before it is all laid out
        span = range(lane, lane + t.lanes)
        at = max(self.free[k] for k in span)
        for k in span:
            self.free[k] = at + t.tiles
        self.width = max(self.width, at + t.tiles)
        _check_size(len(self.lanes), self.width)
        self.steps.append(_Step(name, lane))
        ls = self.lanes
        if name in ("bend",):
            assert ls[lane] is not None and ls[lane + 1] is None
            ls[lane + 1], ls[lane] = ls[lane], None
        elif name == "bend_up":
            assert ls[lane] is None and ls[lane + 1] is not None
            ls[lane], ls[lane + 1] = ls[lane + 1], None
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
        self.finish_lanes()

    def finish_lanes(self) -> None:
        """Close every lane still carrying a signal."""
        for lane, sig in enumerate(self.lanes):
            if sig is not None:
                self.emit("terminator", lane)


Literal = tuple[str, bool]
"""A variable name and whether it is negated."""


def cnf_clauses(f: Formula) -> list[list[Literal]] | None:
    """The clauses of a formula in conjunctive normal form (an ``and`` of disjunctions of
    literals, or a single clause), or ``None`` when it is not one.

    >>> from minesweeper.circuits.formula import parse_formula
    >>> cnf_clauses(parse_formula("(a or not b) and c"))
    [[('a', False), ('b', True)], [('c', False)]]
    >>> cnf_clauses(parse_formula("a nor b")) is None
    True
    """
    def literal(g: Formula) -> Literal | None:
        if isinstance(g, Var):
            return (g.name, False)
        if isinstance(g, Not) and isinstance(g.arg, Var):
            return (g.arg.name, True)
        return None

    def flat(g: Formula, kind: str) -> list[Formula]:
        if isinstance(g, Op) and g.kind == kind:
            return [x for a in g.args for x in flat(a, kind)]
        return [g]

    def clause(g: Formula) -> list[Literal] | None:
        lits = [literal(a) for a in flat(g, "or")]
        return None if any(x is None for x in lits) else [x for x in lits if x]

    out = [clause(g) for g in flat(f, "and")]
    return None if any(c is None for c in out) else [c for c in out if c is not None]


_Task = tuple[str, str, int]
"""``("op", gadget, lane)``, ``("bubble", "", var)``, ``("claim" | "release", "", var)``,
``("swap", "", 0)``."""


class _Stream:
    """The clauses laid out on one side, as a queue of tasks turned into gadget steps one
    at a time (a variable's way through the crossovers is recomputed at every step, since
    the other side moves variables too)."""

    def __init__(self, m: _CnfMachine, side: int):
        self.m = m
        self.side = side
        self.tasks: deque[_Task] = deque()

    def load(self, lits: list[Literal]) -> None:
        n = self.m.n
        t = self.tasks
        for i, (name, negated) in enumerate(lits):
            k = self.m.names.index(name)
            last = i == len(lits) - 1
            t.append(("claim", "", k))
            t.append(("bubble", "", k))
            if self.side == 0:
                # up to lane 2, on to lane 1, split back into lane 2 (which then carries
                # the variable on); the copy on lane 1 joins the clause on lane 0
                t.extend([("op", "bend_up", 1), ("op", "split", 1), ("swap", "", 0),
                          ("release", "", k)])
                if negated:
                    t.append(("op", "not", 1))
                if i == 0:
                    t.append(("op", "true", 1) if last else ("op", "bend_up", 0))
                else:
                    t.extend([("op", "nor", 0), ("op", "not", 0)])
                    if last:
                        t.append(("op", "true", 0))
            else:
                # down to lane n + 1, split into lane n + 2; the clause so far on n + 3
                work = n + 2
                t.extend([("op", "split", work - 1), ("release", "", k)])
                if negated:
                    t.append(("op", "not", work))
                if i > 0:
                    t.extend([("op", "nor", work), ("op", "not", work)])
                t.append(("op", "true" if last else "bend", work))

    def _bookkeeping(self) -> bool:
        """Apply the tasks that place nothing; ``False`` when blocked by a claim."""
        m = self.m
        while self.tasks and self.tasks[0][0] in ("claim", "release", "swap"):
            kind, _, k = self.tasks[0]
            if kind == "claim":
                if m.claimed.get(k, self.side) != self.side:
                    return False
                m.claimed[k] = self.side
            elif kind == "release":
                m.claimed.pop(k, None)
            else:
                m.lanes[1], m.lanes[2] = m.lanes[2], m.lanes[1]
            self.tasks.popleft()
        return True

    def peek(self) -> tuple[str, int] | None:
        """The next gadget step, or ``None`` (idle or waiting for the other side)."""
        while self.tasks:
            if not self._bookkeeping():
                return None
            if not self.tasks:
                return None
            kind, name, arg = self.tasks[0]
            if kind == "op":
                return name, arg
            pos = self.m.lanes.index(arg)
            target = 2 if self.side == 0 else self.m.n + 1
            if pos == target:
                self.tasks.popleft()
                continue
            return ("crossover", pos - 1) if self.side == 0 else ("crossover", pos)
        return None

    def advance(self) -> None:
        if self.tasks[0][0] == "op":
            self.tasks.popleft()
        self._bookkeeping()


class _CnfMachine(_Machine):
    """The clause layout: variable ``k`` enters on lane ``k + 2``, with no empty lanes
    between variables; two work lanes lie above them (``0``, ``1``) and two below
    (``n + 2``, ``n + 3``).  A side that is free takes the waiting clause whose variables
    are nearest to it.  For each literal, its variable steps through crossovers to the
    variable lane next to the work lanes (the variables it passes step one lane the other
    way: the order of the variable lanes changes along the board) and is split there; the
    copy is negated if the literal is, and joined with the clause so far by a NOR and a
    NOT (an OR).  The last OR runs into the constant-true end.  No stack is kept: each
    clause is forced true on its own.  The steps of the two sides are interleaved by the
    tile where each can start, so that they run side by side."""

    def __init__(self, names: list[str], sides: str = "both"):
        super().__init__(names)
        self.lanes = [None, None, *range(self.n), None, None]
        self.free = [0] * len(self.lanes)
        self.width = 0
        self.claimed: dict[int, int] = {}
        self.sides = [0, 1] if sides == "both" else [0] if sides == "top" else [1]

    def _distance(self, lits: list[Literal], side: int) -> int:
        pos = [self.lanes.index(self.names.index(name)) for name, _ in lits]
        return sum(p - 2 for p in pos) if side == 0 else sum(self.n + 1 - p for p in pos)

    def run(self, clauses: list[list[Literal]]) -> None:
        """Lay out every clause; each OR is forced true."""
        waiting = deque(clauses)
        streams = [_Stream(self, side) for side in self.sides]
        while True:
            for st in streams:
                if not st.tasks and waiting:
                    costs = [self._distance(cl, st.side)
                             for cl in islice(waiting, _CLAUSE_WINDOW)]
                    best = costs.index(min(costs))
                    st.load(waiting[best])
                    del waiting[best]
            options = []
            for i, st in enumerate(streams):
                op = st.peek()
                if op is not None:
                    t = GADGETS[op[0]]
                    start = max(self.free[k] for k in range(op[1], op[1] + t.lanes))
                    options.append((start, i, op))
            if not options:
                if any(st.tasks for st in streams):  # pragma: no cover - claims are released
                    raise RuntimeError("clause layout blocked")
                if not waiting:
                    return
                continue
            _, i, (name, lane) = min(options)
            self.emit(name, lane)
            streams[i].advance()


def build(f: Formula, order: list[str] | None = None, layout: str = "auto",
          sides: str = "bottom") -> Circuit:
    """Lay out a formula as a Minesweeper board whose output is forced true.

    ``order`` fixes the lane order of the variables (default: sorted names); ``layout``
    is ``"cnf"`` (clauses forced true one by one; formulas in conjunctive normal form
    only), ``"stack"`` (the stack machine, any formula) or ``"auto"`` (``cnf`` when the
    formula is in that form); ``sides`` (``both``, ``top``, ``bottom``) says where the
    clause layout may work.

    >>> from minesweeper.circuits.formula import parse_formula
    >>> c = build(parse_formula("x or y"))
    >>> sorted(c.inputs), c.lanes
    (['x', 'y'], 6)
    >>> build(parse_formula("x or y"), layout="stack").lanes
    6
    """
    names = order if order is not None else sorted(variables(f))
    clauses = cnf_clauses(f) if layout in ("auto", "cnf") else None
    if layout == "cnf" and clauses is None:
        raise BadInput("the clause layout needs a formula in conjunctive normal form")
    if clauses is not None:
        # Each literal splits its variable once on its side's work lane: the board is at
        # least that many tiles wide, on len(names) + 4 lanes (refused before any work).
        literals = sum(len(cl) for cl in clauses)
        _check_size(len(names) + 4,
                    -(-literals // (2 if sides == "both" else 1)) * GADGETS["split"].tiles)
        cm = _CnfMachine(names, sides)
        cm.run(clauses)
        cm.finish_lanes()
        board, tiles, counts = assemble([(st.name, st.lane) for st in cm.steps],
                                        len(cm.lanes), list(range(2, len(names) + 2)))
        inputs = {name: ((k + 2) * 2 * PITCH + 2 * PORT, 0) for k, name in enumerate(names)}
        return Circuit(board, inputs, len(cm.lanes), tiles, counts, "cnf")
    m = _Machine(names)
    m.compile(f)
    m.finish()
    board, tiles, counts = assemble([(st.name, st.lane) for st in m.steps], len(m.lanes),
                                    [2 * k for k in range(len(names))])
    inputs = {name: (2 * k * 2 * PITCH + 2 * PORT, 0) for k, name in enumerate(names)}
    return Circuit(board, inputs, len(m.lanes), tiles, counts)


def assemble(ops: list[tuple[str, int]], n_lanes: int,
             live_lanes: list[int]) -> tuple[Board, int, dict[str, int]]:
    """Place gadget steps ``(name, top lane)``, given in program order, each at the first
    tile where all its lanes are free (every lane keeps its own position, so a wide gadget
    on one lane does not widen the others), fill the gaps of live lanes with wires, and
    return the board, its width in tiles and how many tiles of each kind were used.

    >>> board, tiles, counts = assemble([("not", 0), ("true", 0)], 1, [0])
    >>> tiles, counts
    (2, {'not': 1, 'true': 1})
    """
    free_from = [0] * n_lanes
    live = [False] * n_lanes
    for k in live_lanes:
        live[k] = True
    placed: list[tuple[str, int, int]] = []  # (name, lane, tile)
    for name, lane in ops:
        t = GADGETS[name]
        span = range(lane, lane + t.lanes)
        at = max(free_from[k] for k in span)
        for k in span:
            if live[k]:
                placed.extend(("wire", k, tile) for tile in range(free_from[k], at))
        placed.append((name, lane, at))
        outs = {t.ports[p][0] for p in t.ports if t.ports[p][1] == "right"}
        for i, k in enumerate(span):
            free_from[k] = at + t.tiles
            live[k] = i in outs
    total_tiles = max(free_from, default=0)
    _check_size(n_lanes, total_tiles)
    for k in range(n_lanes):
        if live[k]:
            placed.extend(("wire", k, tile) for tile in range(free_from[k], total_tiles))
    rows = n_lanes * 2 * PITCH
    cols = total_tiles * 2 * WIDTH + 1
    kinds = np.zeros((rows, cols), dtype=np.int8)
    sums = np.zeros((rows, cols), dtype=np.int8)
    counts: dict[str, int] = {}
    # left to right, so that a tile's left edge (shared with the one before) is its own
    for name, lane, tile in sorted(placed, key=lambda x: x[2]):
        tk, ts = GADGETS[name].cells()
        r0, c0 = lane * 2 * PITCH, tile * 2 * WIDTH
        h, w = tk.shape
        kinds[r0 : r0 + h, c0 : c0 + w] = tk
        sums[r0 : r0 + h, c0 : c0 + w] = ts
        counts[name] = counts.get(name, 0) + 1
    return board_of(kinds, sums), total_tiles, counts


def composite(name: str) -> Gadget | None:
    """The gadgets made of others: ``and`` (NOT on both inputs, then NOR) and ``or`` (NOR,
    then NOT); ``None`` for other names.

    >>> from minesweeper.circuits.gadgets import truth_table
    >>> truth_table(composite("and")).matches
    True
    """
    if name == "and":
        ops = [("not", 0), ("not", 1), ("nor", 0)]
        summary = "AND gate: NOT on both inputs, then NOR"
        def expected(ins: tuple[bool, ...]) -> tuple[bool, ...] | None:
            return (ins[0] and ins[1],)
    elif name == "or":
        ops = [("nor", 0), ("not", 0)]
        summary = "OR gate: NOR, then NOT"

        def expected(ins: tuple[bool, ...]) -> tuple[bool, ...] | None:
            return (ins[0] or ins[1],)
    else:
        return None
    board, tiles, _ = assemble(ops, 2, [0, 1])
    lane_row = 2 * PORT
    ports = {"x": (lane_row, 0), "y": (2 * PITCH + lane_row, 0),
             "out": (lane_row, tiles * 2 * WIDTH)}
    return Gadget(name, summary, board, ports, ["x", "y"], ["out"], expected)


def gadget_names() -> list[str]:
    """Every gadget name, composites included.

    >>> "crossover" in gadget_names() and "and" in gadget_names()
    True
    """
    return sorted([*GADGETS, "and", "or"])


def get_gadget(name: str) -> Gadget:
    """A gadget (board with ports) by name.

    >>> get_gadget("or").outputs
    ['out']
    """
    if name not in gadget_names():
        raise BadInput(f"no gadget named {name!r} (known: {', '.join(gadget_names())})")
    made = composite(name)
    if made is not None:
        return made
    return get_template(name).gadget()
