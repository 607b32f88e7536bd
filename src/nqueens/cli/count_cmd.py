"""``nqueens count``: how many solutions."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import click
from click.core import ParameterSource

from puzzleshell import command, signals

from ..algorithms.counter import count as count_solutions
from ..algorithms.counter import engine_of, estimate_count, uses_subproblems, verify_journal
from ..algorithms.counter.memory import parse_size
from ..algorithms.counter.pace import Estimate, Pace, describe_seconds
from ..algorithms.counter.runner import Progress
from ..algorithms.problem import Problem
from ..base.errors import BadInput, NoSolution
from .common import (
    check_output_paths,
    constraint_options,
    dump_json,
    echo,
    json_option,
    output_option,
    output_stream,
    piece_option,
    problem_from_options,
    say,
    torus_option,
    wants_json,
)

F = TypeVar("F", bound=Callable[..., Any])


def workers_option(f: F) -> F:
    """``--workers K``: how many processes share the work.

    >>> @click.command()
    ... @workers_option
    ... def show(workers: int | None) -> None:
    ...     click.echo(f"workers: {workers}")
    >>> show.main([], standalone_mode=False)
    workers: None
    >>> show.main(["-w", "4"], standalone_mode=False)
    workers: 4
    """
    return click.option(
        "--workers", "-w", type=click.IntRange(min=1), default=None, metavar="K",
        help="Processes to count with (default: all cores; small boards count in-process).",
    )(f)


def quiet_option(f: F) -> F:
    """``--quiet``: no progress bar.

    >>> @click.command()
    ... @quiet_option
    ... def show(quiet: bool) -> None:
    ...     click.echo(f"progress bar: {not quiet}")
    >>> show.main(["-q"], standalone_mode=False)
    progress bar: False
    """
    return command.quiet_option("No progress bar (it shows only when stderr is a terminal).")(f)


class SampleSize(click.ParamType):
    """``--verify-sample K``: a whole number from 1, or ``all`` (None).

    >>> SampleSize().convert("5", None, None), SampleSize().convert("all", None, None)
    (5, None)
    """

    name = "sample"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> int | None:
        if value is None or isinstance(value, int) and not isinstance(value, bool):
            return value  # type: ignore[no-any-return]
        text = str(value).strip().lower()
        if text == "all":
            return None
        if text.isdigit() and int(text) >= 1:
            return int(text)
        self.fail(f"{value!r} is not a number of subproblems (1 or more) or 'all'", param, ctx)


def memory_option(f: F) -> F:
    """``--memory-limit SIZE``: the most memory the count may take.

    >>> @click.command()
    ... @memory_option
    ... def show(memory_limit: str | None) -> None:
    ...     click.echo(f"limit: {memory_limit}")
    >>> show.main(["--memory-limit", "2G"], standalone_mode=False)
    limit: 2G
    """
    return click.option(
        "--memory-limit", metavar="SIZE", default=None,
        help="The most memory the count may take, such as 4G or 512M (default: half of "
             "this machine's, or less where a limit such as ulimit -v allows less). Fewer "
             "workers run when they would not fit; a count that "
             "cannot fit with one says so before it starts.",
    )(f)


class Eta:
    """The time left of a count, by the model of :mod:`nqueens.algorithms.counter.pace`: seconds per
    unit of work from the timed sample (or, without one, from the pace reached so far),
    then from the pace reached once a few percent are done.

    >>> eta = Eta(Pace(0.01, workers=2))
    >>> eta.text(cost_done=0, cost_total=1000)
    '5 s'
    >>> Eta(None).text(cost_done=0, cost_total=1000)
    '?'
    """

    def __init__(self, pace: Pace | None):
        self.pace = pace
        self.started = time.perf_counter()
        self.first_done: int | None = None

    def follow(self, problem: Problem) -> Callable[[Estimate], None]:
        """What the count calls with its estimate (from n = 19): it is said, and this
        model starts from it.

        >>> import contextlib, io
        >>> eta = Eta(None)
        >>> with contextlib.redirect_stderr(io.StringIO()) as err:
        ...     eta.follow(Problem.make(20))(Estimate(200, 2, 6, Pace(0.1, 2)))
        >>> err.getvalue()[:49]
        'nqueens: n = 20 on 2 workers should take about 3 '
        >>> eta.pace
        Pace(seconds_per_cost=0.1, workers=2)
        """
        def estimated(found: Estimate) -> None:
            say(f"nqueens: {found.describe(problem.n, engine_of(problem))}")
            self.pace = found.pace
            self.started = time.perf_counter()
            self.first_done = None

        return estimated

    def text(self, cost_done: int, cost_total: int) -> str:
        """The time left, for people; '?' while nothing can be said."""
        if self.first_done is None:
            self.first_done = cost_done  # what a resumed journal already held
        ran = cost_done - self.first_done
        elapsed = time.perf_counter() - self.started
        if self.pace is None:
            if ran <= 0:
                return "?"
            self.pace = Pace(elapsed / ran)
        else:
            self.pace.observe(ran, elapsed, cost_total - self.first_done)
        return describe_seconds(self.pace.seconds_left(max(0, cost_total - cost_done)))


@contextmanager
def progress_bar(enabled: bool, label: str, eta: Eta) -> Iterator[Progress | None]:
    """A rich progress bar on stderr (subproblems done, solutions so far, the time left
    by ``eta``'s model), or None when ``enabled`` is false or stderr is not a terminal.

    Without a bar the count gets no progress callback:

    >>> with progress_bar(False, "n = 8", Eta(None)) as report:
    ...     report is None
    True

    With stderr on a terminal, the bar follows the count (not run here: it needs a
    terminal):

    >>> with progress_bar(True, "n = 14", Eta(None)) as report:  # doctest: +SKIP
    ...     count_solutions(14, progress=report).total
    365596
    """
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, TextColumn, TimeElapsedColumn
    from rich.progress import Progress as RichProgress

    bar = RichProgress(
        TextColumn("{task.description}"), BarColumn(),
        TextColumn("{task.fields[subs]}"), TextColumn("{task.fields[sols]}"),
        TimeElapsedColumn(), TextColumn("ETA {task.fields[eta]}"),
        console=Console(stderr=True), auto_refresh=False, transient=True,
    )
    task = bar.add_task(label, total=None, subs="", sols="", eta="?")

    def report(done: int, total: int, cost_done: int, cost_total: int, solutions: int) -> None:
        bar.update(task, total=cost_total, completed=cost_done,
                   subs=f"{done:,}/{total:,} subproblems", sols=f"{solutions:,} solutions",
                   eta=eta.text(cost_done, cost_total))
        bar.refresh()

    with bar:
        yield report


@click.command("count")
@click.argument("n", type=int)
@click.option("--unique", "-u", is_flag=True,
              help="Print the number of fundamental solutions (classes under the 8 symmetries).")
@json_option
@piece_option
@torus_option
@constraint_options
@workers_option
@click.option("--journal", "-j", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="Record finished subproblems in this SQLite file; run the same command "
                   "again to resume. Its rows are signed with a secret key kept in "
                   "$XDG_CONFIG_HOME/nqueens/journal-keys/ (default ~/.config), or with "
                   "--journal-key.")
@click.option("--journal-key", metavar="KEY", envvar="NQUEENS_JOURNAL_KEY", default=None,
              help="The journal's secret key (at least 16 characters; also from "
                   "$NQUEENS_JOURNAL_KEY), to resume a journal made on another machine or to "
                   "keep the key yourself. Without it a new journal gets a random key, "
                   "stored in the key folder under the journal's id.")
@click.option("--scheduler", metavar="tcp://HOST:PORT", envvar="NQUEENS_SCHEDULER",
              default=None,
              help="Count on a running Dask cluster (also from $NQUEENS_SCHEDULER); needs "
                   'pip install "nqueens[cluster]".')
@click.option("--redundant", is_flag=True,
              help="With --scheduler: count every batch on two different workers and "
                   "compare (a third count, here, settles a difference). Twice the work; "
                   "without it every result still passes its own checks and a random "
                   "sample is recounted here.")
@memory_option
@click.option("--gpu", is_flag=True,
              help="Count on the GPU (CUDA; needs pip install \"nqueens[gpu]\"): the queen "
                   "board's start constellations, n = 4..32, with the same subproblems and "
                   "journal as on the processor. The kernel is compiled the first time.")
@click.option("--device", metavar="DEVICE", default=None,
              help="Where to count: cpu (the default), cuda (as --gpu), cuda:K (the K-th "
                   "GPU), or host (the GPU path with its kernel run by this processor, to "
                   "check a machine without a GPU).")
@click.option("--verify-sample", "verify", type=SampleSize(), default=None, metavar="K",
              help="Do not count: recount K random finished subproblems of the journal "
                   "(--journal; 'all' for every one) by another method than the one that "
                   "counted them (a plain search), print each beside the journal's figure, "
                   "and exit 1 if any differs.")
@click.option("--estimate", "estimate_only", is_flag=True,
              help="Do not count: time a sample of the subproblems here (6, spread over the "
                   "work; the workers, memory limit and parts planned as the count would "
                   "plan them), and print how long the count would take on them and on one "
                   "core, a subproblem's mean time and a worker's memory.")
@output_option
@quiet_option
def count_cmd(n: int, unique: bool, as_json: bool, piece: str, torus: bool, fixed: str | None,
              blocked: str | None, workers: int | None, journal: str | None,
              journal_key: str | None, scheduler: str | None, redundant: bool,
              memory_limit: str | None,
              gpu: bool, device: str | None, verify: int | None, estimate_only: bool,
              output: str | None, quiet: bool) -> int:
    """The queen board (n = 4..28) is counted by joining half-boards: every placement of
    the north half is built from two quadrants, and north and south halves with
    complementary columns are matched in bulk on their diagonals, one symmetry class
    of column sets at a time, on all cores; from n = 24 (or under a memory limit too
    small for the whole lists) each pass goes in parts of bounded memory. Superqueens
    and larger boards are counted by start constellations (border queens first). One run
    gives both the total and the fundamental count; from n = 19 on the count first prints
    how long it should take (--estimate: only that).

    A journal (--journal) is checked when a count resumes from it: every row against
    its MAC under the journal's key, and a random sample of rows recounted. Its key
    is the file ~/.config/nqueens/journal-keys/ID (ID: the journal's id; the folder
    follows $XDG_CONFIG_HOME); to resume on another machine, copy that file there or
    pass its contents with --journal-key. Only one count at a time may use a journal.

    \b
    Examples:
      nqueens count 8                              92
      nqueens count 8 --unique                     12
      nqueens count 12 --json                      {"n": 12, ..., "all": 14200, ...}
      nqueens count 17 --workers 2                 two processes
      nqueens count 18 --journal q18.sqlite        resumable: run it again after Ctrl-C
      nqueens count 20 --memory-limit 2G           fewer workers if they would not fit
      nqueens count 14 --piece superqueen          5180
      nqueens count 13 --torus                     4524   (lines wrap around the edges)
      nqueens count 8 --fixed d1                   18     (boards holding a queen on d1)
      nqueens count 21 --scheduler tcp://head:8786 --journal q21.sqlite   on a Dask cluster
      nqueens count 20 --gpu                       on the GPU
      nqueens count 18 --journal q18.sqlite --verify-sample 5   recount 5 of its subproblems
      nqueens count 24 --estimate                  its time and memory, from a timed sample
    """
    problem = problem_from_options(n, piece, torus, fixed, blocked)
    as_json = wants_json(as_json, output)
    check_output_paths([("--output", output)], [journal] if journal else [])
    ctx = click.get_current_context()
    if verify is not None or ctx.get_parameter_source("verify") is ParameterSource.COMMANDLINE:
        return _verify(ctx, problem, journal, journal_key, verify, workers, as_json, output,
                       quiet)
    if estimate_only:
        return _estimate(ctx, problem, workers, memory_limit, as_json, output, quiet)
    if unique and problem.constrained:
        raise BadInput("--unique needs the whole board: it cannot be combined with --fixed "
                       "or --blocked")
    journal_key = _journal_key(ctx, journal, journal_key)
    where = _device(gpu, device, workers, memory_limit)
    scheduler = _scheduler(ctx, scheduler, problem, workers, where)
    if redundant and scheduler is None:
        raise BadInput("--redundant counts each batch on two workers of a cluster: it needs "
                       "--scheduler")
    limit = parse_size(memory_limit) if memory_limit is not None else None
    eta = Eta(None)
    # What a signal that ends the count says (see nqueens.interrupt), and a Ctrl-C here.
    kept = (f"finished subproblems are kept in {journal}. Run the same command again to "
            "resume." if journal is not None else
            "nothing was kept (add --journal FILE to make a count resumable)")
    try:
        with signals.noted(kept), _client(scheduler) as client, \
                progress_bar(uses_subproblems(problem) and not quiet, f"n={problem.n}",
                             eta) as report:
            result = count_solutions(
                problem, workers=workers, journal=journal, progress=report, executor=client,
                journal_key=journal_key, memory_limit=limit, device=where,
                estimate=None if quiet else eta.follow(problem), notify=_notify,
                redundant=redundant)
    except KeyboardInterrupt:
        say(f"nqueens: interrupted; {kept}")
        return 130
    with output_stream(output) as out:
        if as_json:
            dump_json(result.as_dict(), out)
        else:
            echo(str(result.fundamental if unique else result.total), out)
    command.wrote(output, f"the count of {problem.n:,} {problem.piece.value}s"
                          + (", json" if as_json else ""), quiet)
    if result.total == 0 and problem.constrained:
        # Completing a board is a yes/no question: 'none' is the answer "no solution".
        raise NoSolution(problem.no_solution_message())
    return 0


#: What --verify-sample does not take, by option (the recount runs on this machine).
_NOT_WITH_VERIFY = ("unique", "scheduler", "gpu", "device", "memory_limit", "fixed", "blocked",
                    "torus")


def _verify(ctx: click.Context, problem: Problem, journal: str | None, journal_key: str | None,
            sample: int | None, workers: int | None, as_json: bool, output: str | None,
            quiet: bool) -> int:
    """``--verify-sample``: recount subproblems of the journal by another method."""
    for name in _NOT_WITH_VERIFY:
        if ctx.get_parameter_source(name) in (ParameterSource.COMMANDLINE,
                                              ParameterSource.ENVIRONMENT) \
                and ctx.params.get(name) not in (None, False):
            flag = "--" + name.replace("_", "-")
            raise BadInput(f"--verify-sample recounts a journal here: it does not take {flag}")
    if journal is None:
        raise BadInput("--verify-sample needs --journal FILE: the count whose subproblems it "
                       "recounts")
    key = _journal_key(ctx, journal, journal_key)

    def starting(chosen: int, finished: int) -> None:
        if not quiet:
            say(f"nqueens: recounting {chosen:,} of the {finished:,} finished subproblems of "
                f"{journal} by another method (a plain search, far slower than the count)")

    try:
        with signals.noted("the journal is unchanged"):
            found = verify_journal(problem, journal, sample, journal_key=key, workers=workers,
                                   starting=starting)
    except KeyboardInterrupt:
        say("nqueens: interrupted; the journal is unchanged")
        return 130
    with output_stream(output) as out:
        if as_json:
            dump_json(found.as_dict(), out)
        else:
            for r in found.checked:
                echo(r.describe(), out)
            agree = sum(r.agrees for r in found.checked)
            echo(f"{agree:,} of {len(found.checked):,} recounted subproblems agree "
                 f"({found.recorded:,} of {found.subproblems:,} finished in the journal)", out)
    command.wrote(output, f"the recount of {len(found.checked):,} subproblems"
                          + (", json" if as_json else ""), quiet)
    if not found.agrees:
        from ..algorithms.counter.crosscheck import Disagreement

        bad = ", ".join(str(r.sub.id) for r in found.checked if not r.agrees)
        raise Disagreement(f"the journal's figures for subproblem {bad} differ from the "
                           "recount by another method")
    return 0


#: What --estimate does not take, by option (it times a sample here).
_NOT_WITH_ESTIMATE = ("unique", "scheduler", "gpu", "device", "journal", "fixed", "blocked",
                      "torus")


def _estimate(ctx: click.Context, problem: Problem, workers: int | None,
              memory_limit: str | None, as_json: bool, output: str | None, quiet: bool) -> int:
    """nqueens count N --estimate: time a sample, print the estimate, count nothing."""
    for name in _NOT_WITH_ESTIMATE:
        if ctx.params.get(name) not in (None, False):
            flag = "--" + name.replace("_", "-")
            raise BadInput(f"--estimate times a sample of the count here: it does not take "
                           f"{flag}")
    limit = parse_size(memory_limit) if memory_limit is not None else None
    if not quiet:
        say(f"nqueens: timing a sample of the subproblems of n = {problem.n} (this counts "
            "nothing else)")
    try:
        with signals.noted("nothing was counted"):
            found = estimate_count(problem, workers=workers, memory_limit=limit)
    except KeyboardInterrupt:
        say("nqueens: interrupted; nothing was counted")
        return 130
    with output_stream(output) as out:
        if as_json:
            dump_json({"n": problem.n, "engine": engine_of(problem), **found.as_dict()}, out)
        else:
            echo(found.describe(problem.n, engine_of(problem)), out)
            echo(found.details(), out)
    command.wrote(output, f"the estimate of n = {problem.n}" + (", json" if as_json else ""),
                  quiet)
    return 0


def _notify(what: str) -> None:
    """Tell the user what the count says of itself."""
    say(f"nqueens: {what}")


def _journal_key(ctx: click.Context, journal: str | None, key: str | None) -> str | None:
    """The journal key to use: a key from $NQUEENS_JOURNAL_KEY is dropped without a
    journal, one given as --journal-key needs --journal."""
    if key is None:
        return None
    if journal is None:
        if ctx.get_parameter_source("journal_key") is not ParameterSource.ENVIRONMENT:
            raise BadInput("--journal-key needs --journal FILE")
        return None
    from ..algorithms.counter.journal import check_key

    return check_key(key)


def _device(gpu: bool, device: str | None, workers: int | None,
            memory_limit: str | None) -> str:
    """Where to count, from --gpu and --device (cpu without either)."""
    if gpu and device not in (None, "cuda"):
        raise BadInput(f"--gpu and --device {device} say two things: give one of them")
    where = "cuda" if gpu else (device or "cpu")
    if where != "cpu" and (workers is not None or memory_limit is not None):
        raise BadInput("--workers and --memory-limit are for counting on the processor's "
                       f"cores, not on {where}")
    return where


def _scheduler(ctx: click.Context, scheduler: str | None, problem: Problem,
               workers: int | None, where: str) -> str | None:
    """The Dask scheduler to count on (None: here). $NQUEENS_SCHEDULER is a default, not
    an order: counts the cluster cannot take, an explicit --workers and counting on
    another device run here."""
    if scheduler is None:
        return None
    if ctx.get_parameter_source("scheduler") is ParameterSource.ENVIRONMENT:
        if workers is not None or where != "cpu" or not uses_subproblems(problem):
            return None
    if where != "cpu":
        raise BadInput(f"--scheduler and counting on {where} exclude each other")
    if workers is not None:
        raise BadInput("--workers and --scheduler exclude each other: the cluster's workers "
                       "do the counting")
    from ..algorithms.counter.cluster import check_address, require_dask

    require_dask()
    return check_address(scheduler)


@contextmanager
def _client(scheduler: str | None) -> Iterator[Any]:
    """A Dask client of ``scheduler`` for the ``with`` block (None without one)."""
    if scheduler is None:
        yield None
        return
    from ..algorithms.counter.cluster import connected

    with connected(scheduler) as client:
        yield client
