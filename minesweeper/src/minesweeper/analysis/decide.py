"""Which solver answers a board, and its verdict: ``sat`` (python-sat, with a witness
found from the groups of classes first when the board has a mine total) or
``backtrack``.

>>> from minesweeper.base.board import parse_board
>>> decide(parse_board("1?1/?0?/1?1"), "sat").consistent
False
"""

from __future__ import annotations

from ..base.board import Board, Cell
from .verdict import Verdict


def decide(board: Board, method: str = "sat") -> Verdict:
    """The verdict of the solver ``method`` (one of :data:`METHODS`) on ``board``.

    >>> from minesweeper.base.board import parse_board
    >>> decide(parse_board("1?1/?0?/1?1"), "sat").consistent
    False
    """
    if method == "backtrack":
        from .backtrack import check as backtrack_check

        return backtrack_check(board)
    if board.total is not None:
        found = _witness_by_groups(board)
        if found is not None:
            return Verdict(True, "sat", mines=found)
    from .sat import check as sat_check

    return sat_check(board)


def _witness_by_groups(board: Board) -> set[Cell] | None:
    """A witness from the groups of classes, the total one constraint over their mine
    counts (what a cardinality encoding makes slow on large boards); None when there is
    none (the solver then gives the reason) or a group is too entangled."""
    from ..base.errors import BadInput
    from .probability import witness

    try:
        return witness(board)
    except BadInput:
        return None
