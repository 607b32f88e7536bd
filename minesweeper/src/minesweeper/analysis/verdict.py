"""The answer of a consistency check, whichever solver gave it.

:func:`minesweeper.analysis.sat.check` and :func:`minesweeper.analysis.backtrack.check`
both return a :class:`Verdict`: a witness arrangement when the board is consistent, otherwise the
numbers that cannot all hold and a sentence saying why.  :func:`decide` picks the solver
by name.

>>> from minesweeper.base.board import parse_board
>>> from minesweeper.analysis.decide import decide
>>> v = decide(parse_board("?1?/8.."), "backtrack")
>>> v.consistent, v.core, v.why[:24]
(False, [(1, 0)], 'this number cannot hold:')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..base.board import Board, Cell, format_board

#: The solvers :func:`decide` knows.
METHODS = ("sat", "backtrack")


@dataclass
class Verdict:
    """Whether some arrangement of mines agrees with every number (and the total).

    ``mines`` is a witness (the unknown squares holding a mine) when ``consistent``;
    otherwise ``core`` lists revealed squares whose numbers cannot all hold,
    ``core_total`` whether the total number of mines is part of the reason,
    ``core_minimal`` whether no number of the core can be left out, and ``explained``
    whether a reason was searched for at all; ``why`` is the sentence that says it.
    ``stats`` gives the sizes the collapse saw, when it ran.
    """

    consistent: bool
    method: str
    mines: set[Cell] = field(default_factory=set)
    core: list[Cell] = field(default_factory=list)
    core_total: bool = False
    core_minimal: bool = True
    explained: bool = True
    why: str = ""
    stats: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The JSON form ``check --json`` prints (squares as ``[x, y]``: column, row, from 1).

        >>> from minesweeper.base.board import parse_board
        >>> from minesweeper.analysis.decide import decide
        >>> decide(parse_board("1?/11"), "sat").to_json()["mines"]
        [[2, 1]]
        >>> decide(parse_board("8"), "sat").to_json()["core"]
        [[1, 1]]
        """
        out: dict[str, Any] = {"consistent": self.consistent}
        if self.consistent:
            out["mines"] = one_based(self.mines)
        else:
            out.update(core=one_based(self.core), core_includes_total=self.core_total,
                       core_minimal=self.core_minimal, explained=self.explained)
        if self.stats:
            out["collapse"] = self.stats
        return out

    def lines(self, board: Board) -> list[str]:
        """What ``check`` prints after its first line: the witness drawn on ``board``,
        or the reason, with the numbers of the core marked ``[n]``.

        >>> from minesweeper.base.board import parse_board
        >>> from minesweeper.analysis.decide import decide
        >>> print("\\n".join(decide(parse_board("1?"), "sat").lines(parse_board("1?"))))
        a witness arrangement (* mine, - no mine):
        1*
        """
        if self.consistent:
            return ["a witness arrangement (* mine, - no mine):",
                    format_board(board, mines=self.mines)]
        if not self.explained or not self.core:
            return [self.why]
        return [self.why, format_board(board, mark=set(self.core))]


def one_based(cells: set[Cell] | list[Cell]) -> list[list[int]]:
    """Squares as the JSON writes a list of them: ``[x, y]`` pairs (column, row, counted
    from 1), in reading order (row by row, left to right).

    >>> one_based({(2, 0), (0, 1)})
    [[2, 1], [1, 3]]
    """
    if not cells:
        return []
    pairs = np.array(list(cells), dtype=np.int64).reshape(-1, 2)
    order = np.lexsort((pairs[:, 1], pairs[:, 0]))
    out: list[list[int]] = (pairs[order][:, ::-1] + 1).tolist()
    return out
