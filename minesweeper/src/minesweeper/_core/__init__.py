"""The compiled kernels of minesweeper: :mod:`minesweeper._core.mines` reads constraints
out of a board and collapses them; :mod:`minesweeper.base.board` and
:mod:`minesweeper.analysis.reduce` wrap it with checked arguments."""
