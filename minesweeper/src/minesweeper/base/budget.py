"""What a command may take: the memory its work needs, estimated from the board's size
and structure before anything large is allocated, and refused in one line (exit 2)
beyond :data:`MAX_MEMORY` or beyond what the process is allowed (its address-space
limit, ``ulimit -v``, or the machine's available memory).

The figures come from the board alone, counted in a few passes of compiled code:
its squares, the covered squares, those a number sees (the *frontier*) and those no
number sees (the *interior*), and the numbers next to covered squares with the squares
each sees.  Each way of answering (:data:`COSTS`) costs about so many bytes for each of
them, measured on boards of every kind (all covered, mostly revealed, positions of real
games; see ``docs/minesweeper.md``); the figures are upper estimates, not exact.

>>> import numpy as np
>>> from minesweeper.base.board import Board, UNKNOWN
>>> s = shape_of(Board(np.full((1000, 1000), UNKNOWN, dtype=np.int8)))
>>> s.covered, s.frontier, s.interior, s.numbers
(1000000, 0, 1000000, 0)
>>> estimate("plain", s) < MAX_MEMORY
True
>>> gib(3 << 30), gib(200 << 20)
('3.0 GiB', '0.2 GiB')
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from puzzleshell.memory import address_space_limit, available_memory, status_bytes

from .._core import mines as kernels
from .cells import UNKNOWN
from .errors import TooLarge

if TYPE_CHECKING:
    from .board import Board

#: The most memory one command's work may take (the board read, the answer built and
#: written included).  A board whose estimate passes it is refused before the work.
MAX_MEMORY = 3 << 30
#: What the program holds before any board: the interpreter, numpy, the solvers.
BASE = 120 << 20


@dataclass(frozen=True)
class Shape:
    """The sizes an estimate is made of: ``squares`` (width x height), ``covered``
    squares, ``frontier`` (covered squares some number sees), ``numbers`` (revealed
    squares next to a covered one) and ``entries`` (the covered squares the numbers
    see, each counted once a number)."""

    squares: int
    covered: int
    frontier: int
    numbers: int
    entries: int

    @property
    def interior(self) -> int:
        """Covered squares no number sees."""
        return self.covered - self.frontier


def shape_of(board: Board) -> Shape:
    """The :class:`Shape` of ``board`` (compiled passes; a few bytes a square for a
    moment)."""
    cells = np.ascontiguousarray(board.cells)
    n, m, entries = kernels.extract_sizes(cells)
    covered = cells == UNKNOWN
    seen = np.zeros((cells.shape[0] + 2, cells.shape[1] + 2), dtype=np.bool_)
    revealed = cells >= 0
    h, w = cells.shape
    for dr in range(3):
        for dc in range(3):
            seen[dr:dr + h, dc:dc + w] |= revealed
    frontier = int(np.count_nonzero(covered & seen[1:h + 1, 1:w + 1]))
    return Shape(int(cells.size), int(n), frontier, int(m), int(entries))


def checked_shape(way: str, board: Board) -> Shape:
    """The shape of ``board`` once its answer the way ``way`` is known to fit the limits
    (:func:`check`): for a small board, the bound that takes every square as covered,
    next to a number and seen by eight when that fits (no pass over the board needed: a
    player asks for thousands of positions a second), else its exact shape, checked.

    >>> from minesweeper.base.board import parse_board
    >>> checked_shape("groups", parse_board("1?/??")).covered
    4
    """
    size = int(board.cells.size)
    if size <= SMALL_BOARD:
        bound = Shape(size, size, size, size, 8 * size)
        room = allowed()
        if estimate(way, bound) <= min(MAX_MEMORY, room[0] if room else MAX_MEMORY):
            return bound
    shape = shape_of(board)
    check(way, shape)
    return shape


#: The most squares of a board whose shape :func:`checked_shape` may take as its bound.
SMALL_BOARD = 10_000

#: Bytes a way of answering takes for each square of the board, each covered square,
#: each frontier square (on top of its cost as a covered square) and each entry (a
#: number and a covered square it sees), as measured (peak resident memory of the
#: program, its helper process included), rounded up:
#:
#: * ``plain``: ``check`` and ``--count`` without a total (the collapse, in arrays; the
#:   clauses it leaves are estimated once they are counted, :func:`clauses`);
#: * ``safe``: ``--safe`` without a total;
#: * ``groups``: ``--probabilities``, ``hint``, and with a total ``check``, ``--count``
#:   and ``--safe`` (the groups of classes; every covered square in the answer); the
#:   sweeps of the frontier take what is left, up to :data:`SWEEP_BYTES`
#:   (:func:`sweep_room`);
#: * ``solver``: the SAT solver square by square (:data:`~minesweeper.base.board.MAX_PROBLEM`
#:   bounds it too);
#: * ``json``: the JSON of every covered square (``--probabilities --json``).
COSTS: dict[str, tuple[int, int, int, int]] = {
    "plain": (20, 8, 0, 40),
    "safe": (24, 30, 200, 40),
    "groups": (24, 260, 400, 40),
    "solver": (24, 400, 400, 100),
    "json": (24, 1400, 400, 40),
}
#: The most the sweeps of the groups hold (:data:`~minesweeper.analysis.probability.MAX_ENTRIES`
#: partial counts and sums, about :data:`ENTRY_BYTES` each).
SWEEP_BYTES = 600 << 20
ENTRY_BYTES = 90
#: The most a counting sweep holds at once: its partial states and counts at two
#: boundaries; less where the limits leave less (:func:`count_room`).  The count of the
#: groups (``--count`` with a total, :func:`~minesweeper.analysis.probability.tally`)
#: takes it at :data:`ENTRY_BYTES` an entry, counted by its dry run before it starts;
#: the sweep square by square (:func:`~minesweeper.analysis.count.count_by_sweep`)
#: estimates it in bytes as its states are made (:func:`sweep_state_bytes`,
#: :func:`sweep_count_bytes`).
COUNT_SWEEP_BYTES = 1 << 30
#: Bytes each literal and each clause left by the collapse take, as Python lists and in
#: the SAT solver.
CLAUSE_LITERAL = 60
CLAUSE = 100

#: What each way of answering is, in the messages that refuse a board.
WHAT = {
    "plain": "checking this board",
    "safe": "finding the safe squares of this board",
    "groups": "computing the probabilities of this board",
    "solver": "stating this board for the solver",
    "json": "writing the JSON of every covered square",
}


def estimate(way: str, s: Shape) -> int:
    """About how many bytes answering a board of shape ``s`` the way ``way`` takes
    (:data:`COSTS`), the program's own :data:`BASE` included."""
    per_square, per_covered, per_frontier, per_entry = COSTS[way]
    return (BASE + per_square * s.squares + per_covered * s.covered
            + per_frontier * s.frontier + per_entry * s.entries)


