"""The SAT and backtracking solvers, counting and inference, held against each other."""

from __future__ import annotations

import subprocess
import sys
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minesweeper.analysis.backtrack import count as bt_count
from minesweeper.analysis.backtrack import find as bt_find
from minesweeper.analysis.count import count_arrangements
from minesweeper.analysis.sat import check, safe_squares
from minesweeper.base.board import MINE, UNKNOWN, Board, board_from_rows, parse_board, problem_of


def brute_force(board: Board) -> list[set[tuple[int, int]]]:
    """Every arrangement of all unknown squares that fits (total respected)."""
    unknown = board.unknowns()
    out = []
    for bits in product((False, True), repeat=len(unknown)):
        mines = {sq for sq, b in zip(unknown, bits, strict=True) if b}
        if board.total is not None and len(mines) + board.flags() != board.total:
            continue
        ok = True
        for r in range(board.height):
            for c in range(board.width):
                v = int(board.cells[r, c])
                if v < 0:
                    continue
                n = 0
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        rr, cc = r + dr, c + dc
                        if (dr or dc) and 0 <= rr < board.height and 0 <= cc < board.width:
                            n += (rr, cc) in mines or int(board.cells[rr, cc]) == MINE
                if n != v:
                    ok = False
        if ok:
            out.append(mines)
    return out


def test_known_inconsistent() -> None:
    r = check(parse_board("1?1/?0?/1?1"))
    assert not r.consistent
    assert (1, 1) in r.core or len(r.core) >= 2
    assert bt_find(parse_board("1?1/?0?/1?1")) is None


def test_known_consistent() -> None:
    b = parse_board("1??/12?/01?")
    r = check(b)
    assert r.consistent
    assert r.mines in brute_force(b)


def test_eight_among_zeros() -> None:
    b = parse_board("000/080/000")
    r = check(b)
    assert not r.consistent and r.core == [(1, 1)]
    assert bt_find(b) is None
    assert count_arrangements(b).count == 0


def test_core_is_minimal() -> None:
    b = parse_board("1?1?1/?0???/1?1??")
    r = check(b)
    assert not r.consistent and r.core_minimal
    cells = set(r.core)
    for drop in cells:
        # removing any number of the core leaves the rest satisfiable on its own
        rows = [list(line) for line in "1?1?1/?0???/1?1??".split("/")]
        kept = {c for c in cells if c != drop}
        for rr, line in enumerate(rows):
            for cc, ch in enumerate(line):
                if ch not in "?" and (rr, cc) not in kept:
                    rows[rr][cc] = "?"
        assert check(board_from_rows(["".join(x) for x in rows])).consistent


def test_total_in_core() -> None:
    r = check(parse_board("mines: 3\n1?1/111"))
    assert not r.consistent and r.core_total


def test_long_wire_count() -> None:
    # long wires have 2 arrangements however long; the sweep keeps few states
    b = board_from_rows(["?1" * 1500 + "?"])
    assert count_arrangements(b).count == 2
    from minesweeper.circuits.circuit import assemble

    board, _, _ = assemble([("not", 0)] * 60 + [("terminator", 0)], 1, [0])
    res = count_arrangements(board, method="sweep")
    assert res.count == 2 and len(res.components) == 1
    assert count_arrangements(board).count == 2


def test_count_scopes() -> None:
    b = parse_board("?1?/???")
    assert count_arrangements(b).scope == "frontier"
    bt = parse_board("mines: 2\n?1?F???/???F???")
    res = count_arrangements(bt)
    assert res.scope == "all"
    assert res.count == len(brute_force(bt))


def test_safe_known() -> None:
    r = safe_squares(parse_board("?1?/11."))
    assert r.safe == {(0, 2)} and r.mined == {(0, 0)}


boards = st.integers(1, 4).flatmap(
    lambda h: st.integers(1, 4).flatmap(
        lambda w: st.lists(
            st.lists(st.sampled_from("0112233??????F"), min_size=w, max_size=w),
            min_size=h, max_size=h)))


