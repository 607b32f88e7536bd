"""Hostile input for minesweeper's readers (random bytes, deep nesting, huge numbers,
special files, inputs past the size limits), held to the contract of
:func:`puzzleshell.testing.judge`, in bounded memory and stopping at once on a signal
while it waits for input."""

from __future__ import annotations

import os
import signal
from math import comb
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minesweeper.base.board import MAX_BOARD_BYTES
from minesweeper.cli import main as ms_main
from puzzleshell import testing

from ms_support import PROGRAM

FUZZ = testing.fuzz(100)

HOSTILE = testing.hostile_inputs()

MINESWEEPER_ARGS = [["check"], ["check", "--safe"], ["check", "--count"],
                    ["check", "--method", "backtrack"], ["check", "--assignment"],
                    ["check", "--mines", "3"], ["build"], ["eval"], ["build", "--dimacs"]]



@FUZZ
@given(data=HOSTILE, args=st.sampled_from(MINESWEEPER_ARGS))
def test_minesweeper_answers_any_input_in_one_line(tmp_path_factory: pytest.TempPathFactory,
                                                   data: bytes, args: list[str]) -> None:
    # a '.' in the name: build and eval read it as a file
    path = tmp_path_factory.getbasetemp() / "board.txt"
    path.write_bytes(data)
    code, err = testing.in_process(ms_main, [args[0], str(path), *args[1:]])
    testing.judge(code, err, (data[:80], args))


# ------------------------------------------------------------ the real command line
@pytest.mark.slow
@testing.fuzz(6)
@given(data=HOSTILE)
def test_hostile_files_are_answered_in_bounded_memory(tmp_path_factory: pytest.TempPathFactory,
                                                      data: bytes) -> None:
    path = tmp_path_factory.getbasetemp() / "real.txt"
    path.write_bytes(data)
    for argv in (PROGRAM + ["check", str(path), "--safe"], PROGRAM + ["build", str(path)]):
        done = testing.run_bounded(argv)
        testing.judge(done.returncode, done.stderr, (data[:80], argv[-2:]))


needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")


@needs_root
def test_an_endless_device_is_refused_at_the_size_limit(tmp_path: Path) -> None:
    zero = testing.device_node(tmp_path / "zero", 5)
    done = testing.run_bounded(PROGRAM + ["check", str(zero)], timeout=60)
    assert done.returncode == 2, done.stderr
    assert "is larger than" in done.stderr and "refused" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert f"{MAX_BOARD_BYTES // 10**6} MB" in done.stderr


@needs_root
def test_an_empty_device_is_an_empty_input(tmp_path: Path) -> None:
    null = testing.device_node(tmp_path / "null", 3)
    done = testing.run_bounded(PROGRAM + ["check", str(null)], timeout=60)
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert "empty" in done.stderr or "no rows" in done.stderr


def test_a_file_over_the_limit_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    with open(path, "wb") as fh:  # sparse: nothing past the head is written to disk
        fh.write(b"1?1\n")
        fh.truncate(MAX_BOARD_BYTES + 1)
    done = testing.run_bounded(PROGRAM + ["check", str(path)], timeout=60)
    assert done.returncode == 2
    assert f"{path} is larger than the" in done.stderr and "refused" in done.stderr


def test_a_pipe_past_the_limit_is_refused() -> None:
    """An endless pipe (``yes ? | minesweeper check -``) ends at the limit."""
    done = testing.endless_pipe_into(PROGRAM + ["check", "-"], '?1')
    assert done.returncode == 2
    assert done.stderr.startswith("minesweeper: error: standard input is larger than the "
                                  f"{MAX_BOARD_BYTES // 10**6} MB")


@pytest.mark.parametrize("sig,code", [(signal.SIGTERM, 143), (signal.SIGINT, 130),
                                      (signal.SIGHUP, 129)])
def test_a_fifo_without_writer_ends_at_once_on_a_signal(tmp_path: Path, sig: signal.Signals,
                                                        code: int) -> None:
    fifo = tmp_path / "board.fifo"
    os.mkfifo(fifo)
    status, err, cpu_after = testing.signal_while_waiting(PROGRAM + ["check", str(fifo)], sig)
    assert status == code, err
    assert cpu_after < testing.DEADLINE
    assert b"Traceback" not in err and len(err.strip().splitlines()) <= 1


