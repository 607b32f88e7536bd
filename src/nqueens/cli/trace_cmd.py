"""``nqueens trace``: watch a classic algorithm work, step by step."""

from __future__ import annotations

import sys

import click

from ..classic import EXHAUSTIVE, METHODS, trace
from ..errors import BadInput
from ..pieces import Piece
from ..trace import Event, Kind, Square, replay, square_name
from ..viz.text import board_text, describe
from .app import cli
from .common import dump_json, echo, json_option, output_stream, piece_option, say

PICTURES = ("board", "svg", "png")


class Snapshot:
    """The board at one chosen moment of the trace.

    >>> e = Event(Kind.TEST, 1, 1, step=3, depth=1, ok=False, attackers=((0, 0),))
    >>> snap = Snapshot(e, [(0, 0)], solutions=0)
    >>> snap.tried
    (1, 1)
    >>> d = snap.as_dict(4, Piece.QUEEN)
    >>> d["square_name"], d["reason"]
    ('b3', 'step 3: test b3 - refused: diagonal of the queen on a4')
    """

    def __init__(self, e: Event, queens: list[Square], solutions: int) -> None:
        self.event = e
        self.queens = list(queens)
        self.solutions = solutions

    @property
    def tried(self) -> Square | None:
        return self.event.square if self.event.kind is Kind.TEST else None

    def as_dict(self, n: int, piece: Piece) -> dict[str, object]:
        e = self.event
        return {
            "step": e.step, "event": e.kind.value,
            "square": list(e.square) if e.row >= 0 else None,
            "square_name": square_name(e.square, n) if e.row >= 0 else None,
            "ok": e.ok if e.kind is Kind.TEST else None,
            "attackers": [list(a) for a in e.attackers],
            "reason": describe(e, n, piece, self.queens),
            "depth": len(self.queens), "queens": [list(q) for q in self.queens],
            "solutions_so_far": self.solutions,
        }


@cli.command("trace")
@click.argument("n", type=int)
@click.option("--method", "-m", type=click.Choice(METHODS), default="proba", show_default=True,
              help="The algorithm: " + ", ".join(METHODS) + ".")
@click.option("--step", "-s", "steps", type=int, multiple=True, metavar="K",
              help="Show the board at step K (the K-th square tested); repeat for more.")
@click.option("--until", type=click.Choice(["first", "all"]), default=None,
              help="Search to the first solution or to all of them, showing each solution "
                   "[default: first; all with --step].")
@click.option("--events", "show_events", is_flag=True,
              help="Also print every event, one line each, as it happens.")
@click.option("--animate", is_flag=True,
              help="Play the search in the terminal (space pause, n step, +/- speed, q quit).")
@click.option("--speed", type=float, default=20.0, show_default=True,
              help="Steps per second for --animate (and the HTML player's start speed).")
@click.option("--html", "html_file", type=click.Path(dir_okay=False), default=None,
              metavar="FILE", help="Write a self-contained HTML page that plays the search.")
@click.option("--format", "-f", "fmt", type=click.Choice(PICTURES), default="board",
              show_default=True, help="Show the board as text, or as an svg or png picture "
                                      "(of the last board chosen).")
@click.option("--attacked", is_flag=True,
              help="Pictures: shade the squares the queens attack.")
@click.option("--output", "-o", type=click.Path(dir_okay=False), default=None,
              help="Write to FILE instead of standard output (written whole or not at all).")
