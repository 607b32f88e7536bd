"""The ``nqueens`` command group and the error handling every command shares."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping
from typing import Any

import click

from .. import __version__, interrupt
from ..bounded_input import printable
from ..errors import NoSolution, NQueensError
from ..safe_output import remove_pending_files as _remove_pending_outputs

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}

#: Every command: its name, the module that defines it (and registers it on :data:`cli`
#: when imported), and its short help, the first sentence of its help, so that
#: ``nqueens --help`` lists the commands without importing any of them.
COMMANDS: dict[str, tuple[str, str]] = {
    "all": ("all_cmd", "Print every solution, in lexicographic order, as they are found."),
    "check": ("check_cmd", "Check that no two queens of a board attack each other."),
    "count": ("count_cmd", "Count the solutions for an N×N board."),
    "linear": ("linear_cmd", "List the linear solutions of an N×N board: a queen on "
                             "(x, (a·x + b) mod n) in every row x."),
    "motion": ("motion_cmd", "Block motion estimation: full search against N-queens "
                             "subsampled search."),
    "solve": ("solve_cmd", "Print one solution for an N×N board."),
    "stats": ("stats_cmd", "The search-space table for an N×N board."),
    "steps": ("steps_cmd", "Table of the steps of the backtracking (proba) to its first "
                           "solution, n = FROM … TO."),
    "table": ("table_cmd", "Count all and fundamental solutions for each n from FROM to TO, "
                           "with the seconds each count took."),
    "trace": ("trace_cmd", "Trace an algorithm on an N×N board: the board at chosen steps, "
                           "an animation, a page."),
}


class LazyGroup(click.Group):
    """A command group that imports the module of a command only when that command is
    run (or its help shown): a command pays for its own imports, not for the others'.

    ``lazy`` maps each command name to ``(module, short help)``; the module, imported
    relative to this package, registers the command on the group as it loads.

    >>> group = LazyGroup(name="demo", lazy={"solve": ("solve_cmd", "Print one.")})
    >>> group.list_commands(click.Context(group))
    ['solve']
    """

    def __init__(self, *args: Any, lazy: Mapping[str, tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy)

    def list_commands(self, ctx: click.Context) -> list[str]:
        """The names of all commands, loaded or not, sorted."""
        return sorted({*self.lazy, *self.commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command ``cmd_name``, importing its module on first use."""
        if cmd_name not in self.commands and cmd_name in self.lazy:
            import importlib

            importlib.import_module(f"{__package__}.{self.lazy[cmd_name][0]}")
        return self.commands.get(cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The list of commands in the help, from the short help of the table: no command
        module is imported to show it."""
        listing = click.Group(self.name, commands={
            name: self.commands.get(name) or click.Command(name, help=self.lazy[name][1])
            for name in self.list_commands(ctx)})
        listing.format_commands(ctx, formatter)


class RunSettings:
    """What the options of the whole run set, wherever they stand on the command line:
    ``debug`` (``--debug``). :func:`main` gives one to the run as its context object and
    reads it when the run fails.

    >>> settings = RunSettings()
    >>> cli.main(["--debug", "--version"], standalone_mode=False, obj=settings)
    nqueens, version ...
    0
    >>> settings.debug
    True
    """

    def __init__(self) -> None:
        self.debug = False


def _set_debug(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """Record ``--debug`` in the run's :class:`RunSettings`, as click parses it."""
    if value:
        ctx.ensure_object(RunSettings).debug = True


def debug_option(hidden: bool = False) -> click.Option:
    """The ``--debug`` option: the group's, and a hidden copy on every command so that it
    may also follow the command's name (``nqueens solve 8 --debug``).

    >>> debug_option().opts, debug_option(hidden=True).hidden
    (['--debug'], True)
    """
    return click.Option(["--debug"], is_flag=True, expose_value=False, is_eager=True,
                        callback=_set_debug, hidden=hidden,
                        help="Show the full traceback when something fails.")


class CommandGroup(LazyGroup):
    """The ``nqueens`` group: a :class:`LazyGroup` whose commands also accept ``--debug``.

    >>> group = CommandGroup(name="demo", lazy={})
    >>> group.add_command(click.Command("hello"))
    >>> [p.name for p in group.commands["hello"].params]
    ['debug']
    """

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        """Register ``cmd``, giving it the hidden ``--debug`` unless it has one."""
        if not any(p.name == "debug" for p in cmd.params):
            cmd.params.append(debug_option(hidden=True))
        super().add_command(cmd, name)


@click.group(cls=CommandGroup, lazy=COMMANDS, context_settings=CONTEXT,
             params=[debug_option()])
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
    args = list(sys.argv[1:] if argv is None else argv)
    if argv is None:
        # As a program: SIGINT and SIGTERM end it at once, even inside a compiled search
        # (exit status 130 or 143, as a shell reports a program ended by the signal),
        # after removing half-written output files. It does not unwind: a signal that
        # lands inside a compiled callback could be swallowed there. Journals need no
        # care: each commit is atomic, as for SIGKILL.
        interrupt.install("nqueens", remove_pending_files)
    code = _run(args)
    if argv is None:
        sys.exit(code)
    return code


# The command helpers (nqueens.cli.common) load with the first command: ``nqueens --help``
# needs neither them nor what they import. Until then none of their files or errors exist.


def remove_pending_files() -> None:
    """Remove the half-written output files, and say what a long command keeps (see
    :func:`nqueens.cli.common.remove_pending_files`); safe inside a signal handler, as it
    imports nothing."""
    common = sys.modules.get(f"{__package__}.common")
    if common is None:
        _remove_pending_outputs()
    else:
        common.remove_pending_files()


def _reader_gone() -> tuple[type[Exception], ...]:
    """The errors that say the reader of standard output went away: a broken pipe, and
    :class:`nqueens.cli.common.ReaderGone` once that module is loaded."""
    common = sys.modules.get(f"{__package__}.common")
    return (BrokenPipeError,) if common is None else (BrokenPipeError, common.ReaderGone)


def _say(line: str) -> None:
    """Say ``line`` on standard error, with any control character in it (from a file
    name or a file's text) escaped: a message cannot drive the terminal."""
    click.echo(printable(line), err=True)


def _run(args: list[str]) -> int:
    """Run the command line ``args``; turn what fails into one line and an exit code
    (or, with ``--debug``, let a failure of the work raise with its traceback). Click's
    own errors (a bad option, a missing argument) are always one line."""
    settings = RunSettings()
    try:
        rv = cli.main(args=args, prog_name="nqueens", standalone_mode=False, obj=settings)
        return rv if isinstance(rv, int) else 0
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc), err=True)
        return 2
    except click.ClickException as exc:
        return _usage_error(exc)
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except (click.Abort, KeyboardInterrupt):
        _say("nqueens: interrupted")
        return 130
    except _reader_gone():
        # The reader went away (e.g. 'nqueens all 12 | head'); that is not an error.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception as exc:
        if settings.debug:
            raise
        return _failure(exc)


