"""``python -m nqueens`` and the ``nqueens`` console script: the command line, with
SIGINT and SIGTERM obeyed from the start, before the imports."""

from __future__ import annotations

from puzzleshell.signals import run_program

# Nothing but the handlers before the program: not even ``typing``.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NoReturn


def main() -> NoReturn:
    """The ``nqueens`` program."""
    run_program("nqueens", "nqueens.cli")


if __name__ == "__main__":
    main()
