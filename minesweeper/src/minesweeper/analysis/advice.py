"""Which square to open next: the certainly safe ones, or else the safest.

A square is *certainly safe* when no arrangement that agrees with the numbers (and the
total) puts a mine on it, *certainly a mine* when every one does. When no square is
certainly safe, the advice is the square with the lowest mine probability; among equal
ones, the square with the fewest covered neighbours (a corner or an edge before the
middle: its number, once revealed, has the fewest squares left to settle), then the
first in reading order (row by row, left to right). This is the *lowest-probability*
rule, the default.

The *look-ahead* rule (``look_ahead=True``; ``hint --look-ahead``, ``play
--look-ahead``) opens the certainly safe squares just the same; when there are none it
weighs a few of the safest squares by the chance of surviving this move *and the next*:

1. **Candidates.** The squares in the order of the lowest-probability rule, as long as
   each is safe (``1 - p``) in at least 4/5 of the best safety, at most 10 of them.
   Squares in the *deep interior* (no number sees them, nor any of their covered
   neighbours) differ only in their count of covered neighbours: the first of each
   count is kept, the others skipped. A square no number sees but with a neighbour that
   a number sees is a candidate of its own. **The second click**: when one square alone
   is open and shows a number (a first click that opened no area), the candidates are
   the covered corners no number sees (those safe in 4/5 of the best safety): a corner
   has three neighbours, so it shows a 0 and opens an area most often, which the
   two-step survival of a square near the number does not see
   (``benchmarks/README.md``).
2. **Two-step survival** of a candidate ``s``: the sum, over each number ``v`` that
   ``s`` could show, of the probability that ``s`` is safe and shows ``v`` (the
   arrangements of the board with ``s`` revealed as ``v`` over those of the board, the
   total respected) times the best safety on that board: 1 when a square there is
   certainly safe (a revealed 0 makes every covered neighbour so) or when no square
   there may be safe (none is left to open), else one less the lowest probability.
3. **Choice.** The candidate with the highest two-step survival; among equal ones the
   first in the lowest-probability order (the safest square itself when it ties).

The *end search* (``endgame=True``; ``hint --endgame``, ``play --endgame``) comes
before either rule: when no square is certainly safe, the board gives its total and at
most :data:`~minesweeper.analysis.endgame.MAX_ARRANGEMENTS` arrangements are left, the
guess is the square that wins most often with the best play after it
(:mod:`minesweeper.analysis.endgame`), and the advice says that chance; when the search
gives up, the rule asked for makes the guess.

The look-ahead computes the probabilities of up to 90 boards for one guess (a number a
certain mine next to the square rules out is skipped, a revealed 0 is only counted, and
a candidate is dropped as soon as it can no longer win): a guess takes about ten times
the time of the lowest-probability rule's, a game of expert about three times.
When one of those boards is too entangled for the exact probabilities, the guess is the
lowest-probability square.

>>> from minesweeper.base.board import parse_board
>>> h = hint(parse_board("?1?/???"))
>>> h.safe, h.best, str(h.probability)
([], (0, 0), '1/5')
>>> hint(parse_board("1?/1?/..")).safe
[(1, 1)]

The two far corners below are equally safe; the one next to the squares the 1 sees, the
bottom right corner (the library's squares are 0-based ``(row, column)`` pairs: (2, 3)),
settles more once opened, and survives two moves more often:

>>> board = parse_board("mines: 3\\n???1\\n????\\n????")
>>> hint(board).best
(0, 0)
>>> a = hint(board, look_ahead=True)
>>> a.rule, a.best, str(a.look_ahead.survival), str(a.look_ahead.safest_survival)
('look-ahead', (2, 3), '19/28', '9/14')

With few arrangements left the end search plays the rest of the game out. Below, the
corner (1, 1) is the safest square, a mine in 2 of 5 arrangements; the best play opens
(4, 1), a mine in half of them, and wins in 1 of 4, where it wins in 1 of 5 after (1, 1):

>>> e = hint(parse_board("mines: 3\\n????\\n?2??"), endgame=True)
>>> e.rule, e.best, str(e.probability), str(e.end.win)
('endgame', (0, 3), '1/2', '1/4')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from ..base.board import MINE, UNKNOWN, Board, Cell
from ..base.errors import BadInput
from ..base.words import square_keys, square_name, square_pair
from .endgame import MAX_ARRANGEMENTS, Endgame
from .endgame import endgame as search_endgame
from .probability import (
    Probabilities,
    analysis_of,
    certain_of,
    probabilities,
    probabilities_of,
    tally,
)

#: The names of the two rules for a guess.
LOWEST_PROBABILITY = "lowest-probability"
LOOK_AHEAD = "look-ahead"
#: The name of the end search's guess.
ENDGAME = "endgame"

#: The look-ahead compares at most this many squares ...
CANDIDATES = 10
#: ... each safe in at least this share of the best safety.
SHARE = Fraction(4, 5)
#: The playing screens give a chance whose exact fraction has a larger denominator as a
#: percentage alone.
SHORT_DENOMINATOR = 1000
#: After a first click that shows a number, the look-ahead weighs the corners no number
#: sees alone.
OPENING = True


@dataclass(frozen=True)
class LookAhead:
    """What the look-ahead weighed for a guess: the chosen square's two-step
    ``survival``, the ``compared`` candidates, the lowest-probability rule's square
    (``safest``) with its own two-step survival, and whether the candidates were the
    corners no number sees, one square alone being open and showing a number
    (``opening``)."""

    survival: Fraction
    compared: int
    safest: Cell
    safest_survival: Fraction
    opening: bool = False


@dataclass(frozen=True)
class Hint:
    """The advice on a board: ``safe`` (certainly safe squares, reading order), ``mines``
    (certain mines), and ``best`` with its mine ``probability`` (the first safe square,
    or the safest when none is; None on a board without covered squares or consistent
    arrangements). ``rule`` names the rule of a guess (:data:`LOWEST_PROBABILITY`,
    :data:`LOOK_AHEAD` or :data:`ENDGAME`); ``look_ahead`` holds what the look-ahead
    weighed when it made the guess, ``fallback`` why it could not when it was asked for,
    ``end`` what the end search found when it made the guess."""

    safe: list[Cell]
    mines: list[Cell]
    best: Cell | None
    probability: Fraction | None
    result: Probabilities | None
    rule: str = LOWEST_PROBABILITY
    look_ahead: LookAhead | None = None
    fallback: str | None = None
    model: str = ""
    end: Endgame | None = None

    @property
    def consistent(self) -> bool:
        """Whether some arrangement agrees with every number (the advice is made from
        the safe squares alone, ``result`` None, only on a consistent board)."""
        return self.result is None or self.result.consistent

    def lines(self, short: bool = False) -> list[str]:
        """What ``minesweeper hint`` prints (squares as (x, y): column, row, from 1);
        ``short``: a chance whose exact fraction has a denominator over
        :data:`SHORT_DENOMINATOR` given as a percentage alone (as the playing screens
        show it).

        >>> from minesweeper.base.board import parse_board
        >>> print("\\n".join(hint(parse_board("1?/1?/..")).lines()))
        open (2, 2): safe in every arrangement
        1 square is safe in every arrangement: (2, 2)
        1 square holds a mine in every arrangement: (2, 1)
        (from the safe squares alone: the other squares' probabilities were not computed)

        The short form, as the playing screens show it:

        >>> rows = ["1???????"] + ["????????"] * 7
        >>> ahead = hint(parse_board("mines: 10\\n" + "\\n".join(rows)), look_ahead=True)
        >>> ahead.lines()[1][:75]
        'look-ahead: (8, 1) survives this move and the next in 80.3% of the arrangem'
        >>> ahead.lines()[1][75:93], ahead.lines(short=True)[1][75:93]
        ('ents (26095/32509)', 'ents, the most of ')
        """
        if not self.consistent:
            return ["inconsistent: no arrangement agrees with every number ('check' gives "
                    "the numbers that cannot all hold)"]
        if self.best is None:
            return ["no covered square left to open"]
        head = _name(self.best)
        fewest = ", the fewest" if self.result is None or \
            self.probability == min(self.result.fractions()) else ""
        out = [f"open {head}: safe in every arrangement" if self.safe else
               f"open {head}: no square is safe in every arrangement; this one holds a mine "
               f"in {_share(self.probability, short)}{fewest}"]
        end = self.end
        if end is not None:
            out.append(f"end search: opening {head} and playing on at best wins "
                       f"{_percent(end.win)} of the time{_exact(end.win, short)}, over the "
                       f"{end.arrangements:,} arrangements left: the most of any square")
            low = None if self.result is None else min(self.result.fractions())
            if low is not None and low != self.probability:
                told = (_percent(low) if short and low.denominator > SHORT_DENOMINATOR
                        else f"{low}, {_percent(low)}")
                out.append(f"(the square least likely to hold a mine holds one in {told}: "
                           "the best play does not open it first)")
        ahead = self.look_ahead
        if ahead is not None:
            one, many = (("corner no number sees", "corners no number sees") if ahead.opening
                         else ("square", "squares"))
            most = (f"the only {one} weighed" if ahead.compared == 1 else
                    f"the most of the {ahead.compared} {many} weighed")
            if ahead.opening:
                most += (" (one square alone is open and shows a number: the corners no "
                         "number sees come first)")
            out.append(f"look-ahead: {head} survives this move and the next in "
                       f"{_percent(ahead.survival)} of the arrangements"
                       f"{_exact(ahead.survival, short)}, {most}")
            if ahead.safest != self.best:
                out.append(f"the lowest-probability rule's square, {_name(ahead.safest)}, "
                           f"survives both in {_percent(ahead.safest_survival)}"
                           f"{_exact(ahead.safest_survival, short)}")
        if self.fallback is not None:
            out.append(f"look-ahead not used: {self.fallback}; the guess is the square "
                       "least likely to hold a mine")
        if self.safe:
            out.append(_listed(self.safe, "is safe in every arrangement"))
        if self.mines:
            out.append(_listed(self.mines, "holds a mine in every arrangement"))
        if self.result is None:
            out.append("(from the safe squares alone: the other squares' probabilities "
                       "were not computed)")
        return out

    def to_json(self) -> dict[str, object]:
        """The advice as ``hint --json`` prints it: a square alone as ``"x"`` (its
        column) and ``"y"`` (its row), a list of squares as ``[x, y]`` pairs, from 1; the
        probability as an exact fraction; ``rule``: the rule of a guess; ``look_ahead``:
        what it weighed; ``endgame``: the best play's chance of winning (``win``, exact,
        and ``percent``) over the ``arrangements`` left, when the end search made the
        guess.

        >>> from minesweeper.base.board import parse_board
        >>> out = hint(parse_board("?1?/???")).to_json()
        >>> out["best"], out["rule"]
        ({'x': 1, 'y': 1, 'mine': '1/5', 'percent': 20.0}, 'lowest-probability')
        >>> hint(parse_board("1?/1?/..")).to_json()["mines"]
        [[2, 1]]
        """
        best = None if self.best is None or self.probability is None else {
            **square_keys(self.best), "mine": str(self.probability),
            "percent": round(float(self.probability) * 100, 4)}
        ahead = self.look_ahead
        weighed = None if ahead is None else {
            "survival": str(ahead.survival),
            "percent": round(float(ahead.survival) * 100, 4),
            "compared": ahead.compared,
            "safest": square_keys(ahead.safest),
            "safest_survival": str(ahead.safest_survival),
            "opening": ahead.opening}
        end = None if self.end is None else {
            "win": str(self.end.win), "percent": round(float(self.end.win) * 100, 4),
            "arrangements": self.end.arrangements}
        return {"consistent": self.consistent, "best": best, "rule": self.rule,
                "look_ahead": weighed, "endgame": end, "fallback": self.fallback,
                "safe": [square_pair(sq) for sq in self.safe],
                "mines": [square_pair(sq) for sq in self.mines],
                "model": self.model if self.result is None else self.result.model,
                "probabilities_computed": self.result is not None}


def hint(board: Board, result: Probabilities | None = None,
         look_ahead: bool = False, endgame: bool = False) -> Hint:
    """The advice on ``board`` (from ``result`` when its probabilities are known), by the
    lowest-probability rule or, with ``look_ahead``, by the look-ahead, and with
    ``endgame`` by the end search once few arrangements are left (module notes).

    Two squares of one probability: the corner, with fewer covered neighbours, first.

    >>> from minesweeper.base.board import parse_board
    >>> hint(parse_board("mines: 1\\n???/???")).best
    (0, 0)
    >>> hint(parse_board("mines: 1\\n???/???"), look_ahead=True).look_ahead.survival
    Fraction(5, 6)
    """
    rule = LOOK_AHEAD if look_ahead else LOWEST_PROBABILITY
    if result is None:
        # the certainly safe squares first: when there are some, the advice is made
        # without the probabilities of the others (their exact counts are the costly part)
        an = analysis_of(board)
        sure = certain_of(board, an)
        if sure.consistent and sure.safe:
            return Hint(sure.safe, sure.mined, sure.safe[0], Fraction(0), None, rule,
                        model=sure.model)
        result = probabilities_of(board, an)
    if not result.consistent or not result.squares:
        return Hint([], [], None, None, result, rule)
    chances = result.fractions()
    safe = [sq for sq, p in zip(result.squares, chances, strict=True) if p == 0]
    mines = [sq for sq, p in zip(result.squares, chances, strict=True) if p == 1]
    if safe:
        return Hint(safe, mines, safe[0], Fraction(0), result, rule)
    order = _plain_order(board, result, chances)
    plain = Hint([], mines, result.squares[order[0]], chances[order[0]], result)
    if endgame and board.total is not None and result.arrangements <= MAX_ARRANGEMENTS:
        plan = search_endgame(board)
        if plan is not None:
            i = result.squares.index(plan.best)
            return Hint([], mines, plan.best, chances[i], result, ENDGAME, end=plan)
    if not look_ahead:
        return plain
    try:
        chosen, ahead = _look_ahead(board, result, chances, order)
    except BadInput as exc:
        return Hint([], mines, plain.best, plain.probability, result, LOWEST_PROBABILITY,
                    None, str(exc))
    if ahead is None:
        return Hint([], mines, plain.best, plain.probability, result, LOWEST_PROBABILITY,
                    None, "every covered square holds a mine in every arrangement")
    return Hint([], mines, result.squares[chosen], chances[chosen], result, LOOK_AHEAD,
                ahead)


def two_step_survival(board: Board, square: Cell,
                      result: Probabilities | None = None) -> Fraction:
    """The chance that opening ``square`` survives, and that the safest square of the
    board it leaves survives too (1 when that board has a certainly safe square, or
    none that may be safe): the look-ahead's measure (module notes). Raises
    :class:`~minesweeper.base.errors.BadInput` when a board on the way is too entangled, when
    the board has no arrangement, or when ``square`` is not covered.

    >>> from minesweeper.base.board import parse_board
    >>> board = parse_board("mines: 1\\n???/???")
    >>> str(two_step_survival(board, (0, 0))), str(two_step_survival(board, (0, 1)))
    ('5/6', '2/3')
    >>> str(two_step_survival(parse_board("mines: 2\\n1??/???"), (1, 2)))
    '1/2'
    """
    result = result or probabilities(board)
    if not result.consistent:
        raise BadInput("no arrangement agrees with the numbers: there is no survival")
    chances = result.fractions()
    index = {sq: i for i, sq in enumerate(result.squares)}
    if square not in index:
        raise BadInput(f"{_name(square)} is not a covered square")
    got = _survival(board, result, chances, index, index[square], None)
    assert got is not None
    return got


def least_exposed(board: Board, squares: list[Cell]) -> Cell | None:
    """Of ``squares``, the one with the fewest covered neighbours, then the first in
    reading order: the tie-break of the lowest-probability rule (None when there are no
    squares).

    >>> from minesweeper.base.board import parse_board
    >>> least_exposed(parse_board("???/???"), [(0, 1), (1, 2), (1, 1)])
    (1, 2)
    """
    near = _count_near(board.cells == UNKNOWN)
    return min(squares, key=lambda sq: (int(near[sq]), sq), default=None)


def _plain_order(board: Board, result: Probabilities,
                 chances: list[Fraction]) -> list[int]:
    """The covered squares (indices) in the lowest-probability rule's order."""
    near = _count_near(board.cells == UNKNOWN)
    return sorted(range(len(chances)),
                  key=lambda i: (chances[i], int(near[result.squares[i]]) - 1,
                                 result.squares[i]))


