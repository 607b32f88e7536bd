"""What boards become outside the program: the board formats (read and written) and
the pictures (SVG, PNG)."""
