"""Board gadgets that carry Boolean signals, and their truth tables computed by enumeration.

Every gadget is drawn on a lattice of *nodes*: the squares whose row and column are both
even.  Only nodes are ever unknown.  A square between two nodes of a row or a column sees
exactly those two nodes; a square in the middle of four nodes sees those four.  A signal
runs along a chain of nodes, a *wire*: the square between two neighbouring wire nodes
shows a 1 (with the flags around it added), so exactly one of them holds a mine and the
nodes alternate, ``X x X x ...`` (capital: the signal, small: its opposite; *true* is a
mine).  A square in the middle of four nodes can tie three or four signals together; the
gates are built from such squares:

* NOR: ``x + y + z + t = 2``, ``x + z + s = 1``, ``y + z + r = 1`` (``t``, ``s``, ``r`` are
  free helper nodes) leave ``z = not (x or y)`` and nothing else;
* XOR: ``x + y + d' + e' = 2`` and ``z + e' + d = 1``, with ``d`` and ``d'`` joined by a
  wire of odd length, leave ``z = x xor y`` (``d`` = and, ``e`` = or);
* a crossover is three XOR gates: ``c = a xor b``, then ``a xor c = b`` and ``b xor c = a``.

The pictures below give, for each node, the letter of the signal it carries; every other
square is filled in automatically: a square whose neighbouring nodes hold the same number
of mines in every intended arrangement is revealed with that number (plus its flagged
neighbours); any other square is flagged, which states nothing.  Whether the result does
what it should is not assumed: :func:`truth_table` enumerates every consistent arrangement
of the gadget's unknown squares and reads the ports.

Gadgets are tiles for circuits: a tile is ``2 * PITCH`` squares high per lane and ``2 *
WIDTH`` squares wide; signals enter on the left edge and leave on the right edge at the
port row of a lane, and the edge columns and the top row of every tile hold no other
unknown square, so tiles placed side by side only share their port squares.

>>> t = truth_table(GADGETS["nor"].gadget())
>>> [outs for ins, outs in t.rows]
[(True,), (False,), (False,), (False,)]
>>> t.matches
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import product

import numpy as np
import numpy.typing as npt

from ..analysis.backtrack import solutions
from ..base.board import MINE, UNKNOWN, Board, Cell, problem_of
from ..base.errors import BadInput
from ..base.words import plural, square_keys, square_name
from ..output.render import Overlay

PITCH = 6
"""Node rows per lane."""
WIDTH = 4
"""Node columns per tile."""
PORT = 3
"""Node row of the port inside a lane."""

KIND_REVEALED = 0
KIND_UNKNOWN = 1
KIND_FLAG = 2

Values = dict[str, bool]


@dataclass
class Template:
    """A gadget as a node picture.

    ``picture`` has ``lanes * PITCH`` rows and ``tiles * WIDTH + 1`` columns (the last
    column holds the right-hand ports, which belong to the next tile); ``inputs`` names the
    free signals and ``signals`` computes every letter from them; ``ports`` maps a port
    name to ``(lane, side, letter)`` with side ``"left"`` or ``"right"``; ``inputs_of``
    and ``outputs_of`` name the ports read as inputs and outputs of the truth table.
    """

    name: str
    summary: str
    lanes: int
    tiles: int
    picture: list[str]
    inputs: list[str]
    signals: Callable[[Values], Values]
    ports: dict[str, tuple[int, str, str]]
    port_inputs: list[str]
    port_outputs: list[str]
    expected: Callable[[tuple[bool, ...]], tuple[bool, ...] | None] | None = None
    _cells: tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]] | None = field(
        default=None, repr=False)

    def node_rows(self) -> int:
        """Node rows of the picture."""
        return self.lanes * PITCH

    def node_cols(self) -> int:
        """Node columns of the picture, right-hand port column included."""
        return self.tiles * WIDTH + 1

    def arrangements(self) -> list[Values]:
        """Every intended assignment of letters (one per choice of the inputs)."""
        out = []
        for bits in product((False, True), repeat=len(self.inputs)):
            values = dict(zip(self.inputs, bits, strict=True))
            values.update(self.signals(values))
            out.append(values)
        return out

    def cells(self) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
        """Square kinds (revealed, unknown, flag) and, for revealed squares, how many of
        their unknown neighbours hold a mine in every intended arrangement.

        >>> kinds, sums = GADGETS["wire"].cells()
        >>> kinds.shape
        (12, 9)
        """
        if self._cells is not None:
            return self._cells
        rows, cols = 2 * self.node_rows(), 2 * self.node_cols() - 1
        letter: dict[Cell, str] = {}
        for r, line in enumerate(self.picture):
            if len(line) != self.node_cols():
                raise ValueError(f"{self.name}: picture row {r} has {len(line)} columns")
            for c, ch in enumerate(line):
                if ch != ".":
                    letter[(2 * r, 2 * c)] = ch
        if len(self.picture) != self.node_rows():
            raise ValueError(f"{self.name}: picture has {len(self.picture)} rows")
        arrangements = self.arrangements()

        def value(ch: str, values: Values) -> bool:
            v = values[ch.upper()]
            return v if ch.isupper() else not v

        kinds = np.zeros((rows, cols), dtype=np.int8)
        sums = np.zeros((rows, cols), dtype=np.int8)
        for r in range(rows):
            for c in range(cols):
                if (r, c) in letter:
                    kinds[r, c] = KIND_UNKNOWN
                    continue
                seen = [letter[(r + dr, c + dc)] for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                        if (r + dr, c + dc) in letter]
                totals = {sum(value(ch, vals) for ch in seen) for vals in arrangements}
                if len(totals) == 1:
                    kinds[r, c] = KIND_REVEALED
                    sums[r, c] = totals.pop()
                else:
                    kinds[r, c] = KIND_FLAG
        self._cells = (kinds, sums)
        return self._cells

    def port_square(self, port: str) -> Cell:
        """The square of a port, in the gadget's own coordinates."""
        lane, side, _ = self.ports[port]
        col = 0 if side == "left" else self.tiles * WIDTH
        return (2 * (lane * PITCH + PORT), 2 * col)

    def gadget(self) -> Gadget:
        """The gadget on its own: a board with named port squares.

        >>> g = GADGETS["wire"].gadget()
        >>> g.ports["in"], g.ports["out"]
        ((6, 0), (6, 8))
        """
        kinds, sums = self.cells()
        board = board_of(kinds, sums)
        ports = {name: self.port_square(name) for name in self.ports}
        return Gadget(self.name, self.summary, board, ports, list(self.port_inputs),
                      list(self.port_outputs), self.expected)


