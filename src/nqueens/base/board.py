"""The board model: :class:`Solution`, an immutable placement of one queen per row.

A placement of ``n`` queens is stored as the queen's column in each row (0-based),
as a read-only numpy array of int32 (int64 from n = 2**31), so boards of a hundred
million queens are cheap. The eight
symmetries of the square, the canonical form of a symmetry class and an O(n)
vectorised validity check live here.

>>> s = Solution([1, 3, 0, 2])
>>> print(s)
.Q..
...Q
Q...
..Q.
>>> s.validate()
>>> s.canonical()
Solution([1, 3, 0, 2])
>>> s.symmetry_class_size()
2
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from .errors import BadInput, InvalidBoard
from .pieces import KNIGHT_STEPS, Piece, attacks

#: The eight symmetries of the square, in the documented order used by
#: :meth:`Solution.symmetries` and :meth:`Solution.canonical`. Each maps a square
#: (row, column) of an n×n board to its image.
SYMMETRY_NAMES: tuple[str, ...] = (
    "identity",          # (r, c)
    "rotate90",          # (c, n-1-r)      quarter turn clockwise
    "rotate180",         # (n-1-r, n-1-c)
    "rotate270",         # (n-1-c, r)
    "mirror",            # (r, n-1-c)      left-right reflection
    "flip",              # (n-1-r, c)      top-bottom reflection
    "transpose",         # (c, r)          reflection in the main diagonal
    "antitranspose",     # (n-1-c, n-1-r)  reflection in the other diagonal
)

Pair = tuple[tuple[int, int], tuple[int, int]]
#: A board's columns: int32 below :data:`INT32_BELOW`, int64 from there.
Columns = npt.NDArray[np.signedinteger[Any]]

#: Boards below this size hold their columns as int32 (every n below it fits, with room
#: for n itself); larger ones as int64.
INT32_BELOW = 2**31
_INT32 = np.dtype(np.int32)
_INT64 = np.dtype(np.int64)


def column_dtype(n: int) -> np.dtype[Any]:
    """The dtype of the columns of an n-queens board: int32 below :data:`INT32_BELOW`.

    >>> column_dtype(8).name, column_dtype(2**31 - 1).name, column_dtype(2**31).name
    ('int32', 'int32', 'int64')
    """
    return _INT32 if n < INT32_BELOW else _INT64


@functools.lru_cache(maxsize=64)
def _row_texts(n: int) -> tuple[str, ...]:
    """The n rows of an n×n Q/. board, by the queen's column (boards of a stream are
    written row by row, many times over)."""
    return tuple("." * c + "Q" + "." * (n - 1 - c) for c in range(n))


def row_text(n: int, col: int) -> str:
    """One row of the Q/. board: the queen in column ``col`` of ``n`` squares.

    >>> row_text(4, 1)
    '.Q..'
    """
    return _row_texts(n)[col] if n <= 64 else "." * col + "Q" + "." * (n - 1 - col)


def row_texts(n: int) -> Sequence[str]:
    """The n rows of the Q/. board, by the queen's column (kept for n ≤ 64).

    >>> row_texts(2)
    ('Q.', '.Q')
    """
    return _row_texts(n) if n <= 64 else ["." * c + "Q" + "." * (n - 1 - c) for c in range(n)]


def _check_on_board(arr: npt.NDArray[np.integer[Any]]) -> int:
    """The board size of a 1-D array of columns; BadInput when it is empty or a column is
    off the board (the first such row named)."""
    n = arr.shape[0]
    if n == 0:
        raise BadInput("a board needs at least one row")
    if arr.min() < 0 or arr.max() >= n:
        bad = int(np.flatnonzero((arr < 0) | (arr >= n))[0])
        raise BadInput(f"row {bad}: column {int(arr[bad])} is off the {n}x{n} board")
    return int(n)


def _map_squares(k: int, n: int, r: npt.NDArray[np.int64],
                 c: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    m = n - 1
    if k == 0:
        return r, c
    if k == 1:
        return c, m - r
    if k == 2:
        return m - r, m - c
    if k == 3:
        return m - c, r
    if k == 4:
        return r, m - c
    if k == 5:
        return m - r, c
    if k == 6:
        return c, r
    if k == 7:
        return m - c, m - r
    raise ValueError(f"symmetry index must be 0..7, not {k}")


class Solution:
    """An immutable placement of ``n`` queens, one per row: ``cols[row]`` is the column.

    The name follows common usage; a ``Solution`` may hold attacking queens (two in
    one column or diagonal), which :meth:`validate` reports. Equality and hashing
    compare the placement; ordering is lexicographic on the columns.

    >>> Solution([0, 1]) == Solution((0, 1))
    True
    >>> sorted([Solution([2, 0, 1]), Solution([0, 2, 1])])
    [Solution([0, 2, 1]), Solution([2, 0, 1])]
    """

    __slots__ = ("_cols", "_hash")

    def __init__(self, cols: Iterable[int] | npt.ArrayLike):
        raw = np.asarray(list(cols) if isinstance(cols, Iterator) else cols)
        if raw.size and raw.dtype.kind not in "iu":
            # no silent rounding of 0.7, no True for 1: columns are whole numbers
            if raw.dtype.kind == "O" and raw.ndim == 1 and all(
                    isinstance(v, int | np.integer) and not isinstance(v, bool | np.bool_)
                    for v in raw):
                whole = True      # Python ints too big for int64: off the board below
            else:
                whole = raw.dtype.kind == "f" and bool(np.all(np.isfinite(raw)) and
                                                       np.all(raw == np.round(raw)))
            if not whole:
                raise BadInput(f"columns must be whole numbers, not {raw.dtype} values")
        if raw.size and raw.ndim == 1 and raw.dtype.kind in "fuO":
            n = raw.shape[0]
            far = np.flatnonzero(np.logical_or(raw < 0, raw >= n)).tolist()
            if far:
                bad = far[0]
                value = raw[bad]
                shown = f"{value:.6g}" if raw.dtype.kind == "f" else str(int(value))
                raise BadInput(f"row {bad}: column {shown} is off the {n}x{n} board")
        # integers are checked where they are and copied once, to the column dtype
        arr = raw if raw.dtype.kind in "iu" else np.array(raw, dtype=np.int64)
        if arr.ndim != 1:
            raise BadInput("a placement is a flat sequence of columns, one per row")
        n = _check_on_board(arr)
        cols = np.array(arr, dtype=column_dtype(n))
        cols.setflags(write=False)
        self._cols = cols
        self._hash: int | None = None

    @classmethod
    def of_fixed_array(cls, arr: npt.NDArray[np.integer[Any]]) -> Solution:
        """Wrap a 1-D integer array that nobody will change (a view of bytes, say) after
        checking its columns are on the board: no copy when it has the column dtype.

        >>> Solution.of_fixed_array(np.frombuffer(b"\\1\\0\\0\\0\\0\\0\\0\\0", np.int32))
        Solution([1, 0])
        """
        _check_on_board(arr)
        return cls.of_known_columns(arr)

    @classmethod
    def of_known_columns(cls, arr: npt.NDArray[np.integer[Any]]) -> Solution:
        """Wrap an integer array already known to hold columns in range (what a search or
        a reader has checked): no checks, and no copy when it already has the column
        dtype (:func:`column_dtype`).

        >>> Solution.of_known_columns(np.array([1, 0])).cols.dtype.name
        'int32'
        """
        want = _INT32 if arr.shape[0] < INT32_BELOW else _INT64
        if arr.dtype is not want:
            arr = arr.astype(want, copy=False)
        obj = cls.__new__(cls)
        arr.setflags(write=False)
        obj._cols = arr
        obj._hash = None
        return obj

    # -- basic protocol -------------------------------------------------------------
    @property
    def n(self) -> int:
        """The board size."""
        return int(self._cols.shape[0])

    @property
    def cols(self) -> Columns:
        """The column of the queen in each row, a read-only array of :func:`column_dtype`
        (int32 for every n below 2**31).

        >>> Solution([1, 3, 0, 2]).cols.dtype.name
        'int32'
        """
        return self._cols

    def __len__(self) -> int:
        return self.n

    def __iter__(self) -> Iterator[int]:
        return iter(self._cols.tolist())  # Python ints, converted in one C call

    def __getitem__(self, row: int) -> int:
        return int(self._cols[row])

    def as_tuple(self) -> tuple[int, ...]:
        """The columns as a tuple of ints.

        >>> Solution([1, 3, 0, 2]).as_tuple()
        (1, 3, 0, 2)
        """
        return tuple(int(c) for c in self._cols)

    def queens(self) -> list[tuple[int, int]]:
        """The occupied squares as ``(row, column)`` pairs, 0-based, row by row.

        >>> Solution([1, 0]).queens()
        [(0, 1), (1, 0)]
        """
        return [(r, int(c)) for r, c in enumerate(self._cols)]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Solution):
            return NotImplemented
        return self.n == other.n and bool(np.array_equal(self._cols, other._cols))

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash((self.n, self._cols.tobytes()))
        return self._hash

    def __lt__(self, other: Solution) -> bool:
        if not isinstance(other, Solution):
            return NotImplemented
        return _lex_less(self._cols, other._cols)

    def __le__(self, other: Solution) -> bool:
        return self == other or self < other

    def __repr__(self) -> str:
        if self.n <= 40:
            return f"Solution([{', '.join(str(int(c)) for c in self._cols)}])"
        head = ", ".join(str(int(c)) for c in self._cols[:8])
        return f"Solution([{head}, ...] n={self.n})"

    def __str__(self) -> str:
        """The Q/. board, one row per line (the ``board`` format).

        >>> print(Solution([1, 0]))
        .Q
        Q.
        """
        n = self.n
        return "\n".join([row_text(n, c) for c in self._cols.tolist()])

    # -- symmetries -----------------------------------------------------------------
    def is_permutation(self) -> bool:
        """True when no two queens share a column."""
        return bool(np.bincount(self._cols, minlength=self.n).max() <= 1)

    def transform(self, k: int | str) -> Solution:
        """The image of the board under symmetry ``k`` (an index or a name of
        :data:`SYMMETRY_NAMES`). The placement must have one queen per column.

        >>> Solution([1, 3, 0, 2]).transform("mirror")
        Solution([2, 0, 3, 1])
        """
        if isinstance(k, str):
            if k not in SYMMETRY_NAMES:
                raise BadInput(f"unknown symmetry {k!r} (choose one of: "
                               f"{', '.join(SYMMETRY_NAMES)})")
            idx = SYMMETRY_NAMES.index(k)
        else:
            idx = int(k)
            if not 0 <= idx < len(SYMMETRY_NAMES):
                raise BadInput(f"symmetry index {k} is not in 0..{len(SYMMETRY_NAMES) - 1}")
        if idx == 0:
            return self
        if not self.is_permutation():
            raise BadInput("symmetries need one queen in every column")
        n = self.n
        rows = np.arange(n, dtype=np.int64)
        new_r, new_c = _map_squares(idx, n, rows, self._cols.astype(np.int64))
        out = np.empty(n, dtype=column_dtype(n))
        out[new_r] = new_c
        return Solution.of_known_columns(out)

    def symmetries(self) -> list[Solution]:
        """The 8 images of the board, in the order of :data:`SYMMETRY_NAMES` (may repeat).

        >>> len(set(Solution([1, 3, 0, 2]).symmetries()))
        2
        """
        return [self.transform(k) for k in range(8)]

    def canonical(self) -> Solution:
        """The least image under the 8 symmetries, comparing columns lexicographically.

        Two boards are in the same symmetry class exactly when their canonical forms
        are equal.

        >>> Solution([2, 0, 3, 1]).canonical()
        Solution([1, 3, 0, 2])
        """
        best = self
        for img in self.symmetries()[1:]:
            if _lex_less(img._cols, best._cols):
                best = img
        return best

    def is_canonical(self) -> bool:
        """True when the board is the canonical representative of its class."""
        return self.canonical() == self

    def symmetry_class_size(self) -> int:
        """How many distinct boards the symmetry class holds: 8, 4, 2 (or 1 for n = 1).

        >>> Solution([0]).symmetry_class_size()
        1
        """
        return len(set(self.symmetries()))

    # -- validity -------------------------------------------------------------------
    def attacking_pairs(self, piece: Piece | str = Piece.QUEEN, torus: bool = False,
                        limit: int | None = 1000) -> list[Pair]:
        """The pairs of pieces that attack each other, sorted, at most ``limit`` of them.

        Along a line only neighbouring pieces are listed (a queen between two others
        blocks the view, as on a chessboard), so the list grows at most linearly with
        ``n`` and the check is O(n log n), vectorised with numpy.

        >>> Solution([0, 1, 3, 2]).attacking_pairs()
        [((0, 0), (1, 1)), ((2, 3), (3, 2))]
        """
        piece = Piece.parse(piece)
        if limit is not None and limit < 0:
            raise BadInput(f"limit must be 0 or more, not {limit}")
        n = self.n
        cols = self._cols
        found: list[npt.NDArray[np.signedinteger[Any]]] = []
        for sel, sub in _crowded_lines(cols, torus):
            # only queens on a shared line are sorted: O(n) plus O(k log k) for k of them
            if not sel.size:
                continue
            line, rows = _by_line(sel, sub, n)
            hit = np.flatnonzero(line[1:] == line[:-1])
            if hit.size:
                found.append(np.stack([rows[hit], rows[hit + 1]], axis=1))
        if piece.knight:
            for dr, dc in KNIGHT_STEPS:
                if dr <= 0:
                    continue  # each pair once: from the upper piece down
                if torus:  # rows wrap too: row r and row (r + dr) mod n
                    if dr % n == 0:
                        continue
                    hit = np.flatnonzero((np.roll(cols, -dr) - cols) % n == dc % n)
                    if hit.size:
                        found.append(np.stack([hit, (hit + dr) % n], axis=1))
                elif n > dr:
                    hit = np.flatnonzero(cols[dr:] - cols[:-dr] == dc)
                    if hit.size:
                        found.append(np.stack([hit, hit + dr], axis=1))
        if not found:
            return []
        allp = _first_pairs(np.concatenate(found), n, limit)
        return [((int(a), int(cols[a])), (int(b), int(cols[b]))) for a, b in allp]

    def conflicts(self, piece: Piece | str = Piece.QUEEN, torus: bool = False) -> int:
        """The number of pairs of pieces that break the N-Queens rule: every pair sharing
        a column or diagonal (k pieces on one line make k·(k − 1)/2 pairs, whoever
        stands between them), plus, for a superqueen, every pair a knight's move apart.
        O(n), vectorised. This is the measure min-conflicts drives to zero.

        >>> Solution([0, 1, 2, 3]).conflicts()      # four queens on one diagonal
        6
        >>> len(Solution([0, 1, 2, 3]).attacking_pairs())  # three face each other directly
        3
        """
        piece = Piece.parse(piece)
        n, cols = self.n, self._cols
        if n <= 4:  # on tiny tori one pair can lie on several lines and be a knight's move apart
            return sum(1 for a in range(n) for b in range(a + 1, n)
                       if attacks(piece, (a, int(cols[a])), (b, int(cols[b])), n, torus))
        total = 0
        if torus:
            for key, size in _line_keys(cols, torus):
                k = np.bincount(key, minlength=size).astype(np.int64)
                total += int((k * (k - 1) // 2).sum())
        else:  # only the crowded lines are counted (their keys are below 2n)
            for _, sub in _crowded_lines(cols, torus):
                k = np.bincount(sub).astype(np.int64)
                total += int((k * (k - 1) // 2).sum())
        if torus and n % 2 == 0:
            # Rows n/2 apart share both wrapped diagonals when the columns are n/2 apart
            # too: such a pair was counted twice.
            h = n // 2
            total -= int(np.count_nonzero((cols[h:] - cols[:h]) % n == h))
        if piece.knight:
            for dr, dc in KNIGHT_STEPS:
                if dr <= 0:
                    continue
                if torus:
                    if dr % n:
                        total += int(np.count_nonzero((np.roll(cols, -dr) - cols) % n
                                                      == dc % n))
                elif n > dr:
                    total += int(np.count_nonzero(cols[dr:] - cols[:-dr] == dc))
        return total

    def is_valid(self, piece: Piece | str = Piece.QUEEN, torus: bool = False) -> bool:
        """True when no two pieces attack each other (O(n)).

        For the queen on the plain board the native core marks each queen's column and
        diagonals in three bit sets and stops at the first line marked twice (5n bits:
        a hundred million queens in a fraction of a second). On the torus, and for the
        superqueen, each line family is marked in one boolean array (int32 keys below
        2**30) and the board is valid when n queens mark n distinct entries in each.

        >>> Solution([1, 3, 0, 2]).is_valid()
        True
        """
        piece = Piece.parse(piece)
        if not torus and not piece.knight:
            # the plain queen: one pass over bit sets of lines (nqueens._core.lines)
            from .._core import lines

            return bool(lines.first_repeat(self._cols) < 0)
        for key, size in _line_keys(self._cols, torus):
            occ = np.zeros(size, dtype=np.bool_)
            occ[key] = True
            if np.count_nonzero(occ) < key.shape[0]:
                return False
        if piece.knight:
            return not self.attacking_pairs(piece, torus, limit=1)
        return True

    def validate(self, piece: Piece | str = Piece.QUEEN, torus: bool = False) -> None:
        """Raise :class:`~nqueens.base.errors.InvalidBoard` naming the first attacking pair.

        Pairs are ordered by the row of their upper piece, then of the lower one;
        squares in the message are 0-based (row, column).

        >>> Solution([0, 1]).validate()
        Traceback (most recent call last):
        ...
        nqueens.base.errors.InvalidBoard: queens at (0, 0) and (1, 1) attack each other
        """
        if self.is_valid(piece, torus):
            return
        pairs = self.attacking_pairs(piece, torus)
        (a, b) = pairs[0]
        name = Piece.parse(piece).value
        raise InvalidBoard(f"{name}s at {a} and {b} attack each other", pairs)


def _line_keys(cols: Columns,
               torus: bool) -> list[tuple[npt.NDArray[np.signedinteger[Any]], int]]:
    """The line index of each queen for columns and both diagonals, with each family's
    size (non-negative keys; int32 when they fit, to halve the memory traffic)."""
    n = cols.shape[0]
    dtype = np.int32 if 2 * n < 2**31 else np.int64
    c: npt.NDArray[Any] = cols.astype(dtype, copy=False)
    rows: npt.NDArray[Any] = np.arange(n, dtype=dtype)
    d1 = rows - c
    d2 = rows + c
    if torus:
        np.remainder(d1, n, out=d1)
        np.remainder(d2, n, out=d2)
        return [(c, n), (d1, n), (d2, n)]
    d1 += n - 1
    return [(c, n), (d1, 2 * n - 1), (d2, 2 * n - 1)]


def _crowded_lines(cols: Columns, torus: bool) -> list[tuple[npt.NDArray[np.intp],
                                                              npt.NDArray[np.signedinteger[Any]]]]:
    """For each line family (columns, diagonals, anti-diagonals), the rows whose queen
    shares its line with another queen, top to bottom, and the keys of their lines (as
    :func:`_line_keys`). On the plain board the native core finds them with bit sets
    (nqueens._core.lines), in O(n) time and 4n bits; on the torus a count per line."""
    if torus:
        found = []
        for key, size in _line_keys(cols, torus):
            sel = np.flatnonzero(np.bincount(key, minlength=size)[key] > 1)
            found.append((sel, key[sel]))
        return found
    from .._core import lines

    n = cols.shape[0]
    found = []
    for family in range(3):
        rows = np.frombuffer(lines.crowded_rows(cols, family), dtype=np.intp)
        c = cols[rows].astype(np.int64)
        key = c if family == 0 else rows - c + (n - 1) if family == 1 else rows + c
        found.append((rows, key))
    return found


def _by_line(rows: npt.NDArray[np.intp], lines: npt.NDArray[np.signedinteger[Any]],
             n: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The queens of ``rows`` (ascending) on the lines ``lines`` (keys below 2n), ordered
    by line and, on a line, by row: the lines and the rows in that order. One sort of
    int64 keys ``line * n + row`` (faster than a stable argsort, and it leaves the
    interpreter lock free).

    >>> [a.tolist() for a in _by_line(np.array([0, 1, 3]), np.array([2, 0, 2]), 4)]
    [[0, 2, 2], [1, 0, 3]]
    """
    if 2 * n >= INT32_BELOW:  # the keys would not fit: a stable sort by line
        order = np.argsort(lines, kind="stable")
        return lines[order].astype(np.int64), rows[order].astype(np.int64)
    keys = lines.astype(np.int64)
    keys *= n
    keys += rows
    keys.sort()
    line = keys // n
    keys -= line * n
    return line, keys


