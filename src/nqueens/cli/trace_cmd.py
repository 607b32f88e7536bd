"""``nqueens trace``: watch a classic algorithm work, step by step."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator

import click
from click.core import ParameterSource

from ..classic import EXHAUSTIVE, METHODS, trace
from ..errors import BadInput, BudgetExhausted, NoSolution
from ..pieces import Piece
from ..squares import Square, square_name
from ..trace import (
    BoardState,
    Event,
    Kind,
    counts_own_steps,
    replay,
    step_unit,
)
from ..viz.text import board_text, count_of, describe
from .app import cli
from .common import (
    check_output_paths,
    dump_json,
    echo,
    json_option,
    output_stream,
    piece_option,
    say,
)

PICTURES = ("board", "svg", "png")


class Snapshot:
    """The board at one chosen moment of the trace.

    ``head`` is the line that says what happened at that step (by default the
    description of ``event``); ``step`` the step it shows (by default the event's).

    >>> e = Event(Kind.TEST, 1, 1, step=3, depth=1, ok=False, attackers=((0, 0),))
    >>> snap = Snapshot(e, [(0, 0)], solutions=0)
    >>> snap.tried
    (1, 1)
    >>> d = snap.as_dict(4, Piece.QUEEN)
    >>> d["square_name"], d["reason"]
    ('b3', 'step 3: test b3 - refused: diagonal of the queen on a4')
    """

    def __init__(self, e: Event, queens: list[Square], solutions: int,
                 step: int | None = None, head: str | None = None) -> None:
        self.event = e
        self.queens = list(queens)
        self.solutions = solutions
        self.step = e.step if step is None else step
        self.head = head
        self.then: list[str] = []   # what a free test led to: the queen placed, a solution

    def follow(self, e: Event, n: int, piece: Piece, queens: list[Square],
               solutions: int) -> None:
        """Take in an event the shown step led to (after a free test: the placement, the
        solution it completes): the board becomes the one after it."""
        self.then.append(describe(e, n, piece, queens))
        self.queens = list(queens)
        self.solutions = solutions

    @property
    def tried(self) -> Square | None:
        return self.event.square if self.event.kind is Kind.TEST else None

    def describe(self, n: int, piece: Piece) -> str:
        if self.head is not None:
            return self.head
        first = describe(self.event, n, piece, self.queens)
        return "; ".join([first, *(t.split(": ", 1)[-1] for t in self.then)])

    def as_dict(self, n: int, piece: Piece) -> dict[str, object]:
        e = self.event
        return {
            "step": self.step, "event": e.kind.value,
            "square": list(e.square) if e.row >= 0 else None,
            "square_name": square_name(e.square, n) if e.row >= 0 else None,
            "ok": e.ok if e.kind is Kind.TEST else None,
            "attackers": [list(a) for a in e.attackers],
            "reason": self.describe(n, piece),
            "depth": len(self.queens), "queens": [list(q) for q in self.queens],
            "solutions_so_far": self.solutions,
        }


class Summary:
    """What a trace did, counted from its events as they pass (the work ``solve`` reports).

    >>> s = Summary("intuitive")
    >>> for e in [Event(Kind.STATE, step=4, count=1), Event(Kind.STATE, step=8, count=2)]:
    ...     s.see(e)
    >>> s.steps, s.work()
    (8, {'states': 2})
    """

    def __init__(self, method: str) -> None:
        self.method = method
        self.steps = 0
        self.solutions = 0
        self.states = 0
        self.moves = 0
        self.restarts = 0
        self.last: Event | None = None
        self.complete = False     #: the trace was read to its end
        self.error: NoSolution | None = None    #: the method refused before its first event

    def see(self, e: Event) -> None:
        self.steps = max(self.steps, e.step)
        self.last = e
        if e.kind is Kind.SOLUTION:
            self.solutions += 1
        elif e.kind is Kind.STATE:
            self.states = max(self.states, e.count)
        elif e.kind is Kind.MOVE:
            self.moves += 1
        elif e.kind is Kind.CONFLICTS and e.note == "restart":
            self.restarts += 1

    @property
    def exhausted(self) -> bool:
        """The method gave up within its step budget (no answer either way)."""
        e = self.last
        return self.complete and e is not None and e.kind is Kind.DONE and not e.ok

    def work(self) -> dict[str, int]:
        """The counts ``solve`` reports for the method (its ``work``)."""
        if self.method == "intuitive":
            return {"states": self.states}
        if self.method == "min-conflicts":
            # a swap moves two queens and is one move, as solve counts them
            return {"steps": self.steps, "moves": self.moves // 2, "restarts": self.restarts}
        return {}

    def work_text(self) -> str:
        names = {"steps": "step", "moves": "move", "restarts": "restart", "states": "state"}
        return ", ".join(count_of(v, names[k]) for k, v in self.work().items())

    def verdict(self, n: int) -> NoSolution | None:
        """The error to end with when the whole trace found no solution, else None."""
        if self.error is not None:
            return self.error
        if not self.complete or self.solutions:
            return None
        e = self.last
        if e is not None and self.exhausted:
            return BudgetExhausted(f"{self.method} used its budget of "
                                   f"{count_of(self.steps, 'step')} on n = {n}: {e.note} "
                                   f"(raise --max-steps or try another --seed)")
        return NoSolution(f"no solution: {self.method} ended after "
                          f"{count_of(self.steps, 'step')} ({step_unit(self.method)}) "
                          f"without finding one for n = {n}")


@cli.command("trace")
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
                   "one on the same board, driven by one set of controls.")
@click.option("--format", "-f", "fmt", type=click.Choice(PICTURES), default=None,
              help="Show the board as text, or as an svg or png picture (of the last board "
                   "chosen) [default: board, or svg/png when --output ends in .svg/.png; "
                   "a format that contradicts the --output extension is refused].")
@click.option("--attacked", is_flag=True,
              help="Pictures: shade the squares the queens attack.")
@click.option("--output", "-o", type=click.Path(dir_okay=False), default=None,
              help="Write to FILE instead of standard output (written whole or not at all).")
@click.option("--seed", type=int, default=None,
              help="Random seed (intuitive: its escapes; min-conflicts).")
@click.option("--max-steps", type=click.IntRange(min=0), default=None,
              help="Step budget in candidate swaps (min-conflicts only).")
@json_option
@piece_option
def trace_cmd(n: int, method: str, steps: tuple[int, ...], until: str | None, show_events: bool,
              animate: bool, speed: float, html_file: str | None, compare: str | None,
              fmt: str | None, attacked: bool,
              output: str | None, seed: int | None, max_steps: int | None, as_json: bool,
              piece: str) -> int:
    """Trace an algorithm on an N×N board: the board at chosen steps, an animation, a page.

    A step is one square tested (min-conflicts: one candidate swap, the steps
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
      nqueens trace 8 --step 24 -f svg -o step24.svg   a picture of step 24
      nqueens trace 10 --piece superqueen
    """
    # --seed and --max-steps may be for the method compared with (--compare)
    fmt = _check_outputs(method, fmt, output, html_file, animate, as_json, bool(steps),
                         show_events,
                         None if compare in ("intuitive", "min-conflicts") else seed,
                         None if compare == "min-conflicts" else max_steps)
    if any(k < 1 for k in steps):
        raise BadInput("--step must be at least 1")
    if not speed > 0 or speed == float("inf"):
        raise BadInput("--speed must be a positive number of events per second")
    if until is None:
        until = "all" if steps and method in EXHAUSTIVE else "first"
    if until == "all" and method not in EXHAUSTIVE:
        raise BadInput(f"method {method} stops at its first solution (--until all is for "
                       f"{', '.join(EXHAUSTIVE)})")
    the_piece = Piece.parse(piece)
    if html_file is not None:
        check_page_size(n, method, the_piece, until)
    summary = Summary(method)
    events = _watch(trace(n, method, piece=the_piece, until=until, seed=seed,
                          max_steps=max_steps), summary)

    if compare is not None:
        if html_file is None:
            raise BadInput("--compare makes a page: give it --html FILE")
        return _compare_page(n, method, compare, the_piece, until, seed, max_steps, events,
                             summary, html_file)
    if html_file is not None:
        from ..viz.html import LARGE_PAGE, render_html

        chosen = click.get_current_context().get_parameter_source("speed")
        page, info = render_html(events, n, method=method, piece=the_piece, until=until,
                                 speed=None if chosen is ParameterSource.DEFAULT else speed)
        with output_stream(html_file) as out:
            out.write(page)
        if not summary.complete:    # proba, arrays, sets: the page came from the kernel
            summary.complete, summary.steps, summary.solutions = True, info.steps, info.solutions
        say(f"wrote {html_file}: {count_of(info.steps, 'step')}, "
            f"{count_of(info.events, 'event')}, {count_of(info.solutions, 'solution')}, "
            f"{count_of(info.size, 'byte')}")
        if info.size > LARGE_PAGE:
            say(f"nqueens: warning: {html_file} is {info.size / 1e6:,.0f} MB: browsers may "
                f"struggle to open it (pages under {LARGE_PAGE // 10**6} MB open easily; "
                f"try a smaller n or --until first)")
        if not (output is not None or as_json or steps or show_events or fmt != "board"):
            return _end(summary, n)
        # the text, JSON or picture output too: a fresh run of the same (seeded) trace
        summary = Summary(method)
        events = _watch(trace(n, method, piece=the_piece, until=until, seed=seed,
                              max_steps=max_steps), summary)
    if animate:
        from ..viz.terminal import animate as play

        play(events, n, piece=the_piece, speed=speed, title=f"{method}, n = {n}")
        return _end(summary, n)

    wanted = sorted(set(steps))
    own = counts_own_steps(method)
    snaps: list[Snapshot] = []
    if own and wanted:
        snaps = _own_steps(events, n, the_piece, wanted, show_events and not as_json)
    else:
        # Step k is the k-th square tested and, when it was free, what it led to before
        # the next test: the queen placed there and the solution it completes.
        following: Snapshot | None = None
        for e, board in replay(events, n, the_piece, check=False):
            if show_events and not as_json:
                echo(describe(e, n, the_piece, board.queens))
            if following is not None:
                if e.kind in (Kind.PLACE, Kind.SOLUTION):
                    following.follow(e, n, the_piece, board.queens, board.solutions)
                    continue
                if following.step == wanted[-1]:
                    break
                following = None
            if wanted:
                if e.kind is Kind.TEST and e.step in wanted:
                    snaps.append(Snapshot(e, board.queens, board.solutions))
                    if e.ok:
                        following = snaps[-1]
                    elif e.step == wanted[-1]:
                        break
            elif e.kind is Kind.SOLUTION:
                snaps.append(Snapshot(e, board.queens, board.solutions))
    shown = {s.step for s in snaps}
    missing = [k for k in wanted if k not in shown]
    if missing:
        raise BadInput(f"the search ended after {count_of(summary.steps, 'step')}: there is "
                       f"no step {missing[0]:,}")

    if fmt in ("svg", "png"):
        if not snaps:
            raise summary.verdict(n) or NoSolution(
                "no board to draw: the search found no solution (choose a --step)")
        _picture(snaps, n, the_piece, fmt, attacked, output)
        return _end(summary, n)
    final = summary.last
    with output_stream(output) as out:
        if as_json:
            dump_json({"n": n, "method": method, "piece": the_piece.value, "until": until,
                       "steps": summary.steps, "step_unit": step_unit(method),
                       "solutions": summary.solutions,
                       "complete": summary.complete and not summary.exhausted,
                       "exhausted": summary.exhausted, "work": summary.work(),
                       "boards": [s.as_dict(n, the_piece) for s in snaps]}, out)
        else:
            for i, s in enumerate(snaps):
                if i or show_events:
                    echo("", out)
                e = s.event
                echo(f"{s.describe(n, the_piece)}  [{count_of(len(s.queens), 'queen')} on the "
                     f"board]", out)
                echo(board_text(n, s.queens, s.tried, e.ok, e.attackers), out)
            if not wanted and final is not None and final.kind is Kind.DONE and \
                    summary.solutions:
                echo("", out)
                echo(f"{count_of(summary.solutions, 'solution')} in "
                     f"{count_of(summary.steps, 'step')}", out)
    return _end(summary, n)


#: The most events an HTML page may hold. Making a page takes about 6.5 bytes of memory per
#: event (the trace, its copy, the compressed page), and it is about 0.11 bytes per event:
#: the whole search of n = 14 (433 million events) takes 2.8 GB and gives a 46 MB page.
MAX_PAGE_EVENTS = 500_000_000

#: Events of the backtracking traces (proba, arrays, sets, rows: one tree) that exceed
#: MAX_PAGE_EVENTS, by (piece, until): {n: events}, from the kernels' own counts; for an
#: n past the last one given, more than the last one's events.
_LARGE_TRACES: dict[tuple[str, str], dict[int, int]] = {
    ("queen", "all"): {15: 2_877_285_647, 16: 20_319_837_773, 17: 150_790_375_043},
    ("superqueen", "all"): {16: 647_069_753, 17: 4_818_770_275},
    ("queen", "first"): {30: 1_805_747_345, 32: 2_974_707_924},
    ("superqueen", "first"): {30: 1_424_244_785, 31: 996_439_786},
}
#: The n up to which the table above is complete; beyond it a trace is refused (they only
#: grow: the superqueen's first solution for n = 32 takes well over 10^9 events).
_TABLE_END: dict[tuple[str, str], int] = {
    ("queen", "all"): 17, ("superqueen", "all"): 17,
    ("queen", "first"): 32, ("superqueen", "first"): 31,
}


def page_events(n: int, piece: Piece, until: str) -> tuple[int, bool] | None:
    """The events of a backtracking trace too large for a page, and whether that is the
    exact number (else at least that many); None when it fits.

    >>> page_events(14, Piece.QUEEN, "all") is None
    True
    >>> page_events(16, Piece.QUEEN, "all")
    (20319837773, True)
    >>> page_events(20, Piece.QUEEN, "all")
    (150790375043, False)
    """
    key = (piece.value, until)
    table = _LARGE_TRACES[key]
    if n in table:
        return table[n], True
    end = _TABLE_END[key]
    if n > end:
        return max(table.values()) if until == "all" else MAX_PAGE_EVENTS, False
    return None


def check_page_size(n: int, method: str, piece: Piece, until: str) -> None:
    """Refuse, before any work, an HTML page whose trace would exceed MAX_PAGE_EVENTS.

    >>> check_page_size(8, "proba", Piece.QUEEN, "all")
    >>> try:
    ...     check_page_size(16, "proba", Piece.QUEEN, "all")
    ... except BadInput as exc:
    ...     print(str(exc)[:88])
    --html: the whole search of proba for n = 16 has 20,319,837,773 events, and a page holds
    """
    if method not in EXHAUSTIVE or n < 1:
        return
    found = page_events(n, piece, until)
    if found is None:
        return
    events, exact = found
    what = "the whole search" if until == "all" else "the search for the first solution"
    size = f"{events:,} events" if exact else f"more than {events:,} events"
    memory = f"about {events * 6.5 / 1e9:,.0f} GB" if exact else "more than that"
    hint = "try a smaller n or --until first" if until == "all" else "try a smaller n"
    raise BadInput(f"--html: {what} of {method} for n = {n} has {size}, and a page holds at "
                   f"most {MAX_PAGE_EVENTS:,} (making this one would take {memory} of "
                   f"memory); {hint}")


#: The methods that take --seed, and --max-steps.
SEEDED: tuple[str, ...] = ("intuitive", "min-conflicts")
BUDGETED: tuple[str, ...] = ("min-conflicts",)


def _check_outputs(method: str, fmt: str | None, output: str | None, html_file: str | None,
                   animate: bool, as_json: bool, steps: bool, show_events: bool,
                   seed: int | None, max_steps: int | None) -> str:
    """Refuse the options that contradict each other, before any work; return the format.

    >>> _check_outputs("proba", None, "s.svg", None, False, False, True, False, None, None)
    'svg'
    >>> _check_outputs("proba", "png", "s.svg", None, False, False, True, False, None, None)
    Traceback (most recent call last):
    ...
    nqueens.errors.BadInput: --format png contradicts --output s.svg (a .svg file)
    """
    if seed is not None and method not in SEEDED:
        raise BadInput(f"--seed is for the methods {' and '.join(SEEDED)}; {method} "
                       f"does not draw at random")
    if max_steps is not None and method not in BUDGETED:
        raise BadInput(f"--max-steps is for the method {', '.join(BUDGETED)}; {method} "
                       f"has no step budget")
    ext = os.path.splitext(output)[1].lower().lstrip(".") if output else ""
    implied = ext if ext in ("svg", "png") else None
    if fmt is not None and implied is not None and fmt != implied:
        raise BadInput(f"--format {fmt} contradicts --output {output} (a .{implied} file)")
    if as_json and (fmt in ("svg", "png") or implied is not None):
        raise BadInput(f"--json writes a JSON document, not a {fmt or implied} picture")
    fmt = fmt or ("board" if as_json else implied) or "board"
    if animate:
        clash = [name for name, given in (("--json", as_json), ("--html", html_file is not None),
                                          ("--output", output is not None),
                                          ("--step", steps), ("--events", show_events),
                                          (f"--format {fmt}", fmt != "board")) if given]
        if clash:
            raise BadInput(f"--animate plays in the terminal: it does not combine with "
                           f"{', '.join(clash)}")
    check_output_paths([("--html", html_file), ("--output", output)])
    return fmt


def _compare_page(n: int, method: str, compare: str, piece: Piece, until: str,
                  seed: int | None, max_steps: int | None, events: Iterable[Event],
                  summary: Summary, path: str) -> int:
    """Write the page of two players, ``method`` and ``compare`` on the same board."""
    from ..viz.html import compare_html, render_html

    if until == "all" and compare not in EXHAUSTIVE:
        raise BadInput(f"method {compare} stops at its first solution (--until all is for "
                       f"{', '.join(EXHAUSTIVE)})")
    check_page_size(n, compare, piece, until)
    other = Summary(compare)
    right_events = _watch(trace(n, compare, piece=piece, until=until, seed=seed,
                                max_steps=max_steps), other)
    left, a = render_html(events, n, method=method, piece=piece, until=until)
    right, b = render_html(right_events, n, method=compare, piece=piece, until=until)
    with output_stream(path) as out:
        out.write(compare_html(left, right, method, compare, n))
    if not summary.complete:
        summary.complete, summary.steps, summary.solutions = True, a.steps, a.solutions
    say(f"wrote {path}: {method} in {count_of(a.steps, 'step')} against {compare} in "
        f"{count_of(b.steps, 'step')}")
    return _end(summary, n)


def _watch(events: Iterable[Event], summary: Summary) -> Iterator[Event]:
    """Pass the events on, counting them in ``summary``; mark it complete at the end.

    A method that knows at once there is no solution (the repairs at n = 2, 3) raises
    :class:`NoSolution` before its first event: that is an empty trace whose verdict
    is the error, so the outputs are still written.
    """
    try:
        for e in events:
            summary.see(e)
            yield e
    except BudgetExhausted:
        raise
    except NoSolution as exc:
        summary.error = exc
    summary.complete = True


def _end(summary: Summary, n: int) -> int:
    """Say what the repairs counted; end with "no solution" (exit 1) when there was none."""
    work = summary.work_text()
    if work and summary.complete and summary.error is None:
        say(f"nqueens: {summary.method}: {work}")
    err = summary.verdict(n)
    if err is not None:
        raise err
    return 0


def _own_steps(events: Iterable[Event], n: int, piece: Piece, wanted: list[int],
               show_events: bool) -> list[Snapshot]:
    """The boards after steps ``wanted`` of a method that counts its own steps (the events
    carry the count; a step that changed nothing has no event)."""
    pending = list(wanted)
    snaps: list[Snapshot] = []
    at_step: list[Event] = []       # the events of the latest step seen
    ref: list[BoardState] = []

    def take(k: int) -> None:
        board = ref[0] if ref else BoardState(n)
        last = at_step[-1] if at_step else Event(Kind.DONE, step=0)
        if at_step and last.step == k:
            parts = [describe(x, n, piece).split(": ", 1)[1] for x in at_step
                     if x.kind in (Kind.MOVE, Kind.CONFLICTS, Kind.SOLUTION, Kind.DONE)]
            if any(x.kind is Kind.CONFLICTS and x.note == "restart" for x in at_step):
                parts.insert(0, "restart from a new greedy start")
            head = f"step {k:,}: " + "; ".join(parts)
        else:
            head = (f"step {k:,}: a candidate swap that would not lower the attacking pairs "
                    f"(the board is as after step {last.step:,})")
        snaps.append(Snapshot(last, board.queens, board.solutions, step=k, head=head))

    def gate() -> Iterator[Event]:
        for e in events:
            while pending and e.step > pending[0]:
                take(pending.pop(0))
            if not pending:
                return
            if at_step and at_step[-1].step != e.step:
                at_step.clear()
            at_step.append(e)
            yield e
        last = at_step[-1].step if at_step else 0
        while pending and pending[0] <= last:
            take(pending.pop(0))

    for e, board in replay(gate(), n, piece, check=False):
        if not ref:
            ref.append(board)
        if show_events:
            echo(describe(e, n, piece, board.queens))
    return snaps


def _picture(snaps: list[Snapshot], n: int, piece: Piece, fmt: str, attacked: bool,
             output: str | None) -> None:
    from ..pictures import position_png, position_svg

    s = snaps[-1]
    e = s.event
    opts = {"tried": s.tried, "tried_ok": e.ok, "attackers": e.attackers,
            "attacked": attacked, "conflicts": True, "piece": piece}
    if fmt == "svg":
        with output_stream(output) as out:
            out.write(position_svg(n, s.queens, labels=True, **opts) + "\n")  # type: ignore[arg-type]
        return
    if output is None and sys.stdout.isatty():
        raise BadInput("a png picture is binary: write it to a file with --output FILE")
    data = position_png(n, s.queens, labels=True, **opts)  # type: ignore[arg-type]
    with output_stream(output, binary=True) as bout:
        bout.write(data)
