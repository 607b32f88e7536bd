"""``python -m nqueens``: the command line."""

from nqueens.interrupt import nqueens_main

nqueens_main()
