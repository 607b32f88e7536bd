"""Exact mine probabilities: for every covered square, the share of the arrangements that
put a mine there, as a fraction.

Every arrangement of mines on the covered squares that agrees with every number (and with
the total, when the board gives one) counts once. The work goes in four steps:

1. **Collapse** (:mod:`minesweeper.analysis.reduce`): squares tied by a number that sees two of
   them become one *class* (a root and a parity), so a wire is one variable. A class set
   to 1 puts ``ones`` mines on its squares, set to 0 ``zeros`` mines.
2. **Components**: the numbers still open, rewritten over the classes as
   ``sum coef * class = rhs``, split the classes into independent groups; a class no open
   number mentions is a group of its own.
3. **Sweep** of each group, class by class in an order that keeps few numbers open
   (:func:`_sweep_order`), keeping the partial sums of the numbers that are started but
   not finished (equal states merged): forward, how many ways reach each state with
   ``m`` mines so far (without a total the mines are not counted); backward, how many
   ways finish from it, weighted by how the rest of the board completes. Their products
   give, for each class, the weighted arrangements in which it is 1.
4. **Combination** over mine counts: each group's polynomial (arrangements by number of
   mines), convolved with the others'; with a total ``T`` the squares no number sees
   (``interior``) take the rest, ``C(interior, T - m)`` ways for ``m`` mines elsewhere.
   Without a total every arrangement of every covered square counts once: each interior
   square is a mine with probability 1/2 and the groups are independent.

>>> from minesweeper.base.board import parse_board
>>> p = probabilities(parse_board("mines: 3\\n?1???"))
>>> [str(f) for f in p.fractions()], p.arrangements
(['1/2', '1/2', '1', '1'], 2)
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import comb
from operator import mul

import numpy as np
import numpy.typing as npt

from .._core import mines as kernels
from ..base import budget
from ..base.board import UNKNOWN, Arrays, Board, Cell, arrays_of
from ..base.errors import BadInput, TooLarge
from ..base.words import plural
from .eliminate import MAX_CLASSES, TooEntangled
from .eliminate import eliminate as eliminated
from .reduce import MAX_ROUNDS, collapse

Poly = list[int]

#: The most partial states one group's sweep keeps at one boundary, and the most partial
#: counts (one a state and number of mines) and partial sums (one a state and open
#: number, and one a boundary and open number for the bounds) the sweeps of a board keep
#: in all (a few hundred MB); a board whose numbers overlap so widely that it needs more
#: is refused in one line (``check``, ``--count`` and ``--safe`` with a total then ask
#: the solver).
MAX_STATES = 200_000
MAX_ENTRIES = 6_500_000
#: The most bytes the compiled sweeps of a board keep in all (8 a partial count, 16 a
#: state, 1 a partial sum: about a tenth of what the readable sweep's Python objects
#: take), counted by the dry run before they start; less where the memory limits leave less
#: (:func:`~minesweeper.base.budget.sweep_room`).  A group whose counts pass 64 bits goes
#: to the readable sweep, within :data:`MAX_ENTRIES`.
MAX_SWEEP_BYTES = 600 << 20
#: The most states at one boundary of a compiled sweep, and the most partial counts and
#: sums its sweeps make in all: what bounds their time and their dry run's, so that a
#: board beyond them is refused within a second (a tangled board of 100,000 squares,
#: every square in one group: 0.15 s of dry run to reach 200,000 states), while a board
#: built from a formula of 10 variables (32.2 million, 26,244 states at most) is
#: answered.
MAX_COMPILED_STATES = 200_000
MAX_COMPILED_ENTRIES = 34_000_000
#: The most groups whose counts the compiled weighing (``minesweeper._core.mines.weigh``)
#: makes: it multiplies each group's others out again (prefix and suffix products, no
#: division), so its work grows as the square of the groups; past this the readable
#: :func:`_weights` divides once per distinct polynomial instead.
MAX_WEIGHED_GROUPS = 16


@dataclass(frozen=True)
class Group:
    """Classes that share open numbers: ``ones[i]``/``zeros[i]`` mines when class ``i`` is
    1/0 (all 0 on a board without a total, where the mines are not counted); ``rows`` the
    numbers as ``(classes, coefs, rhs)``, classes indexed in the group; ``squares`` the
    covered squares of its classes."""

    ones: list[int]
    zeros: list[int]
    rows: list[tuple[list[int], list[int], int]]
    squares: int = 0

    @cached_property
    def plan(self) -> list[tuple[list[tuple[int, int]], list[int], list[int]]]:
        """What each class of the sweep touches, opens and closes (:func:`_plan`)."""
        return _plan(self)

    @cached_property
    def bounds(self) -> _Bounds:
        """What each open row can still gain at each boundary (:func:`_bounds`)."""
        return _bounds(self)


@dataclass(frozen=True)
class Probabilities:
    """The mine probability of every covered square of a board.

    ``squares`` are the covered squares (row by row), ``mined[i] / denominator`` the
    probability for ``squares[i]``; with ``total`` mines on them (the board's total less
    its ``flags``) the denominator is the number of arrangements; without a total it is
    twice the ``frontier`` arrangements (the squares no number sees, ``interior`` of
    them, are a mine in half of them each). ``model`` says which arrangements count.
    """

    squares: list[Cell]
    mined: list[int]
    denominator: int
    total: int | None
    flags: int = 0
    frontier: int = 0
    interior: int = 0

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickled (as the answer of a helper process) with each distinct count once:
        pickle writes an integer whole wherever it occurs, and on a large board with a
        total the counts of the squares no number sees are one integer of thousands of
        digits, shared by millions of squares.

        >>> import pickle
        >>> from minesweeper.base.board import parse_board
        >>> p = probabilities(parse_board("mines: 2\\n?1???"))
        >>> pickle.loads(pickle.dumps(p)) == p
        True
        """
        codes, values = distinct_codes(self.mined)
        return (_rebuilt, (self.squares, codes, values, self.denominator, self.total,
                           self.flags, self.frontier, self.interior))

    @property
    def arrangements(self) -> int:
        """The arrangements of every covered square that agree with the numbers (and
        the total)."""
        if self.total is not None:
            return self.denominator
        return self.frontier * 2 ** self.interior

    @property
    def consistent(self) -> bool:
        """Whether some arrangement agrees with every number."""
        return self.denominator > 0

    @property
    def model(self) -> str:
        """Which arrangements count, in words."""
        return model_words(len(self.squares), self.total, self.flags)

    def cells(self) -> dict[Cell, str]:
        """What the board shows on each covered square: ``s`` (safe in every
        arrangement), ``m`` (a mine in every one), else the percentage.

        >>> from minesweeper.base.board import parse_board
        >>> probabilities(parse_board("1?/1?/..")).cells()
        {(0, 1): 'm', (1, 1): 's'}
        """
        return {sq: "s" if f == 0 else "m" if f == 1 else as_percent(f)
                for sq, f in zip(self.squares, self.fractions(), strict=True)}

    def grid(self, board: Board) -> list[str]:
        """The board with each covered square's percentage, with its sign so that it is
        never read as a revealed number (``s``, ``m`` when certain), four characters a
        square.

        >>> from minesweeper.base.board import parse_board
        >>> board = parse_board("?11/??F")
        >>> print("\\n".join(probabilities(board).grid(board)))
           s   1   1
           s   s   F
        >>> board = parse_board("mines: 3\\n???1/????/????")
        >>> print("\\n".join(probabilities(board).grid(board)))
         25% 25% 33%   1
         25% 25% 33% 33%
         25% 25% 25% 25%
        """
        # one text for each distinct count (a few), placed on the squares in bulk
        found, distinct = distinct_codes(self.mined)
        codes = np.array(found, dtype=np.int64)
        words = np.array([f"{self._shown(k):>4}".encode() for k in distinct] or [b""],
                         dtype="S4")
        table = np.array([b"   F", b"   ?", b"   ."] + [f"{v:>4}".encode()
                                                      for v in range(1, 9)], dtype="S4")
        out = table[board.cells.astype(np.int64) + 2]
        covered = board.cells == UNKNOWN
        if len(self.mined) == int(np.count_nonzero(covered)):
            out[covered] = words[codes]
        w = 4 * board.width
        data = out.tobytes().decode("ascii")
        return [data[k * w:(k + 1) * w] for k in range(board.height)]

    def _shown(self, k: int) -> str:
        """What a square holding a mine in ``k`` of the arrangements shows in the grid."""
        f = Fraction(k, self.denominator)
        return "s" if f == 0 else "m" if f == 1 else as_percent(f) + "%"

    def to_json(self) -> dict[str, object]:
        """The JSON of ``check --probabilities``: the model, the number of arrangements
        (an integer, however large) and each covered square (``x``: its column, ``y``:
        its row, from 1) with its probability as an exact fraction and in percent.

        >>> from minesweeper.base.board import parse_board
        >>> probabilities(parse_board("?1?")).to_json()["squares"][-1]
        {'x': 3, 'y': 1, 'mine': '1/2', 'percent': 50.0}
        """
        out: dict[str, object] = {"model": self.model, "total_mines": self.total,
                                  "arrangements": self.arrangements}
        if self.consistent:
            out["squares"] = [{"x": c + 1, "y": r + 1, "mine": str(f),
                               "percent": round(float(f) * 100, 4)}
                              for (r, c), f in zip(self.squares, self.fractions(),
                                                   strict=True)]
        return out

    def fractions(self) -> list[Fraction]:
        """The probability of each square of :attr:`squares`, exactly.

        >>> from minesweeper.base.board import parse_board
        >>> [str(f) for f in probabilities(parse_board("?1?")).fractions()]
        ['1/2', '1/2']
        """
        if not self.denominator:
            raise BadInput("no arrangement agrees with the numbers: there are no "
                           "probabilities")
        codes, distinct = distinct_codes(self.mined)   # many squares share one count
        shares = [Fraction(k, self.denominator) for k in distinct]
        return [shares[c] for c in codes]

    def of(self, square: Cell) -> Fraction:
        """The probability of one covered square.

        >>> from minesweeper.base.board import parse_board
        >>> str(probabilities(parse_board("mines: 1\\n?1?")).of((0, 2)))
        '1/2'
        """
        return self.fractions()[self.squares.index(square)]


