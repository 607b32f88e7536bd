"""The memory ``solve`` takes for a board, known before it is taken, and the refusal of a
board that this machine cannot hold.

Each method's arrays of size n, as its code allocates them (see docs/large.md):

* ``construct`` written as it is made (``perm`` or ``npy``): none, blocks of
  :data:`~nqueens.algorithms.closed_form.BLOCK_ROWS` rows; built whole: the int32
  columns, 4 bytes a queen;
* ``min-conflicts``: the int32 board and one byte per diagonal of each direction
  (rounded up to 64 bytes), 8 bytes a queen, and the kernel's fixed sweep lists;
* ``intuitive``: the kernel's counters, line lists and remembered boards, 279
  bytes a queen at its largest n, 100,000;
* ``backtrack``: bit masks of n ≤ 32 rows.

On top of those, :data:`RUN_BYTES` for the blocks being written and what a run still
imports.

>>> solve_bytes(10**9, "min-conflicts") // 10**9, solve_bytes(10**9, "construct") // 10**9
(8, 4)
>>> solve_bytes(10**9, "construct", streamed=True) == RUN_BYTES
True
"""

from __future__ import annotations

from collections.abc import Callable

from puzzleshell.memory import Allowance, allowance, gib

from ..base.errors import NotEnoughMemory
from ..kernels import minconflicts as mc

#: What a run takes besides the arrays of its method: the blocks being formatted and
#: written (a few MiB), the modules it still imports, the allocator's arenas.
RUN_BYTES = 64 << 20

#: From this share of the allowance on, ``solve`` warns before it begins.
WARN_SHARE = 0.8

#: The intuitive repair's remembered boards may take this many moves times n a column
#: (``nqueens.kernels.intuitive.MAX_REPAIR_MOVES_FACTOR``, a constant of its kernel).
_IR_REPAIR_FACTOR = 4


def solve_bytes(n: int, method: str, *, streamed: bool = False) -> int:
    """The bytes ``solve`` takes for a board of ``n`` by ``method`` (a method of
    :data:`nqueens.tasks.solver.METHODS` but ``auto``), beyond what the program holds
    before it begins; ``streamed``: the board is written as it is made, never whole.

    >>> solve_bytes(1000, "backtrack") == RUN_BYTES
    True
    >>> solve_bytes(10**8, "construct") - RUN_BYTES
    400000000
    """
    return RUN_BYTES + _method_bytes(n, method, streamed)


def _method_bytes(n: int, method: str, streamed: bool) -> int:
    """The arrays of size n of ``method`` (see the module)."""
    if method == "construct":
        return 0 if streamed else 4 * n
    if method == "min-conflicts":
        diagonals = (2 * n - 1 + 63) // 64 * 64
        return 4 * n + 2 * diagonals + 2 * 4 * mc.LIST_CAP + mc.PAIRS_CAP + 1
    if method == "intuitive":
        return _intuitive_bytes(n)
    return 0  # backtrack: bit masks of at most 32 rows


def _intuitive_bytes(n: int) -> int:
    """The kernel's arrays for n (``nqueens._core.intuitive``): counters by row and
    diagonal, the attacked queens' tree, three line lists, and the hashes of the boards
    of a column's repair in a table of a power of two slots.

    >>> _intuitive_bytes(100_000) // 100_000
    279
    """
    lines = 2 * n - 1
    slots = 1
    while slots < 2 * _IR_REPAIR_FACTOR * n + 2:
        slots <<= 1
    counters = 4 * n + 2 * 4 * lines + n + 4 * (n + 1) + 3 * 4 * n  # and count, left, pick
    lists = 4 * (n + 2 * lines) + 2 * 3 * 4 * n  # heads, next and prev of three families
    boards = 17 * slots + 4 * (_IR_REPAIR_FACTOR * n + 1)
    return 4 * n + counters + lists + boards  # and the answer, row_of


def check_memory(n: int, method: str, *, streamed: bool = False,
                 warn: Callable[[str], None] | None = None,
                 room: Allowance | None = None) -> int:
    """Refuse, with :class:`~nqueens.base.errors.NotEnoughMemory` (exit 2), a solve that
    needs more memory than this process may take (``room``, by default
    :func:`~puzzleshell.memory.allowance`); ``warn`` a line when it needs
    :data:`WARN_SHARE` of it or more. Return the bytes it needs.

    >>> from puzzleshell.memory import ROOM_SOURCES as SOURCES
    >>> check_memory(10**9, "min-conflicts", room=Allowance(1 << 30, SOURCES[0]))
    Traceback (most recent call last):
    ...
    nqueens.base.errors.NotEnoughMemory: solve 1000000000 with min-conflicts needs about 7.5 ...
    >>> check_memory(10**8, "construct", warn=print, room=Allowance(1 << 29, SOURCES[2]))
    nqueens: warning: solve 100000000 with construct needs about 0.44 GiB of the 0.50 GiB ...
    467108864
    """
    need = solve_bytes(n, method, streamed=streamed)
    room = allowance() if room is None else room
    words = f"solve {n} with {method} needs about {gib(need)}"
    if need > room.bytes:
        raise NotEnoughMemory(f"{words}; this machine allows {gib(room.bytes)} "
                              f"({room.source}): {_hint(method, streamed)}")
    if warn is not None and need >= WARN_SHARE * room.bytes:
        warn(f"nqueens: warning: {words} of the {gib(room.bytes)} this machine allows "
             f"({room.source})")
    return need


def _hint(method: str, streamed: bool) -> str:
    """What to do about a board too large for the memory."""
    if method == "construct" and not streamed:
        return "write it with --format perm or npy, which construct makes as it writes"
    if method != "construct":
        return ("use --method construct with --format perm or npy (written as it is made), "
                "a smaller n, or more memory")
    return "free some memory or raise the limit"