def _first_pairs(pairs: npt.NDArray[np.signedinteger[Any]], n: int,
                 limit: int | None) -> npt.NDArray[np.int64]:
    """The distinct pairs of rows among ``pairs`` (a ``(k, 2)`` array, each pair in
    either order), each as (upper row, lower row), sorted by the upper row then the
    lower one, at most ``limit`` of them.

    Each pair becomes one int64 key, ``upper * n + lower``, so that the work is a sort
    of integers (which numpy does without holding the interpreter lock: a signal ends
    the program meanwhile), and with a ``limit`` only the smallest keys are sorted.

    >>> _first_pairs(np.array([[3, 1], [0, 2], [1, 3], [0, 1]]), 4, None).tolist()
    [[0, 1], [0, 2], [1, 3]]
    >>> _first_pairs(np.array([[3, 1], [0, 2], [1, 3], [0, 1]]), 4, 2).tolist()
    [[0, 1], [0, 2]]
    """
    upper = np.minimum(pairs[:, 0], pairs[:, 1]).astype(np.int64)
    lower = np.maximum(pairs[:, 0], pairs[:, 1]).astype(np.int64)
    if n >= INT32_BELOW:  # the key would not fit: sort the two rows as they are
        order = np.lexsort((lower, upper))
        upper, lower = upper[order], lower[order]
        keep = np.ones(upper.shape[0], dtype=np.bool_)
        keep[1:] = (upper[1:] != upper[:-1]) | (lower[1:] != lower[:-1])
        found = np.stack([upper[keep], lower[keep]], axis=1)
        return found if limit is None else found[:limit]
    upper *= n
    upper += lower
    keys = _smallest_distinct(upper, limit)
    return np.stack(np.divmod(keys, n), axis=1)