def _look_ahead(board: Board, result: Probabilities, chances: list[Fraction],
                order: list[int]) -> tuple[int, LookAhead | None]:
    """The look-ahead's square (an index of ``result.squares``) and what it weighed;
    None for the latter when no square may be safe."""
    top = 1 - chances[order[0]]
    if top == 0:
        return order[0], None
    covered = board.cells == UNKNOWN
    near = _count_near(covered)
    deep = _deep_interior(board)
    index = {sq: i for i, sq in enumerate(result.squares)}
    corners = {index[sq] for sq in _blind_corners(board)} if OPENING else set()
    candidates = [i for i in order if i in corners and 1 - chances[i] >= SHARE * top]
    opening = bool(candidates)
    if not opening:
        candidates = _ordinary_candidates(result, chances, order, near, deep, top)
    best, best_survival = order[0], Fraction(-1)
    first = Fraction(0)
    for i in candidates:
        if 1 - chances[i] <= best_survival:
            break      # the rest are no safer: none can do better than the best so far
        got = _survival(board, result, chances, index, i, best_survival)
        if i == order[0]:
            assert got is not None
            first = got
        if got is not None and got > best_survival:
            best, best_survival = i, got
    if opening and order[0] not in candidates:
        got = _survival(board, result, chances, index, order[0], None)
        assert got is not None
        first = got
    return best, LookAhead(best_survival, len(candidates), result.squares[order[0]], first,
                           opening)


