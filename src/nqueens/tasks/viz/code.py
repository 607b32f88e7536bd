"""The code panels of the HTML player: each method's code as its source gives it, a gloss
for every line, and the role of each line, by which the page lights it.

``proba`` is the Hungarian source's method, word for word (with ``n`` for its 8);
``arrays`` is the same search over the source's three boolean arrays, as the source
describes it; ``sets`` the Uzbek source's backtracking; the others short pseudocode of what
:mod:`nqueens.algorithms.classic` does.

For the recursive searches (``proba``, ``arrays``, ``sets``) every line has a role the
page's line machine runs (``entry``, ``init``, ``do``, ``test``, ``place``, ``call``,
``solution``, ``remove``, ``next``, ``while``, ``return``; for ``sets`` ``base`` and
``for``): the page lights every line the program executes, in order, and keeps its call
stack. The other listings light the line of each event's kind (``test``, ``place``,
``remove``, ``move``, ``solution``, ``conflicts``, ``state``, ``done``; ``switch`` for the
level-by-level generation's change of board).

When the whole search is traced (``until="all"``) a solution is recorded and the search
goes on; the listings say so on the line that does it:

>>> listing = code_of("proba")
>>> listing.lines[listing.line_of("test")].text.strip()
'if (szabad(sor, oszlop)) {'
>>> listing.line_of("place") - listing.line_of("test")
1
>>> code_of("proba", "all").lines[code_of("proba").line_of("solution")].text.strip()
'else { kiir(); siker = false; }'
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Line:
    """One line of a listing, its English gloss and its role (None: a line that never
    runs by itself, such as a closing brace)."""

    text: str
    gloss: str
    role: str | None


@dataclass(frozen=True)
class Listing:
    """A method's code, line by line."""

    title: str
    lines: tuple[Line, ...]

    def line_of(self, role: str) -> int:
        """The 0-based line that plays ``role``.

        >>> code_of("sets").line_of("for")
        2
        """
        return next(i for i, ln in enumerate(self.lines) if ln.role == role)

    def as_dict(self) -> dict[str, object]:
        """The listing as the page's script reads it.

        >>> sorted(code_of("sets").as_dict())
        ['glosses', 'lines', 'roles', 'title']
        """
        return {"title": self.title, "lines": [ln.text for ln in self.lines],
                "glosses": [ln.gloss for ln in self.lines],
                "roles": [ln.role for ln in self.lines]}


def _listing(title: str, rows: list[tuple[str, str, str | None]]) -> Listing:
    return Listing(title, tuple(Line(t, g, r) for t, g, r in rows))


def _proba(until: str, test: tuple[str, str], place: tuple[str, str],
           remove: tuple[str, str], title: str, given: bool = False) -> Listing:
    """proba as the source writes it, with its three board operations given."""
    solution = (("    else siker = true;", "the last column is filled: a solution")
                if until == "first" else
                ("    else { kiir(); siker = false; }", "the last column is filled: print the "
                 "solution (kiír) and go on as if it had failed, to find every one"))
    rows: list[tuple[str, str, str | None]] = [
        ("bool proba(int oszlop) {", "try to fill column oszlop and every column after it",
         "entry")]
    if given:
        rows.append(("  if (adott(oszlop)) return oszlop < n ? proba(oszlop + 1) : true;",
                     "your queen stands in this column: go straight on to the next one",
                     "given"))
    rows += [
        ("  bool siker = false; sor = 1;", "no success yet; start at the top row", "init"),
        ("  do {", "try the rows of this column one by one", "do"),
        ("    if (" + test[0] + ") {", test[1], "test"),
        ("      " + place[0] + ";", place[1], "place"),
        ("      if (oszlop < n) siker = proba(oszlop + 1);", "not the last column: go on in "
         "the next one, and take its answer", "call"),
        ("  " + solution[0], solution[1], "solution"),
        ("      if (!siker) " + remove[0] + ";", remove[1], "remove"),
        ("    }", "", None),
        ("    sor++;", "the next row of this column", "next"),
        ("  } while (!siker && sor <= n);", "until a success or the column's last row", "while"),
        ("  return(siker);", "tell the column before whether this one could be filled",
         "return"),
        ("}", "", None),
    ]
    return _listing(title, rows)


