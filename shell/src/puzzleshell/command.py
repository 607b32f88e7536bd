"""The command shell: a command group, the one-line-error wrapper, the shared options.

Both programs build their command line from these parts, so that their commands behave
alike:

* :class:`CommandGroup`: a click group whose commands load on first use (``lazy``) and
  all take ``--debug``, before or after the command's name;
* :func:`main`: runs a group as a program; every failure becomes one line on standard
  error and an exit code (2 bad input or memory that ran out, 1 no answer, 130
  interrupted, 70 a fault of the program), a reader that goes away (``| head``) ends
  it quietly, and ``--debug`` shows the traceback instead;
* :func:`quiet_option`, :func:`json_option`, :func:`output_option`: ``-q``, ``--json``
  and ``-o``, declared here once (each command says in its own words what they leave
  out, print or write);
* :func:`echo`, :func:`say`, :func:`output_stream`: data to standard output or a file,
  messages to standard error; :func:`wrote`: the one message that says a file was
  written.

>>> @click.group(cls=CommandGroup, lazy={})
... def demo() -> None:
...     "A demonstration."
>>> @demo.command()
... @json_option()
... def hello(as_json: bool) -> None:
...     echo('{"hello": true}' if as_json else "hello")
>>> main(demo, ["hello", "--json"], "demo")
{"hello": true}
0
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import IO, Any, TypeVar

import click

from . import signals
from .errors import BadInput, ProgramError, ReaderGone, memory_line
from .output import error_message, open_output
from .text import printable, size_text

F = TypeVar("F", bound=Callable[..., Any])

#: The exit status of a fault inside the program (EX_SOFTWARE of sysexits.h).
INTERNAL_ERROR = 70

#: Help on ``-h`` as on ``--help``, and lines up to 100 columns.
CONTEXT: dict[str, Any] = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


class LazyGroup(click.Group):
    """A command group that imports the module of a command only when that command is
    run (or its help shown): a command pays for its own imports, not for the others'.

    ``lazy`` maps each command name to ``("package.module:function", short help)``: the
    click command, and the first sentence of its help, written here only (the group
    puts it before the rest of the command's help), so that the list of commands
    needs no command module.

    >>> group = LazyGroup(name="demo", lazy={"solve": ("demo.solve_cmd:solve", "Print one.")})
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
            import inspect

            spec, short = self.lazy[cmd_name]
            module, _, name = spec.partition(":")
            cmd: click.Command = getattr(importlib.import_module(module), name)
            # the docstring's own indentation goes before the short help is put above it
            cmd.help = f"{short}\n\n{inspect.cleandoc(cmd.help)}" if cmd.help else short
            self.add_command(cmd, cmd_name)
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
    ``debug`` (``--debug``). :func:`run` gives one to the run as its context object and
    reads it when the run fails.

    >>> RunSettings().debug
    False
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
    """A program's command group: a :class:`LazyGroup` (``lazy`` may be empty) whose
    commands also accept ``--debug``, and which takes ``--debug`` itself.

    >>> group = CommandGroup(name="demo", lazy={})
    >>> group.add_command(click.Command("hello"))
    >>> [p.name for p in group.commands["hello"].params], [p.name for p in group.params]
    (['debug'], ['debug'])
    """

    def __init__(self, *args: Any, lazy: Mapping[str, tuple[str, str]] | None = None,
                 **kwargs: Any) -> None:
        kwargs.setdefault("context_settings", CONTEXT)
        super().__init__(*args, lazy=lazy or {}, **kwargs)
        if not any(p.name == "debug" for p in self.params):
            self.params.append(debug_option())

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        """Register ``cmd``, giving it the hidden ``--debug`` unless it has one."""
        if not any(p.name == "debug" for p in cmd.params):
            cmd.params.append(debug_option(hidden=True))
        super().add_command(cmd, name)


def quiet_option(help: str) -> Callable[[F], F]:
    """``--quiet`` / ``-q``; ``help`` says what the command then leaves out.

    >>> @click.command()
    ... @quiet_option("No summary line on standard error.")
    ... def show(quiet: bool) -> None:
    ...     click.echo(f"quiet: {quiet}")
    >>> show.main(["-q"], standalone_mode=False)
    quiet: True
    """
    return click.option("--quiet", "-q", is_flag=True, help=help)


def json_option(help: str = "Print machine-readable JSON on stdout.") -> Callable[[F], F]:
    """``--json``: machine-readable output on standard output (parameter ``as_json``).

    >>> @click.command()
    ... @json_option()
    ... def show(as_json: bool) -> None:
    ...     click.echo(f"json: {as_json}")
    >>> show.main(["--json"], standalone_mode=False)
    json: True
    """
    return click.option("--json", "as_json", is_flag=True, help=help)


def output_option(help: str = "Write to FILE instead of standard output (written whole or "
                              "not at all).",
                  required: bool = False) -> Callable[[F], F]:
    """``--output FILE`` / ``-o FILE`` ('-': standard output), written with
    :func:`output_stream`; ``help`` says what goes there.

    >>> @click.command()
    ... @output_option()
    ... def show(output: str | None) -> None:
    ...     with output_stream(output) as out:
    ...         echo("2 4 1 3", out)
    >>> show.main([], standalone_mode=False)
    2 4 1 3
    """
    return click.option("--output", "-o", type=click.Path(dir_okay=False), default=None,
                        required=required, callback=_file_name, help=help)


def _file_name(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """Refuse an empty file name for ``-o`` (``-o ""``), as a usage error that says so.

    >>> _file_name(click.Context(click.Command("x")), click.Option(["-o"]), "")
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: a file name is needed ('-' for standard output), not ''
    """
    if value == "":
        raise click.BadParameter("a file name is needed ('-' for standard output), not ''")
    return value


def echo(text: str = "", out: IO[str] | None = None, nl: bool = True) -> None:
    """Write data to standard output (or ``out``); a reader that went away becomes
    :class:`~puzzleshell.errors.ReaderGone`, which :func:`main` ends quietly.

    >>> echo("2 4 1 3")
    2 4 1 3
    >>> import io
    >>> class ClosedPipe(io.StringIO):
    ...     def write(self, text: str) -> int:
    ...         raise BrokenPipeError
    >>> echo("2 4 1 3", ClosedPipe())
    Traceback (most recent call last):
    ...
    puzzleshell.errors.ReaderGone
    """
    stream = out if out is not None else sys.stdout
    try:
        stream.write(text + ("\n" if nl else ""))
    except BrokenPipeError:
        raise ReaderGone() from None


def say(text: str) -> None:
    """Write a message for people to standard error.

    >>> import contextlib, io
    >>> err = io.StringIO()
    >>> with contextlib.redirect_stderr(err):
    ...     say("counting 12 queens")
    >>> err.getvalue()
    'counting 12 queens\\n'
    """
    click.echo(text, err=True)


def wrote(path: str | None, what: str, quiet: bool = False) -> None:
    """Say on standard error, in the one form every command uses, that the file ``path``
    was written: ``wrote FILE (what, size)``. Nothing for standard output (None or ``-``)
    or with ``quiet`` (``-q``); the size is left out for what is not a regular file (a
    FIFO, a device).

    >>> import contextlib, io, os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "board.svg")
    >>> with open(path, "w") as fh:
    ...     _ = fh.write("x" * 12_345)
    >>> err = io.StringIO()
    >>> with contextlib.redirect_stderr(err):
    ...     wrote(path, "a picture of 8 queens, 640 px")
    ...     wrote(None, "a board")
    ...     wrote(path, "a board", quiet=True)
    >>> err.getvalue().replace(path, "board.svg")
    'wrote board.svg (a picture of 8 queens, 640 px, 12.3 kB)\\n'
    """
    if quiet or path is None or path == "-":
        return
    import stat

    try:
        info = os.stat(path)
    except OSError:
        info = None
    size = (", " + size_text(info.st_size)) if info and stat.S_ISREG(info.st_mode) else ""
    click.echo(printable(f"wrote {path} ({what}{size})"), err=True)


@contextmanager
def output_stream(path: str | None, binary: bool = False) -> Iterator[IO[Any]]:
    """Yield standard output (for None or ``-``), or a stream writing ``path`` as a shell
    redirection would: through a link, into a FIFO or a device, and a regular file
    whole or not at all, keeping its permissions (see :mod:`puzzleshell.output`).

    >>> import errno, os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "board.txt")
    >>> with output_stream(path) as out:
    ...     out.write("2 4 1 3\\n")
    8

    When the writing fails, the file is left as it was (nor is any temporary file
    left behind); an error of the system names the file:

    >>> with output_stream(path) as out:
    ...     out.write("1 2 3")
    ...     raise OSError(errno.ENOSPC, "No space left on device")
    Traceback (most recent call last):
    ...
    puzzleshell.errors.BadInput: cannot write /.../board.txt: No space left on device
    >>> open(path).read(), os.listdir(folder)
    ('2 4 1 3\\n', ['board.txt'])
    """
    if path is not None and not path:
        raise BadInput("--output needs a file name")
    try:
        with open_output(path, binary) as out:
            yield out
    except BrokenPipeError:
        raise ReaderGone() from None
    except OSError as exc:
        if path is None or path == "-" or exc.filename != path:
            raise
        raise BadInput(error_message(exc)) from None


def main(group: click.Group, argv: list[str] | None, prog: str,
         extras: Mapping[str, str] | None = None,
         usage: Callable[[click.ClickException], str | None] | None = None) -> int:
    """Run ``group`` on ``argv`` (the program's own arguments when None: then, as a
    program, SIGINT, SIGTERM and SIGHUP end it at once and it exits with the code) and return
    the exit code. ``extras`` maps an optional package to the extra of distribution
    ``prog`` that installs it; ``usage`` may word a usage error the program's own way.

    >>> @click.group(cls=CommandGroup)
    ... def demo() -> None:
    ...     "A demonstration."
    >>> @demo.command()
    ... @click.argument("n", type=int)
    ... def solve(n: int) -> None:
    ...     if n < 1:
    ...         raise BadInput(f"n must be at least 1, not {n}")
    >>> import contextlib
    >>> with contextlib.redirect_stderr(sys.stdout):
    ...     main(demo, ["solve", "0"], "demo"), main(demo, ["solve", "x"], "demo")
    demo: error: n must be at least 1, not 0
    demo: error: Invalid value for 'N': 'x' is not a valid integer. (see 'demo solve --help')
    (2, 2)
    """
    args = list(sys.argv[1:] if argv is None else argv)
    if argv is None:
        # As a program: SIGINT, SIGTERM and SIGHUP end it at once, even inside compiled
        # code (exit status 130, 143 or 129, as a shell reports a program ended by the
        # signal), after removing half-written output files. It does not unwind: a signal that
        # lands inside a compiled callback could be swallowed there.
        signals.install(prog)
    code = run(group, args, prog, extras or {}, usage)
    if argv is None:
        sys.exit(code)
    return code


def _say(line: str) -> None:
    """Say ``line`` on standard error, with any control character in it (from a file
    name or a file's text) escaped: a message cannot drive the terminal."""
    click.echo(printable(line), err=True)


def run(group: click.Group, args: list[str], prog: str, extras: Mapping[str, str],
        usage: Callable[[click.ClickException], str | None] | None = None) -> int:
    """Run the command line ``args``; turn what fails into one line and an exit code
    (or, with ``--debug``, let a failure of the work raise with its traceback). Click's
    own errors (a bad option, a missing argument) are always one line."""
    settings = RunSettings()
    try:
        rv = group.main(args=args, prog_name=prog, standalone_mode=False, obj=settings)
        return rv if isinstance(rv, int) else 0
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc), err=True)
        return 2
    except click.ClickException as exc:
        _say(f"{prog}: error: {(usage and usage(exc)) or _usage_line(exc)}")
        return exc.exit_code
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except (click.Abort, KeyboardInterrupt):
        _say(f"{prog}: interrupted")
        return 130
    except (BrokenPipeError, ReaderGone):
        # The reader went away (e.g. 'nqueens all 12 | head'); that is not an error.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception as exc:
        if settings.debug:
            raise
        if isinstance(exc, MemoryError):  # what the failed work held goes before the words
            exc = exc.with_traceback(None)
        try:
            line, code = failure_line(exc, prog, extras)
        except MemoryError:  # not even room for the words: the fewest
            line, code = "error: ran out of memory", 2
        _say(f"{prog}: {line}")
        return code