def model_words(covered: int, total: int | None, flags: int) -> str:
    """Which arrangements count, in words: of ``total`` mines (the board's total less its
    ``flags``; None without a total) on ``covered`` squares.

    >>> model_words(3, 1, 0)
    'each arrangement of 1 mine on the 3 covered squares that agrees with the numbers counts once'
    """
    squares = plural(covered, "covered square")
    if total is not None:
        flagged = f" (the total less {plural(flags, 'flag')})" if flags else ""
        return (f"each arrangement of {plural(total, 'mine')}{flagged} on the "
                f"{squares} that agrees with the numbers counts once")
    return (f"no total given: each arrangement of mines on the {squares} that agrees "
            "with the numbers counts once (a square no number sees is a mine with "
            "probability 1/2)")


@dataclass(frozen=True)
class Certain:
    """The squares safe in every arrangement and those mined in every one (reading
    order), without the probabilities of the others; ``consistent`` false when no
    arrangement agrees with the numbers (and the total), ``model`` which count."""

    safe: list[Cell]
    mined: list[Cell]
    consistent: bool
    model: str


def certain(board: Board) -> Certain:
    """The squares safe and mined in every arrangement, exactly as
    :func:`probabilities` finds them (its 0 and 1), but from the groups' sweeps weighed
    only by which mine counts the total allows (0 or 1), not by how many ways: no
    integer of thousands of digits is made, no fraction.

    >>> from minesweeper.base.board import parse_board
    >>> c = certain(parse_board("mines: 1\\n1?/1?/.."))
    >>> c.safe, c.mined, c.consistent
    ([(1, 1)], [(0, 1)], True)
    """
    return certain_of(board, _analyse(board))


def analysis_of(board: Board) -> _Analysis | None:
    """The groups of ``board`` and their sweeps, for :func:`certain_of` and then, when
    needed, :func:`probabilities_of` (None when its numbers alone cannot hold); refused as
    :func:`probabilities` refuses."""
    return _analyse(board)


def certain_of(board: Board, an: _Analysis | None) -> Certain:
    """:func:`certain` from the analysis of ``board`` (:func:`analysis_of`)."""
    total = None if board.total is None else board.total - board.flags()
    if an is None:
        squares = board.unknowns()
        return Certain([], [], False, model_words(len(squares), total, board.flags()))
    n, interior = len(an.squares), an.interior
    model = model_words(n, an.total, an.flags)
    # the mine counts each group can hold (bit m of supports[g]), and which counts the
    # others and the squares no number sees can make up with it
    supports = [sum(1 << m for m, c in enumerate(p) if c) for p in an.polys]
    if an.total is None:
        feasible = [[1] * len(p) for p in an.polys]
        inner = {0, 1} if interior else {0}
    else:
        need = an.total - an.fixed
        before = [1]
        for sup in supports:
            before.append(_minkowski(before[-1], sup))
        after = [1]
        for sup in reversed(supports):
            after.append(_minkowski(after[-1], sup))
        after.reverse()
        span = (1 << (interior + 1)) - 1        # the interior takes 0 .. interior mines
        every = before[-1]
        inner = {need - m for m in range(every.bit_length()) if every >> m & 1
                 and 0 <= need - m <= interior}
        if not inner:
            return Certain([], [], False, model)
        feasible = []
        for k, p in enumerate(an.polys):
            others = _minkowski(before[k], after[k + 1])
            # group with m mines fits when others hold need - m - k for some 0 <= k <= I
            feasible.append([int(c != 0 and need - m >= 0 and
                                 (others >> max(0, need - m - interior)) &
                                 (span >> max(0, interior - (need - m))) != 0)
                             for m, c in enumerate(p)])
    one: dict[int, bool] = {}
    zero: dict[int, bool] = {}
    for g, (members, p, w) in enumerate(zip(an.order, an.polys, feasible, strict=True)):
        weighed = sum(c * x for c, x in zip(p, w, strict=True))
        for root, k in zip(members, an.ones(g, w), strict=True):
            one[root], zero[root] = k > 0, k < weighed
    safe, mined = [], []
    touched, parent = an.touched.tolist(), an.parent.tolist()
    parity, value = an.parity.tolist(), an.value.tolist()
    for v, sq in enumerate(an.squares):
        if not touched[v]:
            can_one, can_zero = max(inner) > 0, min(inner) < interior
        else:
            r = parent[v]
            if value[r] >= 0:
                can_one = bool(value[r] ^ parity[v])
                can_zero = not can_one
            elif parity[v] == 0:
                can_one, can_zero = one[r], zero[r]
            else:
                can_one, can_zero = zero[r], one[r]
        if not can_one:
            safe.append(sq)
        elif not can_zero:
            mined.append(sq)
    return Certain(safe, mined, True, model)