def board_of(kinds: npt.NDArray[np.int8], sums: npt.NDArray[np.int8]) -> Board:
    """Turn square kinds and unknown-neighbour sums into a board with its numbers.

    >>> k = np.array([[KIND_UNKNOWN, KIND_REVEALED, KIND_FLAG]], dtype=np.int8)
    >>> s = np.array([[0, 1, 0]], dtype=np.int8)
    >>> board_of(k, s).cells.tolist()
    [[-1, 2, -2]]
    """
    flag = (kinds == KIND_FLAG).astype(np.int8)
    padded = np.pad(flag, 1)
    h, w = kinds.shape
    around = sum(padded[1 + dr : h + 1 + dr, 1 + dc : w + 1 + dc]
                 for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))
    cells = (np.asarray(around, dtype=np.int8) + sums).astype(np.int8)
    cells[kinds == KIND_UNKNOWN] = UNKNOWN
    cells[kinds == KIND_FLAG] = MINE
    return Board(cells)


@dataclass
class Gadget:
    """A board with named port squares; ``inputs`` and ``outputs`` order the truth table,
    and ``expected`` (when given) is the intended function, or ``None`` for a port set
    that should take every value."""

    name: str
    summary: str
    board: Board
    ports: dict[str, Cell]
    inputs: list[str]
    outputs: list[str]
    expected: Callable[[tuple[bool, ...]], tuple[bool, ...] | None] | None = None

    def to_json(self) -> dict[str, object]:
        """What ``gadget NAME --json`` prints (each port's square as ``"x"``, its column,
        and ``"y"``, its row, counted from 1).

        >>> from minesweeper.circuits.circuit import get_gadget
        >>> get_gadget("wire").to_json()["ports"]
        {'in': {'x': 1, 'y': 7}, 'out': {'x': 9, 'y': 7}}
        """
        from ..base.board import format_board

        return {"name": self.name, "summary": self.summary, "width": self.board.width,
                "height": self.board.height,
                "ports": {k: square_keys(sq) for k, sq in self.ports.items()},
                "rows": format_board(self.board).splitlines()}

    def overlay(self) -> Overlay:
        """The ports, outlined and named, for a picture."""
        return Overlay(marked=set(self.ports.values()),
                       labels={sq: k for k, sq in self.ports.items()})

    def lines(self) -> list[str]:
        """What ``gadget NAME`` prints: the summary, where the ports are, and the board
        with ``I`` on the input ports and ``O`` on the output ports.

        >>> from minesweeper.circuits.circuit import get_gadget
        >>> print("\\n".join(get_gadget("terminator").lines()[:2]))
        terminator: closes a loose wire end: either value is consistent
          port in: (1, 7)
        """
        from ..base.board import format_board

        rows = format_board(self.board).splitlines()
        for k, (r, c) in self.ports.items():
            rows[r] = rows[r][:c] + ("I" if k in self.inputs else "O") + rows[r][c + 1:]
        return [f"{self.name}: {self.summary}",
                *(f"  port {k}: {square_name(sq)}" for k, sq in self.ports.items()),
                *rows, "(I: input port square, O: output port square; both unknown; squares "
                       "(x, y): column, row, from 1)"]


