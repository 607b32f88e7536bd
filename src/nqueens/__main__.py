"""``python -m nqueens``: the command line."""

from nqueens.cli import main

main()
