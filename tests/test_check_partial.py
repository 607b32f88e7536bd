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
    assert r.code == 1 and r.out.startswith("incomplete: 2 queens on 4x4")
    assert "2 rows of 4 without a queen" in r.err
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


def test_two_queens_in_a_row_stay_bad_input_in_a_partial_board(run) -> None:
    r = run("check", "-", stdin="QQ..\n....\n....\n....\n")
    assert r.code == 2 and "row 1 has 2 queens" in r.err


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
