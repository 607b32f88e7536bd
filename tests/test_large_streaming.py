"""Huge boards written as they are made: the streamed perm and npy equal the whole-array
writers byte for byte, files go through check and back, and Ctrl-C leaves nothing."""

from __future__ import annotations

import io
import signal
import subprocess
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens.algorithms.closed_form import construct_blocks, solve_construct
from nqueens.algorithms.linear import exists
from nqueens.output import formats
from puzzleshell import testing

NQUEENS = testing.program("nqueens")

#: Sizes with a solution, of both parities and every residue mod 6 (the formulas differ).
SIZES = st.integers(min_value=1, max_value=5000).filter(lambda n: n not in (2, 3))


def _streamed(n: int, rows: int, torus: bool = False) -> tuple[str, bytes]:
    text, data = io.StringIO(), io.BytesIO()
    formats.write_perm_blocks(construct_blocks(n, torus=torus, rows=rows), text, chunk=64)
    formats.write_npy_blocks(n, construct_blocks(n, torus=torus, rows=rows), data)
    return text.getvalue(), data.getvalue()


def _whole(n: int, torus: bool = False) -> tuple[str, bytes, np.ndarray]:
    board = solve_construct(n, torus=torus)[0]
    text, data = io.StringIO(), io.BytesIO()
    formats.write_perm_stream(board, text)
    formats.write_npy(board, data)
    return text.getvalue(), data.getvalue(), board.cols


@given(SIZES, st.integers(min_value=1, max_value=700))
@settings(max_examples=150, deadline=None)
def test_streamed_writers_equal_the_whole_array_writers(n: int, rows: int) -> None:
    text, data = _streamed(n, rows)
    whole_text, whole_data, cols = _whole(n)
    assert text == whole_text == " ".join(str(c + 1) for c in cols.tolist()) + "\n"
    reference = io.BytesIO()
    np.save(reference, cols.astype(np.int32))
    assert data == whole_data == reference.getvalue()


@given(st.integers(min_value=1, max_value=5000).filter(exists), st.integers(1, 700))
@settings(max_examples=60, deadline=None)
def test_the_torus_streams_its_linear_solution(n: int, rows: int) -> None:
    text, data = _streamed(n, rows, torus=True)
    whole_text, whole_data, cols = _whole(n, torus=True)
    assert cols.tolist() == [2 * x % n for x in range(n)]
    assert (text, data) == (whole_text, whole_data)


@pytest.mark.parametrize("n", [10**6 - 1, 10**6, 10**6 + 2, 10**6 + 4])  # m mod 6: 4, 4, 0, 2
def test_medium_boards_stream_alike_in_blocks_of_a_million(n: int) -> None:
    text, data = _streamed(n, 1 << 20)
    assert (text, data) == _whole(n)[:2]


def test_blocks_that_do_not_make_the_board_are_refused() -> None:
    with pytest.raises(ValueError, match="board of 5 rows hold 4"):
        formats.write_npy_blocks(5, [np.arange(4)], io.BytesIO())
    with pytest.raises(ValueError, match="hold more"):
        formats.write_npy_blocks(3, [np.arange(2), np.arange(2)], io.BytesIO())


def _solve_and_check(tmp_path: Path, n: int, fmt: str, *method: str) -> bytes:
    target = tmp_path / f"q.{fmt}"
    solved = subprocess.run([*NQUEENS, "solve", str(n), *method, "-f", fmt, "-o", str(target)],
                            capture_output=True, text=True, timeout=300)
    assert solved.returncode == 0 and solved.stdout == "", solved.stderr
    assert solved.stderr.splitlines()[-1].startswith(f"wrote {target} (a board of {n:,} queens")
    checked = subprocess.run([*NQUEENS, "check", str(target)], capture_output=True, text=True,
                             timeout=300)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout == f"valid: {n:,} queens, no two attack each other\n"
    return target.read_bytes()


@pytest.mark.parametrize("fmt", ["perm", "npy"])
def test_solve_then_check_through_files_at_a_million(tmp_path: Path, fmt: str) -> None:
    n = 10**6 + 1
    data = _solve_and_check(tmp_path, n, fmt)
    text, npy, _ = _whole(n)
    assert data == (text.encode() if fmt == "perm" else npy)
    mc = _solve_and_check(tmp_path, n, fmt, "-m", "min-conflicts", "--seed", "3")
    assert mc != data


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["perm", "npy"])
def test_solve_then_check_through_files_at_ten_million(tmp_path: Path, fmt: str) -> None:
    n = 10**7 + 3
    data = _solve_and_check(tmp_path, n, fmt)
    board = formats.read_bytes(data)
    assert board.n == n and np.array_equal(board.cols, solve_construct(n)[0].cols)


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["perm", "npy"])
def test_ctrl_c_stops_a_billion_queens_being_written_and_leaves_no_file(tmp_path: Path,
                                                                       fmt: str) -> None:
    target = tmp_path / f"q.{fmt}"
    done, after = testing.interrupt([*NQUEENS, "solve", "1000000000", "-f", fmt, "-o",
                                     str(target)], signal.SIGINT, tmp_path,
                                    [*NQUEENS, "solve", "8"])
    testing.assert_ended(done, after, signal.SIGINT, "nqueens")
    assert list(tmp_path.iterdir()) == []
