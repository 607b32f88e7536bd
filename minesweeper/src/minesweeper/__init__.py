"""Minesweeper consistency: read positions, decide, count and explain them, and build
boards from Boolean circuits out of wire, splitter, crossover and NOR gadgets.

>>> from minesweeper import parse_board, check
>>> check(parse_board("1?1/?0?/1?1")).consistent
False
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .analysis.sat import check
    from .base.board import Board, parse_board

# Each name is loaded from its module on first use: the command line imports this
# package, and its help needs neither numpy nor the SAT solver.
_HOMES = {"Board": "base.board", "parse_board": "base.board", "check": "analysis.sat"}

__all__ = ["Board", "parse_board", "check"]


def __getattr__(name: str) -> Any:
    """Load an exported name on first use."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
