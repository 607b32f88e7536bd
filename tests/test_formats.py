"""Every board format: writing, reading, detection, round trips and reading errors."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens import BadInput, Solution
from nqueens.output import formats

FOUR = Solution([1, 3, 0, 2])

permutations = st.integers(min_value=1, max_value=40).flatmap(
    lambda n: st.permutations(list(range(n)))
)
placements = st.integers(min_value=1, max_value=30).flatmap(
    lambda n: st.lists(st.integers(0, n - 1), min_size=n, max_size=n)
)


def test_examples_from_the_sources() -> None:
    assert formats.write(FOUR, "board") == ".Q..\n...Q\nQ...\n..Q."
    assert formats.write(FOUR, "list") == '[".Q..","...Q","Q...","..Q."]'
    assert formats.write(FOUR, "perm") == "2 4 1 3"
    assert formats.write(FOUR, "algebraic") == "a2 b4 c1 d3"
    assert formats.write(FOUR, "json") == '{"n": 4, "queens": [[0, 1], [1, 3], [2, 0], [3, 2]]}'
    assert formats.write(FOUR, "matrix") == "0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0"
    assert formats.write(Solution([0]), "list") == '["Q"]'


def test_svg_is_write_only() -> None:
    assert formats.write(FOUR, "svg").startswith("<svg")
    assert "svg" not in formats.READ_FORMATS
    with pytest.raises(BadInput):
        formats.read("<svg/>", "svg")


@pytest.mark.parametrize("fmt", formats.READ_FORMATS)
def test_detection_finds_each_format(fmt: str) -> None:
    s = Solution([4, 1, 3, 0, 2])
    text = formats.write(s, fmt)
    assert formats.detect(text) == fmt or (fmt == "matrix" and s.n == 1)
    assert formats.read(text) == s


@given(permutations, st.sampled_from(formats.READ_FORMATS))
def test_every_format_round_trips(cols: list[int], fmt: str) -> None:
    s = Solution(cols)
    text = formats.write(s, fmt)
    assert formats.read(text, fmt) == s
    assert formats.read(text) == s  # detected


@given(placements, st.sampled_from(["board", "matrix", "list", "algebraic", "json"]))
def test_placements_with_attacks_round_trip(cols: list[int], fmt: str) -> None:
    s = Solution(cols)
    assert formats.read(formats.write(s, fmt), fmt) == s


def test_board_reading_is_lenient_about_spaces_and_case() -> None:
    assert formats.read(" . Q . .\n . . . Q\n Q . . .\n . . q .\n\n") == FOUR
    assert formats.read("0,1,0,0\n0,0,0,1\n1,0,0,0\n0,0,1,0") == FOUR
    assert formats.read("0100\n0001\n1000\n0010", "matrix") == FOUR
    assert formats.read("2,4,1,3\n") == FOUR
    assert formats.read("A2 B4\nC1 D3") == FOUR


def test_algebraic_files_beyond_z() -> None:
    s = Solution([(2 * i) % 29 for i in range(29)])
    text = formats.write(s, "algebraic")
    assert "aa" in text and "ac" in text
    assert formats.read(text) == s


def test_write_many_streams_documents() -> None:
    out = io.StringIO()
    assert formats.write_many([FOUR, FOUR.transform("mirror")], "list", out) == 2
    assert out.getvalue() == '[[".Q..","...Q","Q...","..Q."],["..Q.","Q...","...Q",".Q.."]]\n'
    out = io.StringIO()
    assert formats.write_many([], "list", out) == 0
    assert out.getvalue() == "[]\n"
    out = io.StringIO()
    formats.write_many([FOUR, FOUR], "board", out)
    assert out.getvalue() == ".Q..\n...Q\nQ...\n..Q.\n\n.Q..\n...Q\nQ...\n..Q.\n"


@pytest.mark.parametrize(
    ("text", "fmt", "message"),
    [
        ("", None, "empty input"),
        ("   \n\n", None, "empty input"),
        (".Q..\n...Q\nQ..\n..Q.", None, "line 3: row 3 has 3 squares, the first row has 4"),
        (".Q..\n...Q\nQ.x.\n..Q.", None, "line 3, column 3: unexpected character 'x'"),
        ("x1 2\n3 4", None, "cannot tell the board format"),
        (".Q..\n...Q\nQ.x.\n..Q.", "board", "line 3, column 3: unexpected character 'x'"),
        (".Q..\n....\nQ...\n..Q.", None, "line 2: row 2 has no queen"),
        (".Q..\n.Q.Q\nQ...\n..Q.", None, "line 2, column 4: row 2 has 2 queens"),
        (".Q.\n..Q", None, "not square: 2 rows of 3"),
        (".Q..", None, "not square: 1 row of 4"),
        ("0 1 0\n1 0 0", None, "not square"),
        ("0 1 0\n1 0 2\n0 0 1", "matrix", "line 2, column 5: unexpected character '2'"),
        ("2 4 4 1", None, "not a permutation: 4 appears twice"),
        ("2 4 5 1", None, "5 is not a column of a 4x4 board"),
        ("2 x 1", "perm", "'x' is not a whole number"),
        ("a2 b4 c1 d5", None, "d5 is off the 4x4 board"),
        ("a2 b2 c1 d3", None, "rank 2 has two queens"),
        ('{"n": 4}', None, 'expected a JSON object'),
        ('{"n": 4, "queens": [[0, 1]]}', None, "1 queen given for n = 4"),
        ('{"n": 2, "queens": [[0, 1], [0, 0]]}', None, "row 0 has two queens"),
        ('{"n": 2, "queens": [[0, 1], [1, 2]]}', None, "off the 2x2 board"),
        ('{"n": "x", "queens": []}', None, '"n" must be a positive whole number'),
        ('{"n": 2, "queens": [[0, "a"], [1, 0]]}', None, "list of [row, col] pairs"),
        ('{"n": 2,', None, "not JSON"),
        ('[".Q", 3]', None, "non-empty JSON list of row strings"),
        ('[".Q", "Q.."]', None, "row 2 has 3 squares"),
    ],
)
def test_reading_errors_name_the_problem(text: str, fmt: str | None, message: str) -> None:
    with pytest.raises(BadInput) as info:
        formats.read(text, fmt, source="board.txt" if fmt != "perm" else None)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_a_byte_order_mark_is_ignored(run) -> None:
    r = run("check", "-", stdin="\ufeff.Q..\n...Q\nQ...\n..Q.\n")
    assert r.code == 0 and r.out.startswith("valid")
    assert formats.read_bytes(b"\xef\xbb\xbf2 4 1 3\n").as_tuple() == (1, 3, 0, 2)


def test_several_boards_in_one_input_get_a_hint(run) -> None:
    boards = run("all", "4").out
    r = run("check", "-", stdin=boards)
    assert r.code == 2 and "2 boards of 4 rows?" in r.err


def test_list_errors_point_into_the_list(run) -> None:
    r = run("check", "-", stdin='[".Q..", "...Q", "Q...", "..X."]')
    assert r.code == 2 and "string 4, character 3: unexpected character 'X'" in r.err


@pytest.mark.parametrize("fmt, words", [("list", "list of 2 boards"), ("json", "list of 2 boards"),
                                        ("perm", "2 lines of 4 numbers: several boards?")])
def test_a_list_of_boards_is_not_a_board(run, fmt: str, words: str) -> None:
    r = run("check", "-", stdin=run("all", "4", "-f", fmt).out)
    assert r.code == 2 and words in r.err


@pytest.mark.parametrize("huge", ["18446744073709551619", "99999999999999999999999",
                                  "9223372036854775811"])
def test_the_one_pass_reader_never_wraps_huge_numbers(huge: str) -> None:
    data = f"2 4 1 {huge} 3".encode()
    with pytest.raises(BadInput, match=f"{huge} is not a column of a 5x5 board"):
        formats.read_bytes(data, "perm")
    with pytest.raises(BadInput, match=f"{huge} is not a column"):
        formats.read(data.decode(), "perm")


def test_undetectable_input_names_the_file_and_the_odd_token(run, tmp_path: Path) -> None:
    odd = tmp_path / "pf.txt"
    odd.write_text("2 4 1 3\nfoo\n")
    r = run("check", str(odd))
    assert r.code == 2 and f"{odd}, line 2, column 1: 'foo' is not a whole number" in r.err
    words = tmp_path / "hw.txt"
    words.write_text("hello world\n")
    r = run("check", str(words))
    assert r.code == 2 and r.err.startswith(f"nqueens: error: {words}: cannot tell")
    empty = tmp_path / "e.txt"
    empty.write_text("")
    assert str(empty) in run("check", str(empty)).err


def test_read_takes_the_bytes_of_a_file_too() -> None:
    import numpy as np

    assert nqueens_read(b"2 4 1 3").as_tuple() == (1, 3, 0, 2)
    buf = io.BytesIO()
    np.save(buf, np.array([1, 3, 0, 2]))
    assert nqueens_read(buf.getvalue()).as_tuple() == (1, 3, 0, 2)


def nqueens_read(data: bytes) -> Solution:
    import nqueens

    return nqueens.read(data)


@given(st.integers(min_value=1, max_value=9), st.booleans(),
       st.sampled_from(["perm", "board", "matrix", "list", "json", "algebraic"]),
       st.one_of(st.none(), st.integers(min_value=0, max_value=30)))
@settings(max_examples=60)
def test_block_writer_writes_what_the_board_writer_writes(n: int, unique: bool, fmt: str,
                                                          limit: int | None) -> None:
    from itertools import islice

    from nqueens.algorithms.search import Problem, iter_solution_batches, iter_solutions

    problem = Problem.make(n)
    boards = iter_solutions(problem, unique)
    if limit is not None:
        boards = islice(boards, limit)
    one, many = io.StringIO(), io.StringIO()
    k1 = formats.write_many(boards, fmt, one)
    k2 = formats.write_blocks(iter_solution_batches(problem, unique, batch=8), fmt, many, limit)
    assert (k2, many.getvalue()) == (k1, one.getvalue())
