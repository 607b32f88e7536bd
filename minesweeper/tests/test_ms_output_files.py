"""minesweeper writes its output files as a shell redirection would: through links,
into FIFOs and devices, keeping permissions and owners, and whole or not at all."""

from __future__ import annotations

import os
import resource
import stat
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from minesweeper.files import TEMP_PREFIX, write_output

from ms_support import PROGRAM

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX files and signals")

ROOT = os.geteuid() == 0

# A command writing its -o (what it writes there is found by a first run).
MINESWEEPER = (PROGRAM + ["build", "a", "-f", "text", "-o"], None)
PROGRAMS = pytest.mark.parametrize("program", [MINESWEEPER], ids=["minesweeper"])

Program = tuple[list[str], "bytes | None"]


def _run(command: list[str], path: Path, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*command, str(path)], capture_output=True, text=True, timeout=120,
                          **kwargs)  # type: ignore[call-overload]


def _expected(program: Program, tmp_path: Path) -> bytes:
    """What the command writes into a plain new file."""
    command, known = program
    if known is not None:
        return known
    plain = tmp_path / "expected.txt"
    assert _run(command, plain).returncode == 0
    data = plain.read_bytes()
    plain.unlink()
    assert data
    return data


def _one_line_error(done: subprocess.CompletedProcess[str], *words: str) -> None:
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.split(":")[1].strip() == "error", done.stderr
    for word in words:
        assert word in done.stderr, done.stderr


def _device(path: Path, major: int, minor: int) -> None:
    if not ROOT:
        pytest.skip("making a device node needs root")
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(major, minor))


def _is_device(path: Path, major: int, minor: int) -> bool:
    info = os.lstat(path)
    return stat.S_ISCHR(info.st_mode) and info.st_rdev == os.makedev(major, minor)


# Links, FIFOs and devices


@PROGRAMS
def test_a_link_is_followed_and_stays_a_link(program: Program, tmp_path: Path) -> None:
    expected = _expected(program, tmp_path)
    target = tmp_path / "target.txt"
    target.write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to(target.name)
    assert _run(program[0], link).returncode == 0
    assert link.is_symlink() and os.readlink(link) == "target.txt"
    assert target.read_bytes() == expected
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "target.txt"]


@PROGRAMS
def test_a_dangling_link_creates_the_file_it_names(program: Program, tmp_path: Path) -> None:
    expected = _expected(program, tmp_path)
    link = tmp_path / "link.txt"
    link.symlink_to("made.txt")
    assert _run(program[0], link).returncode == 0
    assert link.is_symlink() and (tmp_path / "made.txt").read_bytes() == expected


@PROGRAMS
def test_a_fifo_is_written_into(program: Program, tmp_path: Path) -> None:
    expected = _expected(program, tmp_path)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    assert _run(program[0], fifo).returncode == 0
    reader.join(60)
    assert got == [expected]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"]


@PROGRAMS
def test_a_null_device_is_written_into_and_stays_a_device(program: Program,
                                                          tmp_path: Path) -> None:
    null = tmp_path / "null"
    _device(null, 1, 3)
    done = _run(program[0], null)
    assert done.returncode == 0, done.stderr
    assert _is_device(null, 1, 3) and [p.name for p in tmp_path.iterdir()] == ["null"]


@PROGRAMS
def test_a_full_device_is_one_line_and_stays_a_device(program: Program,
                                                      tmp_path: Path) -> None:
    full = tmp_path / "full"
    _device(full, 1, 7)
    _one_line_error(_run(program[0], full), f"cannot write {full}", "No space left on device")
    assert _is_device(full, 1, 7) and [p.name for p in tmp_path.iterdir()] == ["full"]


