"""``check`` reads back every npy and perm board ``solve`` writes (up to n = 10^9: npy
mapped, perm a window at a time) and still refuses hostile files in one line."""

from __future__ import annotations

import resource
import signal
import subprocess
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nqueens.base.errors import BadInput
from nqueens.base.limits import MAX_LARGE_N
from nqueens.output.formats.limits import NPY_MAX_BYTES, NPY_READ_MAX_N
from nqueens.output.formats.perm_file import PERM_FILE_FROM_BYTES, read_perm_file
from nqueens.output.formats.readers import read_perm_bytes
from nqueens.output.formats.writers import npy_header
from puzzleshell import testing

NQUEENS = testing.program("nqueens")


def _nqueens(*args: str, stdin: bytes | None = None, address_space: int | None = None,
             ) -> subprocess.CompletedProcess[str]:
    def limit() -> None:
        if address_space is not None:
            resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))

    done = subprocess.run([*NQUEENS, *args], input=stdin, capture_output=True, timeout=600,
                          preexec_fn=limit, stdin=None if stdin is not None else
                          subprocess.DEVNULL)
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode(),
                                       done.stderr.decode())


def _sparse_npy(path: Path, n: int, data_bytes: int) -> None:
    """An npy header for ``n`` int32 columns followed by ``data_bytes`` of zeros that
    take no disk (a hole)."""
    with open(path, "wb") as fh:
        fh.write(npy_header(n))
        fh.truncate(fh.tell() + data_bytes)


def test_every_board_solve_writes_is_within_the_npy_bounds() -> None:
    assert NPY_READ_MAX_N == MAX_LARGE_N
    assert len(npy_header(MAX_LARGE_N)) + 4 * MAX_LARGE_N <= NPY_MAX_BYTES


def test_a_header_beyond_a_billion_queens_is_refused_unread(tmp_path: Path) -> None:
    f = tmp_path / "huge.npy"
    _sparse_npy(f, NPY_READ_MAX_N + 1, 4 * (NPY_READ_MAX_N + 1))
    testing.assert_one_line_error(_nqueens("check", str(f)),
                                  "an npy board of 1,000,000,001 queens", "up to n = 1,000,000,000")


@pytest.mark.parametrize("n, data", [(1000, 3996), (1000, 4004), (10**9, 4000)])
def test_a_header_that_does_not_describe_the_file_is_refused(tmp_path: Path, n: int,
                                                             data: int) -> None:
    f = tmp_path / "short.npy"
    _sparse_npy(f, n, data)
    testing.assert_one_line_error(_nqueens("check", str(f)), "damaged npy file",
                                  f"its header gives {n:,} values of 4 bytes, {data:,} bytes")


@pytest.mark.parametrize("array, words", [
    (np.zeros((2, 2), dtype=np.int32), "1-D integer array"),
    (np.zeros(4, dtype=np.float64), "1-D integer array"),
    (np.zeros(0, dtype=np.int32), "at least one row"),
    (np.array([0, 9, 1], dtype=np.int64), "row 1: column 9 is off the 3x3 board"),
])
def test_npy_files_that_are_no_board_are_refused_in_one_line(tmp_path: Path, array: np.ndarray,
                                                             words: str) -> None:
    f = tmp_path / "bad.npy"
    np.save(f, array)
    testing.assert_one_line_error(_nqueens("check", str(f)), words)
    testing.assert_one_line_error(_nqueens("check", "-", stdin=f.read_bytes()), words)


@pytest.mark.parametrize("dtype", ["<i4", ">i4", "<i8", "<u4"])
def test_a_mapped_file_of_any_integer_type_is_checked(tmp_path: Path, dtype: str) -> None:
    f = tmp_path / "q.npy"
    assert _nqueens("solve", "100001", "-f", "npy", "-o", str(f)).returncode == 0
    np.save(f, np.load(f).astype(dtype))
    done = _nqueens("check", str(f))
    assert done.returncode == 0, done.stderr
    assert done.stdout == "valid: 100,001 queens, no two attack each other\n"
    cols = np.load(f).astype(np.int64)
    cols[[5, 6]] = cols[[6, 5]]
    np.save(f, cols.astype(dtype))
    done = _nqueens("check", str(f))
    assert done.returncode == 1 and done.stdout.startswith("invalid: "), done.stderr


def test_an_npy_board_from_a_pipe_reads_as_from_a_file(tmp_path: Path) -> None:
    f = tmp_path / "q.npy"
    assert _nqueens("solve", "1000000", "-m", "min-conflicts", "-f", "npy", "-o",
                    str(f)).returncode == 0
    done = _nqueens("check", "-", stdin=f.read_bytes())
    assert done.returncode == 0 and done.stdout.startswith("valid: 1,000,000 queens")


