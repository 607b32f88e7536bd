"""Boards, formats and their errors."""

from __future__ import annotations

import pytest

from minesweeper.base.board import MINE, UNKNOWN, format_board, parse_board
from minesweeper.base.errors import BadInput


def test_text_alphabet() -> None:
    b = parse_board("0.?H\nF*18\n")
    assert b.cells.tolist() == [[0, 0, UNKNOWN, UNKNOWN], [MINE, MINE, 1, 8]]
    assert b.total is None


def test_slash_rows_and_total() -> None:
    b = parse_board("# a comment\nmines: 3\n1?1/?0?/1?1")
    assert (b.height, b.width, b.total) == (3, 3, 3)


def test_mine_format() -> None:
    b = parse_board("3x2x2\nHH1\nF11\n")
    assert (b.width, b.height, b.total) == (3, 2, 2)
    assert format_board(b, mine_format=True) == "3x2x2\nHH1\nF11"


def test_round_trip() -> None:
    b = parse_board("1?1/?0?/1?1")
    assert parse_board(format_board(b)).cells.tolist() == b.cells.tolist()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1?1\n1?\n", "line 2, column 3: a row of 2 squares where 3 were expected"),
        ("1?1\n1??1\n", "line 2, column 4: a row of 4 squares where 3 were expected"),
        ("1?x\n", "line 1, column 3: unknown character 'x'"),
        ("??\n?9\n", "line 2, column 2: a number above 8"),
        ("3x2x1\nHHH\n", "line 3, column 1: 1 row where the header gives 2"),
        ("2x1x1\nHHH\n", "line 2, column 3: a row of 3 squares where the header gives 2"),
        ("2x1x1\nHH\nHH\n", "line 3, column 1: more rows than the 1 the header gives"),
        ("2x1x9\nHH\n", "line 1: the header gives 9 mines for 2 squares"),
        ("mines: x\n??\n", "line 1: the total number of mines must be a whole number"),
        ("", "the board has no rows"),
    ],
)
def test_bad_boards(text: str, message: str) -> None:
    with pytest.raises(BadInput) as info:
        parse_board(text)
    assert message in str(info.value)
    assert info.value.exit_code == 2
