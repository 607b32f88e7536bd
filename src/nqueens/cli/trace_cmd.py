"""``nqueens trace``: watch a classic algorithm work, step by step."""

from __future__ import annotations

import math
import sys
import textwrap
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import IO

import click
from click.core import ParameterSource

from puzzleshell import command

from ..algorithms.classic import EXHAUSTIVE, METHODS, trace
from ..base import methods
from ..base.errors import BadInput, NoSolution
from ..base.events import Event, Kind
from ..base.methods import names
from ..base.pieces import Piece
from ..output.pictures import Style
from ..tasks.snapshots import Snapshot, TraceSummary, snapshots
from ..tasks.tour import Stop, stops, words
from ..tasks.viz.html import DEFAULT_SPEED, check_page_size
from ..tasks.viz.text import board_text, count_of
from .common import (
    check_output_paths,
    dump_json,
    echo,
    json_option,
    output_format,
    output_option,
    output_stream,
    picture_options,
    picture_style,
    piece_option,
    say,
)

PICTURES = ("board", "svg", "png")


@click.command("trace")
@click.argument("n", type=int)
@click.option("--method", "-m", type=click.Choice(METHODS), default="proba", show_default=True,
              help="The algorithm: " + ", ".join(METHODS) + ".")
@click.option("--step", "-s", "steps", type=int, multiple=True, metavar="K",
              help="Show the board at step K (the K-th square tested; for min-conflicts the "
                   "board after its K-th candidate swap); repeat for more.")
@click.option("--until", type=click.Choice(["first", "all"]), default=None,
              help="Search to the first solution or to all of them, showing each solution "
                   "[default: first; all with --step].")
@click.option("--events", "show_events", is_flag=True,
              help="Also print every event, one line each, as it happens.")
@click.option("--animate", is_flag=True,
              help="Play the search in the terminal (space pause, n step, +/- speed, q quit).")
@click.option("--speed", type=float, default=20.0, show_default=True,
              help="Events per second for --animate and the HTML player's start speed (every "
                   "test, placement, backtrack or move is one event). Without it the page "
                   "starts faster when the whole trace would play for more than two minutes.")
@click.option("--html", "html_file", type=click.Path(dir_okay=False), default=None,
              metavar="FILE", help="Write a self-contained HTML page that plays the search "
                                   "(a warning says when it is over 20 MB).")
@click.option("--compare", metavar="METHOD", type=click.Choice(METHODS), default=None,
              help="With --html: one page with two players side by side, --method and this "
                   "one on the same board, driven by one set of controls. Min-conflicts "
                   "without --seed runs its typical seed there (the median run of seeds "
                   "0…99 at that n), named beside its counter.")
@click.option("--tour", is_flag=True,
              help="The Hungarian source's tour of proba (or arrays) on 8x8: its four "
                   "boards (steps 24, 36, 60, 876), each with its title and sentences; "
                   "with --html, a page that opens on the tour. Not with --step, --events, "
                   "--animate, --compare or an svg/png picture.")
@click.option("--format", "-f", "fmt", type=click.Choice(PICTURES), default=None,
              help="Show the board as text, or as an svg or png picture (of the last board "
                   "chosen) [default: board, or svg/png when --output ends in .svg/.png; "
                   "a format that contradicts the --output extension is refused].")
@click.option("--attacked", is_flag=True,
              help="Pictures: shade the squares the queens attack.")
@output_option
@click.option("--seed", type=int, default=None,
              help="Random seed (intuitive: its escapes; min-conflicts) [default: 0, "
                   "said on stderr; in a --compare page min-conflicts takes its typical "
                   "seed].")
@click.option("--max-steps", type=click.IntRange(min=0), default=None,
              help="Step budget in candidate swaps (min-conflicts only).")
@json_option
@piece_option
@click.option("--torus", is_flag=True,
              help="Refused: the traced algorithms are the sources', on the ordinary board.")
@picture_options
@command.quiet_option("No messages on stderr (the files written, the work counted, how the "
                      "boards read); warnings and errors stay.")
