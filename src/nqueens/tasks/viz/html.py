"""The self-contained HTML player: one file, no network, no server.

The trace is embedded compactly: each event is one byte (its kind, whether a
tested square was free, and where it is *relative to the last square*: the same
square, the next one along the scan, the first of the next line), followed by the
square only when it is none of these. The bytes are deflated and base64-encoded;
the page inflates them with the browser's own ``DecompressionStream``. For
``proba`` (and ``arrays``, ``sets``: the same stream) on n = 12, all 11.8 million
events of the search fit in well under a megabyte.

The page rebuilds the board event by event, as :func:`nqueens.base.events.replay` does,
and works out the queens attacking the tried square with the same rule as
:mod:`nqueens.base.pieces` (lines, plus the knight's move for the superqueen).

>>> from nqueens.algorithms.classic import trace
>>> data = encode_events(trace(4, "proba", until="first"), 4, scan="column")
>>> len(data), list(data[:3])     # 26 tests, 8 placed, 4 taken back, solution, done
(40, [40, 1, 32])
"""

from __future__ import annotations

import base64
import html as _html
import json
import re
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources

import numpy as np

from ...base import methods
from ...base.errors import BadInput
from ...base.events import Event, Kind
from ...base.pieces import Piece
from ...base.squares import Square
from ...output.pictures import ATTACK, ATTACKED, DARK, FREE, LIGHT, QUEEN_FILL, QUEEN_PATH, REFUSED
from ..tour import stops as tour_stops
from .code import CODE_METHODS, code_of, sources_of

KIND_CODES: dict[Kind, int] = {
    Kind.TEST: 0, Kind.PLACE: 1, Kind.REMOVE: 2, Kind.MOVE: 3,
    Kind.SOLUTION: 4, Kind.CONFLICTS: 5, Kind.STATE: 6, Kind.DONE: 7,
}
OK_BIT = 8
HERE, NEXT, NEWLINE, EXPLICIT = 0, 1, 2, 3


def _varint(v: int, out: bytearray) -> None:
    while True:
        b = v & 0x7F
        v >>= 7
        if v:
            out.append(b | 0x80)
        else:
            out.append(b)
            return


#: A page larger than this (bytes) gets a warning: browsers may be slow to open it.
LARGE_PAGE = 20_000_000


def encode_events(events: Iterable[Event], n: int, scan: str = "column") -> bytes:
    """The compact bytes of an event stream (before compression).

    Byte: kind in bits 0-2, ``ok`` in bit 3 (TEST), where in bits 4-5. Where:
    0 = the cursor (the square of the last event that had one) for TEST/PLACE, the
    last queen still standing for REMOVE; 1 = the next square along the scan;
    2 = the first square of the next line; 3 = a varint ``row * n + col`` follows.
    A MOVE always gives its square, then ``from_row * n + from_col + 1`` (0: not
    given). CONFLICTS and STATE are followed by their ``count`` as a varint.

    >>> events = [Event(Kind.TEST, 0, 0, step=1), Event(Kind.PLACE, 0, 0, step=1, depth=1),
    ...           Event(Kind.TEST, 1, 0, step=2, depth=1, ok=False, attackers=((0, 0),)),
    ...           Event(Kind.TEST, 2, 1, step=3, depth=1)]
    >>> list(encode_events(events, 4, scan="column"))
    [40, 1, 16, 56, 9]

    That is: a free test at the start of the first column (0 + 8 + 2 * 16), a queen
    placed there (1), a refused test on the next square (16), and a free test
    on b2 given explicitly (0 + 8 + 3 * 16) as ``2 * 4 + 1``.

    Steps: a TEST is one step. An event of another kind whose ``step`` is ahead of
    the steps counted so far (a repair that counts its own steps, as min-conflicts
    its candidate swaps) has bit 3 set and the number of steps it adds as a varint
    right after its byte, before anything else it carries:

    >>> list(encode_events([Event(Kind.CONFLICTS, step=5, count=2)], 4))
    [13, 5, 2]
    """
    out = bytearray()
    cursor: Square = (-1, -1)
    stack: list[Square] = []
    column = scan == "column"
    steps = 0

    def head(byte: int, e: Event) -> None:
        nonlocal steps
        if e.kind is Kind.TEST:
            steps += 1
            out.append(byte)
        elif e.step > steps:
            out.append(byte | OK_BIT)
            _varint(e.step - steps, out)
            steps = e.step
        else:
            out.append(byte)

    for e in events:
        code = KIND_CODES[e.kind]
        sq = e.square
        if e.kind in (Kind.TEST, Kind.PLACE, Kind.REMOVE):
            if column:
                nxt, line = (cursor[0] + 1, cursor[1]), (0, cursor[1] + 1)
            else:
                nxt, line = (cursor[0], cursor[1] + 1), (cursor[0] + 1, 0)
            if e.kind is Kind.REMOVE:
                where = HERE if stack and stack[-1] == sq else EXPLICIT
            elif sq == cursor:
                where = HERE
            elif sq == nxt:
                where = NEXT
            elif sq == line:
                where = NEWLINE
            else:
                where = EXPLICIT
            ok = OK_BIT if (e.kind is Kind.TEST and e.ok) else 0
            head(code | ok | (where << 4), e)
            if where == EXPLICIT:
                _varint(e.row * n + e.col, out)
            if e.kind is Kind.PLACE:
                stack.append(sq)
            elif e.kind is Kind.REMOVE and sq in stack:
                stack.remove(sq)
            cursor = sq
        elif e.kind is Kind.MOVE:
            head(code | (EXPLICIT << 4), e)
            _varint(e.row * n + e.col, out)
            _varint(e.from_row * n + e.from_col + 1 if e.from_row >= 0 else 0, out)
            src: Square | None = (e.from_row, e.from_col) if e.from_row >= 0 else None
            if src is None:
                same = [q for q in stack if q[1] == e.col and q != sq] or \
                       [q for q in stack if q[0] == e.row and q != sq]
                src = same[0] if len(same) == 1 else None
            if src is not None and src in stack:
                stack[stack.index(src)] = sq
            cursor = sq
        else:
            head(code, e)
            if e.kind in (Kind.CONFLICTS, Kind.STATE):
                _varint(max(e.count, 0), out)
    return bytes(out)