@dataclass
class TruthTable:
    """The computed behaviour of a gadget: ``rows`` pairs each input combination that has
    a consistent arrangement with the outputs it forces (every combination that occurs);
    ``arrangements`` counts all consistent arrangements; ``matches`` says whether the rows
    are exactly what ``expected`` describes."""

    inputs: list[str]
    outputs: list[str]
    rows: list[tuple[tuple[bool, ...], tuple[bool, ...]]]
    arrangements: int
    matches: bool | None

    def to_json(self) -> dict[str, object]:
        """JSON-ready form.

        >>> truth_table(GADGETS["not"].gadget()).to_json()["rows"][0]
        {'in': False, 'out': True}
        """
        return {
            "inputs": self.inputs,
            "outputs": self.outputs,
            "rows": [dict(zip(self.inputs + self.outputs, ins + outs, strict=True))
                     for ins, outs in self.rows],
            "arrangements": self.arrangements,
            "matches": self.matches,
        }

    def lines(self) -> list[str]:
        """The table as ``gadget NAME --verify`` prints it.

        >>> print("\\n".join(truth_table(GADGETS["not"].gadget()).lines()))
        truth table from 2 consistent arrangements:
        in | out
        0  |  1
        1  |  0
        as intended
        """
        head = " ".join(self.inputs) + (" | " + " ".join(self.outputs) if self.outputs else "")
        out = [f"truth table from {plural(self.arrangements, 'consistent arrangement')}:", head]
        for ins, outs in self.rows:
            line = " ".join(str(int(v)).center(len(n))
                            for v, n in zip(ins, self.inputs, strict=True))
            if self.outputs:
                line += " | " + " ".join(str(int(v)).center(len(n))
                                         for v, n in zip(outs, self.outputs, strict=True))
            out.append(line)
        if self.matches is not None:
            out.append("as intended" if self.matches else "NOT as intended")
        return out


def truth_table(gadget: Gadget) -> TruthTable:
    """Enumerate every consistent arrangement of the gadget's unknown squares and read its
    ports.  Nothing is assumed about the gadget: the table is what the numbers allow.

    >>> t = truth_table(GADGETS["terminator"].gadget())
    >>> t.rows
    [((False,), ()), ((True,), ())]
    """
    problem = problem_of(gadget.board)
    index = {sq: i for i, sq in enumerate(problem.squares)}
    interior = set(problem.interior)
    seen: set[tuple[tuple[bool, ...], tuple[bool, ...]]] = set()
    count = 0
    names = gadget.inputs + gadget.outputs
    free_ports = [n for n in names if index[gadget.ports[n]] in interior]
    for sol in solutions(problem):
        base = {n: sol[index[gadget.ports[n]]] for n in names if n not in free_ports}
        count += 2 ** len(interior)
        for bits in product((False, True), repeat=len(free_ports)):
            vals = dict(base)
            vals.update(zip(free_ports, bits, strict=True))
            seen.add((tuple(vals[n] for n in gadget.inputs),
                      tuple(vals[n] for n in gadget.outputs)))
    rows = sorted(seen)
    matches: bool | None = None
    if gadget.expected is not None:
        want: set[tuple[tuple[bool, ...], tuple[bool, ...]]] = set()
        for ins in product((False, True), repeat=len(gadget.inputs)):
            outs = gadget.expected(ins)
            if outs is not None:
                want.add((ins, outs))
        matches = want == seen
    return TruthTable(gadget.inputs, gadget.outputs, rows, count, matches)