def _usage_error(exc: click.ClickException) -> int:
    """Say what is wrong with the command line, in one line; return its exit code."""
    if isinstance(exc, click.NoSuchOption) and re.fullmatch(r"-\d+", exc.option_name or ""):
        _say(f"nqueens: error: {exc.option_name} is not a board size: sizes are whole "
             "numbers from 1")
        return exc.exit_code
    ctx = getattr(exc, "ctx", None)
    hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
    message = exc.format_message().replace("\n", " ")
    _say(f"nqueens: error: {message}{hint}")
    return exc.exit_code


def _failure(exc: Exception) -> int:
    """Say in one line why the work failed; return the exit code: the error's own for
    :class:`~nqueens.errors.NQueensError` (1 for no solution, 2 for bad input), 2 for an
    error of the system, :data:`INTERNAL_ERROR` for a fault of the program itself."""
    if isinstance(exc, NoSolution):
        _say(f"nqueens: {exc}")
        return exc.exit_code
    if isinstance(exc, NQueensError):
        _say(f"nqueens: error: {exc}")
        return exc.exit_code
    if isinstance(exc, OSError):
        _say(f"nqueens: error: {exc.strerror or exc}: {exc.filename or ''}".rstrip(": "))
        return 2
    package = (getattr(exc, "name", None) or "").partition(".")[0]
    if isinstance(exc, ModuleNotFoundError) and package in EXTRA_OF:
        extra = EXTRA_OF[package]
        _say(f"nqueens: error: this needs {package}, which the {extra!r} extra installs: "
             f"pip install 'nqueens[{extra}]'")
        return 2
    _say(f"nqueens: internal error: {type(exc).__name__}: {exc} (run again with --debug for "
         "the traceback, and please report it)")
    return INTERNAL_ERROR


#: The optional packages, by the extra that installs them (``pyproject.toml``).
EXTRA_OF: dict[str, str] = {"matplotlib": "plot", "PIL": "motion", "dask": "cluster",
                            "distributed": "cluster", "cuda": "gpu"}

#: The exit status of a fault inside the program (EX_SOFTWARE of sysexits.h).
INTERNAL_ERROR = 70