def proba_bytes(n: int, piece: Piece = Piece.QUEEN, until: str = "all") -> memoryview:
    """The compact bytes of ``proba``'s trace from the compiled kernel (the fast path).

    They are the bytes :func:`encode_events` makes of the traced search, event for event:

    >>> from nqueens.algorithms.classic import trace
    >>> data = proba_bytes(4, until="first")
    >>> len(data), data == encode_events(trace(4, "proba", until="first"), 4, scan="column")
    (40, True)
    """
    from ...algorithms.classic import search_space, steps_to_first
    from ...kernels.steps import proba_trace_bytes

    if until == "first":
        r = steps_to_first(n, piece)
        size = r.steps + r.placed + r.backtracks + 2
    else:
        s = search_space(n, piece)
        inner = s.nodes - 1
        size = s.squares_tested + 2 * inner + s.solutions + 1
    # written in place and never copied or cleared by the interpreter: a copy of the whole
    # search of n = 14 would hold it (and a signal's handler) for a third of a second
    out = np.zeros(size, dtype=np.uint8)
    k = proba_trace_bytes(n, piece.knight, until == "first", out)
    if k < 0:
        raise RuntimeError("trace buffer too small")  # pragma: no cover - sizes are exact
    return out.data.toreadonly()[:k]


@dataclass(frozen=True)
class PageInfo:
    """What a player page (:func:`render_html`) holds, and its size in bytes.

    >>> PageInfo(events=40, steps=26, solutions=1, size=15000).steps
    26
    """

    events: int
    steps: int
    solutions: int
    size: int


def _count(data: bytes | memoryview) -> tuple[int, int, int]:
    """(events, steps, solutions) of compact bytes: a step is a TEST event, plus the
    steps an event of another kind says it adds (see :func:`encode_events`).

    >>> _count(bytes([40, 1, 16, 56, 9, 13, 5, 2, 4]))
    (6, 8, 1)
    """
    arr = np.frombuffer(data, dtype=np.uint8)
    # how often each byte value occurs, a block at a time (bincount widens what it reads)
    seen = np.zeros(256, dtype=np.int64)
    for start in range(0, len(arr), 1 << 24):
        seen += np.bincount(arr[start:start + (1 << 24)], minlength=256)
    values = np.arange(256)
    kinds = values & 7
    # varint payload bytes are skipped by walking; fast path when there are none
    carries = (((values >> 4) & 3) == EXPLICIT) | np.isin(kinds, (3, 5, 6)) | (
        (kinds != 0) & ((values & OK_BIT) != 0))
    if not seen[carries].any():
        return len(arr), int(seen[kinds == 0].sum()), int(seen[kinds == 4].sum())
    events = steps = sols = 0
    i = 0

    def varint() -> int:
        nonlocal i
        v = shift = 0
        while True:
            b = data[i]
            i += 1
            v |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                return v

    while i < len(data):
        b = data[i]
        i += 1
        kind = b & 7
        events += 1
        if kind == 0:
            steps += 1
        elif b & OK_BIT:
            steps += varint()
        sols += kind == 4
        payload = 0
        if kind == 3:
            payload = 2
        elif (b >> 4) & 3 == EXPLICIT and kind in (0, 1, 2):
            payload = 1
        elif kind in (5, 6):
            payload = 1
        for _ in range(payload):
            varint()
    return events, steps, sols


