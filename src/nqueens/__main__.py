"""``python -m nqueens`` and the ``nqueens`` console script: the command line, with
SIGINT and SIGTERM obeyed from the start, before the imports."""

from puzzleshell.signals import entry

main = entry("nqueens", "nqueens.cli")

if __name__ == "__main__":
    main()