def trace_cmd(n: int, method: str, steps: tuple[int, ...], until: str | None, show_events: bool,
              animate: bool, speed: float, html_file: str | None, compare: str | None,
              tour: bool, fmt: str | None, attacked: bool, output: str | None, seed: int | None,
              max_steps: int | None, as_json: bool, piece: str, torus: bool,
              size: int | None, labels: bool | None, quiet: bool) -> int:
    """A step is one square tested (min-conflicts: one candidate swap, the steps
    `solve` counts). At each chosen step the board is printed with the step
    number, the square being tried (o free, x refused) and why it was refused
    (the queens attacking it). Without --step, the board of each solution found
    is printed. When the whole search finds no solution, the trace is still
    printed (or written) and the command says so on stderr and exits with 1.

    --html writes the page; the text, --json or picture output may come with it
    (on stdout or in --output, which must be another file). --animate plays in
    the terminal and takes none of --json, --html, --output, --step, --events or
    an svg/png --format. --seed is for intuitive and min-conflicts, --max-steps
    for min-conflicts only.

    --tour shows the four boards the Hungarian source pictures for proba on 8x8
    (and arrays, the same search): the boards of --step 24 --step 36 --step 60
    --step 876, each under its title and followed by its sentences; --json gives
    them with a "tour" list; with --html the page opens on the tour.

    \b
    Examples:
      nqueens trace 8                        the first solution of proba, at step 876
      nqueens trace 8 --step 24 --step 36 --step 60    the source's pictures
      nqueens trace 6 --until all --method sets        every solution, with its step
      nqueens trace 5 --events                         every test, placement, backtrack
      nqueens trace 8 -m min-conflicts --seed 2 --step 3   after 3 candidate swaps
      nqueens trace 8 --animate --speed 50             play it in the terminal
      nqueens trace 8 --html proba8.html               a page that plays the search
      nqueens trace 8 --html two.html --compare min-conflicts   two players, one page
      nqueens trace 8 --tour                           the source's four boards, explained
      nqueens trace 8 --tour --html tour8.html         a page that opens on that tour
      nqueens trace 8 --step 24 -f svg -o step24.svg   a picture of step 24
      nqueens trace 10 --piece superqueen
    """
    # --seed and --max-steps may be for the method compared with (--compare)
    _check_method_options(method, None if compare in SEEDED else seed,
                          None if compare in BUDGETED else max_steps, torus)
    tell = _Messages(quiet)
    the_tour = _check_tour(n, method, piece, steps, show_events, animate, compare, fmt,
                           output) if tour else ()
    fmt = _check_outputs(fmt, output, html_file, animate, as_json, bool(steps), show_events)
    style = picture_style(size, labels, fmt)
    req = _Request(n, method, Piece.parse(piece), _until(method, until, steps, speed), seed,
                   max_steps)
    if compare is not None:
        if html_file is None:
            raise BadInput("--compare makes a page: give it --html FILE")
        return _compare_page(req, compare, html_file, speed, tell)
    # min-conflicts without --seed runs seed 0: say so, so that the run can be repeated
    default_seed = method == "min-conflicts" and seed is None
    if html_file is not None:
        summary = _page(req, speed, html_file, tell, tour)
        if output is None and fmt == "board" and not (steps or show_events):
            return _end(summary, n, tell, default_seed)
        # the text, JSON or picture output too: a fresh run of the same (seeded) trace
    summary, events = req.start()
    if animate:
        from ..tasks.viz.terminal import animate as play

        play(events, n, piece=req.piece, speed=speed, title=f"{method}, n = {n}")
        return _end(summary, n, tell, default_seed)
    if the_tour:
        steps = tuple(stop.step for stop in the_tour)
    snaps = _boards(req, summary, events, steps, show_events and fmt != "json")
    if fmt in ("svg", "png"):
        _picture(snaps, summary, n, req.piece, fmt, attacked, output, style)
        command.wrote(output, f"a picture of step {snaps[-1].step:,} of {method}, n = {n}",
                      quiet)
    elif fmt == "json":
        doc = _json(summary, snaps, n, req.piece, req.until)
        if the_tour:
            doc["tour"] = [_tour_dict(stop) for stop in the_tour]
        with output_stream(output) as out:
            dump_json(doc, out)
        command.wrote(output, f"the trace of {method}, n = {n}, json", quiet)
    elif the_tour:
        with output_stream(output) as out:
            _print_tour(the_tour, snaps, method, n, req.piece, out, tell)
        command.wrote(output, f"the tour of {method}, n = {n}", quiet)
    else:
        with output_stream(output) as out:
            _print_boards(snaps, summary, n, req.piece, bool(steps), show_events, out, tell)
        command.wrote(output, f"the boards of {method}, n = {n}", quiet)
    return _end(summary, n, tell, default_seed)


