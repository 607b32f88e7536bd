"""More hostile input through the real command line: pictures that unpack to gigabytes,
control characters in file names, and how little the program imports before it obeys a
signal."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from puzzleshell import testing


def _run(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return testing.run_bounded(argv, timeout=180, address_space=3_000_000_000, cwd=cwd)


@pytest.mark.parametrize("size,words", [
    ((20_000, 10_000), "more than 64,000,000 pixels"),  # Pillow calls it a bomb
    ((10_000, 9_500), "a 10000×9500 picture has more than the 64,000,000 pixels"),
])
def test_a_picture_too_large_is_refused_before_it_is_decoded(tmp_path: Path,
                                                             size: tuple[int, int],
                                                             words: str) -> None:
    image = pytest.importorskip("PIL.Image")
    image.new("L", size).save(tmp_path / "huge.png")  # a few hundred kB on disk
    image.new("L", (64, 64)).save(tmp_path / "small.png")
    done = _run(testing.program("nqueens") + ["motion", "huge.png", "small.png"], tmp_path)
    testing.assert_one_line_error(done, words)
    assert "Warning" not in done.stderr


@pytest.mark.slow
def test_a_large_colour_frame_takes_bounded_memory(tmp_path: Path) -> None:
    """An 8000x8000 RGBA picture (the largest frame) is read, not a MemoryError."""
    image = pytest.importorskip("PIL.Image")
    image.new("RGBA", (8000, 8000), (1, 2, 3, 4)).save(tmp_path / "big.png")
    image.new("L", (64, 64)).save(tmp_path / "small.png")
    done = _run(testing.program("nqueens") + ["motion", "big.png", "small.png"], tmp_path)
    testing.assert_one_line_error(done, "frame sizes differ: big.png is 8000×8000")


@pytest.mark.parametrize("argv,shown", [
    (["nqueens", "check", "a\x07b\x1b]0;t\x07.txt"], "a\\x07b\\x1b]0;t\\x07.txt"),
    (["nqueens", "motion", "x\x1b.png", "y.png"], "x\\x1b.png"),
    (["nqueens", "solve", "8", "-o", "no\x1bdir/q.txt"], "no\\x1bdir"),
])
def test_file_names_in_messages_are_escaped(tmp_path: Path, argv: list[str],
                                            shown: str) -> None:
    done = _run(testing.program(argv[0]) + argv[1:], tmp_path)
    assert done.returncode == 2, done.stderr
    assert shown in done.stderr, done.stderr
    assert not any(ord(ch) < 32 for ch in done.stderr.rstrip("\n")), done.stderr


def test_the_console_scripts_import_little_before_their_handlers() -> None:
    """The handlers are set before ``typing`` (or anything of the program) is imported:
    the start-up window in which a signal ends the program the default way is short."""
    watched = ["typing", "re", "enum", "click", "numpy"]
    assert testing.imported_before_handlers("nqueens.__main__", watched) == []