def _row(cols: int, items: dict[int, str]) -> str:
    return "".join(items.get(c, ".") for c in range(cols))


def _picture(lanes: int, tiles: int, nodes: dict[tuple[int, int], str]) -> list[str]:
    rows, cols = lanes * PITCH, tiles * WIDTH + 1
    for (r, c) in nodes:
        if not (0 < r < rows and 0 <= c < cols):
            raise ValueError(f"node {(r, c)} outside the picture")
    return [_row(cols, {c: ch for (rr, c), ch in nodes.items() if rr == r}) for r in range(rows)]


def _wire(nodes: dict[tuple[int, int], str], path: list[tuple[int, int]], letter: str,
          start_upper: bool = True) -> None:
    """Lay a wire along ``path`` (neighbouring nodes), alternating ``X x X ...``."""
    upper = start_upper
    for i, (r, c) in enumerate(path):
        if i:
            pr, pc = path[i - 1]
            if abs(pr - r) + abs(pc - c) != 1:
                raise ValueError(f"wire step {path[i - 1]} -> {(r, c)} is not a neighbour")
        ch = letter.upper() if upper else letter.lower()
        if nodes.get((r, c), ch) != ch:
            raise ValueError(f"node {(r, c)} carries {nodes[(r, c)]} and {ch}")
        nodes[(r, c)] = ch
        upper = not upper


def _line(r0: int, c0: int, r1: int, c1: int) -> list[tuple[int, int]]:
    """Straight node path, inclusive."""
    if r0 == r1:
        step = 1 if c1 >= c0 else -1
        return [(r0, c) for c in range(c0, c1 + step, step)]
    step = 1 if r1 >= r0 else -1
    return [(r, c0) for r in range(r0, r1 + step, step)]


def _lane(k: int) -> int:
    return k * PITCH + PORT


def _identity(ins: tuple[bool, ...]) -> tuple[bool, ...]:
    return ins


def _make_wire() -> Template:
    nodes: dict[tuple[int, int], str] = {}
    _wire(nodes, _line(_lane(0), 0, _lane(0), WIDTH), "X")
    return Template("wire", "a straight wire: the output equals the input", 1, 1,
                    _picture(1, 1, nodes), ["X"], lambda v: {},
                    {"in": (0, "left", "X"), "out": (0, "right", "X")}, ["in"], ["out"],
                    _identity)


def _make_not() -> Template:
    p = _lane(0)
    nodes = {(p, 0): "X", (p, 1): "x", (p + 1, 2): "X", (p + 1, 3): "x", (p, 3): "X",
             (p, 4): "x"}
    return Template("not", "a wire with a diagonal step: the output is the opposite", 1, 1,
                    _picture(1, 1, nodes), ["X"], lambda v: {},
                    {"in": (0, "left", "X"), "out": (0, "right", "x")}, ["in"], ["out"],
                    lambda ins: (not ins[0],))


def _make_bend(up: bool = False) -> Template:
    nodes: dict[tuple[int, int], str] = {}
    src, dst = (1, 0) if up else (0, 1)
    path = _line(_lane(src), 0, _lane(src), 2) + _line(_lane(src), 2, _lane(dst), 2)[1:]
    path += _line(_lane(dst), 2, _lane(dst), WIDTH)[1:]
    _wire(nodes, path, "X")
    name = "bend_up" if up else "bend"
    word = "up" if up else "down"
    return Template(name, f"a wire that turns {word} one lane and back: output equals input",
                    2, 1, _picture(2, 1, nodes), ["X"], lambda v: {},
                    {"in": (src, "left", "X"), "out": (dst, "right", "X")}, ["in"], ["out"],
                    _identity)