@dataclass(frozen=True)
class _Messages:
    """The messages of a trace on stderr, none with --quiet."""

    quiet: bool

    def __call__(self, text: str) -> None:
        if not self.quiet:
            say(text)


@dataclass(frozen=True)
class _Request:
    """One trace asked for: ``start`` runs it (again, for a second output: the methods
    that draw at random are seeded, so a run repeats)."""

    n: int
    method: str
    piece: Piece
    until: str
    seed: int | None
    max_steps: int | None

    def start(self, method: str | None = None,
              seed: int | None = None) -> tuple[TraceSummary, Iterator[Event]]:
        """Run the trace of ``method`` (default: the one asked for) with ``seed`` (default:
        the one asked for)."""
        method = method or self.method
        summary = TraceSummary(method)
        return summary, summary.watch(trace(self.n, method, piece=self.piece,
                                            until=self.until,
                                            seed=self.seed if seed is None else seed,
                                            max_steps=self.max_steps))


def _boards(req: _Request, summary: TraceSummary, events: Iterable[Event],
            steps: tuple[int, ...], show_events: bool) -> list[Snapshot]:
    """The boards at the chosen steps (or at each solution); every step must exist."""
    wanted = sorted(set(steps))
    snaps = snapshots(events, req.n, req.piece, wanted, req.method,
                      echo if show_events else None)
    missing = [k for k in wanted if k not in {s.step for s in snaps}]
    if missing:
        raise BadInput(f"the search ended after {count_of(summary.steps, 'step')}: there is "
                       f"no step {missing[0]:,}")
    return snaps


def _until(method: str, until: str | None, steps: tuple[int, ...], speed: float) -> str:
    """Refuse steps and speeds out of range; the --until that applies."""
    if any(k < 1 for k in steps):
        raise BadInput("--step must be at least 1")
    if not speed > 0 or speed == float("inf"):
        raise BadInput("--speed must be a positive number of events per second")
    if until is None:
        until = "all" if steps and method in EXHAUSTIVE else "first"
    if until == "all" and method not in EXHAUSTIVE:
        raise BadInput(f"method {method} stops at its first solution (--until all is for "
                       f"{', '.join(EXHAUSTIVE)})")
    return until


def _page(req: _Request, speed: float, path: str, tell: _Messages,
          tour: bool = False) -> TraceSummary:
    """Write the player page (with ``tour``, opening on the source's tour), say what it
    holds, and return what the trace did."""
    from ..tasks.viz.html import LARGE_PAGE, render_html

    check_page_size(req.n, req.method, req.piece, req.until)
    summary, events = req.start()
    chosen = click.get_current_context().get_parameter_source("speed")
    page, info = render_html(events, req.n, method=req.method, piece=req.piece,
                             until=req.until,
                             speed=None if chosen is ParameterSource.DEFAULT else speed,
                             tour=tour)
    with output_stream(path) as out:
        out.write(page)
    if not summary.complete:    # proba, arrays, sets: the page came from the kernel
        summary.complete, summary.steps, summary.solutions = True, info.steps, info.solutions
    command.wrote(path, f"a page that plays {req.method}, n = {req.n}: "
                        f"{count_of(info.steps, 'step')}, {count_of(info.events, 'event')}, "
                        f"{count_of(info.solutions, 'solution')}", tell.quiet)
    if info.size > LARGE_PAGE:
        say(f"nqueens: warning: {path} is {info.size / 1e6:,.0f} MB: browsers may struggle "
            f"to open it (pages under {LARGE_PAGE // 10**6} MB open easily; try a smaller n "
            f"or --until first)")
    return summary


