"""Hostile input for the readers of nqueens (random bytes, deep nesting, huge numbers,
damaged npy headers, special files, inputs past the size limits), held to the contract of
:func:`puzzleshell.testing.judge`, in bounded memory and stopping at once on a signal
while it waits for input."""

from __future__ import annotations

import os
import signal
import struct
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nqueens.base.errors import BadInput
from nqueens.cli.app import main as nq_main
from nqueens.output import formats
from nqueens.output.formats import PERM_MAX_BYTES, TEXT_MAX_BYTES
from puzzleshell import testing

FUZZ = testing.fuzz(100)

HOSTILE = testing.hostile_inputs()

NQUEENS_ARGS = [[], ["-i", "board"], ["-i", "matrix"], ["-i", "list"], ["-i", "perm"],
                ["-i", "algebraic"], ["-i", "json"], ["-i", "npy"], ["--torus"]]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@FUZZ
@given(data=HOSTILE, extra=st.sampled_from(NQUEENS_ARGS))
def test_nqueens_check_answers_any_input_in_one_line(folder: Path, data: bytes,
                                                     extra: list[str]) -> None:
    path = folder / "board.txt"
    path.write_bytes(data)
    code, err = testing.in_process(nq_main, ["check", str(path), *extra])
    testing.judge(code, err, (data[:80], extra))


# ------------------------------------------------------------ npy headers, field by field
#: What each field of an npy header's dict may hold: good values, and damaged ones.
NPY_DESCRS = ["'<i8'", "'<i4'", "'>i4'", "'|u1'", "'<u8'", "'<f8'", "'|O'", "'<U3'", "'|b1'",
              "'xyz'", "''", "'<i16'", "[('a', '<i4')]", "('<i4', (2,))", "('<i4', (10**12,))",
              "{'names': ['a'], 'formats': ['<i4']}", "1", "None", "b'<i8'", "'<i8\\x00'",
              "[" * 400 + "]" * 400, "(lambda: 1)()"]
NPY_SHAPES = ["(4,)", "(0,)", "()", "(-1,)", "(-4,)", "(4, 1)", "(2, 2)", "(True,)", "(4.0,)",
              "(10**30,)", "(" + "9" * 5000 + ",)", "(4", "'a'", "[4]", "(None,)",
              "(100000001,)", "(4,) + (1,)"]
NPY_ORDERS = ["False", "True", "1", "'x'", "None"]


@st.composite
def npy_files(draw: st.DrawFn) -> bytes:
    """An npy file of the board 2 4 1 3 with its header damaged: its magic, version,
    header length, the dict's text, a field (descr, shape, fortran_order; a key missing
    or added) or the data that follows."""
    descr = draw(st.sampled_from(NPY_DESCRS))
    shape = draw(st.sampled_from(NPY_SHAPES))
    order = draw(st.sampled_from(NPY_ORDERS))
    fields = [f"'descr': {descr}", f"'fortran_order': {order}", f"'shape': {shape}"]
    if draw(st.booleans()):
        fields = draw(st.permutations(fields))
    if draw(st.integers(0, 5)) == 0:
        fields.pop(draw(st.integers(0, len(fields) - 1)))
    if draw(st.integers(0, 5)) == 0:
        fields.append("'extra': 1")
    text = "{" + ", ".join(fields) + ", }"
    if draw(st.integers(0, 3)) == 0:  # the dict's text cut or spliced with tokens
        cut = draw(st.integers(0, len(text)))
        text = text[:cut] + "".join(draw(st.lists(st.sampled_from(
            ["{", "}", "(", ")", "[", "]", ":", ",", "'", '"', "\\", "\n", " ", "#", "1",
             "-", "**", "'descr'", "\x00", "\xff", "é"]), max_size=12)))
    version = draw(st.sampled_from([(1, 0), (2, 0), (3, 0), (0, 0), (1, 1), (255, 255)]))
    raw = text.encode("latin-1", "replace")
    pad = -(len(raw) + 1 + (10 if version[0] < 2 else 12)) % 64
    header = raw + b" " * pad + b"\n"
    width = "<H" if version[0] < 2 else "<I"
    length = len(header)
    if draw(st.integers(0, 4)) == 0:  # a header length that lies
        length = draw(st.integers(0, 2**16 - 1 if width == "<H" else 2**32 - 1))
    magic = b"\x93NUMPY"
    if draw(st.integers(0, 9)) == 0:
        magic = draw(st.binary(min_size=6, max_size=6))
    data = struct.pack("<4q", 1, 3, 0, 2)
    data = data[:draw(st.integers(0, len(data)))] if draw(st.booleans()) else data
    return magic + bytes(version) + struct.pack(width, length) + header + data


@FUZZ
@given(data=npy_files(), extra=st.sampled_from([[], ["-i", "npy"], ["--torus"]]))
def test_a_damaged_npy_header_is_one_line_of_bad_input(folder: Path, data: bytes,
                                                       extra: list[str]) -> None:
    try:
        board = formats.read_bytes(data, "npy" if extra == ["-i", "npy"] else None, "b.npy")
    except BadInput as exc:
        assert "\n" not in str(exc)
    else:
        assert board.n == 4
    path = folder / "b.npy"
    path.write_bytes(data)
    code, err = testing.in_process(nq_main, ["check", str(path), *extra])
    testing.judge(code, err, (data[:200], extra))