def test_a_fifo_is_read_once_a_writer_comes(tmp_path: Path) -> None:
    fifo = tmp_path / "board.fifo"
    done = testing.fed_through_fifo(PROGRAM + ["check", str(fifo)], fifo, b'1?\n')
    assert done.returncode == 0, done.stderr


# ------------------------------------------------------------ the named cases
@pytest.mark.parametrize("args,data,words", [
    (["check"], b"mines: 1" + b"0" * 4400 + b"\n??\n", "is more than a board"),
    (["check"], b"3x3x1" + b"0" * 4400 + b"\n", "larger than the 100,000,000 squares"),
    (["check"], b"20000x20000x1\n", "400,000,000 squares"),
    (["build"], b"(" * 400 + b"a" + b")" * 400, "nests more than 200 levels"),
    (["build"], b"not " * 5000 + b"a", "nests more than 200 levels"),
    (["build"], b" nor ".join([b"a"] * 500), "nests more than 200 levels"),
    (["build"], b"p cnf " + testing.huge(4400) + b" 1\n1 0\n", "more than 100,000 variables"),
    (["build"], b"p cnf 2 1\n" + testing.huge(4400) + b" 0\n", "is not a literal"),
    (["check", "--assignment"], b"# input \x1b[31m 1 1\n?1\n", "'\\x1b[31m'"),
    (["check", "--assignment"], b"# input a 1" + b"0" * 4400 + b" 1\n?1\n", "needs a board"),
])
def test_minesweeper_names_what_is_wrong_with_a_hostile_file(tmp_path: Path, args: list[str],
                                                             data: bytes, words: str) -> None:
    path = tmp_path / "b.txt"
    path.write_bytes(data)
    code, err = testing.in_process(ms_main, [args[0], str(path), *args[1:]])
    assert code == 2 and words in err, err
    testing.judge(code, err, data[:40])



def test_a_long_chain_of_or_is_not_deep(tmp_path: Path) -> None:
    """A chain of 1,500 ors is one level of nesting: it evaluates."""
    formula = " or ".join(f"x{i}" for i in range(1500))
    values = [f"x{i}={int(i == 7)}" for i in range(1500)]
    code, err = testing.in_process(ms_main, ["eval", formula, *values])
    assert (code, err) == (0, "")


def test_the_backtracking_solver_refuses_a_board_beyond_its_memory_bound(
        tmp_path: Path) -> None:
    path = tmp_path / "wide.txt"
    path.write_bytes(("?" * 1500 + "\n").encode() * 1500)  # 2,250,000 unknown squares
    code, err = testing.in_process(ms_main, ["check", str(path), "--method", "backtrack"])
    assert code == 2, err
    assert "2,250,000 unknown squares" in err and "up to 2,000,000" in err
    code, err = testing.in_process(ms_main, ["check", str(path)])  # the collapse takes it
    assert code == 0, err


@pytest.mark.parametrize(("option", "answer"), [
    (["--safe"], "undetermined: 2250000"),
    (["--count", "--mines", "5"], f"{comb(2_250_000, 5):,} arrangements of every covered"),
    (["--mines", "5"], "a witness arrangement"),
])
def test_a_board_of_millions_of_squares_is_answered_by_its_groups(
        tmp_path: Path, option: list[str], answer: str, capsys: pytest.CaptureFixture[str]
        ) -> None:
    path = tmp_path / "wide.txt"
    path.write_bytes(("?" * 1500 + "\n").encode() * 1500)  # 2,250,000 squares, no number
    assert ms_main(["check", str(path), *option]) == 0
    assert answer in capsys.readouterr().out


@pytest.mark.slow
def test_minesweeper_sat_refuses_a_total_over_too_many_squares(tmp_path: Path) -> None:
    rows = ["?" * 400 if r % 2 == 0 else "".join("4" if c % 2 else "?" for c in range(400))
            for r in range(400)]
    path = tmp_path / "dense.txt"
    path.write_text("mines: 50000\n" + "\n".join(rows) + "\n")
    code, err = testing.in_process(ms_main, ["check", str(path)])
    assert code == 2 and "million literals" in err, err