def _json(summary: TraceSummary, snaps: list[Snapshot], n: int, piece: Piece,
          until: str) -> dict[str, object]:
    method = summary.method
    return {"n": n, "method": method, "piece": piece.value, "until": until,
            "scan": methods.get(method).scan, "steps": summary.steps,
            "step_unit": methods.get(method).step_unit, "solutions": summary.solutions,
            "complete": summary.complete and not summary.exhausted,
            "exhausted": summary.exhausted, "work": summary.work(),
            "boards": [s.as_dict(n, piece) for s in snaps]}


def _print_board(s: Snapshot, n: int, piece: Piece, out: IO[str]) -> None:
    """One chosen board: what happened at its step, then the board."""
    e = s.event
    echo(f"{s.describe(n, piece)}  [{count_of(len(s.queens), 'queen')} on the board]", out)
    echo(board_text(n, s.queens, s.tried, e.ok, e.attackers), out)


def _column_note(snaps: list[Snapshot], method: str, tell: _Messages) -> None:
    """For a method that fills the board column by column, how its boards read."""
    facts = methods.get(method)
    if snaps and facts.scan == "column" and facts.exhaustive:
        tell(f"nqueens: {method} fills the board column by column, as the source does: "
            "its solutions are those 'nqueens all' finds row by row, transposed")


def _print_boards(snaps: list[Snapshot], summary: TraceSummary, n: int, piece: Piece,
                  chosen: bool, show_events: bool, out: IO[str], tell: _Messages) -> None:
    """Each chosen board with what happened there; the tally of a whole search; and, for
    a method that fills the board column by column, how its boards read."""
    for i, s in enumerate(snaps):
        if i or show_events:
            echo("", out)
        _print_board(s, n, piece, out)
    final = summary.last
    if not chosen and final is not None and final.kind is Kind.DONE and summary.solutions:
        echo("", out)
        echo(f"{count_of(summary.solutions, 'solution')} in {count_of(summary.steps, 'step')}",
             out)
    _column_note(snaps, summary.method, tell)


#: The width the tour's sentences are wrapped to.
TOUR_WIDTH = 88


def _check_tour(n: int, method: str, piece: str, steps: tuple[int, ...],
                show_events: bool, animate: bool, compare: str | None, fmt: str | None,
                output: str | None) -> tuple[Stop, ...]:
    """The stops of the source's tour, or a refusal: the tour is of proba or arrays on
    8x8 with queens, and chooses its own steps and shows them as text, JSON or a page.

    >>> [s.step for s in _check_tour(8, "arrays", "queen", (), False, False, None, None,
    ...                              None)]
    [24, 36, 60, 876]
    >>> try:
    ...     _check_tour(8, "sets", "queen", (), False, False, None, None, None)
    ... except BadInput as exc:
    ...     print(str(exc)[-30:])
    not of sets on 8x8 with queens
    """
    kind = Piece.parse(piece)
    found = stops(n, method, kind.value)
    if not found:
        raise BadInput(f"--tour is the Hungarian source's tour of proba (or arrays) on 8x8 "
                       f"with queens, not of {method} on {n}x{n} with {kind.value}s")
    picture = output_format(fmt, output, "board", PICTURES + ("json",))
    clash = [name for name, given in (("--step", bool(steps)), ("--events", show_events),
                                      ("--animate", animate), ("--compare", compare is not None),
                                      (f"--format {picture}", picture in ("svg", "png")))
             if given]
    if clash:
        raise BadInput(f"--tour chooses its own four boards and shows them as text, JSON or "
                       f"a page: it does not combine with {', '.join(clash)}")
    return found


def _tour_dict(stop: Stop) -> dict[str, object]:
    """A stop of the tour for --json, its squares named by their chess names.

    >>> from nqueens.tasks.tour import TOUR
    >>> _tour_dict(TOUR[2])["text"][:44]
    'The fourth queen moved to d2 at step 40, and'
    """
    return {**stop.as_dict(), "text": words(stop.text, str)}


