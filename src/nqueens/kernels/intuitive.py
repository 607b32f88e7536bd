"""The intuitive repair of the Hungarian source in the native core, for n up to
:data:`MAX_N`: the procedure of :func:`nqueens.algorithms.classic.intuitive.trace_intuitive`,
decision for decision, with its random choices drawn as ``random.Random(seed)`` draws
them.

Counters per row and diagonal answer "how many queens attack this square" at once, a
move of the source's rule counts the attackers to the left of each row of its column in
one pass over the queens on the nearer side, and each line keeps the list of its
queens, so the nearest attacker of a queen is found among a handful. The boards of a
column's repair are remembered by a 128-bit hash instead of a copy (two boards share
one with a chance of about 2^-128 a pair). n = 10^5 takes a few seconds.

A run can record its events, for the tests that hold the kernel against the readable
version event by event: one row of seven integers each (see :data:`EVENT_KINDS`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .._core import intuitive as _core
from ..base.events import Kind

#: The largest board the kernel takes.
MAX_N: int = _core.MAX_N
#: The source's rule gets at most this many moves times n to repair one column before
#: the escape takes over (it then wanders without ever coming back to a board).
MAX_REPAIR_MOVES_FACTOR: int = _core.REPAIR_FACTOR
#: In the escape, the share of moves that go to a random other row instead of the best
#: one (a random walk, so that the escape cannot stall on a plateau of small boards).
ESCAPE_NOISE: float = _core.NOISE

#: The kind of a recorded event, by its first integer.
EVENT_KINDS: tuple[Kind, ...] = (Kind.TEST, Kind.REMOVE, Kind.PLACE, Kind.STATE,
                                 Kind.CONFLICTS, Kind.SOLUTION)

#: The seventh integer of a recorded CONFLICTS event: why an escape began (0: none).
ESCAPE_NOTES: tuple[str, ...] = ("", "cycle", "too many moves")


def seed_key(seed: int) -> bytes:
    """The 32-bit words of ``|seed|``, lowest first, from which ``random.Random(seed)``
    seeds its Mersenne Twister, as the bytes of a uint32 array.

    >>> words = [np.frombuffer(seed_key(s), np.uint32).tolist() for s in (0, -2**32 - 5)]
    >>> words
    [[0], [5, 1]]
    """
    value = abs(int(seed))
    words = max(1, (value.bit_length() + 31) // 32)
    return np.array([(value >> (32 * i)) & 0xFFFFFFFF for i in range(words)],
                    dtype=np.uint32).tobytes()


@dataclass(frozen=True)
class IntuitiveRun:
    """What a run did: ``row_of[col]`` the row of each column's queen at the end,
    ``states`` boards passed through, ``steps`` squares examined, ``moves`` queens moved,
    ``escapes`` repairs finished by the escape and ``escape_moves`` its moves, and, when
    asked for, ``events``: one row (kind, row, col, step, depth, count, flag) per event."""

    row_of: npt.NDArray[np.int32]
    states: int
    steps: int
    moves: int
    escapes: int
    escape_moves: int
    events: npt.NDArray[np.int64] | None


def intuitive_kernel(n: int, seed: int = 0, record: bool = False) -> IntuitiveRun:
    """Run the intuitive repair on an n×n board, 4 ≤ n ≤ :data:`MAX_N`.

    >>> run = intuitive_kernel(8)
    >>> run.row_of.tolist(), run.states  # the row of each column's queen
    ([3, 1, 6, 2, 5, 7, 4, 0], 26)
    >>> intuitive_kernel(5, record=True).events[:2].tolist()  # (kind, row, col, step, ...)
    [[0, 0, 0, 1, 0, 0, 1], [0, 1, 0, 2, 0, 0, 1]]
    """
    row_of = np.empty(int(n), dtype=np.int32)
    stats = np.zeros(6, dtype=np.int64)
    raw = _core.intuitive_kernel(seed_key(seed), row_of, stats, record)
    events = None if raw is None else np.frombuffer(raw, dtype=np.int64).reshape(-1, 7)
    return IntuitiveRun(row_of, int(stats[0]), int(stats[1]), int(stats[2]), int(stats[3]),
                        int(stats[4]), events)
