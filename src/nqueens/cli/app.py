"""The ``nqueens`` command group and the error handling every command shares (the
shell's: :mod:`puzzleshell.command`)."""

from __future__ import annotations

import re

import click

from puzzleshell import command

from .. import __version__

#: Every command: its name, the module that defines it (its function has the module's
#: name), and its short help, the first sentence of its help, written only here, so
#: that ``nqueens --help`` lists the commands without importing any of them.
COMMANDS: dict[str, tuple[str, str]] = {
    name: (f"{__package__}.{module}:{module}", short) for name, module, short in [
    ("all", "all_cmd", "Print every solution, in lexicographic order, as they are found."),
    ("check", "check_cmd", "Check that no two queens of a board attack each other."),
    ("count", "count_cmd", "Count the solutions for an N×N board."),
    ("linear", "linear_cmd", "List the linear solutions of an N×N board: a queen on "
                             "(x, (a·x + b) mod n) in every row x."),
    ("motion", "motion_cmd", "Block motion estimation: full search against N-queens "
                             "subsampled search."),
    ("solve", "solve_cmd", "Print one solution for an N×N board."),
    ("stats", "stats_cmd", "The search-space table for an N×N board."),
    ("steps", "steps_cmd", "Table of the steps of the backtracking (proba) to its first "
                           "solution, n = FROM … TO."),
    ("table", "table_cmd", "Count all and fundamental solutions for each n from FROM to TO, "
                           "with the seconds each count took."),
    ("trace", "trace_cmd", "Trace an algorithm on an N×N board: the board at chosen steps, "
                           "an animation, a page."),
]}


@click.group(cls=command.CommandGroup, lazy=COMMANDS)
@click.version_option(__version__, prog_name="nqueens")
def cli() -> None:
    """Solve, count and explore the N-Queens problem.

    \b
    Examples:
      nqueens solve 8                  one solution, as a Q/. board
      nqueens solve 8 --format perm    the same as 1-based columns: 1 5 8 6 3 7 2 4
      nqueens all 6 --format list      every solution, as lists of row strings
      nqueens count 12 --unique        how many essentially different solutions
      nqueens check board.txt          are the queens in a file safe from each other?
      nqueens table 1 16 --plot t.png  the table of counts and times, and a plot
      nqueens trace 8 --html p.html    watch the backtracking reach step 876
      nqueens stats 8                  how big the search space is
      nqueens solve 10000000 -f npy -o q.npy   ten million queens in seconds
      nqueens linear 11                the solutions y = (a·x + b) mod 11
      nqueens motion --demo            N-queens subsampling for video motion search

    Boards go to standard output, messages to standard error. Exit codes: 0 success,
    1 no solution or an invalid board, 2 bad input. Run 'nqueens COMMAND --help' for more.
    """


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return (and, as a script, exit with) its exit code.

    >>> main(["solve", "6", "--format", "perm"])
    2 4 6 1 3 5
    0

    Errors are one line on standard error (shown here on standard output):

    >>> import contextlib, sys
    >>> with contextlib.redirect_stderr(sys.stdout):
    ...     main(["solve", "3"])
    nqueens: no solution exists for n = 3
    1
    >>> with contextlib.redirect_stderr(sys.stdout):
    ...     main(["solve", "0"])
    nqueens: error: n must be at least 1, not 0
    2
    """
    return command.main(cli, argv, "nqueens", EXTRA_OF, _usage)


def _usage(exc: click.ClickException) -> str | None:
    """A negative number taken for an option is a board size written wrong."""
    if isinstance(exc, click.NoSuchOption) and re.fullmatch(r"-\d+", exc.option_name or ""):
        return f"{exc.option_name} is not a board size: sizes are whole numbers from 1"
    return None


#: The optional packages, by the extra that installs them (``pyproject.toml``).
EXTRA_OF: dict[str, str] = {"matplotlib": "plot", "PIL": "motion", "dask": "cluster",
                            "distributed": "cluster", "cuda": "gpu"}
