"""Backtracking of Dijkstra (1972) and Wirth, as the Hungarian source writes it.

``proba(oszlop)`` ("try column") walks the rows of its column from the top; when
the square is free (``szabad``) it occupies it (``lefoglal``) and tries the next
column; when that fails it frees the square again (``felszabadit``) and goes on to
the next row::

    bool proba(int oszlop) {
      bool siker = false; sor = 1;
      do {
        if (szabad(sor, oszlop)) {
          lefoglal(sor, oszlop);
          if (oszlop < 8) siker = proba(oszlop + 1); else siker = true;
          if (!siker) felszabadit(sor, oszlop);
        }
        sor++;
      } while (!siker && sor <= 8);
      return siker;
    }

One *step* is one call of ``szabad`` (one square test): the first 8-queens
solution comes at step 876, with the queens in rows 1 5 8 6 3 7 2 4 of columns 1…8.
To find *all* solutions the last column records the solution and reports failure,
so the search goes on.

Two ways of answering ``szabad`` are traced here, both from the sources:

* ``proba``: the board is an n×n array of 0/1; ``szabad`` looks left along the row
  and along both diagonals, as ``isValid`` of the Vietnamese source's
  ``solveNQueen`` does (that program is this same search);
* ``arrays``: three boolean arrays — ``sor[1..8]`` (rows), ``kulonbseg[-7..7]``
  (column − row) and ``osszeg[2..16]`` (column + row) — and a square is free when
  all three of its entries are.

>>> from nqueens.base.events import Kind, replay
>>> for e, board in replay(trace_proba(8, until="first"), 8):
...     if e.kind is Kind.SOLUTION:
...         print(e.step, [r + 1 for r, c in sorted(board.queens, key=lambda q: q[1])])
876 [1, 5, 8, 6, 3, 7, 2, 4]
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator

from ...base.events import Event
from ...base.pieces import Piece
from .common import Recorder, check_trace_n, check_until, knight_attacked

Szabad = Callable[[int, int], bool]
Action = Callable[[int, int], None]


def _proba_search(rec: Recorder, until: str, szabad: Szabad, lefoglal: Action,
                  felszabadit: Action) -> Iterator[Event]:
    """The search of the source, with its three board operations given (0-based here)."""
    n = rec.n
    all_solutions = until == "all"

    def proba(oszlop: int) -> Generator[Event, None, bool]:
        siker = False
        sor = 0
        while True:                                      # do {
            free = szabad(sor, oszlop)
            yield rec.test(sor, oszlop, free)            #   one step
            if free:                                     #   if (szabad(sor, oszlop)) {
                lefoglal(sor, oszlop)
                yield rec.place(sor, oszlop)             #     lefoglal(sor, oszlop);
                if oszlop < n - 1:                       #     if (oszlop < 8)
                    siker = yield from proba(oszlop + 1)  #      siker = proba(oszlop + 1);
                else:                                    #     else
                    yield rec.solution()                 #       siker = true;
                    siker = not all_solutions            #     (for all solutions: go on)
                if not siker:                            #     if (!siker)
                    felszabadit(sor, oszlop)
                    yield rec.remove(sor, oszlop)        #       felszabadit(sor, oszlop);
            sor += 1                                     #   sor++;
            if siker or sor >= n:                        # } while (!siker && sor <= 8);
                return siker

    yield from proba(0)
    yield rec.done()


def trace_proba(n: int, piece: Piece | str = Piece.QUEEN, until: str = "all") -> Iterator[Event]:
    """Trace ``proba`` on an n×n board held as a 0/1 array (``until`` = first|all).

    >>> from nqueens.base.events import count_steps
    >>> count_steps(trace_proba(4, until="first")), count_steps(trace_proba(8, until="all"))
    (26, 15720)
    """
    n = check_trace_n(n)
    until = check_until(until)
    rec = Recorder(n, piece)
    tabla = [[0] * n for _ in range(n)]                  # the board: 1 where a queen stands
    superqueen = rec.piece.knight

    def szabad(sor: int, oszlop: int) -> bool:
        # isValid: no queen to the left on the row, on the upper-left or lower-left diagonal
        for j in range(oszlop):
            if tabla[sor][j]:
                return False
        i, j = sor, oszlop
        while i >= 0 and j >= 0:
            if tabla[i][j]:
                return False
            i, j = i - 1, j - 1
        i, j = sor, oszlop
        while i < n and j >= 0:
            if tabla[i][j]:
                return False
            i, j = i + 1, j - 1
        return not (superqueen and knight_attacked(rec.queens, (sor, oszlop)))

    def lefoglal(sor: int, oszlop: int) -> None:
        tabla[sor][oszlop] = 1

    def felszabadit(sor: int, oszlop: int) -> None:
        tabla[sor][oszlop] = 0

    return _proba_search(rec, until, szabad, lefoglal, felszabadit)


def trace_arrays(n: int, piece: Piece | str = Piece.QUEEN, until: str = "all") -> Iterator[Event]:
    """Trace ``proba`` with the three boolean arrays of the source (``until`` = first|all).

    Indices are the source's, 1-based: ``sor[1..n]``, ``kulonbseg[-(n-1)..n-1]`` for
    column − row, ``osszeg[2..2n]`` for column + row; True means "no queen there yet".

    >>> from nqueens.base.events import count_steps
    >>> count_steps(trace_arrays(8, until="first"))
    876
    """
    n = check_trace_n(n)
    until = check_until(until)
    rec = Recorder(n, piece)
    sor_szabad = {s: True for s in range(1, n + 1)}
    kulonbseg = {d: True for d in range(-(n - 1), n)}
    osszeg = {t: True for t in range(2, 2 * n + 1)}
    superqueen = rec.piece.knight

    def szabad(sor0: int, oszlop0: int) -> bool:
        sor, oszlop = sor0 + 1, oszlop0 + 1
        free = sor_szabad[sor] and kulonbseg[oszlop - sor] and osszeg[oszlop + sor]
        return free and not (superqueen and knight_attacked(rec.queens, (sor0, oszlop0)))

    def mark(sor0: int, oszlop0: int, value: bool) -> None:
        sor, oszlop = sor0 + 1, oszlop0 + 1
        sor_szabad[sor] = value
        kulonbseg[oszlop - sor] = value
        osszeg[oszlop + sor] = value

    return _proba_search(rec, until, szabad, lambda s, o: mark(s, o, False),
                         lambda s, o: mark(s, o, True))
