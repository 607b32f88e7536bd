"""The bottom of minesweeper: its errors, its words, and the board (reading, writing,
the numbers and the covered squares), over the compiled kernels."""
