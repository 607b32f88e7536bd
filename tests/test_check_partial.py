"""check: partial placements (k queens, some rows empty) are checked, not refused."""

from __future__ import annotations

import json

import pytest

from nqueens.base.errors import BadInput
from nqueens.base.pieces import Piece
from nqueens.base.placement import Placement
from nqueens.output import formats


@pytest.mark.parametrize("board", [
    "Q...\n....\n.Q..\n....\n",
    "1 0 0 0\n0 0 0 0\n0 1 0 0\n0 0 0 0\n",
    '["Q...","....",".Q..","...."]',
    '{"n": 4, "queens": [[2, 1], [0, 0]]}',
])
def test_a_partial_placement_without_attacks_is_valid(run, board: str) -> None:
    r = run("check", "-", stdin=board)
    assert r.code == 0, r.err
    assert r.out == "valid partial placement: 2 queens on 4x4, no two attack each other\n"


def test_attacking_queens_of_a_partial_placement_are_named(run) -> None:
    r = run("check", "-", stdin="Q....\n.....\n..Q..\n.....\n.....\n")
    assert r.code == 1
    assert r.out.splitlines() == [
        "invalid partial placement: 2 queens on 5x5; 1 pair attacking each other:",
        "  a5 c3  (same diagonal)"]


def test_complete_asks_for_a_queen_in_every_row(run) -> None:
    r = run("check", "-", "--complete", stdin="Q...\n....\n.Q..\n....\n")
    assert r.code == 1 and r.out.splitlines() == [
        "incomplete: 2 queens on 4x4, no two attack each other",
        "  no queen on ranks 3 and 1 (--complete asks for one in every row)"]
    data = json.loads(run("check", "-", "--complete", "--json",
                          stdin="Q...\n....\n.Q..\n....\n").out)
    assert (data["valid"], data["empty_rows"]) == (False, [1, 3])
    full = run("solve", "6").out
    assert run("check", "-", "--complete", stdin=full).code == 0


def test_the_json_says_how_many_queens_and_whether_complete(run) -> None:
    r = run("check", "-", "--json", stdin="....\n.Q..\n....\n....\n")
    data = json.loads(r.out)
    assert (r.code, data["valid"], data["complete"], data["queens"]) == (0, True, False, 1)
    data = json.loads(run("check", "-", "--json", stdin=run("solve", "5").out).out)
    assert (data["valid"], data["complete"], data["queens"]) == (True, True, 5)


def test_on_the_torus_and_for_superqueens_the_attack_rule_is_theirs(run) -> None:
    knight = "Q....\n.....\n.Q...\n.....\n.....\n"      # a5 and b3: a knight's move
    assert run("check", "-", stdin=knight).code == 0
    assert run("check", "-", "--piece", "superqueen", stdin=knight).code == 1
    wrap = "Q....\n.....\n.....\n.....\n.Q...\n"        # a5 and b1 meet across the edge
    assert run("check", "-", stdin=wrap).code == 0
    assert run("check", "-", "--torus", stdin=wrap).code == 1


@pytest.mark.parametrize("board", [
    "QQ..\n....\n....\n....\n",                          # a Q/. board
    "1 1 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n",               # a matrix
    '["QQ..","....","....","...."]',                      # a list
    '{"n": 4, "queens": [[0, 0], [0, 1]]}',               # JSON
])
def test_two_queens_in_one_row_are_an_invalid_board_naming_them(run, board: str) -> None:
    r = run("check", "-", stdin=board)
    assert r.code == 1, r.err
    assert r.out.splitlines() == [
        "invalid partial placement: 2 queens on 4x4; 1 pair attacking each other:",
        "  a4 b4  (same row)"]
    assert "two in one row" in r.err


def test_a_student_s_full_board_with_a_doubled_row_names_the_pair_and_the_empty_rank(
        run) -> None:
    board = ".Q..\n...Q\nQ..Q\n....\n"      # four queens; rank 2 holds two, rank 1 none
    r = run("check", "-", "--complete", stdin=board)
    assert r.code == 1
    assert r.out.splitlines() == [
        "invalid board: 4 queens on 4x4; 3 pairs attacking each other:",
        "  b4 d2  (same diagonal)", "  d3 d2  (same column)", "  a2 d2  (same row)",
        "  no queen on rank 1 (--complete asks for one in every row)"]
    r = run("check", "-", stdin="a2 b2 c1 d3")       # algebraic: rank 2 twice
    assert r.code == 1 and "  a2 b2  (same row)" in r.out.splitlines()


def test_what_is_not_a_board_stays_bad_input(run) -> None:
    for board, needle in [("QQ.\n...\n", "not square"), ("a2 a2 c1", "a2 is given twice"),
                          ('{"n": 2, "queens": [[0, 0], [0, 0]]}', "given twice")]:
        r = run("check", "-", stdin=board)
        assert r.code == 2 and needle in r.err, r.err


def test_the_library_reads_placements_only_when_asked() -> None:
    text = ".Q..\n....\n....\n..Q."
    assert formats.read_placement(text) == Placement(4, ((0, 1), (3, 2)))
    with pytest.raises(BadInput, match="row 2 has no queen"):
        formats.read(text)
    assert formats.read_placement("2 4 1 3") == formats.read("2 4 1 3")
    p = formats.read_placement(text)
    assert isinstance(p, Placement) and p.is_valid(Piece.QUEEN)


def test_a_partial_json_board_past_the_text_limit_is_refused_unread(run) -> None:
    r = run("check", "-", stdin='{"n": 5000, "queens": [[0, 0]]}')
    assert r.code == 2 and "partial placement is read up to n = 1000" in r.err


def test_quiet_check_keeps_the_verdict_and_the_exit_code(run) -> None:
    bad = "Q...\n.Q..\n....\n....\n"
    loud = run("check", "-", "--complete", stdin=bad)
    quiet = run("check", "-", "--complete", "-q", stdin=bad)
    assert loud.err and quiet.err == "" and (quiet.code, quiet.out) == (loud.code, loud.out)
    attack = run("check", "-", "-q", stdin="2 1\n")
    assert attack.code == 1 and attack.err == "" and attack.out.startswith("invalid")
