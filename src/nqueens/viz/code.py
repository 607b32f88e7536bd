"""The code panels of the HTML player: each method's code as its source gives it, a gloss
for every line, and the line each kind of trace event executes.

``proba`` is the Hungarian source's method, word for word (with ``n`` for its 8);
``arrays`` is the same search over the source's three boolean arrays; ``sets`` the Uzbek
source's backtracking; the others short pseudocode of what :mod:`nqueens.classic` does.

>>> listing = code_of("proba")
>>> listing.lines[listing.line_of["test"]].text.strip()
'if (szabad(sor, oszlop)) {'
>>> listing.line_of["place"] - listing.line_of["test"]
1
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Line:
    """One line of a listing and its English gloss."""

    text: str
    gloss: str


@dataclass(frozen=True)
class Listing:
    """A method's code, and the line (0-based) each event kind executes."""

    title: str
    lines: tuple[Line, ...]
    line_of: dict[str, int]

    def as_dict(self) -> dict[str, object]:
        """The listing as the page's script reads it.

        >>> sorted(code_of("sets").as_dict())
        ['glosses', 'lineOf', 'lines', 'title']
        """
        return {"title": self.title, "lines": [ln.text for ln in self.lines],
                "glosses": [ln.gloss for ln in self.lines], "lineOf": dict(self.line_of)}


def _listing(title: str, rows: list[tuple[str, str, str | None]]) -> Listing:
    """rows: (text, gloss, the event kind this line executes or None)."""
    lines = tuple(Line(t, g) for t, g, _ in rows)
    line_of = {kind: i for i, (_, _, kind) in enumerate(rows) if kind is not None}
    return Listing(title, lines, line_of)


_PROBA = _listing("proba, as the Hungarian source writes it", [
    ("bool proba(int oszlop) {", "try to fill column oszlop and every column after it", None),
    ("  bool siker = false; sor = 1;", "no success yet; start at the top row", None),
    ("  do {", "try the rows of this column one by one", None),
    ("    if (szabad(sor, oszlop)) {", "is the square free: no queen on its row or "
     "diagonals?", "test"),
    ("      lefoglal(sor, oszlop);", "put the queen there (mark its row and diagonals)",
     "place"),
    ("      if (oszlop < n) siker = proba(oszlop + 1);", "not the last column: go on in the "
     "next one", None),
    ("      else siker = true;", "the last column is filled: a solution", "solution"),
    ("      if (!siker) felszabadit(sor, oszlop);", "no way on from here: take the queen "
     "back (every solution: record it and go on as if it had failed)", "remove"),
    ("    }", "", None),
    ("    sor++;", "the next row of this column", None),
    ("  } while (!siker && sor <= n);", "until a success or the column's last row", None),
    ("  return(siker);", "tell the column before whether this one could be filled", "done"),
    ("}", "", None),
])

_ARRAYS = _listing("proba over the source's three boolean arrays", [
    ("bool proba(int oszlop) {", "try to fill column oszlop and every column after it", None),
    ("  for (int sor = 1; sor <= n; sor++) {", "the rows of this column, top to bottom", None),
    ("    if (sor_szabad[sor] && kulonbseg[oszlop - sor] && osszeg[oszlop + sor]) {",
     "free when its row, its column − row and its column + row are all still true", "test"),
    ("      sor_szabad[sor] = kulonbseg[oszlop - sor] = osszeg[oszlop + sor] = false;",
     "place the queen: its three array cells become false", "place"),
    ("      if (oszlop == n) { record(); }", "the last column is filled: a solution",
     "solution"),
    ("      else if (proba(oszlop + 1)) return true;", "go on in the next column", None),
    ("      sor_szabad[sor] = kulonbseg[oszlop - sor] = osszeg[oszlop + sor] = true;",
     "take the queen back: its three cells become true again", "remove"),
    ("    }", "", None),
    ("  }", "", None),
    ("  return false;", "no row of this column leads on", "done"),
    ("}", "", None),
])

_SETS = _listing("BACKTRACK with three sets, as the Uzbek source writes it", [
    ("BACKTRACK(row):", "fill row `row` and every row below it", None),
    ("  IF row = n: record the board; RETURN", "every row is filled: a solution", "solution"),
    ("  FOR col = 0 .. n-1:", "the columns of this row, left to right", None),
    ("    IF col in cols OR row-col in diag1 OR row+col in diag2: CONTINUE",
     "refused when its column or a diagonal is already used", "test"),
    ("    cols, diag1, diag2 += col, row-col, row+col", "place the queen", "place"),
    ("    BACKTRACK(row + 1)", "go on in the next row", None),
    ("    cols, diag1, diag2 -= col, row-col, row+col", "take the queen back", "remove"),
    ("RETURN", "this row is done", "done"),
])

_ROWS = _listing("all solutions, row by row (Hungarian source)", [
    ("boards = [empty board]", "level 0: one board with no queen", None),
    ("FOR m = 1 .. n:", "add the m-th row to every board kept so far", None),
    ("  FOR board IN boards, FOR col = 1 .. n:", "each square of the new row", None),
    ("    IF the square is not attacked:", "keep only placements that attack nothing",
     "test"),
    ("      keep board + queen on (m, col)", "a board of m queens", "place"),
    ("  (a board whose row has no free square is dropped)", "a dead end", "remove"),
    ("every board of n queens is a solution", "the level of n queens", "solution"),
    ("DONE", "", "done"),
])

_INTUITIVE = _listing("the intuitive repair (Hungarian source)", [
    ("FOR each column, left to right:", "place the queens one column at a time", None),
    ("  test every row of the column", "count the queens to the left attacking each square",
     "test"),
    ("  put the queen on the topmost row with the fewest attackers", "a free row if there "
     "is one", "place"),
    ("  WHILE a queen is attacked from its left:", "repair leftwards", "conflicts"),
    ("    lift the nearest attacker", "the queen to move", "remove"),
    ("    put it on the topmost best row of its column", "fewest attackers on its left, "
     "its own row excluded", "move"),
    ("    (a board seen before: finish by min-conflicts)", "the escape from a cycle", None),
    ("  a new board: one more state", "", "state"),
    ("every column placed, no two queens attacking: done", "", "solution"),
    ("DONE", "", "done"),
])

_MIN_CONFLICTS = _listing("min-conflicts repair (Sosič and Gu's QS4 start, Minton et al.)", [
    ("shuffle the columns; FOR row = 1 .. n:", "the greedy start", None),
    ("  put the row's queen on the first free column scanned", "else the first scanned, "
     "with its conflicts", "place"),
    ("pairs = attacking pairs", "what the repair drives to zero", "conflicts"),
    ("WHILE pairs > 0:", "sweep the attacked rows", None),
    ("  FOR an attacked queen, up to 64 random partners:", "one step: a candidate swap",
     None),
    ("    IF swapping their columns lowers pairs: swap", "two queens move", "move"),
    ("  (32 sweeps without a better swap: start afresh)", "a restart", None),
    ("pairs = 0: a solution", "", "solution"),
    ("DONE", "", "done"),
])

_CODE: dict[str, Listing] = {"proba": _PROBA, "arrays": _ARRAYS, "sets": _SETS, "rows": _ROWS,
                             "intuitive": _INTUITIVE, "min-conflicts": _MIN_CONFLICTS}


#: The methods that have a listing.
CODE_METHODS: tuple[str, ...] = tuple(_CODE)


def code_of(method: str) -> Listing:
    """The listing of ``method`` (one of :data:`nqueens.classic.METHODS`).

    >>> code_of("min-conflicts").line_of["move"]
    5
    """
    return _CODE[method]