def sweep_room(s: Shape) -> int:
    """The bytes the sweeps of the groups of a board of shape ``s`` may take: up to
    :data:`SWEEP_BYTES`, less where the limits leave less once the rest of the work
    (:func:`estimate`) is counted.  A sweep that needs more is refused as too
    entangled (and ``check``, ``--count``, ``--safe`` then ask the solver)."""
    limit = MAX_MEMORY
    room = allowed()
    if room is not None:
        limit = min(limit, room[0])
    return max(0, min(SWEEP_BYTES, limit - estimate("groups", s)))


def count_room() -> int:
    """The bytes the counting sweep may hold: :data:`COUNT_SWEEP_BYTES`, less where
    :data:`MAX_MEMORY` or what this process is allowed (:func:`allowed`) leaves less once
    what it holds already (its resident memory) is counted."""
    limit = MAX_MEMORY
    room = allowed()
    if room is not None:
        limit = min(limit, room[0])
    return max(0, min(COUNT_SWEEP_BYTES, limit - status_bytes("VmRSS")))


def _block(n: int) -> int:
    """``n`` bytes as the allocator gives them: in blocks of 16."""
    return (n + 15) & ~15


def sweep_state_bytes(width: int) -> int:
    """What one partial state of the counting sweep takes, as measured on CPython 3.11:
    its key, a tuple of ``width`` partial sums (40 bytes and 8 a sum); its slot in the
    table of states (up to 52 bytes once the table has grown, and the old table beside
    the new one while it grows: 80); and its counts by mines, a dict of 224 bytes up to
    five counts (the counts themselves are :func:`sweep_count_bytes`).

    >>> sweep_state_bytes(0), sweep_state_bytes(51)
    (352, 752)
    """
    return _block(40 + 8 * width) + 80 + 224