_SZABAD = ("szabad(sor, oszlop)", "is the square free: no queen on its row or diagonals?")
_LEFOGLAL = ("lefoglal(sor, oszlop)", "put the queen there (mark its row and diagonals)")
_FELSZABADIT = ("felszabadit(sor, oszlop)", "no way on from here: take the queen back")
_ARRAY_TEST = ("sor_szabad[sor] && kulonbseg[oszlop - sor] && osszeg[oszlop + sor]",
               "free when its row, its column − row and its column + row are all still true")
_ARRAY_PLACE = ("sor_szabad[sor] = kulonbseg[oszlop - sor] = osszeg[oszlop + sor] = false",
                "place the queen: its three array cells become false")
_ARRAY_REMOVE = ("sor_szabad[sor] = kulonbseg[oszlop - sor] = osszeg[oszlop + sor] = true",
                 "no way on from here: take the queen back, its three cells true again")


def _sets(until: str) -> Listing:
    first = until == "first"
    return _listing("BACKTRACK with three sets, as the Uzbek source writes it", [
        ("BACKTRACK(row):", "fill row `row` and every row below it", "entry"),
        ("  IF row = n: RETURN true" if first else "  IF row = n: record the board; RETURN",
         "every row is filled: a solution" + ("" if first else " (and go on)"), "base"),
        ("  FOR col = 0 .. n-1:", "the columns of this row, left to right", "for"),
        ("    IF col in cols OR row-col in diag1 OR row+col in diag2: CONTINUE",
         "refused when its column or a diagonal is already used", "test"),
        ("    cols, diag1, diag2 += col, row-col, row+col", "place the queen", "place"),
        ("    IF BACKTRACK(row + 1): RETURN true" if first else "    BACKTRACK(row + 1)",
         "go on in the next row" + (", and stop at a solution" if first else ""), "call"),
        ("    cols, diag1, diag2 -= col, row-col, row+col", "take the queen back", "remove"),
        ("  RETURN false" if first else "  RETURN", "every column of this row is tried",
         "return"),
    ])


_ROWS = _listing("all solutions, row by row (Hungarian source)", [
    ("boards = [the empty board]", "level 0: one board with no queen", None),
    ("FOR m = 1 .. n, FOR board IN boards:", "the next board kept so far is shown", "switch"),
    ("  FOR col = 1 .. n: IF square (m, col) is not attacked:", "each square of the new row",
     "test"),
    ("    keep board + queen on (m, col)", "a board of m queens", "place"),
    ("    m < n: count it among the boards of m queens", "kept for the next row", "state"),
    ("    m = n: a solution", "the level of n queens", "solution"),
    ("    (take the new queen off, try the next col)", "back to the board being extended",
     "remove"),
    ("DONE", "", "done"),
])

_INTUITIVE = _listing("the intuitive repair (Hungarian source)", [
    ("FOR each column, left to right: test every row of the column",
     "count the queens to the left attacking each square", "test"),
    ("  put the queen on the topmost row with the fewest attackers", "a free row if there "
     "is one", "place"),
    ("  WHILE a queen is attacked from its left:", "repair leftwards", "conflicts"),
    ("    lift the nearest attacker", "the queen to move", "remove"),
    ("    put it on the topmost best row of its column", "fewest attackers on its left, "
     "its own row excluded (a board seen before: finish by min-conflicts)", "move"),
    ("  a new board: one more state", "", "state"),
    ("every column placed, no two queens attacking: done", "", "solution"),
    ("DONE", "", "done"),
])

