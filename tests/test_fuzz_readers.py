"""Hostile input for the readers of nqueens: random bytes, deep nesting, huge
numbers, special files and inputs past the size limits.

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
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nqueens.cli.app import main as nq_main
from nqueens.formats import PERM_MAX_BYTES, TEXT_MAX_BYTES

from programs import memory_ceiling, program

#: The address space each program started here may use: a normal run needs well under
#: 1 GiB (measured), an unbounded reader of /dev/zero would pass it in a second.
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

NQUEENS_ARGS = [[], ["-i", "board"], ["-i", "matrix"], ["-i", "list"], ["-i", "perm"],
                ["-i", "algebraic"], ["-i", "json"], ["-i", "npy"], ["--torus"]]


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
@given(data=HOSTILE, extra=st.sampled_from(NQUEENS_ARGS))
def test_nqueens_check_answers_any_input_in_one_line(folder: Path, data: bytes,
                                                     extra: list[str]) -> None:
    path = folder / "board.txt"
    path.write_bytes(data)
    code, err = _in_process(nq_main, ["check", str(path), *extra])
    _judge(code, err, (data[:80], extra))


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
    done = _run(program("nqueens") + ["check", str(path)])
    _judge(done.returncode, done.stderr, data[:80])


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
    done = _run(program("nqueens") + ["check", str(zero)], timeout=60)
    assert done.returncode == 2, done.stderr
    assert "is larger than" in done.stderr and "refused" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert f"{TEXT_MAX_BYTES // 10**6} MB" in done.stderr
    assert time.monotonic() - started < 30


@needs_root
def test_an_empty_device_is_an_empty_input(tmp_path: Path) -> None:
    null = _device(tmp_path / "null", 3)
    done = _run(program("nqueens") + ["check", str(null)], timeout=60)
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
    started = time.monotonic()
    done = _run(program(name) + ["check", str(path)], timeout=60)
    assert done.returncode == 2
    assert f"{path} is larger than the" in done.stderr and "refused" in done.stderr
    assert time.monotonic() - started < 30  # not read: the size said enough


def test_a_pipe_past_the_limit_is_refused(tmp_path: Path) -> None:
    """An endless pipe (``yes Q. | nqueens check``) ends at the limit."""
    writer = subprocess.Popen([sys.executable, "-c",
                               "import sys\nwhile True: sys.stdout.write('Q.' * 4096)"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert writer.stdout is not None
    try:
        done = subprocess.run(program("nqueens") + ["check", "-"], stdin=writer.stdout,
                              capture_output=True, text=True, timeout=120,
                              preexec_fn=_limit_memory)
    finally:
        writer.kill()
        writer.wait()
        writer.stdout.close()
    assert done.returncode == 2
    assert done.stderr.startswith("nqueens: error: standard input is larger than the 4 MB")


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
    proc = subprocess.Popen(program("nqueens") + ["check", str(fifo)], stdout=subprocess.PIPE,
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
            fh.write(b"2 4 1 3\n")

    feeder = threading.Thread(target=write, daemon=True)
    feeder.start()
    done = _run(program("nqueens") + ["check", str(fifo)], timeout=120)
    feeder.join(timeout=30)
    assert done.returncode == 0, done.stderr


# ------------------------------------------------------------ the named cases
@pytest.mark.parametrize("data,words", [
    (b"[" * 100_000, "nested too deeply"),
    (b'{"n": 2, "queens": ' + b"[" * 100_000, "nested too deeply"),
    (b'{"n": ' + _huge(4400) + b', "queens": []}', "thousands of digits"),
    (b"2 " + _huge(4400) + b" 1", "a 4,401-digit number is not a column"),
    (b"a" + _huge(4400) + b" b1", "is off the 2x2 board"),
    (b"a" * 5000 + b"1 b2", "is off the 2x2 board"),
    (b"Q" * 1001, "a row of 1,001 squares"),
    (b".Q\n" * 1001, "1,001 rows"),
])
def test_nqueens_names_what_is_wrong_with_a_hostile_board(tmp_path: Path, data: bytes,
                                                          words: str) -> None:
    path = tmp_path / "b.txt"
    path.write_bytes(data)
    code, err = _in_process(nq_main, ["check", str(path)])
    assert code == 2 and words in err, err
    _judge(code, err, data[:40])