@pytest.mark.slow
def test_a_file_beyond_the_address_space_is_refused_in_one_line(tmp_path: Path) -> None:
    f = tmp_path / "q.npy"
    assert _nqueens("solve", "300000000", "-f", "npy", "-o", str(f)).returncode == 0
    testing.assert_one_line_error(_nqueens("check", str(f), address_space=10**9),
                                  "cannot map its 1.2 GB of columns", "ulimit -v")


@pytest.mark.slow
def test_check_reads_the_billion_queens_solve_writes(tmp_path: Path) -> None:
    f = tmp_path / "q.npy"
    solved = _nqueens("solve", "1000000000", "-f", "npy", "-o", str(f))
    assert solved.returncode == 0, solved.stderr
    assert f.stat().st_size == len(npy_header(10**9)) + 4 * 10**9
    done = _nqueens("check", str(f))
    assert done.returncode == 0, done.stderr
    assert done.stdout == "valid: 1,000,000,000 queens, no two attack each other\n"


def _read_both(tmp_path: Path, data: bytes, window: int) -> tuple[object, object]:
    """What the whole-text reader and the windowed file reader make of ``data``: the
    board's columns, or the message."""
    f = tmp_path / "q.txt"
    f.write_bytes(data)
    answers: list[object] = []
    for read in (lambda: read_perm_bytes(data.removeprefix(b"\xef\xbb\xbf"), "q.txt"),
                 lambda: read_perm_file(str(f), "q.txt", window=window)):
        try:
            answers.append(read().as_tuple())
        except BadInput as exc:
            answers.append(str(exc))
    return answers[0], answers[1]


@st.composite
def _perm_texts(draw: st.DrawFn) -> bytes:
    """Permutations, some spoiled: a repeat, a column off the board, a token that is no
    number; separated as files separate them, with or without a byte-order mark."""
    n = draw(st.integers(1, 80))
    cols = draw(st.permutations(list(range(1, n + 1))))
    spoil = draw(st.sampled_from(["none", "repeat", "off", "token"]))
    tokens = [str(c) for c in cols]
    i = draw(st.integers(0, n - 1))
    if spoil == "repeat":
        tokens[i] = tokens[draw(st.integers(0, n - 1))]
    elif spoil == "off":
        tokens[i] = str(draw(st.sampled_from([0, n + 1, 10**20])))
    elif spoil == "token":
        tokens[i] = draw(st.sampled_from(["a7", "7é", "+", "1x2", "-3"]))
    seps = draw(st.lists(st.sampled_from([" ", "\n", ",", "\t", "  ", "\r\n", " ,"]),
                         min_size=n, max_size=n))
    bom = draw(st.sampled_from(["", "\ufeff"]))
    return (bom + "".join(t + s for t, s in zip(tokens, seps, strict=True))).encode()


@given(_perm_texts(), st.sampled_from([64, 90, 257, 1 << 20]))
@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_the_windowed_perm_reader_answers_as_the_whole_text_reader(tmp_path: Path, data: bytes,
                                                                   window: int) -> None:
    whole, windowed = _read_both(tmp_path, data, window)
    assert windowed == whole


@pytest.mark.slow
def test_a_perm_file_beyond_the_whole_text_reader_checks_and_names_its_trouble(
        tmp_path: Path) -> None:
    n = 30_000_000  # 249 MB of text: above PERM_FILE_FROM_BYTES, read a window at a time
    f = tmp_path / "q.txt"
    solved = _nqueens("solve", str(n), "-f", "perm", "-o", str(f))
    assert solved.returncode == 0 and f.stat().st_size >= PERM_FILE_FROM_BYTES, solved.stderr
    done = _nqueens("check", str(f))
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"valid: {n:,} queens, no two attack each other\n"
    text = f.read_bytes()
    first, second, rest = text.split(b" ", 2)
    assert (first, second) == (b"2", b"4")  # the construction: row i < n/2 in column 2i
    f.write_bytes(b"4 2 " + rest)  # now (1, 4) and (3, 6), 1-based, share a diagonal
    done = _nqueens("check", str(f), "--json")
    assert done.returncode == 1 and '"valid": false' in done.stdout, done.stderr
    f.write_bytes(b"2 2 " + rest)  # a column twice
    testing.assert_one_line_error(_nqueens("check", str(f)), "line 1, column 3: not a "
                                  "permutation: 2 appears twice (rows 1 and 2)")


@pytest.mark.slow
def test_ctrl_c_stops_the_check_of_a_large_perm_file(tmp_path: Path) -> None:
    f = tmp_path / "q.txt"
    assert _nqueens("solve", "50000000", "-f", "perm", "-o", str(f)).returncode == 0
    # The whole check takes about 2 s of CPU on a fast machine: the signal comes 0.6 s in.
    done, after = testing.interrupt([*NQUEENS, "check", str(f)], signal.SIGINT, tmp_path,
                                    [*NQUEENS, "solve", "8"], busy=0.6)
    testing.assert_ended(done, after, signal.SIGINT, "nqueens")
    assert done.stdout == ""