def _minkowski(a: int, b: int) -> int:
    """The sums of a count of ``a`` and one of ``b`` (sets of counts as bits of ints).

    >>> bin(_minkowski(0b101, 0b11))
    '0b1111'
    """
    out = 0
    m = 0
    while b:
        if b & 1:
            out |= a << m
        b >>= 1
        m += 1
    return out


def distinct_codes(values: list[int]) -> tuple[list[int], list[int]]:
    """For each value its index among the distinct ``values``, and those, in order of
    first appearance.  Squares that share a count share one integer object (of
    thousands of digits on a large board with a total, whose hash Python computes anew
    at each look-up): a run of the same object is looked up once.

    >>> distinct_codes([5, 5, 7, 5])
    ([0, 0, 1, 0], [5, 7])
    """
    index: dict[int, int] = {}
    codes: list[int] = []
    last: object = None
    code = -1
    for k in values:
        if k is not last:
            code = index.setdefault(k, len(index))
            last = k
        codes.append(code)
    return codes, list(index)


def _rebuilt(squares: list[Cell], codes: list[int], values: list[int], denominator: int,
             total: int | None, flags: int, frontier: int, interior: int) -> Probabilities:
    """A :class:`Probabilities` from its pickled form."""
    return Probabilities(squares, [values[c] for c in codes], denominator, total, flags,
                         frontier, interior)


@dataclass
class _Analysis:
    """A board taken apart: its squares, the collapse, the groups with their forward
    tables and polynomials (None where the numbers cannot hold)."""

    squares: list[Cell]
    total: int | None
    flags: int
    #: for each covered square (as ``squares``): its root in the collapse, its parity to
    #: it, the root's value (-1 free) and whether a number sees it
    parent: npt.NDArray[np.int32]
    parity: npt.NDArray[np.uint8]
    value: npt.NDArray[np.int8]
    touched: npt.NDArray[np.bool_]
    fixed: int
    #: the groups the readable sweep swept (None for those the compiled one did)
    groups: list[Group | None]
    order: list[list[int]]
    #: each group's forward tables, from the readable sweep (None where the compiled one
    #: swept it)
    tables: list[list[dict[State, Poly]] | None]
    polys: list[Poly]
    #: for each group the compiled sweep swept, for each class in order, its arrangements
    #: with the class 1 by the group's mines (None where the readable sweep did)
    classes: list[list[list[int]] | None]
    #: each covered square's code (:func:`_codes`)
    codes: npt.NDArray[np.int32]

    def ones(self, g: int, weight: Poly) -> list[int]:
        """For each class of group ``g`` in order, the arrangements in which it is 1,
        each weighted by ``weight[m]`` for the group's ``m`` mines."""
        rows = self.classes[g]
        if rows is None:
            group, tables = self.groups[g], self.tables[g]
            assert group is not None and tables is not None
            return _class_counts(group, tables, weight)
        return [sum(map(mul, row, weight)) for row in rows]

    @property
    def interior(self) -> int:
        return len(self.squares) - int(np.count_nonzero(self.touched))

    @property
    def frontier_arrangements(self) -> int:
        """The arrangements of the squares next to a number, whatever the total."""
        out = 1
        for p in self.polys:
            out *= sum(p)
        return out