def _ordinary_candidates(result: Probabilities, chances: list[Fraction], order: list[int],
                         near: npt.NDArray[np.int_], deep: npt.NDArray[np.bool_],
                         top: Fraction) -> list[int]:
    """The look-ahead's candidates in the lowest-probability order: each safe in at
    least :data:`SHARE` of the best safety ``top``, at most :data:`CANDIDATES`, one
    square of the deep interior for each count of covered neighbours."""
    candidates: list[int] = []
    counts_seen: set[int] = set()
    for i in order:
        if len(candidates) == CANDIDATES or 1 - chances[i] < SHARE * top:
            break
        square = result.squares[i]
        if deep[square]:
            count = int(near[square]) - 1
            if count in counts_seen:
                continue
            counts_seen.add(count)
        candidates.append(i)
    return candidates


def _blind_corners(board: Board) -> list[Cell]:
    """The covered corners no number sees when the first click alone is open and shows
    a number (no area has opened); none otherwise."""
    cells = board.cells
    shown = cells >= 0
    if int(shown.sum()) != 1 or (cells == 0).any():
        return []
    h, w = cells.shape
    out = []
    for r, c in sorted({(0, 0), (0, w - 1), (h - 1, 0), (h - 1, w - 1)}):
        if cells[r, c] == UNKNOWN and \
                not (cells[max(r - 1, 0):r + 2, max(c - 1, 0):c + 2] >= 0).any():
            out.append((r, c))
    return out