def _smallest_distinct(keys: npt.NDArray[np.int64], limit: int | None,
                       spare: int = 8) -> npt.NDArray[np.int64]:
    """The distinct values of ``keys``, sorted, at most ``limit`` of them (all when
    None). With a limit, only the ``spare * limit`` smallest keys are sorted (a
    partition finds them in linear time) unless they hold fewer distinct values than
    asked for; ``keys`` may be reordered.

    >>> _smallest_distinct(np.array([5, 1, 5, 3, 1, 9]), 2, spare=1).tolist()
    [1, 3]
    >>> _smallest_distinct(np.array([5, 1, 5, 3, 1, 9]), None).tolist()
    [1, 3, 5, 9]
    """
    if limit is not None and keys.shape[0] > spare * limit + 1:
        head = keys
        head.partition(spare * limit)
        head = np.sort(head[:spare * limit + 1])
        distinct = _distinct_sorted(head)
        if distinct.shape[0] >= limit:
            return distinct[:limit]
    distinct = _distinct_sorted(np.sort(keys))
    return distinct if limit is None else distinct[:limit]


def _distinct_sorted(keys: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The distinct values of sorted ``keys``.

    >>> _distinct_sorted(np.array([1, 1, 2, 7, 7])).tolist()
    [1, 2, 7]
    """
    if keys.shape[0] < 2:
        return keys
    keep = np.empty(keys.shape[0], dtype=np.bool_)
    keep[0] = True
    np.not_equal(keys[1:], keys[:-1], out=keep[1:])
    return keys[keep]


def _lex_less(a: Columns, b: Columns) -> bool:
    if a.shape[0] != b.shape[0]:
        return a.shape[0] < b.shape[0]
    diff = np.flatnonzero(a != b)
    return bool(diff.size and a[diff[0]] < b[diff[0]])