@pytest.mark.parametrize("data,words", [
    (b"\x93NUMPY\x01\x006\x00{" + b" " * 52 + b"\n", "its header ends inside a bracket"),
    (b"\x93NUMPY\x01\x00\x41\x00{'descr': '<i8', 'fortran_order': False, 'shape': (10**30,)}"
     + b" " * 4 + b"\n", "holds an expression, not a value"),
    (b"\x93NUMPY\x03\x00\x00\x00", "npy format version 3.0"),
])
def test_a_damaged_npy_header_names_what_is_wrong(tmp_path: Path, data: bytes,
                                                  words: str) -> None:
    path = tmp_path / "b.npy"
    path.write_bytes(data)
    done = testing.run_bounded(testing.program("nqueens") + ["check", str(path)], timeout=60)
    testing.assert_one_line_error(done, "damaged or unsupported npy file", words)
    assert done.stdout == ""


# ------------------------------------------------------------ the real command line
@testing.fuzz(6)
@given(data=HOSTILE)
def test_hostile_files_are_answered_in_bounded_memory(folder: Path, data: bytes) -> None:
    path = folder / "real.txt"
    path.write_bytes(data)
    done = testing.run_bounded(testing.program("nqueens") + ["check", str(path)])
    testing.judge(done.returncode, done.stderr, data[:80])


needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")


@needs_root
def test_an_endless_device_is_refused_at_the_size_limit(tmp_path: Path) -> None:
    zero = testing.device_node(tmp_path / "zero", 5)
    done = testing.run_bounded(testing.program("nqueens") + ["check", str(zero)], timeout=60)
    assert done.returncode == 2, done.stderr
    assert "is larger than" in done.stderr and "refused" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert f"{TEXT_MAX_BYTES // 10**6} MB" in done.stderr


@needs_root
def test_an_empty_device_is_an_empty_input(tmp_path: Path) -> None:
    null = testing.device_node(tmp_path / "null", 3)
    done = testing.run_bounded(testing.program("nqueens") + ["check", str(null)], timeout=60)
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert "empty" in done.stderr or "no rows" in done.stderr


@pytest.mark.parametrize("name,head,limit", [
    ("nqueens", b".Q..\n", TEXT_MAX_BYTES),
    ("nqueens", b"2 4 1 3 ", PERM_MAX_BYTES),
])
def test_a_file_over_the_limit_is_refused_unread(tmp_path: Path, name: str, head: bytes,
                                                 limit: int) -> None:
    path = tmp_path / "big.txt"
    with open(path, "wb") as fh:  # sparse: nothing past the head is written to disk
        fh.write(head)
        fh.truncate(limit + 1)
    done = testing.run_bounded(testing.program(name) + ["check", str(path)], timeout=60)
    assert done.returncode == 2
    assert f"{path} is larger than the" in done.stderr and "refused" in done.stderr


def test_a_pipe_past_the_limit_is_refused(tmp_path: Path) -> None:
    """An endless pipe (``yes Q. | nqueens check``) ends at the limit."""
    done = testing.endless_pipe_into(testing.program("nqueens") + ["check", "-"], 'Q.')
    assert done.returncode == 2
    assert done.stderr.startswith("nqueens: error: standard input is larger than the 4 MB")


@pytest.mark.parametrize("sig,code", [(signal.SIGTERM, 143), (signal.SIGINT, 130),
                                      (signal.SIGHUP, 129)])
def test_a_fifo_without_writer_ends_at_once_on_a_signal(tmp_path: Path, sig: signal.Signals,
                                                        code: int) -> None:
    fifo = tmp_path / "board.fifo"
    os.mkfifo(fifo)
    status, err, cpu_after = testing.signal_while_waiting(
        testing.program("nqueens") + ["check", str(fifo)], sig)
    assert status == code, err
    assert cpu_after < testing.DEADLINE
    assert b"Traceback" not in err and len(err.strip().splitlines()) <= 1


def test_a_fifo_is_read_once_a_writer_comes(tmp_path: Path) -> None:
    fifo = tmp_path / "board.fifo"
    done = testing.fed_through_fifo(testing.program("nqueens") + ["check", str(fifo)], fifo,
                                    b"2 4 1 3\n")
    assert done.returncode == 0, done.stderr


# ------------------------------------------------------------ the named cases
@pytest.mark.parametrize("data,words", [
    (b"[" * 100_000, "nested too deeply"),
    (b'{"n": 2, "queens": ' + b"[" * 100_000, "nested too deeply"),
    (b'{"n": ' + testing.huge(4400) + b', "queens": []}', "thousands of digits"),
    (b"2 " + testing.huge(4400) + b" 1", "a 4,401-digit number is not a column"),
    (b"a" + testing.huge(4400) + b" b1", "is off the 2x2 board"),
    (b"a" * 5000 + b"1 b2", "is off the 2x2 board"),
    (b"Q" * 1001, "a row of 1,001 squares"),
    (b".Q\n" * 1001, "1,001 rows"),
])
def test_nqueens_names_what_is_wrong_with_a_hostile_board(tmp_path: Path, data: bytes,
                                                          words: str) -> None:
    path = tmp_path / "b.txt"
    path.write_bytes(data)
    code, err = testing.in_process(nq_main, ["check", str(path)])
    assert code == 2 and words in err, err
    testing.judge(code, err, data[:40])

