"""Starting the installed ``minesweeper`` program from the tests."""

from __future__ import annotations

import random
import shutil
import sys
from pathlib import Path
from typing import Any

from minesweeper.base.board import Board, parse_board

#: The command line of the installed program.
PROGRAM = [shutil.which("minesweeper", path=str(Path(sys.executable).parent))
           or shutil.which("minesweeper") or str(Path(sys.executable).parent / "minesweeper")]


def game_position(rng: random.Random, h: int, w: int, density: float, reveal: float,
                  total: bool, flag: float = 0.1) -> Board:
    """A position of a real game: mines at random (a share ``flag`` of them flagged),
    a share ``reveal`` of the safe squares revealed, the total given or not."""
    mines = {(r, c) for r in range(h) for c in range(w) if rng.random() < density}
    rows = []
    for r in range(h):
        row = ""
        for c in range(w):
            if (r, c) in mines:
                row += "F" if rng.random() < flag else "?"
            elif rng.random() < reveal:
                k = sum((r + dr, c + dc) in mines for dr in (-1, 0, 1) for dc in (-1, 0, 1))
                row += str(k) if k else "."
            else:
                row += "?"
        rows.append(row)
    head = f"mines: {len(mines)}\n" if total else ""
    return parse_board(head + "\n".join(rows))


def varied_position(seed: int, side: int = 12) -> Board:
    """A small game position drawn from ``seed``: 2 to ``side`` squares a side, mines on
    a tenth to three tenths, a fifth to four fifths of the safe squares revealed; its
    total given (sometimes off by a few) or not."""
    rng = random.Random(seed)
    board = game_position(rng, rng.randint(2, side), rng.randint(2, side),
                          rng.choice([0.1, 0.2, 0.3]), rng.choice([0.2, 0.5, 0.8]),
                          total=rng.random() < 0.7)
    if board.total is not None and rng.random() < 0.3:
        board.total = max(board.flags(), board.total + rng.choice([-3, -1, 1, 2, 5]))
    return board


def cnf_models(f: object, names: list[str]) -> Any:
    """The models of the CNF formula ``f`` over ``names``, found by trying every
    assignment (numpy, clause by clause): one row of 0s and 1s a model, ``names[k]`` in
    column ``k``."""
    import numpy as np

    from minesweeper.circuits.circuit import cnf_clauses

    n = len(names)
    every = (np.arange(1 << n)[:, None] >> np.arange(n)) & 1
    holds = np.ones(1 << n, dtype=bool)
    clauses = cnf_clauses(f)              # type: ignore[arg-type]
    assert clauses is not None, "not a CNF formula"
    for clause in clauses:
        sat = np.zeros(1 << n, dtype=bool)
        for name, negated in clause:
            sat |= every[:, names.index(name)] == (0 if negated else 1)
        holds &= sat
    return every[holds]