@PROGRAMS
def test_a_folder_is_refused(program: Program, tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    _one_line_error(_run(program[0], tmp_path / "d"), "folder")
    assert [p.name for p in tmp_path.iterdir()] == ["d"]


@PROGRAMS
@pytest.mark.skipif(not Path("/dev/stdout").exists(), reason="no /dev/stdout")
def test_dev_stdout_is_the_open_standard_output(program: Program, tmp_path: Path) -> None:
    expected = _expected(program, tmp_path)
    done = subprocess.run([*program[0], "/dev/stdout"], capture_output=True, timeout=120)
    assert (done.returncode, done.stdout) == (0, expected), done.stderr
    assert list(tmp_path.iterdir()) == []


# Permissions and owners


@PROGRAMS
@pytest.mark.parametrize("mode", [0o600, 0o444, 0o640])
def test_an_existing_file_keeps_its_permissions(program: Program, mode: int,
                                                tmp_path: Path) -> None:
    expected = _expected(program, tmp_path)
    path = tmp_path / "kept.txt"
    path.write_text("old\n")
    path.chmod(mode)
    done = _run(program[0], path)
    if mode & 0o200 or ROOT:  # root may write a read-only file, as with '>'
        assert done.returncode == 0, done.stderr
        assert path.read_bytes() == expected
    else:
        _one_line_error(done, f"cannot write {path}", "Permission denied")
        assert path.read_text() == "old\n"
    assert stat.S_IMODE(path.stat().st_mode) == mode
    assert [p.name for p in tmp_path.iterdir()] == ["kept.txt"]


@PROGRAMS
def test_a_new_file_gets_the_mode_of_the_umask(program: Program, tmp_path: Path) -> None:
    path = tmp_path / "new.txt"
    done = _run(program[0], path, umask=0o027)
    assert done.returncode == 0, done.stderr
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def _without(*caps: int) -> Callable[[], None]:
    """A child that, like a user other than root, lacks the capabilities ``caps``
    (dropped from the bounding set, so that the program it starts does not get them)."""

    def apply() -> None:  # pragma: no cover - runs in the child
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        for cap in caps:
            libc.prctl(24, cap, 0, 0, 0)  # PR_CAPBSET_DROP

    return apply


_CHOWN, _DAC_OVERRIDE, _DAC_READ_SEARCH = 0, 1, 2


@PROGRAMS
@pytest.mark.skipif(not ROOT, reason="giving a file to another user needs root")
def test_a_file_of_another_user_is_written_into_and_keeps_its_owner(
        program: Program, tmp_path: Path) -> None:
    # Without the right to give a file away, a replacement would belong to the writer:
    # the file is written into instead, as '>' does.
    expected = _expected(program, tmp_path)
    path = tmp_path / "shared.txt"
    path.write_text("old\n")
    os.chown(path, 4321, 4321)
    path.chmod(0o666)
    done = _run(program[0], path, preexec_fn=_without(_CHOWN))
    assert done.returncode == 0, done.stderr
    info = path.stat()
    assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (4321, 4321, 0o666)
    assert path.read_bytes() == expected
    assert [p.name for p in tmp_path.iterdir()] == ["shared.txt"]


@PROGRAMS
def test_a_writable_file_in_a_read_only_folder_is_written_into(program: Program,
                                                               tmp_path: Path) -> None:
    expected = _expected(program, tmp_path)
    folder = tmp_path / "locked"
    folder.mkdir()
    path = folder / "out.txt"
    path.write_text("old\n")
    path.chmod(0o666)
    folder.chmod(0o555)
    drop = _without(_DAC_OVERRIDE, _DAC_READ_SEARCH)
    try:
        probe = [sys.executable, "-c", "import sys; open(sys.argv[1], 'x')"]
        if subprocess.run([*probe, str(folder / "new")], capture_output=True,
                          preexec_fn=drop, check=False).returncode == 0:
            pytest.skip("cannot make a folder read-only here")
        done = _run(program[0], path, preexec_fn=drop)
        new = _run(program[0], folder / "new.txt", preexec_fn=drop)
    finally:
        folder.chmod(0o755)
    assert done.returncode == 0, done.stderr
    assert path.read_bytes() == expected
    _one_line_error(new, f"cannot write {folder / 'new.txt'}", "Permission denied")
    assert [p.name for p in folder.iterdir()] == ["out.txt"]


def _small_files(limit: int) -> Callable[[], None]:
    """A child whose files may not grow beyond ``limit`` bytes: writing more fails with
    EFBIG, as a full disk fails with ENOSPC (Python ignores SIGXFSZ)."""

    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


def test_a_failed_write_leaves_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    path.write_text("old\n")
    done = _run(PROGRAM + ["build", "a or b", "-o"], path, preexec_fn=_small_files(64))
    _one_line_error(done, f"cannot write {path}", "File too large")
    assert path.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_a_missing_folder_is_named(tmp_path: Path) -> None:
    done = _run(MINESWEEPER[0], tmp_path / "gone" / "b.txt")
    _one_line_error(done, f"cannot write {tmp_path / 'gone' / 'b.txt'}: the folder "
                          f"{tmp_path / 'gone'} does not exist")


def test_a_later_run_removes_a_stale_named_temporary(tmp_path: Path) -> None:
    """A named temporary left by a killed process goes with the next write there."""
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    stale = tmp_path / f"{TEMP_PREFIX}{gone}-1a2b.tmp"
    mine = tmp_path / f"{TEMP_PREFIX}{os.getpid()}-1a2b.tmp"  # a running writer's: kept
    stale.write_text("half")
    mine.write_text("half")
    assert _run(MINESWEEPER[0], tmp_path / "next.txt").returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [mine.name, "next.txt"]


def test_a_named_temporary_is_renamed_into_place(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the system has no unnamed files, the named temporary becomes the file."""
    import minesweeper.files

    monkeypatch.setattr(minesweeper.files, "UNNAMED", 0)
    path = tmp_path / "b.txt"
    path.write_text("old\n")
    path.chmod(0o640)
    write_output(str(path), "1?\n")
    assert path.read_text() == "1?\n" and stat.S_IMODE(path.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["b.txt"]