def _survival(board: Board, result: Probabilities, chances: list[Fraction],
              index: dict[Cell, int], i: int, beat: Fraction | None) -> Fraction | None:
    """The two-step survival of square ``i``; None as soon as it cannot exceed ``beat``."""
    r, c = result.squares[i]
    cells = board.cells
    flags = covered = sure = 0
    for rr in range(max(r - 1, 0), min(r + 2, board.height)):
        for cc in range(max(c - 1, 0), min(c + 2, board.width)):
            if (rr, cc) == (r, c):
                continue
            value = int(cells[rr, cc])
            if value == MINE:
                flags += 1
            elif value == UNKNOWN:
                covered += 1
                sure += chances[index[rr, cc]] == 1
    every = result.arrangements
    left = every - every * chances[i]           # the arrangements with the square safe
    gained = Fraction(0)
    for v in range(flags + sure, flags + covered + 1):
        if left <= 0:
            break
        after = cells.copy()
        after[r, c] = v
        shown = Board(after, board.total)
        if v == flags and covered:             # a 0 opens its neighbours: all safe
            ways = tally(shown).arrangements
            gained += ways
        else:
            p = probabilities(shown)
            ways = p.arrangements
            if ways:
                gained += ways * _best_safety(p)
        left -= ways
        if beat is not None and gained + left <= beat * every:
            return None
    return gained / every


