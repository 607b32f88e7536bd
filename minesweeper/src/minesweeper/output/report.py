"""What ``check`` and ``render`` say about a board: a :class:`Report` gathers the answers of
the solvers (a count, the safe squares, a verdict, an assignment) as text, as JSON and as
marks on a picture.

>>> from minesweeper.base.board import parse_board
>>> from minesweeper.analysis.decide import decide
>>> board = parse_board("1?1/?0?/1?1")
>>> report = Report(board)
>>> report.add_verdict(decide(board))
>>> print(report.text(), end="")
inconsistent
these 2 numbers cannot all hold:
[1] ?  1
 ? [.] ?
 1  ?  1
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from puzzleshell.text import printable

from ..analysis.count import CountResult
from ..analysis.probability import Probabilities
from ..analysis.sat import SafeResult
from ..analysis.verdict import Verdict
from ..base.board import Board, Cell
from ..base.errors import BadInput
from ..base.words import count_text, plural, size
from .render import Overlay, marks_of

#: An input line of a built board: ``# input NAME x=COLUMN y=ROW``, or as boards built
#: before squares were written (x, y): ``# input NAME ROW COLUMN``.
_INPUT_LINE = re.compile(r"^#\s*input\s+(\S+)\s+(?:x=(\d{1,9})\s+y=(\d{1,9})|"
                         r"(\d{1,9})\s+(\d{1,9}))\s*$", re.MULTILINE)
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass
class Report:
    """The answers about ``board`` so far; ``consistent`` is false once one says so;
    ``shown`` says what its picture shows, for the message that says it was written."""

    board: Board
    consistent: bool = True
    lines: list[str] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    shown: list[str] = field(default_factory=list)
    #: The marks of the picture, and what is still to be put on them, and into the
    #: JSON, when asked for (a mark or an entry for every covered square of a large
    #: board is built only for a picture, or for the JSON).
    _overlay: Overlay = field(default_factory=Overlay, repr=False)
    _pending: list[Callable[[], None]] = field(default_factory=list, repr=False)
    _later: dict[str, Callable[[], Any]] = field(default_factory=dict, repr=False)

    _marks: dict[str, int] = field(default_factory=dict, repr=False)

    def marks(self) -> dict[str, int]:
        """How many marks of each kind the picture draws, known before they are made
        (for :func:`~minesweeper.output.render.check_picture`)."""
        out = marks_of(self._overlay)
        for kind, n in self._marks.items():
            out[kind] = max(out.get(kind, 0), n)
        return out

    @property
    def overlay(self) -> Overlay:
        """What the picture of the report draws over the board."""
        while self._pending:
            self._pending.pop(0)()
        return self._overlay

    def add_count(self, result: CountResult, frontier: CountResult | None = None) -> None:
        """The number of arrangements: of the squares next to a number, and of every
        covered square (with the total when the board gives one; ``frontier``: the count
        without the total, for such a board).

        >>> from minesweeper.base.board import parse_board
        >>> from minesweeper.analysis.count import count_arrangements
        >>> r = Report(parse_board("?1?/???/???"))
        >>> r.add_count(count_arrangements(r.board))
        >>> print(r.lines[0].replace("; ", ";\\n"))
        5 arrangements of the squares next to a number;
        40 of every covered square (each of the 3 squares no number sees is free)
        """
        free = result.interior
        if result.scope == "all":
            base = frontier.count if frontier is not None else None
            line = (f"{count_text(result.count)} {_arrangements(result.count)} of every "
                    f"covered square with {plural(self.board.total or 0, 'mine')} in all")
            if base is not None:
                line += (f"; without the total {count_text(base)} of the squares next to "
                         f"a number, {count_text(base * 2 ** free)} of every covered square")
        else:
            base = result.count
            line = (f"{count_text(result.count)} {_arrangements(result.count)} of the "
                    f"squares next to a number; {count_text(result.count * 2 ** free)} of "
                    "every covered square" + (f" (each of the {plural(free, 'square')} no "
                                              "number sees is free)" if free else ""))
        self.lines.append(line)
        self.data["count"] = {**result.to_json(), "with_total": result.count if
                              result.scope == "all" else None,
                              "frontier_arrangements": base,
                              "every_square_arrangements": None if base is None else
                              base * 2 ** free}
        self.consistent = self.consistent and result.count > 0

    def add_safe(self, result: SafeResult) -> None:
        """The squares safe or mined in every arrangement."""
        self.data["safe"] = result.to_json()
        self._overlay.safe, self._overlay.mined = result.safe, result.mined
        self._overlay.key += [("safe", "safe in every arrangement"),
                             ("mine", "a mine in every arrangement"), ("unknown", "either")]
        self.shown.append("its safe and mined squares")
        self.lines += result.lines(self.board)
        self.consistent = self.consistent and result.consistent

    def add_probabilities(self, result: Probabilities) -> None:
        """The mine probability of every covered square: percentages on the board, exact
        fractions in the JSON, a heat map (with the percentages) in pictures.

        >>> from minesweeper.base.board import parse_board
        >>> from minesweeper.analysis.probability import probabilities
        >>> r = Report(parse_board("mines: 1\\n?1?"))
        >>> r.add_probabilities(probabilities(r.board))
        >>> print("\\n".join(r.lines[:1] + r.lines[2:]))
        mine probability of each covered square, in percent, over 2 arrangements
        s: safe in every arrangement, m: a mine in every arrangement, F: a flag
         50%   1 50%
        """
        self.consistent = self.consistent and result.consistent
        self.data["probabilities"] = None
        self._later["probabilities"] = result.to_json
        if not result.consistent:
            with_total = "" if result.total is None else f" with {plural(result.total, 'mine')}"
            self.lines.append(f"no arrangement of the covered squares{with_total} agrees with "
                              "every number: no probabilities")
            return
        certain = result.mined.count(0) + result.mined.count(result.denominator)
        self._marks.update(mined=certain, safe=certain, labels=len(result.mined))

        def heat() -> None:
            ov = self._overlay
            cells = result.cells()
            fractions = result.fractions()
            ov.heat = {sq: float(f) for sq, f in zip(result.squares, fractions, strict=True)}
            ov.safe = {sq for sq, f in zip(result.squares, fractions, strict=True) if f == 0}
            ov.mined = {sq for sq, f in zip(result.squares, fractions, strict=True) if f == 1}
            ov.labels.update({sq: t for sq, t in cells.items() if t not in ("s", "m")})

        self._pending.append(heat)
        self._overlay.key += [("safe", "0 %: safe in every arrangement"),
                             ("mine", "100 %: a mine in every arrangement")]
        self.shown.append("its mine probabilities")
        self.lines += [f"mine probability of each covered square, in percent, over "
                       f"{count_text(result.arrangements)} "
                       f"{_arrangements(result.arrangements)}", result.model,
                       "s: safe in every arrangement, m: a mine in every arrangement, "
                       "F: a flag", *result.grid(self.board)]

    def add_verdict(self, verdict: Verdict, witness: bool = True) -> None:
        """A witness arrangement (printed unless not ``witness``: it is still drawn and
        in the JSON), or the numbers that cannot all hold."""
        self.data.update(verdict.to_json())
        self._overlay.mines = verdict.mines
        self._overlay.marked = set(verdict.core)
        if verdict.consistent:
            self._overlay.key.append(("witness", "a mine in this arrangement"))
            self.shown.append("a witness arrangement")
        elif verdict.core:
            self._overlay.key.append(("marked", "numbers that cannot all hold"))
            self.shown.append("the numbers that cannot all hold outlined")
        if witness or not verdict.consistent:
            self.lines += verdict.lines(self.board)
        self.consistent = self.consistent and verdict.consistent

    def add_assignment(self, values: dict[str, bool]) -> None:
        """The values of a built board's inputs, read off the witness; they go first."""
        self.data["assignment"] = values
        self.lines.insert(0, assignment_line(values))

    def text(self) -> str:
        """The report as ``check`` prints it: ``consistent`` or ``inconsistent``, then
        the lines."""
        return "\n".join(["consistent" if self.consistent else "inconsistent",
                          *self.lines]) + "\n"

    def what(self) -> str:
        """What the picture of the report shows, as the message that says it was written
        puts it.

        >>> from minesweeper.base.board import parse_board
        >>> from minesweeper.analysis.decide import decide
        >>> report = Report(parse_board("1?/11"))
        >>> report.add_verdict(decide(report.board))
        >>> report.what()
        'a 2x2 board with a witness arrangement'
        """
        shown = " and ".join(self.shown)
        return f"a {size(self.board.width, self.board.height)} board" + (
            f" with {shown}" if shown else "")

    def json(self) -> dict[str, Any]:
        """The report as ``check --json`` prints it."""
        for key, make in self._later.items():
            self.data[key] = make()
        self._later.clear()
        return {**self.data, "consistent": self.consistent}


