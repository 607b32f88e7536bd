"""Hostile input for minesweeper's readers: random bytes, deep nesting, huge numbers,
special files and inputs past the size limits.

Whatever the input, a reader answers with exit code 0, 1 or 2 and at most one line on
standard error, with no raw control character in it; never an internal error (exit
70), never a traceback, in bounded memory (the program runs under an address-space
limit), and within a second of SIGTERM or SIGINT while it waits for input.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from math import comb
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from minesweeper.board import MAX_BOARD_BYTES
from minesweeper.cli import main as ms_main

from ms_support import PROGRAM, memory_ceiling

#: The address space the program started here may use: a normal run needs well under
#: 1 GiB, an unbounded reader of /dev/zero would pass it in a second.
ADDRESS_SPACE = 2 << 30

FUZZ = settings(max_examples=100, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])

#: Pieces that mean something to some reader, put together at random.
TOKENS = [b"Q", b".", b"q", b" ", b"\n", b"\r\n", b"\t", b"0", b"1", b"2", b"4", b"8", b"9",
          b",", b"[", b"]", b"{", b"}", b'"', b":", b'"n"', b'"queens"', b"a", b"h", b"aa",
          b"+", b"-", b"?", b"H", b"F", b"*", b"/", b"#", b"mines: ", b"3x3x1\n",
          b"# input a 1 1\n", b"p cnf 2 1\n", b"(", b")", b" not ", b" and ", b" or ",
          b" nor ", b"AND(", b"\xef\xbb\xbf", b"\x1b[31m", b"\x00", b"\xff", b"\xe2\x80\xae",
          b"\xd9\xa3", b"\xc2\xb2", b"\x93NUMPY", b"9" * 40]


def _huge(k: int) -> bytes:
    return b"1" + b"0" * k


HOSTILE = st.one_of(
    st.binary(max_size=600),
    st.lists(st.sampled_from(TOKENS), max_size=60).map(b"".join),
    # nesting far deeper than any reader recurses
    st.integers(300, 6000).flatmap(lambda k: st.sampled_from([
        b"[" * k, b"[" * k + b"]" * k, b'{"n": ' + b"[" * k, b'{"n": 2, "queens": ' + b"[" * k,
        b"(" * k + b"a" + b")" * k, b"not " * k + b"a", b" nor ".join([b"a"] * k),
        b" or ".join(b"x%d" % i for i in range(k)), b"- " * k + b"a", b"NOT(" * k])),
    # numbers of thousands of digits, where every reader wants a number
    st.integers(4000, 6000).flatmap(lambda k: st.sampled_from([
        _huge(k), b"2 " + _huge(k) + b" 1", b'{"n": ' + _huge(k) + b', "queens": []}',
        b'{"n": 1, "queens": [[0, ' + _huge(k) + b"]]}", b"a" + _huge(k) + b" b1",
        b"a" * k + b"1 b2", b"mines: " + _huge(k) + b"\n??\n", b"3x3x" + _huge(k) + b"\n",
        _huge(k) + b"x2x1\n??\n", b"p cnf " + _huge(k) + b" 1\n1 0\n",
        b"p cnf 2 1\n" + _huge(k) + b" 0\n", b"# input a " + _huge(k) + b" 1\n1?\n"])),
)

MINESWEEPER_ARGS = [["check"], ["check", "--safe"], ["check", "--count"],
                    ["check", "--method", "backtrack"], ["check", "--assignment"],
                    ["check", "--mines", "3"], ["build"], ["eval"], ["build", "--dimacs"]]



def _in_process(main: Callable[[list[str]], int], argv: list[str]) -> tuple[int, str]:
    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        code = main(argv)
    return code, err.getvalue()


def _judge(code: int, err: str, what: object) -> None:
    assert code in (0, 1, 2), (what, code, err)
    assert len(err.strip("\n").splitlines()) <= 1, (what, err)
    assert "internal error" not in err and "Traceback" not in err, (what, err)
    assert not any(ord(ch) < 32 or 0x7f <= ord(ch) < 0xa0 or ch == "\u202e"
                   for ch in err.strip("\n")), (what, err)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@FUZZ
@given(data=HOSTILE, args=st.sampled_from(MINESWEEPER_ARGS))
def test_minesweeper_answers_any_input_in_one_line(folder: Path, data: bytes,
                                                   args: list[str]) -> None:
    path = folder / "board.txt"  # a '.' in the name: build and eval read it as a file
    path.write_bytes(data)
    code, err = _in_process(ms_main, [args[0], str(path), *args[1:]])
    _judge(code, err, (data[:80], args))


# ------------------------------------------------------------ the real command line
_limit_memory = memory_ceiling(ADDRESS_SPACE)


def _run(argv: Sequence[str], timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(argv), capture_output=True, text=True, timeout=timeout,
                          preexec_fn=_limit_memory, stdin=subprocess.DEVNULL)


@settings(max_examples=6, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=HOSTILE)
def test_hostile_files_are_answered_in_bounded_memory(folder: Path, data: bytes) -> None:
    path = folder / "real.txt"
    path.write_bytes(data)
    for argv in (PROGRAM + ["check", str(path), "--safe"], PROGRAM + ["build", str(path)]):
        done = _run(argv)
        _judge(done.returncode, done.stderr, (data[:80], argv[-2:]))


def _device(path: Path, minor: int) -> Path:
    """A character device node of the memory driver: 3 reads as empty, 5 as endless
    zero bytes (the nodes /dev/null and /dev/zero are, made here, never those)."""
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, minor))
    return path


needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")


@needs_root
def test_an_endless_device_is_refused_at_the_size_limit(tmp_path: Path) -> None:
    zero = _device(tmp_path / "zero", 5)
    started = time.monotonic()
    done = _run(PROGRAM + ["check", str(zero)], timeout=60)
    assert done.returncode == 2, done.stderr
    assert "is larger than" in done.stderr and "refused" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert f"{MAX_BOARD_BYTES // 10**6} MB" in done.stderr
    assert time.monotonic() - started < 30


@needs_root
def test_an_empty_device_is_an_empty_input(tmp_path: Path) -> None:
    null = _device(tmp_path / "null", 3)
    done = _run(PROGRAM + ["check", str(null)], timeout=60)
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert "empty" in done.stderr or "no rows" in done.stderr


def test_a_file_over_the_limit_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    with open(path, "wb") as fh:  # sparse: nothing past the head is written to disk
        fh.write(b"1?1\n")
        fh.truncate(MAX_BOARD_BYTES + 1)
    started = time.monotonic()
    done = _run(PROGRAM + ["check", str(path)], timeout=60)
    assert done.returncode == 2
    assert f"{path} is larger than the" in done.stderr and "refused" in done.stderr
    assert time.monotonic() - started < 30  # not read: the size said enough


def test_a_pipe_past_the_limit_is_refused() -> None:
    """An endless pipe (``yes ? | minesweeper check -``) ends at the limit."""
    writer = subprocess.Popen([sys.executable, "-c",
                               "import sys\nwhile True: sys.stdout.write('?1' * 4096)"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert writer.stdout is not None
    try:
        done = subprocess.run(PROGRAM + ["check", "-"], stdin=writer.stdout,
                              capture_output=True, text=True, timeout=300,
                              preexec_fn=_limit_memory)
    finally:
        writer.kill()
        writer.wait()
        writer.stdout.close()
    assert done.returncode == 2
    assert done.stderr.startswith("minesweeper: error: standard input is larger than the "
                                  f"{MAX_BOARD_BYTES // 10**6} MB")


def _wait_until_blocked(proc: subprocess.Popen[bytes]) -> None:
    """Wait (at most 60 s) until ``proc``, its start-up done, waits in open() for a
    writer of the FIFO it was given."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.communicate()
        try:
            wchan = Path(f"/proc/{proc.pid}/wchan").read_text()
        except OSError:
            wchan = ""
        if "partner" in wchan or "fifo" in wchan:
            return
        time.sleep(0.05)
    raise AssertionError("the program never reached the FIFO")