def _best_safety(p: Probabilities) -> Fraction:
    """The safety of the safest square of a board: 1 when one is certainly safe or when
    none may be safe (nothing is left to open)."""
    low = min(p.mined, default=p.denominator)
    if low == 0 or low == p.denominator:
        return Fraction(1)
    return 1 - Fraction(low, p.denominator)


def _count_near(mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.int_]:
    """For each square, how many squares of ``mask`` lie in its 3 x 3 block (itself
    included)."""
    h, w = mask.shape
    padded = np.pad(mask.astype(np.int_), 1)
    out = np.zeros((h, w), dtype=np.int_)
    for dr in range(3):
        for dc in range(3):
            out += padded[dr:dr + h, dc:dc + w]
    return out


def _deep_interior(board: Board) -> npt.NDArray[np.bool_]:
    """The covered squares that no number sees, nor any of their covered neighbours."""
    covered = board.cells == UNKNOWN
    seen = _count_near(board.cells >= 0) > 0
    return covered & ~(_count_near(covered & seen) > 0)


def _name(square: Cell) -> str:
    return square_name(square)


def _percent(p: Fraction | None) -> str:
    return f"{float(p or 0) * 100:.1f}%"


def _exact(p: Fraction, short: bool) -> str:
    """`` (a/b)`` after a percentage, or nothing when ``short`` and b is large."""
    return "" if short and p.denominator > SHORT_DENOMINATOR else f" ({p})"


def _share(p: Fraction | None, short: bool) -> str:
    """``a/b of them (x%)``, or ``x% of the arrangements`` when ``short`` and b is
    large."""
    if p is not None and short and p.denominator > SHORT_DENOMINATOR:
        return f"{_percent(p)} of the arrangements"
    return f"{p} of them ({_percent(p)})"


def _listed(squares: list[Cell], what: str, most: int = 20) -> str:
    shown = ", ".join(_name(sq) for sq in squares[:most])
    more = f" and {len(squares) - most} more" if len(squares) > most else ""
    word = "square" if len(squares) == 1 else "squares"
    verb = what if len(squares) == 1 else what.replace("is safe", "are safe").replace(
        "holds", "hold")
    return f"{len(squares)} {word} {verb}: {shown}{more}"
