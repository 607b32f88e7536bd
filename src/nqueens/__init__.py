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

from .board import SYMMETRY_NAMES, Solution
from .count import CountResult, count
from .errors import BadInput, BudgetExhausted, InvalidBoard, NoSolution, NQueensError
from .formats import read, write
from .pieces import Piece
from .search import first_solution, solutions
from .solve import solve, solve_report

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
    "count",
    "first_solution",
    "read",
    "solutions",
    "solve",
    "solve_report",
    "write",
]

__version__ = "0.1.0"
