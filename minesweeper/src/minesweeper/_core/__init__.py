"""The compiled kernels of minesweeper: :mod:`minesweeper._core.mines` reads constraints
out of a board and collapses them; :mod:`minesweeper.board` and :mod:`minesweeper.reduce`
wrap it with checked arguments."""
