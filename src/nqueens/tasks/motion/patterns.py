"""N-queens sampling patterns for block matching.

A solution of the N-queens problem, tiled over a block, picks the pixels on which the
block-matching error is computed: in each N×N tile exactly one pixel per row and per
column, and at most one per diagonal in either direction (an N×N tile has 2N − 1
diagonals each way, of which the N queens use N). A B×B block keeps B·B/N of its
pixels when N divides B.

>>> p = parse_pattern("4")
>>> p.name, p.n
('4-queens 2 4 1 3', 4)
>>> p.mask(8).astype(int)
array([[0, 1, 0, 0, 0, 1, 0, 0],
       [0, 0, 0, 1, 0, 0, 0, 1],
       [1, 0, 0, 0, 1, 0, 0, 0],
       [0, 0, 1, 0, 0, 0, 1, 0],
       [0, 1, 0, 0, 0, 1, 0, 0],
       [0, 0, 0, 1, 0, 0, 0, 1],
       [1, 0, 0, 0, 1, 0, 0, 0],
       [0, 0, 1, 0, 0, 0, 1, 0]])
>>> p.samples(16)
64
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import islice

import numpy as np
import numpy.typing as npt

from ...algorithms.search import solutions
from ...base.board import Solution
from ...base.errors import BadInput, InvalidBoard
from ...output.formats import read, write

#: The patterns tried when none is named: the first 4-queens and 8-queens solutions.
DEFAULT_PATTERNS: tuple[str, ...] = ("4", "8")

#: The largest N accepted as ``N`` or ``N:K`` (K-th solution); larger boards can be given as
#: a permutation.
MAX_PATTERN_N = 64


@dataclass(frozen=True)
class Pattern:
    """An N-queens solution used as a sampling pattern (``solution.cols[r]``: sampled column
    of tile row ``r``).

    >>> p = Pattern(Solution([1, 3, 0, 2]))
    >>> p.name, p.perm, p.n
    ('4-queens 2 4 1 3', '2 4 1 3', 4)
    >>> p.samples(16)  # a quarter of the 256 pixels of a 16×16 block
    64
    """

    solution: Solution

    @property
    def n(self) -> int:
        """The tile size N (the number of queens)."""
        return self.solution.n

    @property
    def name(self) -> str:
        """A readable name: ``8-queens 1 5 8 6 3 7 2 4`` (the 1-based permutation)."""
        return f"{self.n}-queens {write(self.solution, 'perm')}"

    @property
    def perm(self) -> str:
        """The 1-based permutation, as ``nqueens solve N --format perm`` prints it."""
        return write(self.solution, "perm")

    def mask(self, block: int) -> npt.NDArray[np.bool_]:
        """The ``block × block`` boolean mask: the pattern tiled from the top-left corner.

        >>> Pattern(Solution([1, 3, 0, 2])).mask(4).sum()
        np.int64(4)
        """
        r = np.arange(block)[:, None]
        c = np.arange(block)[None, :]
        return (c % self.n) == self.solution.cols[r % self.n]

    def samples(self, block: int) -> int:
        """How many pixels of a ``block × block`` block the pattern samples (exact).

        >>> Pattern(Solution([0])).samples(16), Pattern(Solution([4, 1, 3, 0, 2])).samples(16)
        (256, 51)
        """
        return int(self.mask(block).sum())


def pattern_from_solution(sol: Solution) -> Pattern:
    """Wrap a solution, checking that its queens do not attack each other.

    >>> pattern_from_solution(Solution([0, 1]))
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: pattern 1 2 is not an N-queens solution: ...
    """
    try:
        sol.validate()
    except InvalidBoard as exc:
        raise BadInput(f"pattern {write(sol, 'perm')} is not an N-queens solution: {exc}") from None
    return Pattern(sol)


_NTH = re.compile(r"^\s*(\d+)\s*(?::\s*(\d+)\s*)?$")


def parse_pattern(spec: str) -> Pattern:
    """A pattern from ``N`` (the first N-queens solution in lexicographic order), ``N:K``
    (the K-th, 1-based) or a 1-based permutation such as ``"2 4 1 3"``.

    >>> parse_pattern("8").perm
    '1 5 8 6 3 7 2 4'
    >>> parse_pattern("4:2").perm
    '3 1 4 2'
    >>> parse_pattern("3 1 4 2").n
    4
    >>> parse_pattern("3")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: pattern '3': there is no 3-queens solution (n = 2 and 3 have none)
    """
    m = _NTH.match(spec)
    if m and (m.group(2) is not None or " " not in spec.strip()):
        n = int(m.group(1))
        k = int(m.group(2)) if m.group(2) is not None else 1
        if not 1 <= n <= MAX_PATTERN_N:
            raise BadInput(f"pattern {spec!r}: N must be 1..{MAX_PATTERN_N} "
                           "(give larger patterns as a permutation)")
        if k < 1:
            raise BadInput(f"pattern {spec!r}: solutions are numbered from 1")
        if n in (2, 3):
            raise BadInput(f"pattern {spec!r}: there is no {n}-queens solution "
                           "(n = 2 and 3 have none)")
        found = next(islice(solutions(n), k - 1, None), None)
        if found is None:
            total = sum(1 for _ in solutions(n))
            raise BadInput(f"pattern {spec!r}: {n}-queens has only {total} solutions")
        return Pattern(found)
    try:
        sol = read(spec, fmt="perm", source="pattern")
    except BadInput as exc:
        raise BadInput(f"pattern {spec!r}: {exc} (give N, N:K or a permutation such as "
                       "'2 4 1 3')") from None
    return pattern_from_solution(sol)


def tile_lines(pattern: Pattern) -> dict[str, npt.NDArray[np.int64]]:
    """How many samples each line of one N×N tile holds: ``rows`` and ``cols`` (N each),
    ``diagonals`` (c − r) and ``antidiagonals`` (r + c) (2N − 1 each).

    >>> t = tile_lines(parse_pattern("4"))
    >>> t["rows"].tolist(), t["diagonals"].tolist()
    ([1, 1, 1, 1], [0, 1, 1, 0, 1, 1, 0])
    """
    n = pattern.n
    r = np.arange(n)
    c = pattern.solution.cols
    return {
        "rows": np.bincount(r, minlength=n),
        "cols": np.bincount(c, minlength=n),
        "diagonals": np.bincount(c - r + n - 1, minlength=2 * n - 1),
        "antidiagonals": np.bincount(r + c, minlength=2 * n - 1),
    }