def _usage_line(exc: click.ClickException) -> str:
    """What is wrong with the command line, in one line, with where to read more."""
    ctx = getattr(exc, "ctx", None)
    hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
    return exc.format_message().replace("\n", " ") + hint


def failure_line(exc: Exception, prog: str,
                 extras: Mapping[str, str] | None = None) -> tuple[str, int]:
    """The line (after ``PROG: ``) that says why the work failed, and the exit code: the
    error's own for a :class:`~puzzleshell.errors.ProgramError`, 2 for an error of the
    system, a missing optional package or memory that ran out, :data:`INTERNAL_ERROR`
    for a fault of the program itself.

    >>> failure_line(BadInput("a number above 8"), "minesweeper")
    ('error: a number above 8', 2)
    >>> line, code = failure_line(MemoryError(), "nqueens")
    >>> line.startswith("error: ran out of memory; this machine allowed "), code
    (True, 2)
    >>> line, code = failure_line(ModuleNotFoundError("no dask", name="dask"), "nqueens",
    ...                           {"dask": "cluster"})
    >>> line
    "error: this needs dask, which the 'cluster' extra installs: pip install 'nqueens[cluster]'"
    >>> failure_line(ZeroDivisionError("division by zero"), "demo")[1]
    70
    """
    if isinstance(exc, ProgramError):
        return f"{exc.label}{exc}", exc.exit_code
    if isinstance(exc, MemoryError):
        return f"error: {memory_line(exc)}", 2
    if isinstance(exc, OSError):
        return f"error: {exc.strerror or exc}: {exc.filename or ''}".rstrip(": "), 2
    package = (getattr(exc, "name", None) or "").partition(".")[0]
    if isinstance(exc, ModuleNotFoundError) and package in (extras or {}):
        extra = (extras or {})[package]
        return (f"error: this needs {package}, which the {extra!r} extra installs: "
                f"pip install '{prog}[{extra}]'", 2)
    return (f"internal error: {type(exc).__name__}: {exc} (run again with --debug for the "
            "traceback, and please report it)", INTERNAL_ERROR)
