"""``python -m minesweeper`` and the ``minesweeper`` console script: the command line, with
SIGINT and SIGTERM obeyed from the start, before the imports."""

from puzzleshell.signals import entry

main = entry("minesweeper", "minesweeper.cli")

if __name__ == "__main__":
    main()