def _arrangements(n: int) -> str:
    return "arrangement" if n == 1 else "arrangements"


def assignment_line(values: dict[str, bool]) -> str:
    """The line ``check --assignment`` prints, as ``eval`` takes it.

    >>> assignment_line({"a": True, "b": False})
    'assignment: a=1 b=0'
    """
    return "assignment: " + " ".join(f"{k}={int(v)}" for k, v in values.items())


def assignment(text: str, mines: set[Cell]) -> dict[str, bool]:
    """The values of the inputs of a board made by ``build`` (its ``# input NAME x=X y=Y``
    lines, counted from 1; the bare ``# input NAME ROW COLUMN`` of earlier boards is
    still read): true where the witness ``mines`` holds a mine.

    >>> assignment("# input a x=2 y=1\\n# input b x=3 y=1\\n", {(0, 1)})
    {'a': True, 'b': False}
    >>> assignment("# input a 1 2\\n", {(0, 1)})
    {'a': True}
    """
    found = _INPUT_LINE.findall(text)
    if not found:
        raise BadInput("--assignment needs a board made by 'build' (its '# input' lines)")
    values: dict[str, bool] = {}
    for name, x, y, row, column in found:
        if not _NAME.fullmatch(name):
            raise BadInput(f"an '# input' line names {printable(repr(name), 60)}, which is "
                           "not a variable name (letters, digits and _)")
        square = (int(y) - 1, int(x) - 1) if x else (int(row) - 1, int(column) - 1)
        values[name] = square in mines
    return values


def count_by(board: Board, method: str = "sat") -> CountResult:
    """The arrangements of ``board`` counted by the solver ``method``: ``backtrack``
    enumerates them; otherwise :func:`~minesweeper.analysis.count.count_arrangements` counts.

    >>> from minesweeper.base.board import parse_board
    >>> count_by(parse_board("?1?"), "backtrack").count
    2
    """
    from ..analysis.count import count_arrangements
    from ..base.board import problem_of

    if method != "backtrack":
        return count_arrangements(board)
    from ..analysis.backtrack import count

    problem = problem_of(board)
    return CountResult(count(board), "all" if board.total is not None else "frontier",
                       len(problem.squares) - len(problem.interior), len(problem.interior),
                       [], method="backtrack")