@settings(max_examples=150, deadline=None)
@given(boards, st.one_of(st.none(), st.integers(0, 8)))
def test_solvers_agree(rows: list[list[str]], total: int | None) -> None:
    b = board_from_rows(["".join(r) for r in rows])
    if total is not None and total < b.flags():
        total = None
    b.total = total
    truth = brute_force(b)
    sat = check(b)
    assert sat.consistent == bool(truth)
    assert (bt_find(b) is not None) == bool(truth)
    if sat.consistent:
        assert sat.mines in truth
        found = bt_find(b)
        assert found is not None and found in truth
    problem = problem_of(b)
    frontier = {problem.squares[v] for v in problem.frontier}
    if total is None:
        expect = len({frozenset(m & frontier) for m in truth})
    else:
        expect = len(truth)
    assert count_arrangements(b).count == expect
    assert bt_count(b) == expect
    safe = safe_squares(b)
    if truth:
        unknown = set(b.unknowns())
        if total is None:
            unknown &= frontier
        assert safe.safe == {sq for sq in unknown if all(sq not in m for m in truth)}
        assert safe.mined == {sq for sq in unknown if all(sq in m for m in truth)}


def test_unknown_constant() -> None:
    assert UNKNOWN == -1


def test_total_with_unconstrained_square_found_by_hypothesis() -> None:
    # two cardinality encodings over the frontier once shared helper variables
    b = board_from_rows(["11??", "?1??", "1211", "01?1"], total=3)
    r = check(b)
    assert r.consistent and r.mines in brute_force(b)


def test_what_compiled_code_writes_to_stdout_is_silenced() -> None:
    """The model counter's progress lines never reach standard output."""
    code = ("import os, sys\n"
            "from minesweeper.analysis.count import stdout_silenced\n"
            "print('before', flush=True)\n"
            "with stdout_silenced():\n"
            "    os.write(1, b'not seen\\n')\n"
            "print('after', flush=True)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=120, check=True)
    assert r.stdout == "before\nafter\n"


def test_a_count_with_a_total_finds_the_count_without_it_on_the_way() -> None:
    """``check --count`` on a board with a total also prints the count without it: the
    groups' product of their counts, the same number as counting the board again
    without its total (which it no longer does), on 200 positions."""
    import random

    from minesweeper.base.board import Board
    from minesweeper.cli import _counts

    from ms_support import game_position

    for seed in range(200):
        rng = random.Random(seed)
        board = game_position(rng, rng.randint(2, 12), rng.randint(2, 12), 0.2,
                              rng.choice([0.3, 0.6]), total=True)
        with_total, without = _counts(board, "sat")
        again = count_arrangements(Board(board.cells, None))
        assert without is not None and without.count == again.count, seed
        assert with_total.count == count_arrangements(board, method="sweep").count, seed


@pytest.mark.parametrize(("n", "bound"), [(9, 2), (40, 10), (500, 100), (2000, 700),
                                          (5000, 2000), (5000, 4900), (16000, 13)])
def test_the_total_is_stated_compactly_and_its_size_is_not_underestimated(
        n: int, bound: int) -> None:
    """The cardinality constraint of a total takes the encoding with the fewest literals:
    5,000 squares with 2,000 mines a k-totalizer of about a million literals, not a
    sequential counter of 25 million; and the estimate the limits are checked against is
    never below what python-sat writes, for at most, at least and exactly."""
    from pysat.card import CardEnc

    from minesweeper.analysis import sat

    lits = list(range(1, n + 1))
    for kind, make in (("atmost", CardEnc.atmost), ("atleast", CardEnc.atleast),
                       ("equals", CardEnc.equals)):
        encoding, estimate = sat._card_plan(n, bound, kind)
        card = make(lits=lits, bound=bound, top_id=n, encoding=encoding)
        written = sum(len(c) for c in card.clauses)
        assert written <= estimate, (kind, written, estimate)
    if (n, bound) == (5000, 2000):
        assert sat._card_literals(n, bound, "atmost") < 4_000_000


@pytest.mark.slow
def test_a_game_like_board_with_its_total_is_checked_where_it_was_refused(
        tmp_path: Path) -> None:
    """100x100, a fifth of the squares mines, half the others revealed at random, with
    the total: too entangled for the groups, so the solver states the total; it took
    61.5 million literals (refused) and now a few million: consistent in seconds."""
    import random

    from minesweeper.base.board import format_board

    from ms_support import PROGRAM, game_position

    board = game_position(random.Random(0), 100, 100, 0.206, 0.5, total=True)
    path = tmp_path / "game.mine"
    path.write_text(format_board(board, mine_format=True) + "\n")
    done = subprocess.run([*PROGRAM, "check", str(path), "-o", str(tmp_path / "out.txt")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out.txt").read_text().startswith("consistent")
