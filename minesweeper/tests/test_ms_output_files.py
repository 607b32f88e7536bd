"""Every command of minesweeper that writes a file writes it through the shell's output
(``puzzleshell.output``, tested on its own in ``shell/tests``): through links, into
devices, whole or not at all, with errors that name the file."""

from __future__ import annotations

import os
import resource
import stat
import subprocess
from pathlib import Path

import pytest

from puzzleshell.testing import assert_one_line_error

from ms_support import PROGRAM

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX files")

BOARD = "1?1\n???\n"

#: Each command that writes -o, in text (what it writes is found by a first run).
WRITERS = {
    "build": ["build", "a or b", "-f", "text", "-o"],
    "gadget": ["gadget", "nor", "-f", "text", "-o"],
    "check": ["check", "{board}", "--safe", "-o"],
    "hint": ["hint", "{board}", "-o"],
    "render": ["render", "{board}", "--witness", "-o"],
}


@pytest.fixture(params=sorted(WRITERS))
def writer(request: pytest.FixtureRequest, tmp_path: Path) -> list[str]:
    board = tmp_path.parent / f"{tmp_path.name}-board.txt"
    board.write_text(BOARD)
    return PROGRAM + [a.format(board=board) for a in WRITERS[request.param]]


def _write(writer: list[str], path: Path, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*writer, str(path)], capture_output=True, text=True, timeout=120,
                          **kwargs)  # type: ignore[call-overload]


def test_each_writer_follows_a_link_and_keeps_an_old_file_whole(writer: list[str],
                                                                 tmp_path: Path) -> None:
    plain = tmp_path / "plain.txt"
    assert _write(writer, plain).returncode in (0, 1)
    expected = plain.read_bytes()
    assert expected
    link = tmp_path / "link.txt"
    link.symlink_to(plain.name)
    plain.write_text("old\n")
    plain.chmod(0o640)
    assert _write(writer, link).returncode in (0, 1)
    assert link.is_symlink() and plain.read_bytes() == expected
    assert stat.S_IMODE(plain.stat().st_mode) == 0o640

    def small_files() -> None:  # a full disk, as seen by the writer
        resource.setrlimit(resource.RLIMIT_FSIZE, (2, 2))

    plain.write_text("old\n")
    done = _write(writer, plain, preexec_fn=small_files)
    assert_one_line_error(done, f"cannot write {plain}", "File too large")
    assert plain.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "plain.txt"]


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_each_writer_writes_into_a_device(writer: list[str], tmp_path: Path) -> None:
    null = tmp_path / "null"
    os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    assert _write(writer, null).returncode in (0, 1)
    assert stat.S_ISCHR(os.lstat(null).st_mode)


def test_a_missing_folder_is_named(tmp_path: Path) -> None:
    done = _write(PROGRAM + WRITERS["build"], tmp_path / "gone" / "b.txt")
    assert_one_line_error(done, f"cannot write {tmp_path / 'gone' / 'b.txt'}: the folder "
                                f"{tmp_path / 'gone'} does not exist")