def sweep_count_bytes(bits: int, mines: int) -> int:
    """What one partial count of the counting sweep takes: the integer, of up to
    ``bits`` bits (24 bytes and 4 each 30 bits), its key when the number of mines
    passes the 256 small integers Python shares (32 bytes), and its share of its dict as
    the dict grows past five counts (48).

    >>> sweep_count_bytes(41, 40), sweep_count_bytes(3000, 300)
    (80, 512)
    """
    return _block(24 + 4 * max(1, -(-bits // 30))) + (32 if mines > 256 else 0) + 48


def gib(n: int) -> str:
    """Bytes in GiB, one decimal."""
    return f"{n / (1 << 30):.1f} GiB"


#: How long the figures :func:`allowed` reads from the system are taken as they are (a
#: player asks for thousands of small positions a second; reading ``/proc`` four times
#: for each took a third of the time of one).
FRESH_SECONDS = 0.25
_seen: list[tuple[float, tuple[int, str] | None]] = []


def allowed() -> tuple[int, str] | None:
    """How much memory this process may take in all (its resident memory included) and
    in what words, when the address-space limit (``ulimit -v``, ``prlimit --as``) or the
    machine's available memory is below :data:`MAX_MEMORY`; None otherwise.  Under an
    address-space limit, the address space the program holds but does not use (the
    arenas and stacks of its libraries) is taken off what it may still use.  Read again
    once :data:`FRESH_SECONDS` have passed since the last reading.

    >>> allowed() is None or allowed()[0] < MAX_MEMORY
    True
    """
    now = time.monotonic()
    if _seen and now - _seen[0][0] < FRESH_SECONDS:
        return _seen[0][1]
    found = _allowed()
    _seen[:] = [(now, found)]
    return found


def _allowed() -> tuple[int, str] | None:
    """:func:`allowed`, read from the system."""
    soft = address_space_limit()
    rss = status_bytes("VmRSS")
    best: tuple[int, str] | None = None
    if soft is not None:
        reserved = max(0, status_bytes("VmSize") - rss)
        best = (max(0, soft - reserved),
                f"this machine allowed {gib(soft)} of address space (its address-space "
                f"limit), {gib(reserved)} of it held by the program's libraries")
    available = available_memory()
    if best is None or available + rss < best[0]:
        best = (available + rss, f"this machine allowed {gib(available)} (the memory it "
                                 "has free)")
    if best is not None and best[0] < MAX_MEMORY:
        return best
    return None


#: The last estimate made, for the line that reports running out of memory anyway.
_last: list[tuple[str, int]] = []


def require(need: int, what: str, detail: str = "") -> None:
    """Refuse (:class:`~minesweeper.base.errors.TooLarge`, exit 2) work that needs about
    ``need`` bytes beyond :data:`MAX_MEMORY` or beyond what this process is allowed;
    ``what`` names the work, ``detail`` the figures it comes from.

    >>> require(5 << 30, "computing the probabilities of this board")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    minesweeper.base.errors.TooLarge: computing the probabilities of this board needs about ...
    """
    _last[:] = [(what, need)]
    why = f" ({detail})" if detail else ""
    if need > MAX_MEMORY:
        raise TooLarge(f"{what} needs about {gib(need)}{why}; the limit is {gib(MAX_MEMORY)}")
    room = allowed()
    if room is not None and need > room[0]:
        raise TooLarge(f"{what} needs about {gib(need)}{why}; {room[1]}")


def clauses(s_covered: int, literals: int, count: int) -> None:
    """Refuse the clauses the collapse leaves (``count`` of them, ``literals`` in all)
    when making them into the solver's lists would pass the limits; counted in arrays
    before any list is made."""
    if count:
        require(BASE + 40 * s_covered + CLAUSE_LITERAL * literals + CLAUSE * count,
                "solving this board", f"{literals:,} literals in {count:,} clauses left "
                "after the collapse")


def check(way: str, s: Shape) -> None:
    """Refuse a board of shape ``s`` whose answer the way ``way`` would pass the limits
    (:func:`require`)."""
    parts = [f"{s.covered:,} covered squares"]
    if s.frontier:
        parts.append(f"{s.frontier:,} of them next to a number")
    require(estimate(way, s), WHAT[way], ", ".join(parts))


def out_of_memory(exc: BaseException | None = None) -> TooLarge:
    """The one-line error for memory that ran out anyway (the estimate was short, or
    the machine had less than it said): what was being done and what it needed, when
    an estimate was made, and what this machine allowed."""
    room = allowed()
    limit = room[1] if room is not None else "this machine allowed less"
    if _last:
        what, need = _last[0]
        return TooLarge(f"{what} ran out of memory: estimated to need about {gib(need)}, "
                        f"it needed more; {limit}")
    size = getattr(exc, "_total_size", None)
    if isinstance(size, int):
        return TooLarge(f"ran out of memory: an array of {gib(size)} could not be "
                        f"allocated; {limit}")
    return TooLarge(f"ran out of memory; {limit}")