def _make_split(ways: int) -> Template:
    nodes: dict[tuple[int, int], str] = {}
    _wire(nodes, _line(_lane(0), 0, _lane(0), WIDTH), "X")
    down = _line(_lane(0), 2, _lane(ways - 1), 2)
    _wire(nodes, down, "X")
    ports = {"in": (0, "left", "X"), "out1": (0, "right", "X")}
    for k in range(1, ways):
        _wire(nodes, _line(_lane(k), 2, _lane(k), WIDTH), "X")
        ports[f"out{k + 1}"] = (k, "right", "X")
    outs = [f"out{k + 1}" for k in range(ways)]
    return Template(f"split{ways}" if ways != 2 else "split",
                    f"a splitter: one signal to {ways} lanes, each output equals the input",
                    ways, 1, _picture(ways, 1, nodes), ["X"], lambda v: {}, ports, ["in"],
                    outs, lambda ins: ins * ways)


def _make_terminator() -> Template:
    nodes: dict[tuple[int, int], str] = {}
    _wire(nodes, _line(_lane(0), 0, _lane(0), 2), "X")
    return Template("terminator", "closes a loose wire end: either value is consistent",
                    1, 1, _picture(1, 1, nodes), ["X"], lambda v: {},
                    {"in": (0, "left", "X")}, ["in"], [], lambda ins: ())


def _make_true() -> Template:
    nodes: dict[tuple[int, int], str] = {}
    _wire(nodes, _line(_lane(0), 0, _lane(0), 2), "X")
    return Template("true", "the constant-true end: the wire must carry true", 1, 1,
                    _picture(1, 1, nodes), [], lambda v: {"X": True},
                    {"in": (0, "left", "X")}, ["in"], [],
                    lambda ins: () if ins[0] else None)


def _make_nor() -> Template:
    p, q = _lane(0), _lane(1)
    nodes: dict[tuple[int, int], str] = {}
    _wire(nodes, _line(p, 0, p, 4) + [(p + 1, 4), (p + 1, 5)], "X")
    _wire(nodes, _line(q, 0, q, 6) + _line(q, 6, p + 2, 6)[1:], "Y")
    nodes.update({(p + 1, 6): "Z", (p + 2, 5): "T", (p, 5): "P", (p + 2, 7): "Q",
                  (p, 7): "z", (p, 8): "Z"})

    def signals(v: Values) -> Values:
        z = not (v["X"] or v["Y"])
        return {"Z": z, "T": not (v["X"] and v["Y"]), "P": not (v["X"] or z),
                "Q": not (v["Y"] or z)}

    return Template("nor", "NOR gate: the output is true exactly when both inputs are false",
                    2, 2, _picture(2, 2, nodes), ["X", "Y"], signals,
                    {"x": (0, "left", "X"), "y": (1, "left", "Y"), "out": (0, "right", "Z")},
                    ["x", "y"], ["out"], lambda ins: (not (ins[0] or ins[1]),))


CROSSOVER_PICTURE = [
    ".............",
    "........gGg..",
    "........G.G..",
    "AaAaAaAaghBbB",
    ".A.dDd.Aac...",
    ".a.D.D...C...",
    ".A.decCcCc...",
    ".aAaB....C...",
    "....b..Bbc...",
    "BbBbBbBbjkAaA",
    "........J.J..",
    "........jJj..",
]


def _make_crossover() -> Template:
    def signals(v: Values) -> Values:
        a, b = v["A"], v["B"]
        c = a != b
        return {"C": c, "D": (not a) and b, "E": (not a) or b, "G": (not a) and (not c),
                "H": (not a) or (not c), "J": (not b) and (not c), "K": (not b) or (not c)}

    return Template("crossover", "two wires cross: each output equals its own input, "
                    "independently (three XOR gates)", 2, 3, CROSSOVER_PICTURE, ["A", "B"],
                    signals, {"a_in": (0, "left", "A"), "b_in": (1, "left", "B"),
                              "a_out": (1, "right", "A"), "b_out": (0, "right", "B")},
                    ["a_in", "b_in"], ["a_out", "b_out"], _identity)


def _build_all() -> dict[str, Template]:
    items = [_make_wire(), _make_not(), _make_bend(), _make_bend(up=True), _make_split(2),
             _make_split(3), _make_terminator(), _make_true(), _make_nor(), _make_crossover()]
    return {t.name: t for t in items}


GADGETS: dict[str, Template] = _build_all()


def get_template(name: str) -> Template:
    """A gadget template by name.

    >>> get_template("nor").lanes
    2
    """
    try:
        return GADGETS[name]
    except KeyError:
        raise BadInput(f"no gadget named {name!r} (known: {', '.join(sorted(GADGETS))})") \
            from None
