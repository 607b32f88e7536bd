"""The SAT route: a board becomes clauses, python-sat decides it.

Every unknown square is a variable (true: a mine).  Every revealed number states that
exactly ``need`` of its unknown neighbours are mines; with at most eight of them this is
written out directly (every ``need + 1`` of them contain a non-mine, every ``n - need + 1``
of them a mine).  The total number of mines, when known, is a cardinality constraint from
:mod:`pysat.card`.  Each number carries a selector literal, assumed true when solving, so
that an inconsistent board yields a core of numbers, which is then shrunk to a minimal one.

>>> from minesweeper.base.board import parse_board
>>> r = check(parse_board("1??/12?/01?"))
>>> r.consistent
True
>>> check(parse_board("1?1/?0?/1?1")).consistent
False
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from math import comb, isqrt

import numpy as np
import numpy.typing as npt
from pysat.card import CardEnc, EncType
from pysat.solvers import Solver

from ..base import budget
from ..base.board import Arrays, Board, Cell, Problem, TooLarge, arrays_of, format_board, problem_of
from ..base.errors import BadInput
from .reduce import collapse, verify
from .verdict import Verdict, one_based

SOLVER_NAME = "cd19"

#: The name of this solver for :func:`minesweeper.analysis.decide.decide`.
SAT = "sat"


def exactly(lits: Sequence[int], need: int, selector: int | None = None) -> list[list[int]]:
    """Clauses saying that exactly ``need`` of ``lits`` are true (direct encoding, meant for
    the at most eight neighbours of a number), each guarded by ``-selector`` when given.

    >>> exactly([1, 2], 1)
    [[-1, -2], [1, 2]]
    >>> exactly([1], 2, selector=5)
    [[-5]]
    """
    guard = [] if selector is None else [-selector]
    n = len(lits)
    if need < 0 or need > n:
        return [guard.copy()]
    out: list[list[int]] = []
    for group in combinations(lits, need + 1):
        out.append(guard + [-x for x in group])
    for group in combinations(lits, n - need + 1):
        out.append(guard + list(group))
    return out


#: The most literals the clauses of one board may hold: about 64 bytes each while they
#: are built and handed to the solver, so 30 million take about 2 GB.  A board beyond
#: it (many numbers with many unknown neighbours, or a total number of mines over tens
#: of thousands of squares) is refused with :class:`~minesweeper.base.board.TooLarge`.
MAX_LITERALS = 30_000_000


def _exactly_literals(k: int, need: int) -> int:
    """Literals of :func:`exactly` over ``k`` squares, with a selector.

    >>> _exactly_literals(2, 1) == sum(len(c) for c in exactly([1, 2], 1, selector=3))
    True
    """
    if need < 0 or need > k:
        return 1
    return comb(k, need + 1) * (need + 2) + comb(k, k - need + 1) * (k - need + 2)


def _card_plan(n: int, bound: int, kind: str) -> tuple[int, int]:
    """The python-sat encoding of a cardinality constraint (``kind``: ``atmost``,
    ``atleast`` or ``equals`` ``bound`` of ``n``) that takes the fewest literals, and an
    upper estimate of them, measured with python-sat on n from 9 to 16,000 and every kind
    of bound: a sequential counter at most 5 n k literals (10 n k for ``equals``), k =
    min(bound, n - bound); a k-totalizer at most 9 n min(b, sqrt n + 1) for each side it
    bounds (b = bound for at most, n - bound for at least), plus n.  On 5,000 squares
    with 2,000 mines the k-totalizer takes about 1.2 million literals where the counter
    would take 50 million; a bound near 0 or n stays a counter.

    >>> _card_plan(5000, 2000, "atmost") == (EncType.kmtotalizer, 3_200_000)
    True
    >>> _card_plan(16000, 13, "atleast")[0] == EncType.seqcounter
    True
    """
    k = max(1, min(bound, n - bound))
    counter = (10 if kind == "equals" else 5) * n * k + n
    sides = {"atmost": [bound], "atleast": [n - bound], "equals": [bound, n - bound]}[kind]
    totalizer = sum(9 * n * min(max(1, b), isqrt(n) + 1) for b in sides) + n
    if totalizer < counter:
        return EncType.kmtotalizer, totalizer
    return EncType.seqcounter, counter


def _card_literals(n: int, bound: int, kind: str) -> int:
    """About how many literals (an upper estimate) the cardinality constraint
    :func:`_card_plan` writes takes."""
    return _card_plan(n, bound, kind)[1]


def _refuse_size(literals: int) -> None:
    budget.require(budget.BASE + 70 * literals, "stating this board for the solver",
                   f"about {literals / 1e6:,.1f} million literals")
    if literals > MAX_LITERALS:
        raise TooLarge(f"the clauses of this board would hold about {literals / 1e6:,.0f} "
                       f"million literals, above the {MAX_LITERALS // 10**6} million (about "
                       "2 GB of memory) the SAT solver is given: too many numbers with "
                       "unknown neighbours, or a total number of mines over too many squares")


@dataclass
class Encoding:
    """The clauses of a problem: variable ``i`` is literal ``i + 1``; ``selectors[j]`` guards
    constraint ``j``; ``total_selector`` guards the total, when there is one; ``literals``
    is the estimate of :func:`encoding_literals`."""

    clauses: list[list[int]]
    selectors: list[int]
    total_selector: int | None
    top: int
    literals: int = 0


def encode(problem: Problem, frontier_total: bool = False) -> Encoding:
    """Clauses for a problem, with one selector per revealed number.

    With ``frontier_total`` the total is stated over the frontier squares only, as the
    range the unconstrained squares can make up (``need - interior`` to ``need`` mines):
    the same question with a much smaller cardinality constraint, used when only a witness
    is wanted (:func:`check` then places the rest of the mines on unconstrained squares).

    >>> from minesweeper.base.board import parse_board, problem_of
    >>> e = encode(problem_of(parse_board("1?")))
    >>> e.selectors, e.clauses
    ([2], [[-2, 1]])
    """
    n = len(problem.squares)
    literals = encoding_literals(problem, frontier_total)
    _refuse_size(literals)
    clauses: list[list[int]] = []
    selectors: list[int] = []
    top = n
    for con in problem.constraints:
        top += 1
        selectors.append(top)
        clauses.extend(exactly([v + 1 for v in con.vars], con.need, top))
    total_selector = None
    if problem.total_need is not None:
        top += 1
        total_selector = top
        need = problem.total_need
        lits = list(range(1, n + 1))
        if frontier_total and problem.interior:
            lits = [v + 1 for v in problem.frontier]
            low = max(0, need - len(problem.interior))
            if need < 0 or low > len(lits):
                clauses.append([-total_selector])
            else:
                # one after the other: the second encoding's helper variables must start
                # above the first one's
                if low > 0:
                    card = CardEnc.atleast(lits=lits, bound=low, top_id=top,
                                           encoding=_card_plan(len(lits), low, "atleast")[0])
                    top = max(top, card.nv)
                    clauses.extend([-total_selector] + cl for cl in card.clauses)
                if need < len(lits):
                    card = CardEnc.atmost(lits=lits, bound=need, top_id=top,
                                          encoding=_card_plan(len(lits), need, "atmost")[0])
                    top = max(top, card.nv)
                    clauses.extend([-total_selector] + cl for cl in card.clauses)
        elif need < 0 or need > n:
            clauses.append([-total_selector])
        elif n <= 8:
            clauses.extend(exactly(lits, need, total_selector))
        else:
            card = CardEnc.equals(lits=lits, bound=need, top_id=top,
                                  encoding=_card_plan(n, need, "equals")[0])
            top = max(top, card.nv)
            clauses.extend([-total_selector] + cl for cl in card.clauses)
    return Encoding(clauses, selectors, total_selector, top, literals)


def encoding_literals(problem: Problem | Arrays, frontier_total: bool = False) -> int:
    """About how many literals :func:`encode` writes for ``problem`` (exactly, for the
    numbers; the cardinality constraint of the total is estimated), found without
    writing them: :func:`encode` refuses a board above :data:`MAX_LITERALS`.  From a
    board's :class:`~minesweeper.base.board.Arrays` it is the same figure, counted before
    the problem is made into Python objects (:func:`solver_problem`).

    >>> from minesweeper.base.board import arrays_of, parse_board, problem_of
    >>> board = parse_board("mines: 3\\n1??/12?/01?")
    >>> p = problem_of(board)
    >>> encoding_literals(p) == sum(len(c) for c in encode(p).clauses)
    True
    >>> encoding_literals(arrays_of(board)) == encoding_literals(p)
    True
    """
    if isinstance(problem, Arrays):
        lengths, needs = np.diff(problem.ptr), problem.need.astype(np.int64)
        n, interior = problem.n, int(np.count_nonzero(~problem.touched))
        total_need = problem.total_need
    else:
        lengths = np.array([len(c.vars) for c in problem.constraints], dtype=np.int64)
        needs = np.array([c.need for c in problem.constraints], dtype=np.int64)
        n, interior = len(problem.squares), len(problem.interior)
        total_need = problem.total_need
    # each kind of number (squares seen, mines needed) once, times how many there are
    kinds, counts = np.unique(np.stack([lengths, needs]), axis=1, return_counts=True)
    total = sum(_exactly_literals(k, need) * count for (k, need), count
                in zip(kinds.T.tolist(), counts.tolist(), strict=True))
    if total_need is None:
        return total
    need = total_need
    if frontier_total and interior:
        m = n - interior
        low = max(0, need - interior)
        if need < 0 or low > m:
            return total + 1
        if low > 0:
            total += _card_literals(m, low, "atleast")
        if need < m:
            total += _card_literals(m, need, "atmost")
        return total
    if need < 0 or need > n:
        return total + 1
    if n <= 8:
        return total + _exactly_literals(n, need)
    return total + _card_literals(n, need, "equals")


def solver_problem(board: Board) -> Problem:
    """The problem of ``board`` for the solver (the total over the frontier, as
    :func:`check` and :func:`safe_by_solver` state it), refused
    (:class:`~minesweeper.base.board.TooLarge`) before it is built when its clauses would
    pass the limits (:func:`encoding_literals` of its arrays).

    >>> from minesweeper.base.board import parse_board
    >>> len(solver_problem(parse_board("mines: 1\\n?1?")).constraints)
    1
    """
    return problem_of(board, lambda a: _refuse_size(encoding_literals(a, True)))


def _model_mines(model: Iterable[int], problem: Problem) -> set[Cell]:
    n = len(problem.squares)
    return {problem.squares[lit - 1] for lit in model if 0 < lit <= n}


def check_collapsed(board: Board) -> Verdict | None:
    """Decide consistency after the collapse of :mod:`minesweeper.analysis.reduce` (boards without
    a total): the witness is checked against every number.  An inconsistent board comes
    back without a reason (``explained`` false; :func:`check` looks for one on the full
    problem).  ``None`` when the board gives a total.  ``stats`` tells the sizes: unknown
    squares, numbers, free classes, numbers and clauses left for SAT.

    >>> from minesweeper.base.board import parse_board
    >>> r = check_collapsed(parse_board("?1?1?1?"))
    >>> sorted(r.mines), r.stats["classes"]
    ([(0, 2), (0, 6)], 1)
    >>> check_collapsed(parse_board("1?1/?0?/1?1")).consistent
    False
    """
    if board.total is not None:
        return None
    budget.check("plain", budget.shape_of(board))
    a = arrays_of(board)
    c = collapse(a)
    stats = {"unknown": a.n, "numbers": a.m, "classes": c.classes,
             "numbers_left": c.remaining, "clauses": len(c.clauses), "rounds": c.rounds}
    unexplained = Verdict(False, SAT, core_minimal=False, explained=False, stats=stats)
    if c.contradiction:
        return unexplained
    model: list[int] = []
    if c.clauses:
        with Solver(name=SOLVER_NAME, bootstrap_with=c.clauses) as solver:
            if not solver.solve():
                return unexplained
            model = solver.get_model() or []
    mine = c.witness(model)
    bad = verify(a, mine)
    if bad >= 0:  # pragma: no cover - would be a bug in the collapse
        raise RuntimeError(f"collapsed witness breaks the number at "
                           f"{(int(a.cell_rows[bad]), int(a.cell_cols[bad]))}")
    idx = np.nonzero(mine)[0]
    mines = set(zip(a.rows[idx].tolist(), a.cols[idx].tolist(), strict=True))
    return Verdict(True, SAT, mines, stats=stats)


CORE_LIMIT = 200_000
"""Most numbers on a board for which an inconsistency is explained by a set of numbers
(about a minute of core extraction on a board built from a formula)."""


def check(board: Board, shrink_seconds: float = 20.0, preprocess: bool = True,
          core_limit: int = CORE_LIMIT) -> Verdict:
    """Decide whether some arrangement of mines agrees with every number (and the total).

    Without a total the collapse of :mod:`minesweeper.analysis.reduce` runs first
    (``preprocess``); an inconsistent board is then explained on the full problem when it
    has at most ``core_limit`` numbers (otherwise ``explained`` is false and ``core``
    empty: the answer stands, the reason is not searched for).

    >>> from minesweeper.base.board import parse_board
    >>> r = check(parse_board("1?1/?0?/1?1"))
    >>> r.consistent, len(r.core)
    (False, 2)
    >>> sorted(check(parse_board("1?/11")).mines)
    [(0, 1)]
    """
    stats: dict[str, int] = {}
    if preprocess:
        fast = check_collapsed(board)
        if fast is not None and fast.consistent:
            return fast
        if fast is not None and fast.stats["numbers"] > core_limit:
            fast.why = (f"(no reason searched for: the board has {fast.stats['numbers']} "
                        f"numbers, above the limit of {core_limit})")
            return fast
        if fast is not None:
            stats = fast.stats
    try:
        problem = solver_problem(board)
        enc = encode(problem, frontier_total=True)
    except TooLarge:
        if fast is None:
            raise
        fast.why = ("(no reason searched for: the board is too large for it, "
                    f"{stats['unknown']:,} unknown squares and {stats['numbers']:,} numbers)")
        return fast  # inconsistent; no reason searched for on a board this large
    assumptions = list(enc.selectors)
    if enc.total_selector is not None:
        assumptions.append(enc.total_selector)
    # a plain solve first (selectors fixed by unit clauses): fast on large boards
    with Solver(name=SOLVER_NAME, bootstrap_with=enc.clauses + [[a] for a in assumptions]) \
            as plain:
        if plain.solve():
            mines = _model_mines(plain.get_model() or [], problem)
            if problem.total_need is not None:
                inner = {problem.squares[v] for v in problem.interior}
                mines -= inner
                rest = problem.total_need - len(mines)
                mines |= {problem.squares[v] for v in problem.interior[:rest]}
            return Verdict(True, SAT, mines)
    with Solver(name=SOLVER_NAME, bootstrap_with=enc.clauses) as solver:
        solver.solve(assumptions=assumptions)
        core = set(solver.get_core() or [])
        core_list = [s for s in assumptions if s in core]
        deadline = time.monotonic() + shrink_seconds
        minimal = True
        i = 0
        while i < len(core_list):
            if time.monotonic() > deadline:
                minimal = False
                break
            trial = core_list[:i] + core_list[i + 1 :]
            if not solver.solve(assumptions=trial):
                smaller = set(solver.get_core() or trial)
                core_list = [s for s in trial if s in smaller]
            else:
                i += 1
    first = enc.selectors[0] if enc.selectors else 0
    cells = sorted(problem.constraints[s - first].cell for s in core_list
                   if s != enc.total_selector)
    total = enc.total_selector in core_list
    return Verdict(False, SAT, core=cells, core_total=total, core_minimal=minimal,
                   why=_why(len(cells), total), stats=stats)


def _why(numbers: int, total: bool) -> str:
    """The sentence that introduces a core of ``numbers`` numbers (and the total).

    >>> _why(2, True)
    'these 2 numbers cannot all hold together with the total number of mines:'
    """
    if numbers == 0:
        return ("the total number of mines cannot hold: there are not that many (or that "
                "few) squares to put them on")
    extra = " together with the total number of mines" if total else ""
    if numbers == 1:
        return f"this number cannot hold{extra}:"
    return f"these {numbers} numbers cannot all hold{extra}:"


@dataclass
class SafeResult:
    """Squares whose state is the same in every arrangement: ``safe`` never hold a mine,
    ``mined`` always do; ``free`` holds the rest.  ``consistent`` is false when no
    arrangement exists at all (then the three sets are empty)."""

    consistent: bool
    safe: set[Cell] = field(default_factory=set)
    mined: set[Cell] = field(default_factory=set)
    _free: set[Cell] | None = field(default_factory=set, repr=False)
    #: The rows and columns of the free squares, when they are kept in arrays (a large
    #: board: a set of millions of squares is made only when asked for).
    free_arrays: tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]] | None = \
        field(default=None, repr=False)

    @property
    def free(self) -> set[Cell]:
        """The squares that hold a mine in some arrangements and not in others."""
        if self._free is None:
            rows, cols = self.free_arrays or ([], [])
            self._free = set(zip(np.asarray(rows).tolist(), np.asarray(cols).tolist(),
                                 strict=True))
        return self._free

    def free_count(self) -> int:
        """How many squares are free (without making their set)."""
        if self._free is None and self.free_arrays is not None:
            return int(self.free_arrays[0].shape[0])
        return len(self.free)

    def to_json(self) -> dict[str, object]:
        """The JSON form ``check --safe --json`` prints (squares as ``[x, y]``: column,
        row, from 1).

        >>> from minesweeper.base.board import parse_board
        >>> safe_squares(parse_board("?1?/11.")).to_json()["safe"]
        [[3, 1]]
        """
        return {"consistent": self.consistent, "safe": one_based(self.safe),
                "mined": one_based(self.mined), "undetermined": self.free_count()}

    def lines(self, board: Board) -> list[str]:
        """What ``check --safe`` prints: how many squares of each kind, then ``board``
        with the safe squares as ``s`` and the mined ones as ``m`` (nothing when the
        board is inconsistent).

        >>> from minesweeper.base.board import parse_board
        >>> b = parse_board("?1?/11.")
        >>> print("\\n".join(safe_squares(b).lines(b)))
        safe in every arrangement: 1; mined in every arrangement: 1; undetermined: 0
        s: safe in every arrangement, m: mined in every arrangement, ?: either
        m1s
        11.
        """
        if not self.consistent:
            return []
        rows = format_board(board, letters={"s": self.safe, "m": self.mined}).splitlines()
        return [f"safe in every arrangement: {len(self.safe)}; mined in every arrangement: "
                f"{len(self.mined)}; undetermined: {self.free_count()}",
                "s: safe in every arrangement, m: mined in every arrangement, ?: either",
                *rows]


def _values(model: list[int], n: int) -> dict[int, bool]:
    """Variable values from a model; variables the solver never saw are false."""
    value = dict.fromkeys(range(n), False)
    for lit in model:
        if 0 < lit <= n:
            value[lit - 1] = True
    return value


def _cardinality(lits: list[int], bound: int, at_least: bool, top: int,
                 guard: int) -> tuple[list[list[int]], int]:
    """Clauses (each guarded by ``-guard``) saying that at most (or at least) ``bound`` of
    ``lits`` are true, and the highest variable they use."""
    kind = _card_plan(len(lits), bound, "atleast" if at_least else "atmost")[0]
    if at_least:
        card = CardEnc.atleast(lits=lits, bound=bound, top_id=top, encoding=kind)
    else:
        card = CardEnc.atmost(lits=lits, bound=bound, top_id=top, encoding=kind)
    return [[-guard, *cl] for cl in card.clauses], max(top, card.nv)


#: The largest chunk of candidates :func:`backbone` asks about in one solver call.
MAX_CHUNK = 4096


def backbone(clauses: list[list[int]], nvars: int,
             progress: Callable[[int, int], None] | None = None
             ) -> npt.NDArray[np.int8] | None:
    """The value every model of ``clauses`` gives each variable ``1..nvars``: ``1`` or
    ``0`` when all models agree (the backbone), ``-1`` when they differ; ``None`` when
    there is no model.

    One solver holds the clauses.  The first model gives a value to every variable; the
    candidates (variables not yet seen with both values) are asked about in chunks, one
    call each: "some variable of this chunk differs from the first model".  A model that
    answers clears every candidate it changes; no model means the whole chunk is fixed,
    which is added as unit clauses (they help the later calls), and the next chunk is
    twice as large (at most :data:`MAX_CHUNK`); after a model it is half as large.  The
    solver prefers the values unlike the first model's, so that each model clears many
    candidates.  ``progress`` is told, after each call, how many variables are settled
    (fixed, or seen with both values) of ``nvars``.

    >>> backbone([[1, 2], [-1], [2, 3]], 3).tolist()
    [0, 1, -1]
    >>> backbone([[1], [-1]], 1) is None
    True
    """
    out = np.full(nvars, -1, dtype=np.int8)
    if nvars == 0:
        return out if all(clauses) else None
    with Solver(name=SOLVER_NAME, bootstrap_with=clauses) as solver:
        if not solver.solve():
            return None
        first = _model_array(solver.get_model() or [], nvars)
        # a literal true in the first model, for each variable (1-based)
        agree = np.where(first, np.arange(1, nvars + 1), -np.arange(1, nvars + 1))
        solver.set_phases((-agree).tolist())  # models unlike the first clear more
        open_ = np.ones(nvars, dtype=np.bool_)   # still a candidate
        top = max(nvars, max((max(map(abs, cl)) for cl in clauses if cl), default=0))
        chunk, start = 1, 0
        while True:
            left = np.flatnonzero(open_[start:]) + start
            if left.size == 0:
                if start == 0:
                    break
                start = 0
                continue
            part = left[:chunk]
            top += 1
            solver.add_clause([-top, *(-agree[part]).tolist()])
            if solver.solve(assumptions=[top]):
                other = _model_array(solver.get_model() or [], nvars)
                open_ &= other == first
                chunk = max(1, chunk // 2)
                start = int(part[0])
            else:
                out[part] = first[part]
                open_[part] = False
                for lit in agree[part].tolist():
                    solver.add_clause([lit])
                chunk = min(2 * chunk, MAX_CHUNK)
                start = int(part[-1]) + 1
            solver.add_clause([-top])
            if progress is not None:
                progress(nvars - int(np.count_nonzero(open_)), nvars)
    return out


def _model_array(model: list[int], nvars: int) -> npt.NDArray[np.bool_]:
    """Values of variables ``1..nvars`` in a model (variables it omits are false)."""
    lits = np.asarray(model[:nvars], dtype=np.int64)
    out = np.zeros(nvars, dtype=np.bool_)
    out[np.abs(lits[lits != 0]) - 1] = lits[lits != 0] > 0
    return out


def safe_by_classes(board: Board,
                    progress: Callable[[int, int], None] | None = None) -> SafeResult:
    """The squares safe or mined in every arrangement of a board without a total, from
    the collapse of :mod:`minesweeper.analysis.reduce`: every square takes the value of its class
    (a class is one variable however many squares it holds), and the classes left in
    clauses are settled by :func:`backbone`.  Squares no number sees are never
    determined (nothing limits them without a total).  Any board the reader takes is
    answered: a board built from a formula keeps a few thousand classes of its millions
    of squares.  ``progress`` follows the backbone (see :func:`backbone`).

    >>> from minesweeper.base.board import parse_board
    >>> r = safe_by_classes(parse_board("?1?/11."))
    >>> sorted(r.safe), sorted(r.mined), sorted(r.free)
    ([(0, 2)], [(0, 0)], [])
    >>> safe_by_classes(parse_board("1?1/?0?/1?1")).consistent
    False
    """
    if board.total is not None:
        raise ValueError("safe_by_classes answers boards without a total")
    budget.check("safe", budget.shape_of(board))
    a = arrays_of(board)
    c = collapse(a)
    if c.contradiction:
        return SafeResult(False)
    value = c.value.copy()
    fixed = backbone(c.clauses, len(c.root_of) - 1, progress)
    if fixed is None:
        return SafeResult(False)
    roots = c.root_of[1:]
    value[roots] = fixed
    of_square = value[c.parent]
    known = of_square >= 0
    mine = known & ((of_square ^ c.parity.astype(np.int8)) == 1)
    out = SafeResult(True)
    for where, into in ((known & ~mine, out.safe), (mine, out.mined)):
        idx = np.flatnonzero(where)
        into.update(zip(a.rows[idx].tolist(), a.cols[idx].tolist(), strict=True))
    idx = np.flatnonzero(~known)
    out._free, out.free_arrays = None, (a.rows[idx], a.cols[idx])
    return out


def safe_by_groups(board: Board) -> SafeResult | None:
    """The squares safe or mined in every arrangement, read off the exact probabilities
    (None when a group is too entangled for them).

    >>> from minesweeper.base.board import parse_board
    >>> sorted(safe_by_groups(parse_board("?1?/11.")).safe)
    [(0, 2)]
    """
    from .probability import probabilities

    try:
        p = probabilities(board)
    except BadInput:
        return None
    if not p.consistent:
        return SafeResult(False)
    out = SafeResult(True)
    for sq, f in zip(p.squares, p.fractions(), strict=True):
        (out.safe if f == 0 else out.mined if f == 1 else out.free).add(sq)
    return out


def safe_squares(board: Board,
                 progress: Callable[[int, int], None] | None = None) -> SafeResult:
    """The inference problem: which unknown squares are safe, or mined, in every arrangement.

    Without a total the classes of the collapse answer (:func:`safe_by_classes`, any
    board the reader takes); with one, the exact probabilities of
    :mod:`minesweeper.analysis.probability` (a square is safe at 0, mined at 1), and the solver
    (:func:`safe_by_solver`) when a group of classes is too entangled for them.
    ``progress`` follows the classes settled on a board without a total.

    >>> from minesweeper.base.board import parse_board
    >>> r = safe_squares(parse_board("?1?/11."))
    >>> sorted(r.safe), sorted(r.mined)
    ([(0, 2)], [(0, 0)])
    >>> r = safe_squares(parse_board("mines: 1\\n?1?/11./..."))
    >>> sorted(r.safe), sorted(r.mined)
    ([(0, 2)], [(0, 0)])
    """
    if board.total is None:
        return safe_by_classes(board, progress)
    by_groups = safe_by_groups(board)
    if by_groups is not None:
        return by_groups
    return safe_by_solver(board)


def safe_by_solver(board: Board) -> SafeResult:
    """The squares safe or mined in every arrangement, asked of the SAT solver square by
    square on the board's own clauses (boards of at most
    :data:`~minesweeper.base.board.MAX_PROBLEM` squares and numbers).

    One solver holds the board's clauses; each frontier square is tested with its value
    flipped (an assumption), and each new model rules out every square that changed, so
    only a few solver calls are needed for most boards.  With a total, the total is stated
    over the frontier squares only (what the unconstrained squares can make up, see
    :func:`encode`), and the unconstrained squares, which are interchangeable, are
    decided together: they can hold a mine when some model leaves mines over for them,
    and be free when some model puts enough on the frontier (at most two more solver
    calls, often none: the models already found answer).  Without a total the
    unconstrained squares are never determined.

    >>> from minesweeper.base.board import parse_board
    >>> r = safe_by_solver(parse_board("mines: 2\\n?1??/11??"))
    >>> sorted(r.safe), sorted(r.mined)
    ([(0, 2), (1, 2)], [(0, 0)])
    """
    problem = solver_problem(board)
    enc = encode(problem, frontier_total=True)
    base = list(enc.selectors)
    if enc.total_selector is not None:
        base.append(enc.total_selector)
    n = len(problem.squares)
    frontier = problem.frontier
    units = [[a] for a in base]
    with Solver(name=SOLVER_NAME, bootstrap_with=enc.clauses + units) as solver:
        if not solver.solve():
            return SafeResult(False)
        value = _values(solver.get_model() or [], n)
        on_frontier = [sum(value[v] for v in frontier)]  # frontier mines of every model
        candidates = set(frontier)
        for v in frontier:
            if v not in candidates:
                continue
            lit = v + 1 if value[v] else -(v + 1)
            if solver.solve(assumptions=[-lit]):
                other = _values(solver.get_model() or [], n)
                on_frontier.append(sum(other[u] for u in frontier))
                candidates = {u for u in candidates if other[u] == value[u]}
                candidates.discard(v)
        safe = {problem.squares[v] for v in candidates if not value[v]}
        mined = {problem.squares[v] for v in candidates if value[v]}
        if problem.total_need is not None and problem.interior:
            need, inner = problem.total_need, len(problem.interior)
            lits = [v + 1 for v in frontier]
            top = enc.top
            # an unconstrained square can hold a mine when the frontier can hold at most
            # need - 1, and be free when it can hold at least need - inner + 1
            possible = []
            for bound, at_least in ((need - 1, False), (need - inner + 1, True)):
                if any(f >= bound if at_least else f <= bound for f in on_frontier):
                    possible.append(True)
                    continue
                if (bound > len(lits)) if at_least else (bound < 0):
                    possible.append(False)
                    continue
                top += 1
                guard = top
                _refuse_size(enc.literals + _card_literals(len(lits), bound,
                                                           "atleast" if at_least else "atmost"))
                clauses, top = _cardinality(lits, bound, at_least, top, guard)
                solver.append_formula(clauses)
                possible.append(solver.solve(assumptions=[guard]))
            inside = {problem.squares[v] for v in problem.interior}
            if not possible[0]:
                safe |= inside
            elif not possible[1]:
                mined |= inside
    free = set(problem.squares) - safe - mined
    return SafeResult(True, safe, mined, _free=free)