_MIN_CONFLICTS = _listing("min-conflicts repair (Sosič and Gu's QS4 start, Minton et al.)", [
    ("shuffle the columns; FOR row = 1 .. n: put its queen on the first free column scanned",
     "the greedy start (else the first scanned, with its conflicts)", "place"),
    ("pairs = attacking pairs", "what the repair drives to zero", "conflicts"),
    ("WHILE pairs > 0: for an attacked queen and up to 64 random partners (a step each),",
     "sweep the attacked rows; after 32 sweeps without a better swap, start afresh", None),
    ("  IF swapping their columns lowers pairs: swap", "two queens move", "move"),
    ("  (32 sweeps without a better swap: lift the queens, start afresh)", "a restart: the "
     "greedy start again, on another shuffle", "remove"),
    ("pairs = 0: a solution", "", "solution"),
    ("DONE", "", "done"),
])


#: The methods that have a listing.
CODE_METHODS: tuple[str, ...] = ("proba", "arrays", "sets", "rows", "intuitive",
                                 "min-conflicts")


def code_of(method: str, until: str = "first", *, given: bool = False) -> Listing:
    """The listing of ``method`` (one of :data:`nqueens.algorithms.classic.METHODS`) for a
    search that stops at the first solution or finds them ``all``; ``given``: ``proba`` started from
    queens the user placed (their columns are skipped).

    >>> code_of("min-conflicts").line_of("move")
    3
    >>> code_of("proba", given=True).lines[1].role
    'given'
    """
    if method == "proba":
        return _proba(until, _SZABAD, _LEFOGLAL, _FELSZABADIT,
                      "proba, as the Hungarian source writes it", given)
    if method == "arrays":
        return _proba(until, _ARRAY_TEST, _ARRAY_PLACE, _ARRAY_REMOVE,
                      "proba over the source's three boolean arrays", given)
    if method == "sets":
        return _sets(until)
    return {"rows": _ROWS, "intuitive": _INTUITIVE, "min-conflicts": _MIN_CONFLICTS}[method]


_HUNGARIAN = ("the Hungarian article on the 8-queens problem (A 8-királynő probléma): "
              "{what}")
_WIRTH = ("Dijkstra (1972) used the problem to show structured programming; Wirth built the "
          "backtracking step by step (Program Development by Stepwise Refinement, 1971) and "
          "kept its three arrays in Algorithms + Data Structures = Programs (1976)")

_PROBA_SOURCE = _HUNGARIAN.format(what="proba with szabad, lefoglal and felszabadit, the "
                                  "three boolean arrays sor, oszlop−sor and oszlop+sor, and "
                                  "the boards of steps 24, 36, 60 and 876")
_UZBEK = ("the Uzbek exercise N-vazir: the same search row by row (BACKTRACK) with the sets "
          "cols, diag1 and diag2")
_VIETNAMESE = ("the Vietnamese article's solveNQueen: its isValid looks left along the row and "
               "both diagonals, as szabad does")

#: The three backtracking searches are one search; each page names the sources of all three.
_SOURCES: dict[str, tuple[str, ...]] = {
    "proba": (_PROBA_SOURCE, _UZBEK, _WIRTH, _VIETNAMESE),
    "arrays": (_PROBA_SOURCE, _UZBEK, _WIRTH),
    "sets": (_UZBEK, _PROBA_SOURCE, _WIRTH),
    "rows": (_HUNGARIAN.format(what="all solutions row by row, every board of m queens "
                               "extended by one row"),),
    "intuitive": (_HUNGARIAN.format(what="the intuitive repair, column by column"),),
    "min-conflicts": ("Minton, Johnston, Philips and Laird (1992): min-conflicts repair",
                      "Sosič and Gu (1991): the greedy start (QS4) and swaps that lower the "
                      "attacks"),
}


def sources_of(method: str) -> tuple[str, ...]:
    """Where the code of ``method`` and its figures come from, a line each.

    >>> sources_of("sets")[0][:20]
    'the Uzbek exercise N'
    """
    return _SOURCES[method]