@click.option("--seed", type=int, default=None, help="Random seed (min-conflicts).")
@click.option("--max-steps", type=int, default=None, help="Step budget (min-conflicts).")
@json_option
@piece_option
def trace_cmd(n: int, method: str, steps: tuple[int, ...], until: str | None, show_events: bool,
              animate: bool, speed: float, html_file: str | None, fmt: str, attacked: bool,
              output: str | None, seed: int | None, max_steps: int | None, as_json: bool,
              piece: str) -> int:
    """Trace an algorithm on an N×N board: the board at chosen steps, an animation, a page.

    A step is one square tested. At each chosen step the board is printed with
    the step number, the square being tried (o free, x refused) and why it was
    refused (the queens attacking it). Without --step, the board of each solution
    found is printed.

    \b
    Examples:
      nqueens trace 8                        the first solution of proba, at step 876
      nqueens trace 8 --step 24 --step 36 --step 60    the source's pictures
      nqueens trace 6 --until all --method sets        every solution, with its step
      nqueens trace 5 --events                         every test, placement, backtrack
      nqueens trace 8 --animate --speed 50             play it in the terminal
      nqueens trace 8 --html proba8.html               a page that plays the search
      nqueens trace 8 --step 24 -f svg -o step24.svg   a picture of step 24
      nqueens trace 10 --piece superqueen
    """
    if any(k < 1 for k in steps):
        raise BadInput("--step must be at least 1")
    if speed <= 0:
        raise BadInput("--speed must be positive")
    if until is None:
        until = "all" if steps and method in EXHAUSTIVE else "first"
    if until == "all" and method not in EXHAUSTIVE:
        raise BadInput(f"method {method} stops at its first solution (--until all is for "
                       f"{', '.join(EXHAUSTIVE)})")
    the_piece = Piece.parse(piece)
    events = trace(n, method, piece=the_piece, until=until, seed=seed, max_steps=max_steps)

    if html_file is not None:
        from ..viz.html import write_html

        info = write_html(events, n, html_file, method=method, piece=the_piece, until=until,
                          speed=speed)
        say(f"wrote {html_file}: {info.steps:,} steps, {info.events:,} events, "
            f"{info.solutions:,} solution(s), {info.size:,} bytes")
        return 0
    if animate:
        from ..viz.terminal import animate as play

        play(events, n, piece=the_piece, speed=speed, title=f"{method}, n = {n}")
        return 0

    wanted = sorted(set(steps))
    last_wanted = wanted[-1] if wanted else None
    snaps: list[Snapshot] = []
    final: Event | None = None
    for e, board in replay(events, n, the_piece, check=False):
        if show_events and not as_json:
            echo(describe(e, n, the_piece, board.queens))
        if wanted:
            if e.kind is Kind.TEST and e.step in wanted:
                snaps.append(Snapshot(e, board.queens, board.solutions))
                if e.step == last_wanted:
                    final = e
                    break
        elif e.kind is Kind.SOLUTION:
            snaps.append(Snapshot(e, board.queens, board.solutions))
        final = e
    if wanted and (final is None or final.step < wanted[-1] or len(snaps) < len(wanted)):
        done = final.step if final is not None else 0
        missing = [k for k in wanted if k > done]
        raise BadInput(f"the search ended after {done:,} steps: there is no step {missing[0]:,}")

    if fmt in ("svg", "png"):
        return _picture(snaps, n, the_piece, fmt, attacked, output)
    with output_stream(output) as out:
        if as_json:
            dump_json({"n": n, "method": method, "piece": the_piece.value, "until": until,
                       "steps": final.step if final else 0,
                       "boards": [s.as_dict(n, the_piece) for s in snaps]}, out)
            return 0
        for i, s in enumerate(snaps):
            if i or show_events:
                echo("", out)
            e = s.event
            head = describe(e, n, the_piece, s.queens)
            echo(f"{head}  [{len(s.queens)} queen(s) on the board]", out)
            echo(board_text(n, s.queens, s.tried, e.ok, e.attackers), out)
        if not snaps and not wanted:
            echo(f"no solution: {final.note if final else 'the search did not start'}", out)
        elif not wanted and final is not None and final.kind is Kind.DONE:
            echo("", out)
            echo(final.note, out)
    return 0


def _picture(snaps: list[Snapshot], n: int, piece: Piece, fmt: str, attacked: bool,
             output: str | None) -> int:
    from ..pictures import position_png, position_svg

    if not snaps:
        raise BadInput("no board to draw: the search found no solution (choose a --step)")
    s = snaps[-1]
    e = s.event
    opts = {"tried": s.tried, "tried_ok": e.ok, "attackers": e.attackers,
            "attacked": attacked, "conflicts": True, "piece": piece}
    if fmt == "svg":
        with output_stream(output) as out:
            out.write(position_svg(n, s.queens, labels=True, **opts) + "\n")  # type: ignore[arg-type]
        return 0
    if output is None and sys.stdout.isatty():
        raise BadInput("a png picture is binary: write it to a file with --output FILE")
    data = position_png(n, s.queens, **opts)  # type: ignore[arg-type]
    with output_stream(output, binary=True) as bout:
        bout.write(data)
    return 0