def _naming(method: str) -> dict[str, object]:
    """How the method's source names rows and columns: its words, and whether it counts
    from 0 or 1 (rows from the top, columns from the left).

    >>> _naming("proba"), _naming("sets")["base"], _naming("rows")["default"]
    ({'row': 'sor', 'col': 'oszlop', 'base': 1, 'default': 'source'}, 0, 'chess')
    """
    # the searches whose code and data number the squares open in the source's numbering
    shown = "source" if method in ("proba", "arrays", "sets") else "chess"
    if method in ("proba", "arrays", "intuitive"):
        return {"row": "sor", "col": "oszlop", "base": 1, "default": shown}
    return {"row": "row", "col": "col", "base": 0 if method == "sets" else 1, "default": shown}


#: The player's start speed (events per second) unless one is asked for.
DEFAULT_SPEED = 20.0


def page(data: bytes | memoryview, n: int, *, method: str, piece: Piece, until: str,
         speed: float | None = None, tour: bool = False,
         counts: tuple[int, int, int] | None = None) -> str:
    """The HTML text of the player for compact trace bytes; with ``tour`` it opens on the
    first stop of the source's tour (:mod:`nqueens.tasks.tour`). ``counts`` are the
    events, steps and solutions of ``data`` when the caller has them already.

    >>> html = page(proba_bytes(4), 4, method="proba", piece=Piece.QUEEN, until="all")
    >>> html.startswith("<!DOCTYPE html>"), "<title>nqueens: proba on 4x4 (queen)</title>" in html
    (True, True)
    """
    template = resources.files("nqueens.tasks.viz").joinpath("player.html").read_text("utf-8")
    events, steps, sols = _count(data) if counts is None else counts
    facts = methods.get(method)
    meta = {
        "n": n, "method": method, "piece": piece.value, "until": until,
        "scan": facts.scan, "events": events, "steps": steps,
        "solutions": sols, "speed": DEFAULT_SPEED if speed is None else speed,
        # at the default speed a trace that would play for more than two minutes starts
        # faster, so that it plays in two
        "autoSpeed": speed is None,
        "depthLabel": ("depth (queens placed)" if facts.exhaustive
                       else "queens on the board"),
        "code": code_of(method, until).as_dict() if method in CODE_METHODS else None,
        # proba from the queens placed on "your own board" (the page traces it itself)
        "codeGiven": (code_of(method, "first", given=True).as_dict()
                      if method in ("proba", "arrays") else None),
        "sources": list(sources_of(method)) if method in CODE_METHODS else [],
        "naming": _naming(method),
        "data": facts.data,
        "tree": facts.tree,
        "stepMode": "own" if facts.own_steps else "tests",
        "stepLabel": f"step ({facts.step_unit})",
        "colours": {"light": LIGHT, "dark": DARK, "queen": QUEEN_FILL, "attack": ATTACK,
                    "attacked": ATTACKED, "free": FREE, "refused": REFUSED},
        "queenPath": QUEEN_PATH,
        "tour": [stop.as_dict() for stop in tour_stops(n, method, piece.value)],
        "tourStart": tour,
    }
    payload = base64.b64encode(zlib.compress(data, 6)).decode("ascii")
    title = f"{method} on {n}x{n} ({piece.value})"
    return fill(template, {"TITLE": _html.escape(title), "STYLE": _assets(PAGE_STYLES),
                           "SCRIPT": _assets(PAGE_SCRIPTS), "META": _json_in_script(meta),
                           "DATA": payload})


#: The style sheets and scripts of the player page, in the order the page holds them.
PAGE_STYLES: tuple[str, ...] = ("player.css", "player_tree.css")
PAGE_SCRIPTS: tuple[str, ...] = ("player_tree.js", "player_lines.js", "player.js")


def _assets(names: tuple[str, ...]) -> str:
    """The text of the page's own style sheets or scripts, one after the other."""
    folder = resources.files("nqueens.tasks.viz")
    return "\n".join(folder.joinpath(name).read_text("utf-8") for name in names)