@pytest.mark.parametrize("sig,code", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_fifo_without_writer_ends_at_once_on_a_signal(tmp_path: Path, sig: signal.Signals,
                                                        code: int) -> None:
    fifo = tmp_path / "board.fifo"
    os.mkfifo(fifo)
    proc = subprocess.Popen(PROGRAM + ["check", str(fifo)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, preexec_fn=_limit_memory)
    try:
        _wait_until_blocked(proc)
        sent = time.monotonic()
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=30)
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == code, err
    assert took < 1.0
    assert b"Traceback" not in err and len(err.strip().splitlines()) <= 1


def test_a_fifo_is_read_once_a_writer_comes(tmp_path: Path) -> None:
    fifo = tmp_path / "board.fifo"
    os.mkfifo(fifo)

    def write() -> None:
        with open(fifo, "wb") as fh:
            fh.write(b"1?\n")

    feeder = threading.Thread(target=write, daemon=True)
    feeder.start()
    done = _run(PROGRAM + ["check", str(fifo)], timeout=120)
    feeder.join(timeout=30)
    assert done.returncode == 0, done.stderr


# ------------------------------------------------------------ the named cases
@pytest.mark.parametrize("args,data,words", [
    (["check"], b"mines: 1" + b"0" * 4400 + b"\n??\n", "is more than a board"),
    (["check"], b"3x3x1" + b"0" * 4400 + b"\n", "larger than the 100,000,000 squares"),
    (["check"], b"20000x20000x1\n", "400,000,000 squares"),
    (["build"], b"(" * 400 + b"a" + b")" * 400, "nests more than 200 levels"),
    (["build"], b"not " * 5000 + b"a", "nests more than 200 levels"),
    (["build"], b" nor ".join([b"a"] * 500), "nests more than 200 levels"),
    (["build"], b"p cnf " + _huge(4400) + b" 1\n1 0\n", "more than 100,000 variables"),
    (["build"], b"p cnf 2 1\n" + _huge(4400) + b" 0\n", "is not a literal"),
    (["check", "--assignment"], b"# input \x1b[31m 1 1\n?1\n", "'\\x1b[31m'"),
    (["check", "--assignment"], b"# input a 1" + b"0" * 4400 + b" 1\n?1\n", "needs a board"),
])
def test_minesweeper_names_what_is_wrong_with_a_hostile_file(tmp_path: Path, args: list[str],
                                                             data: bytes, words: str) -> None:
    path = tmp_path / "b.txt"
    path.write_bytes(data)
    code, err = _in_process(ms_main, [args[0], str(path), *args[1:]])
    assert code == 2 and words in err, err
    _judge(code, err, data[:40])



def test_a_long_chain_of_or_is_not_deep(tmp_path: Path) -> None:
    """A chain of 1,500 ors is one level of nesting: it evaluates."""
    formula = " or ".join(f"x{i}" for i in range(1500))
    values = [f"x{i}={int(i == 7)}" for i in range(1500)]
    code, err = _in_process(ms_main, ["eval", formula, *values])
    assert (code, err) == (0, "")


def test_the_backtracking_solver_refuses_a_board_beyond_its_memory_bound(
        tmp_path: Path) -> None:
    path = tmp_path / "wide.txt"
    path.write_bytes(("?" * 1500 + "\n").encode() * 1500)  # 2,250,000 unknown squares
    code, err = _in_process(ms_main, ["check", str(path), "--method", "backtrack"])
    assert code == 2, err
    assert "2,250,000 unknown squares" in err and "up to 2,000,000" in err
    code, err = _in_process(ms_main, ["check", str(path)])  # the collapse takes it
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


def test_minesweeper_sat_refuses_a_total_over_too_many_squares(tmp_path: Path) -> None:
    rows = ["?" * 400 if r % 2 == 0 else "".join("4" if c % 2 else "?" for c in range(400))
            for r in range(400)]
    path = tmp_path / "dense.txt"
    path.write_text("mines: 50000\n" + "\n".join(rows) + "\n")
    code, err = _in_process(ms_main, ["check", str(path)])
    assert code == 2 and "million literals" in err, err