def _print_tour(tour: tuple[Stop, ...], snaps: list[Snapshot], method: str, n: int,
                piece: Piece, out: IO[str], tell: _Messages) -> None:
    """Each stop of the tour: its title, its board as --step shows it, its sentences."""
    for i, (stop, s) in enumerate(zip(tour, snaps, strict=True)):
        if i:
            echo("", out)
        echo(f"Stop {i + 1} of {len(tour)}, step {stop.step:,}: {stop.title}", out)
        _print_board(s, n, piece, out)
        echo(textwrap.fill(words(stop.text, str), TOUR_WIDTH), out)
    _column_note(snaps, method, tell)


#: The methods that take --seed, and --max-steps.
SEEDED: tuple[str, ...] = names(traces=True, seeded=True)
BUDGETED: tuple[str, ...] = names(traces=True, budgeted=True)


def _check_method_options(method: str, seed: int | None, max_steps: int | None,
                          torus: bool) -> None:
    """Refuse --seed and --max-steps for a method that takes none, and --torus."""
    if torus:
        raise BadInput("--torus: not for this command: the traced algorithms are the "
                       "sources', on the ordinary board; 'nqueens solve N --torus' and "
                       "'nqueens all N --torus' play on the torus")
    if seed is not None and method not in SEEDED:
        raise BadInput(f"--seed is for the methods {' and '.join(SEEDED)}; {method} "
                       f"does not draw at random")
    if max_steps is not None and method not in BUDGETED:
        raise BadInput(f"--max-steps is for the method {', '.join(BUDGETED)}; {method} "
                       f"has no step budget")


def _check_outputs(fmt: str | None, output: str | None, html_file: str | None,
                   animate: bool, as_json: bool, steps: bool, show_events: bool) -> str:
    """Refuse the outputs that contradict each other, before any work; return the format
    (``json`` for --json or an --output ending in .json).

    >>> _check_outputs(None, "s.svg", None, False, False, True, False)
    'svg'
    >>> _check_outputs(None, "t.json", None, False, False, True, False)
    'json'
    >>> _check_outputs("png", "s.svg", None, False, False, True, False)
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: --format png contradicts --output s.svg (a .svg file)
    """
    check_output_paths([("--html", html_file), ("--output", output)])
    fmt = output_format(fmt, output, "json" if as_json else "board", PICTURES + ("json",))
    if as_json and fmt != "json":
        raise BadInput(f"--json writes a JSON document, not a {fmt} picture")
    if animate:
        clash = [name for name, given in (("--json", as_json), ("--html", html_file is not None),
                                          ("--output", output is not None),
                                          ("--step", steps), ("--events", show_events),
                                          (f"--format {fmt}", fmt in ("svg", "png"))) if given]
        if clash:
            raise BadInput(f"--animate plays in the terminal: it does not combine with "
                           f"{', '.join(clash)}")
    return fmt


def _side_seed(req: _Request, method: str) -> tuple[int | None, str]:
    """The seed one side of a compare page runs (None: the method's own default) and what
    the page says of it beside that side's counter.

    A seed given with --seed is run by every side that takes one; without it
    min-conflicts runs its typical seed (:func:`nqueens.tasks.typical_seed.typical_seed`), so
    that the page shows neither a lucky nor an unlucky run.

    >>> req = _Request(8, "proba", Piece.QUEEN, "first", None, None)
    >>> _side_seed(req, "min-conflicts")
    (26, 'seed 26: the median run of seeds 0…99 at n = 8')
    >>> _side_seed(req, "proba")
    (None, '')
    """
    from ..algorithms.repair import MAX_TRACE_N
    from ..tasks.typical_seed import typical_note, typical_seed

    if method not in SEEDED:
        return None, ""
    if req.seed is not None:
        return req.seed, f"seed {req.seed}"
    if method != "min-conflicts" or req.n in (2, 3) or not 1 <= req.n <= MAX_TRACE_N:
        return None, ""     # intuitive's default, or no run to choose among (the trace says)
    seed = typical_seed(req.n, req.piece.value)
    return seed, typical_note(req.n, seed)


#: A page plays its whole trace in at most this many seconds at its default speed.
AUTO_SECONDS = 120


