"""What is wrong with a command line or an input is said before any work is shown and
before more input is read than shows it: an output path that cannot be written, an empty
file name, an input of the wrong format or past its size limit. Through the real
command lines of both programs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from nqueens.output.formats import PERM_MAX_BYTES
from puzzleshell import testing

NQUEENS = testing.program("nqueens")
MINESWEEPER = testing.program("minesweeper")

#: Writes its argument (hex) to standard output without end, and on a closed pipe says
#: on standard error how many bytes the pipe took.
_WRITER = """
import os, sys
chunk, total = bytes.fromhex(sys.argv[1]) * (1 << 16), 0
try:
    while True:
        total += os.write(1, chunk)
except OSError:
    pass
sys.stderr.write(str(total))
"""

#: What a pipe holds besides what the program read: its buffer (at most 1 MiB on Linux)
#: and one chunk of the writer.
SLACK = 2 << 20


def _fed_endlessly(argv: list[str], word: bytes,
                   address_space: int = testing.ADDRESS_SPACE
                   ) -> tuple[subprocess.CompletedProcess[str], int]:
    """Run ``argv`` with ``word`` repeated without end on its standard input; the
    finished run, and how many bytes the pipe took before the program closed it."""
    writer = subprocess.Popen([sys.executable, "-c", _WRITER, word.hex()],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert writer.stdout is not None
    try:
        done = testing.run_bounded(argv, timeout=300, stdin=writer.stdout,
                                   address_space=address_space)
    finally:
        writer.stdout.close()
    _, said = writer.communicate(timeout=60)
    return done, int(said)


def test_an_output_folder_that_is_missing_is_said_before_the_result(tmp_path: Path) -> None:
    done = subprocess.run(NQUEENS + ["linear", "7", "-o", str(tmp_path / "no" / "x.txt")],
                          capture_output=True, text=True, timeout=120)
    testing.assert_one_line_error(done, f"--output {tmp_path / 'no' / 'x.txt'}: cannot "
                                  "write it", "does not exist")
    assert done.stdout == "" and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv", [
    NQUEENS + ["solve", "8", "-o", ""],
    NQUEENS + ["linear", "7", "-o", ""],
    NQUEENS + ["check", "-", "-o", ""],
    MINESWEEPER + ["build", "a or b", "-o", ""],
    MINESWEEPER + ["check", "-", "-o", ""],
], ids=["solve", "linear", "check", "ms-build", "ms-check"])
def test_an_empty_output_name_is_said_to_need_a_file_name(argv: list[str]) -> None:
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120,
                          input="2 4 1 3\n")
    testing.assert_one_line_error(done, "'--output' / '-o': a file name is needed ('-' for "
                                  "standard output), not ''")
    assert done.stdout == ""


def test_an_empty_page_name_is_said_to_need_a_file_name() -> None:
    done = subprocess.run(NQUEENS + ["trace", "5", "--html", ""], capture_output=True,
                          text=True, timeout=120)
    testing.assert_one_line_error(done, "--html needs a file name, not ''")


@pytest.mark.parametrize(("fmt", "word", "words"), [
    ("perm", b"Q", "<stdin>, line 1, column 1: 'QQQQ"),
    ("perm", b"1 2 x\n", "<stdin>, line 1, column 5: 'x' is not a whole number"),
    ("npy", b"y\n", "<stdin>: not an npy file (it does not start with the npy magic)"),
])
def test_a_format_given_that_the_first_bytes_break_is_refused_from_them(
        fmt: str, word: bytes, words: str) -> None:
    """``-i perm`` and ``-i npy`` take up to 1.2 GB and 8 GB: an input that is not of
    that format is refused from its first bytes, not read to the limit."""
    done, taken = _fed_endlessly(NQUEENS + ["check", "-i", fmt, "-"], word)
    testing.assert_one_line_error(done, words)
    assert taken < SLACK + (1 << 16), f"the pipe took {taken:,} bytes"


@pytest.mark.slow
def test_a_permutation_past_its_limit_is_refused_once_past_it() -> None:
    done, taken = _fed_endlessly(NQUEENS + ["check", "-i", "perm", "-"], b"1 ",
                                 address_space=3 << 30)
    testing.assert_one_line_error(done, "standard input is larger than the 1.2 GB a perm "
                                  "board of at most n = 100,000,000 takes")
    assert PERM_MAX_BYTES < taken <= PERM_MAX_BYTES + 1 + SLACK, f"{taken:,} bytes"


def test_a_minesweeper_board_past_its_limit_is_refused_once_past_it() -> None:
    from minesweeper.base.board import MAX_BOARD_BYTES

    done, taken = _fed_endlessly(MINESWEEPER + ["check", "-"], b"?")
    testing.assert_one_line_error(done, "standard input is larger than the")
    assert MAX_BOARD_BYTES < taken <= MAX_BOARD_BYTES + 1 + SLACK, f"{taken:,} bytes"
