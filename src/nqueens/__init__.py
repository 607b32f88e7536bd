"""nqueens: solve, count and explore the N-Queens problem and its relatives.

>>> import nqueens
>>> print(nqueens.solve(4))
.Q..
...Q
Q...
..Q.
>>> nqueens.count(8).total
92
>>> sum(1 for _ in nqueens.solutions(8, unique=True))
12
"""

from __future__ import annotations

# Not ``typing``: the console scripts import this package before they set their signal
# handlers, and it should take no time (``typing`` alone takes several milliseconds).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .algorithms.counter import CountResult, count
    from .algorithms.search import first_solution, solutions
    from .base.board import SYMMETRY_NAMES, Solution
    from .base.errors import BadInput, BudgetExhausted, InvalidBoard, NoSolution, NQueensError
    from .base.pieces import Piece
    from .output.formats import read, write
    from .tasks.notebook import show
    from .tasks.player import Trace, trace
    from .tasks.solver import solve, solve_report

# Each name is loaded from its module on first use, so that importing a light module
# of the package (nqueens.base.errors, nqueens.base.squares) does not load the compiled kernels.
_HOMES = {
    "SYMMETRY_NAMES": "base.board", "Solution": "base.board",
    "CountResult": "algorithms.counter", "count": "algorithms.counter",
    "BadInput": "base.errors", "BudgetExhausted": "base.errors", "InvalidBoard": "base.errors",
    "NoSolution": "base.errors", "NQueensError": "base.errors",
    "read": "output.formats", "write": "output.formats",
    "Piece": "base.pieces",
    "first_solution": "algorithms.search", "solutions": "algorithms.search",
    "solve": "tasks.solver", "solve_report": "tasks.solver",
    "show": "tasks.notebook",
    "Trace": "tasks.player", "trace": "tasks.player",
}

__all__ = [
    "SYMMETRY_NAMES",
    "BadInput",
    "BudgetExhausted",
    "CountResult",
    "InvalidBoard",
    "NQueensError",
    "NoSolution",
    "Piece",
    "Solution",
    "Trace",
    "count",
    "first_solution",
    "read",
    "show",
    "solutions",
    "solve",
    "solve_report",
    "trace",
    "write",
]

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """Load an exported name, or a submodule, on first use."""
    import importlib

    home = _HOMES.get(name)
    if home is None:
        if name.startswith("__"):
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        try:
            return importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public API: what ``__all__`` names, and the version."""
    return sorted([*__all__, "__version__"])


def _notebook() -> None:
    """In IPython or Jupyter the objects of nqueens show themselves (boards drawn, counts
    as tables: :mod:`nqueens.tasks.notebook`); elsewhere nothing is loaded for it."""
    import sys

    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is not None:
        from .tasks.notebook import register

        register(shell)


_notebook()