def _start_speed(speed: float | None, events: int) -> float:
    """The compare page's start speed: the one asked for, else as the single page chooses
    it: 20 events a second, or faster when the longer trace would play for more than
    two minutes.

    >>> _start_speed(None, 1_000), _start_speed(None, 11_800_000), _start_speed(5.0, 10**9)
    (20.0, 98334, 5.0)
    """
    if speed is not None:
        return speed
    if events / DEFAULT_SPEED > AUTO_SECONDS:
        return math.ceil(events / AUTO_SECONDS)
    return DEFAULT_SPEED


def _compare_page(req: _Request, compare: str, path: str, speed: float,
                  tell: _Messages) -> int:
    """Write the page of two players, ``--method`` and ``compare`` on the same board."""
    from ..tasks.viz.html import compare_html, render_html

    if req.until == "all" and compare not in EXHAUSTIVE:
        raise BadInput(f"method {compare} stops at its first solution (--until all is for "
                       f"{', '.join(EXHAUSTIVE)})")
    for name in (req.method, compare):
        check_page_size(req.n, name, req.piece, req.until)
    left_seed, left_note = _side_seed(req, req.method)
    right_seed, right_note = _side_seed(req, compare)
    summary, events = req.start(seed=left_seed)
    other, right_events = req.start(compare, seed=right_seed)
    left, a = render_html(events, req.n, method=req.method, piece=req.piece, until=req.until)
    right, b = render_html(right_events, req.n, method=compare, piece=req.piece,
                           until=req.until)
    chosen = click.get_current_context().get_parameter_source("speed")
    start = _start_speed(None if chosen is ParameterSource.DEFAULT else speed,
                         max(a.events, b.events))
    with output_stream(path) as out:
        out.write(compare_html(left, right, req.method, compare, req.n, left_note=left_note,
                               right_note=right_note, speed=start))
    if not summary.complete:
        summary.complete, summary.steps, summary.solutions = True, a.steps, a.solutions

    def side(name: str, steps: int, note: str) -> str:
        return f"{name} in {count_of(steps, 'step')}" + (f", {note}" if note else "")

    command.wrote(path, f"a page of two players, n = {req.n}: "
                        f"{side(req.method, a.steps, left_note)}; "
                        f"{side(compare, b.steps, right_note)}", tell.quiet)
    return _end(summary, req.n, tell)


def _end(summary: TraceSummary, n: int, tell: _Messages, default_seed: bool = False) -> int:
    """Say what the repairs counted (and, with ``default_seed``, that min-conflicts ran
    seed 0, the default); end with "no solution" (exit 1) when there was none."""
    work = summary.work_text()
    seed = " (seed 0, the default; --seed S runs another)" if default_seed else ""
    if work and summary.complete and summary.error is None:
        tell(f"nqueens: {summary.method}: {work}{seed}")
    elif seed:
        tell(f"nqueens: {summary.method}: seed 0, the default (--seed S runs another)")
    err = summary.verdict(n)
    if err is not None:
        raise err
    return 0


def _picture(snaps: list[Snapshot], summary: TraceSummary, n: int, piece: Piece, fmt: str,
             attacked: bool, output: str | None, style: Style) -> None:
    """The last chosen board as an svg or png picture."""
    from ..output.pictures import BOARD_WIDTH, fit_board, position_png, position_svg

    if not snaps:
        raise summary.verdict(n) or NoSolution(
            "no board to draw: the search found no solution (choose a --step)")
    s = snaps[-1]
    e = s.event
    side = fit_board(n, style.width or BOARD_WIDTH, style.labels)
    opts = {"tried": s.tried, "tried_ok": e.ok, "attackers": e.attackers,
            "attacked": attacked, "conflicts": True, "piece": piece, "size": side,
            "labels": style.labels}
    if fmt == "svg":
        with output_stream(output) as out:
            out.write(position_svg(n, s.queens, **opts) + "\n")  # type: ignore[arg-type]
        return
    if output is None and sys.stdout.isatty():
        raise BadInput("a png picture is binary: write it to a file with --output FILE")
    data = position_png(n, s.queens, **opts)  # type: ignore[arg-type]
    with output_stream(output, binary=True) as bout:
        bout.write(data)