def _analyse(board: Board, whole: bool = True, compiled: bool = True,
             at_once: bool = True) -> _Analysis | None:
    """The analysis of ``board``, or None when its numbers alone cannot hold; a board
    whose analysis would pass the memory limits is refused first
    (:func:`~minesweeper.base.budget.check`), and one whose sweeps would pass them before
    any of their tables is built (:func:`_grouped`).  Without ``whole`` only the last
    table of each sweep is kept (enough for the polynomials, so for counting): the sweep
    may then hold what the counting room allows at two boundaries
    (:func:`~minesweeper.base.budget.count_room`), however many states that is.  With
    ``whole`` and ``compiled`` the groups are swept by the compiled kernel where their
    counts fit in 64 bits (no forward tables then), else by the readable sweep; with
    ``at_once`` too, on a board of up to :data:`~minesweeper.base.budget.SMALL_BOARD`
    squares, all in one compiled call where that suffices (:func:`_analysed_at_once`)."""
    shape = budget.checked_shape("groups", board)
    # one call for the boards of play; a larger board would make its groups twice when
    # one of them passes a limit (refused, or left to elimination), for nothing to gain
    if whole and compiled and at_once and board.cells.size <= budget.SMALL_BOARD:
        answered, an = _analysed_at_once(board, min(MAX_SWEEP_BYTES,
                                                     budget.sweep_room(shape)))
        if answered:
            return an
    a = arrays_of(board)
    c = collapse(a, clauses=False)       # the union-find alone
    if c.contradiction:
        return None
    # the sweeps take what the limits leave: the compiled ones up to MAX_SWEEP_BYTES, the
    # readable ones up to MAX_ENTRIES partial counts and sums in all (or the counting room
    # at two boundaries); the compiled dry run counts them before anything is built
    readable_cap = min(MAX_ENTRIES, budget.sweep_room(shape) // budget.ENTRY_BYTES)
    if whole and compiled:
        cap, states = min(MAX_SWEEP_BYTES, budget.sweep_room(shape)), MAX_COMPILED_STATES
    elif whole:
        cap, states = readable_cap, MAX_STATES
    else:
        cap = states = budget.count_room() // budget.ENTRY_BYTES
    grouped = _grouped(a, c.parent, c.parity, c.value, a.total_need is not None, cap,
                       states=states, whole=whole, sweep=whole and compiled,
                       work=MAX_COMPILED_ENTRIES, eliminate=whole and compiled)
    if grouped is None:
        return None
    groups, order, fixed, swept, codes = grouped
    tables: list[list[dict[State, Poly]] | None] = []
    polys: list[Poly] = []
    classes: list[list[list[int]] | None] = []
    # the readable sweeps: the dry run found that they fit in the cap together, or (the
    # groups the compiled sweeps passed to them) they are held to their own room
    limit = readable_cap if whole and compiled else cap
    room = limit
    for g, done in zip(groups, swept, strict=True):
        if done is None:
            assert g is not None
            table, room = _forward(g, room, limit, whole)
            tables.append(table)
            polys.append(_sum_states(table[-1]))
            classes.append(None)
        else:
            tables.append(None)
            polys.append(done[0])
            classes.append(done[1])
    if any(not any(p) for p in polys):
        return None
    squares = list(zip(a.rows.tolist(), a.cols.tolist(), strict=True))
    flags = board.flags() if board.total is None or a.total_need is None else \
        board.total - a.total_need
    return _Analysis(squares, a.total_need, flags, c.parent, c.parity, c.value,
                     a.touched, fixed, groups, order, tables, polys, classes,
                     _codes(c.parent, c.parity, c.value, a.touched, order)
                     if codes is None else codes)


def _analysed_at_once(board: Board, cap: int) -> tuple[bool, _Analysis | None]:
    """The analysis of ``board`` as :func:`_analyse` makes it (whole, compiled), in one
    compiled call (``minesweeper._core.mines.analyse``: the extraction, the collapse, the
    groups and their sweeps) when every group sweeps in 64 bits within the limits: then
    ``(True, analysis)`` (None when the numbers cannot hold), else ``(False, None)`` and
    the steps one by one say why, or count the groups it left otherwise.  A player asks
    for thousands of positions a second, most of them a few small groups: one call
    instead of a dozen saves most of the time.

    >>> from minesweeper.base.board import parse_board
    >>> done, an = _analysed_at_once(parse_board("mines: 1\\n?1?"), 1 << 20)
    >>> done, an.polys, an.classes
    (True, [[0, 2]], [[[0, 1]]])
    """
    got = kernels.analyse(np.ascontiguousarray(board.cells), board.total is not None,
                          MAX_ROUNDS, cap, MAX_COMPILED_STATES, MAX_COMPILED_ENTRIES)
    if got[0]:
        return got[0] == 1, None
    _, flags, fixed, squares, order, polys, classes, parent, parity, value, touched, codes = got
    if any(not any(p) for p in polys):
        return True, None
    count = len(polys)
    total = None if board.total is None else board.total - flags
    return True, _Analysis(squares, total, flags, np.frombuffer(parent, np.int32),
                           np.frombuffer(parity, np.uint8), np.frombuffer(value, np.int8),
                           np.frombuffer(touched, np.bool_), fixed, [None] * count, order,
                           [None] * count, polys, classes, np.frombuffer(codes, np.int32))


def _codes(parent: npt.NDArray[np.int32], parity: npt.NDArray[np.uint8],
           value: npt.NDArray[np.int8], touched: npt.NDArray[np.bool_],
           order: list[list[int]]) -> npt.NDArray[np.int32]:
    """Each covered square's code (as the compiled groups give it): 0 or 1 for a square
    the collapse fixed (its value), 2 for one no number sees, ``3 + 2 q + parity`` for
    one of the class at place ``q`` of the groups' orders."""
    place = np.zeros(len(parent), dtype=np.int32)
    flat = [root for members in order for root in members]
    place[flat] = np.arange(3, 3 + 2 * len(flat), 2, dtype=np.int32)
    fixed = value[parent]
    code = np.where(fixed >= 0, (fixed ^ parity) & 1, place[parent] + parity).astype(np.int32)
    code[~touched] = 2
    return code


Swept = tuple[Poly, list[list[int]]]


def _swept(parts: list[bytes], sizes: list[int]) -> list[Swept | None]:
    """Each group as the compiled kernel swept it (``parts``: its status, polynomials
    and classes' counts, as ``minesweeper._core.mines.groups`` gives them with ``sweep``;
    ``sizes``: the groups' classes): its polynomial and, for each class, its
    arrangements with the class 1 by the group's mines; None for a group whose counts
    pass 64 bits (the readable sweep takes it)."""
    status, polys, pptr, classes, cptr = parts
    every = np.frombuffer(polys, dtype=np.uint64).tolist()
    rows = np.frombuffer(classes, dtype=np.uint64).tolist()
    p_at = np.frombuffer(pptr, dtype=np.int64).tolist()
    c_at = np.frombuffer(cptr, dtype=np.int64).tolist()
    out: list[Swept | None] = []
    for k, failed in enumerate(status):
        if failed:
            out.append(None)
            continue
        poly = every[p_at[k]:p_at[k + 1]]
        size = len(poly)
        at = c_at[k]
        out.append((poly, [rows[at + i * size:at + (i + 1) * size] for i in range(sizes[k])]))
    return out


def _grouped(a: Arrays, parent: npt.NDArray[np.int32], parity: npt.NDArray[np.uint8],
             value: npt.NDArray[np.int8], count_mines: bool, cap: int,
             dry: bool = True, states: int = MAX_STATES,
             whole: bool = True, sweep: bool = False, work: int = MAX_COMPILED_ENTRIES,
             eliminate: bool = False
             ) -> tuple[list[Group | None], list[list[int]], int, list[Swept | None],
                        npt.NDArray[np.int32] | None] | None:
    """The groups of a collapsed board, each in its sweep order, the mines of the
    squares the collapse fixed, with ``sweep`` each group swept by the compiled kernel
    (:func:`_swept`; None where it was not, and only those groups are made as
    :class:`Group`, the others None), and then each square's code (:func:`_codes`); None
    when a number can no longer hold.  Made by the compiled kernel
    (``minesweeper._core.mines.groups``, the same groups and orders as the readable
    :func:`_classes`, :func:`_groups` and :func:`_sweep_order`), which with ``dry`` also
    makes the states of every sweep without their counts, and refuses
    (:class:`~minesweeper.base.errors.BadInput`) a board whose sweeps would hold more than
    ``cap`` partial counts and sums in all (without ``whole``: at two boundaries; with
    ``sweep`` and ``whole``: more than ``cap`` bytes of the compiled sweeps, or more than
    ``work`` partial counts and sums made), or ``states`` states at one boundary, before
    any table is built: in well under a second on a board of a million squares.  With
    ``eliminate`` (and ``sweep`` and ``whole``) a group the compiled sweep would refuse is
    counted by elimination along a tree decomposition instead
    (:func:`~minesweeper.analysis.eliminate.eliminate`, its result as a sweep's), and
    refused only when that too passes its limits.

    >>> from minesweeper.base.board import parse_board
    >>> from minesweeper.analysis.reduce import collapse
    >>> a = arrays_of(parse_board("????/?22?/????"))
    >>> c = collapse(a, clauses=False)
    >>> groups, order, fixed, _, _ = _grouped(a, c.parent, c.parity, c.value, False, 100)
    >>> order, [rhs for _, _, rhs in groups[0].rows], fixed
    ([[0, 4, 6, 1, 2, 7, 8, 3, 5, 9]], [2, 2], 0)
    >>> _grouped(a, c.parent, c.parity, c.value, False, 10)   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    minesweeper.analysis.probability.Entangled: a group of 10 classes ... span more than the 10 ...
    """
    status, classes, at, fixed, *parts = kernels.groups(
        parent, parity, value, a.touched, a.ptr, a.vars, a.need, count_mines, cap, states,
        dry, whole, sweep, a.rows, a.cols, work, eliminate)
    swept_parts, parts = parts[9:], parts[:9]

    def held(status: int, at: int) -> str:
        """What the sweep of a group would pass (``status`` as the kernel gives it)."""
        if status == 2:
            return f"its numbers span more than the {cap:,} partial counts in all that a " \
                   "sweep may hold"
        if status == 3:
            return f"more than {states:,} partial states at class {at:,}"
        if status == 5:
            return f"its sweep would make more than the {work:,} partial counts and sums " \
                   f"the sweeps may make, at class {at:,}"
        if sweep and whole:
            return f"its sweep would keep more than the {budget.gib(cap)} the sweeps may " \
                   f"hold, at class {at:,}"
        return f"more than {cap:,} partial counts in all" if whole else \
            f"more than {cap:,} partial counts at two boundaries of its sweep, at class {at:,}"

    if status == 1:
        return None
    if status:
        raise _too_entangled(classes, held(status, at), whole)
    kinds = (np.int64, np.int32, np.int32, np.int32, np.int64, np.int64, np.int32, np.int8,
             np.int32)
    arrays = [np.frombuffer(b, dtype=k) for b, k in zip(parts, kinds, strict=True)]
    gptr = arrays[0].tolist()
    count = len(gptr) - 1
    swept: list[Swept | None] = [None] * count
    aside: list[int] = []
    if sweep:
        codes = np.frombuffer(swept_parts[0], dtype=np.int32)
        swept = _swept(swept_parts[1:6], [b - a for a, b in zip(gptr, gptr[1:], strict=False)])
        aside = np.frombuffer(swept_parts[6], dtype=np.int64).tolist() if eliminate else []
    roots, ones, zeros, grptr, rptr, rpos, rcoef, rrhs = (x.tolist() for x in arrays[1:])
    groups: list[Group | None] = []
    order = []
    for g in range(count):
        lo, hi = gptr[g], gptr[g + 1]
        order.append(roots[lo:hi])
        if swept[g] is not None:
            groups.append(None)
            continue
        if aside and aside[2 * g] and hi - lo > MAX_CLASSES:
            raise _too_entangled(hi - lo, f"{held(aside[2 * g], aside[2 * g + 1])}; and "
                                          f"more than the {MAX_CLASSES:,} classes an "
                                          "elimination order is made for")
        rows = [(rpos[rptr[t]:rptr[t + 1]], rcoef[rptr[t]:rptr[t + 1]], rrhs[t])
                for t in range(grptr[g], grptr[g + 1])]
        squares = sum(ones[lo:hi]) + sum(zeros[lo:hi])
        if count_mines:
            group = Group(ones[lo:hi], zeros[lo:hi], rows, squares)
        else:
            group = Group([0] * (hi - lo), [0] * (hi - lo), rows, squares)
        if aside and aside[2 * g]:
            try:
                poly, rows_one, _ = eliminated(group, most=cap)
            except TooEntangled as e:
                raise _too_entangled(hi - lo, f"{held(aside[2 * g], aside[2 * g + 1])}; and "
                                              f"{e.reason}") from None
            swept[g] = (poly, rows_one)
            groups.append(None)
            continue
        groups.append(group)
    return groups, order, int(fixed), swept, codes if sweep else None


def probabilities(board: Board) -> Probabilities:
    """The exact mine probability of every covered square of ``board`` (see the module
    notes).

    >>> from minesweeper.base.board import parse_board
    >>> p = probabilities(parse_board("1?/??"))
    >>> [str(f) for f in p.fractions()], p.arrangements
    (['1/3', '1/3', '1/3'], 3)
    """
    return probabilities_of(board, _analyse(board))


def probabilities_of(board: Board, an: _Analysis | None) -> Probabilities:
    """The probabilities of ``board`` from its analysis (:func:`analysis_of`), which
    :func:`certain_of` may have used first."""
    if an is None:
        squares = board.unknowns()
        total = None if board.total is None else board.total - board.flags()
        return Probabilities(squares, [0] * len(squares), 0, total, board.flags())
    total, n = an.total, len(an.squares)
    if total is not None and not 0 <= total <= n:
        return Probabilities(an.squares, [0] * n, 0, total, an.flags)
    swept = [c for c in an.classes if c is not None]
    if len(an.polys) <= MAX_WEIGHED_GROUPS and len(swept) == len(an.classes):
        mined, arrangements, inner_mined, frontier = kernels.weigh(
            an.polys, swept, an.codes, an.fixed, an.interior, total)
    else:
        weights, arrangements, inner_mined = _weights(an.polys, an.fixed, an.interior,
                                                      total)
        frontier = an.frontier_arrangements
        # the counts a square can have, by its code: 0, all, an unseen square's, and for
        # each class (in the groups' order) its own and its complement (the other
        # parity's)
        values = [0, arrangements, inner_mined]
        for g, w in enumerate(weights):
            for k in an.ones(g, w):
                values += (k, arrangements - k)
        mined = list(map(values.__getitem__, an.codes.tolist()))
    if arrangements == 0:
        return Probabilities(an.squares, [0] * n, 0, total, an.flags)
    return Probabilities(an.squares, mined, arrangements, total, an.flags, frontier,
                         an.interior)


def witness(board: Board) -> set[Cell] | None:
    """One arrangement of mines on the covered squares that agrees with every number and
    the total (flags not included), or None when there is none.

    >>> from minesweeper.base.board import parse_board
    >>> sorted(witness(parse_board("mines: 2\\n?1???")))
    [(0, 2), (0, 3)]
    >>> witness(parse_board("1?1/?0?/1?1")) is None
    True
    """
    an = _analyse(board, compiled=False)     # traced back through the forward tables
    if an is None:
        return None
    total, interior = an.total, an.interior
    if total is None:
        counts = [next(m for m, c in enumerate(p) if c) for p in an.polys]
        inner = 0
    else:
        picked = _pick_counts(an.polys, total - an.fixed, interior)
        if picked is None:
            return None
        counts, inner = picked
    value = an.value.tolist()
    for g, t, members, m in zip(an.groups, an.tables, an.order, counts, strict=True):
        assert g is not None and t is not None
        for root, x in zip(members, _trace_back(g, t, m), strict=True):
            value[root] = x
    mines: set[Cell] = set()
    free = inner
    touched, parent, parity = an.touched.tolist(), an.parent.tolist(), an.parity.tolist()
    for v, sq in enumerate(an.squares):
        if not touched[v]:
            if free:
                mines.add(sq)
                free -= 1
        elif value[parent[v]] ^ parity[v]:
            mines.add(sq)
    return mines


@dataclass(frozen=True)
class Tally:
    """The arrangements of a board by components: ``arrangements`` of every covered square
    (with the total when the board gives one), ``frontier`` of the squares next to a
    number (whatever the total), and the squares and arrangements of each group."""

    arrangements: int
    frontier: int
    frontier_squares: int
    interior: int
    components: list[tuple[int, int]]


def tally(board: Board) -> Tally:
    """Count the arrangements of ``board`` by its groups, the total as one constraint over
    their mine-count polynomials.

    >>> from minesweeper.base.board import parse_board
    >>> t = tally(parse_board("mines: 2\\n?1?/???/???"))
    >>> t.arrangements, t.frontier, t.interior
    (15, 5, 3)
    """
    try:
        # the analysis of the probabilities (compiled sweeps, entangled groups eliminated)
        # gives the polynomials as fast as anything here
        an = _analyse(board)
    except (Entangled, TooLarge):
        # past what it may hold: the counting sweep keeps two boundaries at a time
        an = _analyse(board, whole=False)
    if an is None:
        touched = arrays_of(board).touched
        return Tally(0, 0, int(touched.sum()), int((~touched).sum()), [])
    n = len(an.squares)
    parts = list(zip(_group_squares(an), (sum(p) for p in an.polys), strict=True))
    if an.total is None:
        every = an.frontier_arrangements * 2 ** an.interior
    elif not 0 <= an.total <= n:
        every = 0
    else:
        every = _with_total(an.polys, an.fixed, an.interior, an.total)[3]
    return Tally(every, an.frontier_arrangements, int(np.count_nonzero(an.touched)),
                 an.interior, parts)


def _group_squares(an: _Analysis) -> list[int]:
    """The covered squares of each group of ``an``, from the squares' codes (a square of
    the class at place ``q`` of the groups' orders has code ``3 + 2 q + parity``).

    >>> from minesweeper.base.board import parse_board
    >>> _group_squares(_analyse(parse_board("?1???1?")))
    [2, 2]
    """
    ends = np.cumsum([len(members) for members in an.order])
    places = (an.codes[an.codes >= 3] - 3) // 2
    return np.bincount(np.searchsorted(ends, places, side="right"),
                       minlength=len(ends)).tolist()


def _pick_counts(polys: list[Poly], need: int, interior: int) -> tuple[list[int], int] | None:
    """Mines for each group (each a count its polynomial reaches) and for the interior,
    adding up to ``need``; None when no choice does."""
    reach = [{0}]
    for p in polys:
        reach.append({r + m for r in reach[-1] for m, c in enumerate(p) if c and
                      r + m <= need})
    inner = next((k for k in range(min(interior, need), -1, -1) if need - k in reach[-1]),
                 None)
    if inner is None:
        return None
    left = need - inner
    counts = [0] * len(polys)
    for i in range(len(polys) - 1, -1, -1):
        m = next(m for m, c in enumerate(polys[i]) if c and left - m in reach[i])
        counts[i] = m
        left -= m
    return counts, inner


def _trace_back(g: Group, tables: list[dict[State, Poly]], mines: int) -> list[int]:
    """Values of the group's classes for one of its arrangements with ``mines`` mines,
    read back through its forward ``tables``."""
    plan, bounds = g.plan, g.bounds
    n = len(g.ones)
    values = [0] * n
    target: State = next(s for s, p in tables[n].items() if mines < len(p) and p[mines])
    for i in range(n - 1, -1, -1):
        found = False
        for state, poly in tables[i].items():
            for x, got in ((0, g.zeros[i]), (1, g.ones[i])):
                m = mines - got
                if 0 <= m < len(poly) and poly[m] and \
                        _step(g, plan, bounds, i, state, x) == target:
                    values[i], target, mines, found = x, state, m, True
                    break
            if found:
                break
    return values


def _classes(n: int, parent: list[int], parity: list[int], value: list[int],
             touched: list[bool]) -> tuple[dict[int, list[int]], int]:
    """For each free root of a frontier square, ``[ones, zeros]`` (mines on its class when
    it is 1, when 0); and the mines of the squares the collapse fixed."""
    roots: dict[int, list[int]] = {}
    fixed = 0
    for v in range(n):
        if not touched[v]:
            continue
        r = parent[v]
        if value[r] >= 0:
            fixed += value[r] ^ parity[v]
            continue
        counts = roots.setdefault(r, [0, 0])
        counts[parity[v]] += 1
    return roots, fixed


def _groups(a: Arrays, parent: list[int], parity: list[int], value: list[int],
            roots: dict[int, list[int]],
            count_mines: bool = True) -> tuple[list[Group] | None, list[list[int]]]:
    """The numbers rewritten over the free roots, split into independent groups (None when
    a number can no longer hold); with ``count_mines`` false every class counts 0 mines
    either way (the sweeps then count arrangements only).  The readable form of the
    compiled :func:`_grouped`, which the tests hold against it."""
    ptr = a.ptr.tolist()
    vs = a.vars.tolist()
    need = a.need.tolist()
    rows: list[tuple[dict[int, int], int]] = []
    for j in range(len(need)):
        coef: dict[int, int] = defaultdict(int)
        rhs = need[j]
        for v in vs[ptr[j]:ptr[j + 1]]:
            r = parent[v]
            if value[r] >= 0:
                rhs -= value[r] ^ parity[v]
            elif parity[v]:        # the square is 1 - root
                rhs -= 1
                coef[r] -= 1
            else:
                coef[r] += 1
        live = {r: k for r, k in coef.items() if k}
        lo = sum(k for k in live.values() if k < 0)
        hi = sum(k for k in live.values() if k > 0)
        if not lo <= rhs <= hi:
            return None, []
        if live and not (lo == hi == rhs):
            rows.append((live, rhs))
    link = {r: r for r in roots}

    def find(r: int) -> int:
        while link[r] != r:
            link[r] = link[link[r]]
            r = link[r]
        return r

    for live, _ in rows:
        first, *rest = live
        for r in rest:
            x, y = find(first), find(r)
            if x != y:
                link[x] = y
    members: dict[int, list[int]] = defaultdict(list)
    for r in roots:
        members[find(r)].append(r)
    row_of: dict[int, list[int]] = defaultdict(list)
    for i, (live, _) in enumerate(rows):
        row_of[find(next(iter(live)))].append(i)
    groups, order = [], []
    where = list(zip(a.rows.tolist(), a.cols.tolist(), strict=True))
    for key, rs in members.items():
        rs = _sweep_order(rs, [rows[i][0] for i in row_of[key]], where)
        index = {r: i for i, r in enumerate(rs)}
        grows = []
        for i in row_of[key]:
            live, rhs = rows[i]
            ids = sorted(live, key=index.__getitem__)
            grows.append(([index[r] for r in ids], [live[r] for r in ids], rhs))
        squares = sum(roots[r][0] + roots[r][1] for r in rs)
        if count_mines:
            groups.append(Group([roots[r][0] for r in rs], [roots[r][1] for r in rs], grows,
                                squares))
        else:
            groups.append(Group([0] * len(rs), [0] * len(rs), grows, squares))
        order.append(rs)
    return groups, order


def _sweep_order(rs: list[int], rows: Sequence[dict[int, int]],
                 where: Sequence[tuple[int, int]] | None = None) -> list[int]:
    """Classes in an order that keeps few numbers open at once (the sweep's states grow
    with them): of the greedy order (:func:`_greedy_order`) and, given ``where`` (each
    square's row and column on the board), the classes by their root's column then row
    and by row then column, the one whose most numbers open at once (its width) is the
    least, then whose spans are (:func:`_profile`); the greedy one on a tie.  A board
    built from a formula is swept along its length by column: on one of 6 variables the
    greedy order keeps 36 numbers open, by column 15.

    >>> _sweep_order([5, 1, 3, 2], [{1: 1, 2: 1}, {2: 1, 3: 1}, {3: 1, 5: 1}])
    [1, 2, 3, 5]
    >>> _sweep_order([0, 1, 2, 3], [{0: 1, 2: 1}, {1: 1, 3: 1}],
    ...              [(0, 0), (0, 1), (1, 0), (1, 1)])
    [0, 2, 1, 3]
    """
    best = _greedy_order(rs, rows)
    if where is None or len(rs) < 3:
        return best
    measure = _profile(best, rows)
    for key in (lambda r: (where[r][1], where[r][0]), lambda r: where[r]):
        other = sorted(rs, key=key)
        got = _profile(other, rows)
        if got < measure:
            best, measure = other, got
    return best


def _profile(order: list[int], rows: Sequence[dict[int, int]]) -> tuple[int, int]:
    """The width of a sweep order (the most numbers open at one class) and its spans
    (the numbers' lengths in positions, summed).

    >>> _profile([0, 1, 2, 3], [{0: 1, 2: 1}, {1: 1, 3: 1}])
    (2, 6)
    """
    at = {r: i for i, r in enumerate(order)}
    change = [0] * (len(order) + 1)
    spans = 0
    for live in rows:
        places = [at[r] for r in live]
        first, last = min(places), max(places)
        change[first] += 1
        change[last + 1] -= 1
        spans += last - first + 1
    width = opened = 0
    for step in change:
        opened += step
        width = max(width, opened)
    return width, spans


def _greedy_order(rs: list[int], rows: Sequence[dict[int, int]]) -> list[int]:
    """Greedily, the next class is the one that opens the fewest numbers not yet open
    less those it completes, among the classes of the numbers already open (ties: the
    one in more open numbers, then the lower class); when none is left there, a new
    start at a class in the fewest numbers.  A wire or a frontier line is walked end to
    end.

    >>> _greedy_order([5, 1, 3, 2], [{1: 1, 2: 1}, {2: 1, 3: 1}, {3: 1, 5: 1}])
    [1, 2, 3, 5]
    """
    if len(rs) < 3:
        return sorted(rs)
    rows_of: dict[int, list[int]] = defaultdict(list)
    for j, live in enumerate(rows):
        for r in live:
            rows_of[r].append(j)
    left = [len(live) for live in rows]          # classes of each number still to come
    opened = [False] * len(rows)
    placed: set[int] = set()

    def key(r: int) -> tuple[int, int, int]:
        grows = near = 0
        for j in rows_of[r]:
            if left[j] == 1:
                grows -= 1
            elif not opened[j]:
                grows += 1
            near += opened[j]
        return grows, -near, r

    starts = sorted(rs, key=lambda r: (len(rows_of[r]), r))
    next_start = 0
    heap: list[tuple[tuple[int, int, int], int]] = []
    out: list[int] = []
    while len(out) < len(rs):
        if not heap:
            while starts[next_start] in placed:
                next_start += 1
            r = starts[next_start]
        else:
            k, r = heapq.heappop(heap)
            if r in placed:
                continue
            now = key(r)
            if now != k:                          # stale: its numbers moved on
                heapq.heappush(heap, (now, r))
                continue
        placed.add(r)
        out.append(r)
        for j in rows_of[r]:
            opened[j] = True
            left[j] -= 1
        for j in rows_of[r]:
            for q in rows[j]:
                if q not in placed:
                    heapq.heappush(heap, (key(q), q))
    return out


def _plan(g: Group) -> list[tuple[list[tuple[int, int]], list[int], list[int]]]:
    """For each class of the sweep: (the open rows it touches, with its coefficient), the
    rows that open at it, the rows that close at it."""
    n = len(g.ones)
    touches: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    opens: list[list[int]] = [[] for _ in range(n)]
    closes: list[list[int]] = [[] for _ in range(n)]
    for j, (ids, coefs, _) in enumerate(g.rows):
        for i, k in zip(ids, coefs, strict=True):
            touches[i].append((j, k))
        opens[ids[0]].append(j)
        closes[ids[-1]].append(j)
    return [(touches[i], opens[i], closes[i]) for i in range(n)]


class _Bounds:
    """For each boundary (before class i), the least and most each open row can still
    gain from the classes at and after i: ``bounds[i][j] = (lo, hi)``, made boundary by
    boundary as the sweep asks for them (a sweep refused early makes only its first
    ones, not the whole group's: millions of entries on a tangled board)."""

    def __init__(self, g: Group) -> None:
        self.g = g
        self.made: list[dict[int, tuple[int, int]]] = []

    def __len__(self) -> int:
        return len(self.g.ones) + 1

    def __getitem__(self, i: int) -> dict[int, tuple[int, int]]:
        made, plan, rows = self.made, self.g.plan, self.g.rows
        while len(made) <= i:
            k = len(made)
            here = dict(made[-1]) if made else {}
            if k:
                touches, _, closes = plan[k - 1]
                for j, c in touches:             # class k - 1 is behind
                    lo, hi = here[j]
                    here[j] = (lo - min(0, c), hi - max(0, c))
                for j in closes:
                    del here[j]
            if k < len(plan):
                for j in plan[k][1]:              # rows that open at class k
                    coefs = rows[j][1]
                    here[j] = (sum(min(0, c) for c in coefs), sum(max(0, c) for c in coefs))
            made.append(here)
        return made[i]


def _bounds(g: Group) -> _Bounds:
    """The bounds of :class:`_Bounds`.

    >>> g = Group([1, 1, 1], [0, 0, 0], [([0, 2], [1, -1], 0), ([1, 2], [1, 1], 1)])
    >>> [g.bounds[i] for i in range(4)]
    [{0: (-1, 1)}, {0: (-1, 0), 1: (0, 2)}, {0: (-1, 0), 1: (0, 1)}, {}]
    """
    return _Bounds(g)


State = tuple[tuple[int, int], ...]


def _step(g: Group, plan: list[tuple[list[tuple[int, int]], list[int], list[int]]],
          bounds: _Bounds, i: int, state: State,
          x: int) -> State | None:
    """The state after class ``i`` takes ``x`` (None when a row can no longer hold)."""
    touches, opens, closes = plan[i]
    sums = dict(state)
    for j in opens:
        sums[j] = 0
    if x:
        for j, k in touches:
            sums[j] += k
    after = bounds[i + 1]
    for j in closes:
        if sums.pop(j) != g.rows[j][2]:
            return None
    for j, s in sums.items():
        lo, hi = after[j]
        if not lo <= g.rows[j][2] - s <= hi:
            return None
    return tuple(sorted(sums.items()))


def _spans(g: Group) -> int:
    """How many (boundary, open number) pairs the sweep of ``g`` meets: the entries of
    its bounds, and the most partial sums its states can hold at once.

    >>> _spans(Group([1, 1, 1], [0, 0, 0], [([0, 2], [1, 1], 1), ([1, 2], [1, 1], 1)]))
    5
    """
    return sum(ids[-1] - ids[0] + 1 for ids, _, _ in g.rows)


def _held(table: dict[State, Poly]) -> int:
    """What one boundary of a sweep holds: a partial count per state and number of
    mines, and a partial sum per state and open number."""
    return sum(len(p) + len(state) for state, p in table.items())


class Entangled(BadInput):
    """A group too entangled for the sweep (and, where it was tried, for elimination)."""


def _too_entangled(g: Group | int, held: str, whole: bool = True) -> Entangled:
    """The refusal of a group too entangled for its sweep (``whole``: the sweep of the
    probabilities, else the count's)."""
    classes = g if isinstance(g, int) else len(g.ones)
    result = "its probabilities are not computed" if whole else "it is not counted"
    return Entangled(f"a group of {classes:,} classes whose numbers overlap too widely "
                    f"({held}): {result}")


def _forward(g: Group, room: int = MAX_ENTRIES, cap: int = MAX_ENTRIES,
             whole: bool = True) -> tuple[list[dict[State, Poly]], int]:
    """The forward tables: at each boundary, for each state, arrangements by mines (at
    most ``room`` partial counts and sums in all, the bounds of the sweep included: a
    group whose numbers span more is refused before anything is built); and the room
    they leave.  Without ``whole`` only the last table is kept, and two boundaries
    together may hold what the bounds leave of ``room``, with no limit on the states."""
    room -= _spans(g)
    if room < 0:
        raise _too_entangled(g, f"its numbers span more than the {cap:,} partial "
                                "counts in all that a sweep may hold", whole)
    plan, bounds = g.plan, g.bounds
    tables: list[dict[State, Poly]] = [{(): [1]}]
    before = 1
    for i in range(len(g.ones)):
        nxt: dict[State, Poly] = {}
        for state, poly in tables[-1].items():
            for x, mines in ((0, g.zeros[i]), (1, g.ones[i])):
                t = _step(g, plan, bounds, i, state, x)
                if t is not None:
                    _add_shifted(nxt.setdefault(t, []), poly, mines)
        held = _held(nxt)
        if whole:
            room -= held
            if len(nxt) > MAX_STATES or room < 0:
                raise _too_entangled(g, f"{len(nxt):,} partial states at class {i + 1:,}"
                                     if room >= 0 else
                                     f"more than {cap:,} partial counts in all")
            tables.append(nxt)
        else:
            if held + before > room:
                raise _too_entangled(g, f"more than {cap:,} partial counts at two "
                                        f"boundaries of its sweep, at class {i + 1:,}", whole)
            tables[-1] = nxt
            before = held
    return tables, room


def _add_shifted(into: Poly, poly: Poly, shift: int) -> None:
    """``into += poly * x^shift``."""
    need = len(poly) + shift
    if len(into) < need:
        into.extend([0] * (need - len(into)))
    for k, v in enumerate(poly):
        if v:
            into[k + shift] += v


def _sum_states(states: dict[State, Poly]) -> Poly:
    out: Poly = []
    for poly in states.values():
        _add_shifted(out, poly, 0)
    return out


def _convolve(a: Poly, b: Poly) -> Poly:
    """The product of two polynomials (lists of coefficients)."""
    if not a or not b:
        return []
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if y:
                    out[i + j] += x * y
    return out


def _divide(q: Poly, p: Poly) -> Poly:
    """``q / p`` for a ``q`` that ``p`` divides exactly (from the lowest terms up).

    >>> _divide([0, 2, 6, 4], [0, 1, 2]), _divide([0, 6, 9], [0, 3])
    ([2, 2], [2, 3])
    """
    low = next(k for k, v in enumerate(p) if v)
    size = len(q) - len(p) + 1
    if low == len(p) - 1:                # one term: c x^low
        return [v // p[low] for v in q[low:low + size]]
    out = [0] * size
    for k in range(len(out)):
        acc = q[k + low]
        for i in range(low + 1, min(len(p), k + low + 1)):
            acc -= p[i] * out[k + low - i]
        out[k] = acc // p[low]
    return out


def _with_total(polys: list[Poly], fixed: int, interior: int,
                total: int) -> tuple[Poly, Poly, int, int]:
    """The groups' polynomials multiplied (``every[m]``: the arrangements of the squares
    next to a number with ``m`` mines), ``ways[m]``: the ways the squares no number sees
    take the rest of the ``total``, and the mines they must hold then (``need - m``);
    and the number of arrangements of every covered square.

    >>> _with_total([[1, 2], [0, 1]], 0, 2, 2)
    ([0, 1, 2], [1, 2, 1], 2, 4)
    """
    every: Poly = [1]
    for p in polys:
        every = _convolve(every, p)
    need = total - fixed
    ways = _binomials(interior, need, len(every))        # ways[m]: m mines elsewhere
    return every, ways, need, sum(c * w for c, w in zip(every, ways, strict=True))


def _weights(polys: list[Poly], fixed: int, interior: int,
             total: int | None) -> tuple[list[Poly], int, int]:
    """For each group, ``w[m]``: the ways the rest of the board completes when the group
    holds ``m`` mines; the number of arrangements (without a total: twice those of the
    squares next to a number); and those that put a mine on one given interior square."""
    if total is None:      # the denominator 2 F (F: the frontier arrangements)
        sizes = [sum(p) for p in polys]
        frontier = 1
        for size in sizes:
            frontier *= size
        weights = [[2 * frontier // sizes[k]] * len(p) for k, p in enumerate(polys)]
        return weights, 2 * frontier, frontier
    every, ways, need, arrangements = _with_total(polys, fixed, interior, total)
    # one given interior square mined: C(interior - 1, need - m - 1) = ways[m] (need - m) / I
    inner = sum(c * w * (need - m) for m, (c, w) in enumerate(zip(every, ways, strict=True))
                ) // interior if interior else 0
    # groups of one polynomial share their weights (on a large board most groups are a
    # few classes alike: 1,875 groups of 110 polynomials on a million squares)
    weights = []
    made: dict[tuple[int, ...], Poly] = {}
    for p in polys:
        key = tuple(p)
        w = made.get(key)
        if w is None:
            others = _divide(every, p)
            span = len(others)
            w = made[key] = [sum(map(mul, others, ways[m:m + span])) for m in range(len(p))]
        weights.append(w)
    return weights, arrangements, inner


def _binomials(interior: int, need: int, size: int) -> list[int]:
    """``C(interior, need - m)`` for ``m`` in ``0 .. size - 1`` (0 where out of range),
    each from the one before.

    >>> _binomials(4, 3, 5)
    [4, 6, 4, 1, 0]
    """
    out = [0] * size
    low, high = max(0, need - (size - 1)), min(interior, need)   # mines on the interior
    if low > high:
        return out
    value = comb(interior, low)
    for k in range(low, high + 1):        # C(I, k + 1) = C(I, k) (I - k) / (k + 1)
        out[need - k] = value
        value = value * (interior - k) // (k + 1)
    return out


def _class_counts(g: Group, tables: list[dict[State, Poly]], weight: Poly) -> list[int]:
    """For each class of the group, the weighted arrangements in which it is 1 (from the
    group's forward ``tables``, swept back)."""
    plan, bounds = g.plan, g.bounds
    n = len(g.ones)
    after: dict[State, Poly] = {(): weight}      # backward, at the end boundary
    ones = [0] * n
    for i in range(n - 1, -1, -1):
        here: dict[State, Poly] = {}
        for state, poly in tables[i].items():
            size = len(poly)
            acc = [0] * size
            for x, mines in ((0, g.zeros[i]), (1, g.ones[i])):
                t = _step(g, plan, bounds, i, state, x)
                if t is None or t not in after:
                    continue
                tail = after[t]
                got = [tail[m + mines] if m + mines < len(tail) else 0 for m in range(size)]
                for m in range(size):
                    acc[m] += got[m]
                if x:
                    ones[i] += sum(c * w for c, w in zip(poly, got, strict=True))
            here[state] = acc
        after = here
    return ones


def as_percent(p: Fraction) -> str:
    """A probability as the board shows it: ``0`` and ``100`` only when exact.

    >>> as_percent(Fraction(0)), as_percent(Fraction(1, 1000)), as_percent(Fraction(1, 3))
    ('0', '<1', '33')
    """
    if p == 0 or p == 1:
        return str(int(p * 100))
    pct = round(float(p) * 100)
    if pct < 1:
        return "<1"
    if pct > 99:
        return ">99"
    return str(pct)