def _json_in_script(value: object) -> str:
    """JSON that may stand inside a ``<script>`` element (no ``</`` closes it early).

    >>> _json_in_script({"a": "</script>"})
    '{"a": "<\\\\/script>"}'
    """
    return json.dumps(value).replace("</", "<\\/")


def fill(template: str, values: dict[str, str]) -> str:
    """The template with each ``{{NAME}}`` replaced by its value, in one pass (a value
    that holds ``{{...}}`` itself is left as it is).

    >>> fill("<b>{{A}}</b>{{B}}", {"A": "{{B}}", "B": "x"})
    '<b>{{B}}</b>x'
    """
    return re.sub(r"\{\{([A-Z_]+)\}\}", lambda m: values[m.group(1)], template)


def render_html(events: Iterable[Event], n: int, *, method: str = "proba",
                piece: Piece = Piece.QUEEN, until: str = "all",
                speed: float | None = None, tour: bool = False) -> tuple[str, PageInfo]:
    """The player page for a trace, and what it holds.

    For ``proba``, ``arrays`` and ``sets`` the page's data come from the compiled kernel
    (the event stream is the same), else from ``events``.

    >>> from nqueens.algorithms.classic import trace
    >>> html, info = render_html(trace(4, "proba", until="first"), 4, until="first")
    >>> info.events, info.steps, info.solutions, info.size == len(html.encode("utf-8"))
    (40, 26, 1, True)
    """
    data: bytes | memoryview
    if methods.get(method).kernel == "nqueens._core.steps":   # the kernel writes the bytes
        data = proba_bytes(n, piece, until)
    else:
        data = encode_events(events, n, methods.get(method).scan)
    counts = _count(data)
    html = page(data, n, method=method, piece=piece, until=until, speed=speed, tour=tour,
                counts=counts)
    return html, PageInfo(*counts, len(html.encode("utf-8")))


def compare_html(left: str, right: str, left_name: str, right_name: str, n: int, *,
                 left_note: str = "", right_note: str = "",
                 speed: float | None = None) -> str:
    """One self-contained page holding two players side by side (each a frame of its
    own page), with one set of controls for both (buttons, keys, a speed slider, the
    square names) and both players' live counters; ``left_note`` and ``right_note`` are
    said beside the counters (the seed a side ran), ``speed`` is the start speed of both
    in events per second (default :data:`DEFAULT_SPEED`).

    >>> two = compare_html("<p>a</p>", "<p>b</p>", "proba", "min-conflicts", 8,
    ...                    right_note="seed 26")
    >>> two.count("<iframe"), "proba against min-conflicts" in two, "seed 26" in two
    (2, True, True)
    """
    template = resources.files("nqueens.tasks.viz").joinpath("compare.html").read_text("utf-8")
    title = f"{left_name} against {right_name} on {n}x{n}"
    config = {"n": n, "names": [left_name, right_name], "notes": [left_note, right_note],
              "speed": DEFAULT_SPEED if speed is None else speed}
    return fill(template, {
        "TITLE": _html.escape(title), "LEFT_NAME": _html.escape(left_name),
        "RIGHT_NAME": _html.escape(right_name), "LEFT_NOTE": _html.escape(left_note),
        "RIGHT_NOTE": _html.escape(right_note), "CONFIG": _json_in_script(config),
        "LEFT": _html.escape(left, quote=True), "RIGHT": _html.escape(right, quote=True)})


#: The most events an HTML page may hold. The page is about 0.11 bytes per event: the whole
#: search of n = 14 (433 million events) gives a 47 MB page.
MAX_PAGE_EVENTS = 500_000_000

#: Memory that making a page takes per event: the trace (a byte an event) and the
#: compressed page; the whole search of n = 14 peaks at 0.6 GB.
PAGE_MEMORY_PER_EVENT = 1.4

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
    if not methods.get(method).exhaustive or n < 1:
        return
    found = page_events(n, piece, until)
    if found is None:
        return
    events, exact = found
    what = "the whole search" if until == "all" else "the search for the first solution"
    size = f"{events:,} events" if exact else f"more than {events:,} events"
    memory = (f"about {events * PAGE_MEMORY_PER_EVENT / 1e9:,.0f} GB" if exact
              else "more than that")
    hint = "try a smaller n or --until first" if until == "all" else "try a smaller n"
    raise BadInput(f"--html: {what} of {method} for n = {n} has {size}, and a page holds at "
                   f"most {MAX_PAGE_EVENTS:,} (making this one would take {memory} of "
                   f"memory); {hint}")
