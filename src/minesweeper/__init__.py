"""Minesweeper consistency: read positions, decide, count and explain them, and build
boards from Boolean circuits out of wire, splitter, crossover and NOR gadgets.

>>> from minesweeper import parse_board, check
>>> check(parse_board("1?1/?0?/1?1")).consistent
False
"""

from __future__ import annotations

from .board import Board, parse_board
from .sat import check

__all__ = ["Board", "parse_board", "check"]
