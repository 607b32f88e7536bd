"""Output files are written as a shell redirection would: through links, into FIFOs and
devices, keeping permissions, and whole or not at all: through the real command line of a
program of this shell (``demo_program.py``) and through the functions themselves."""

from __future__ import annotations

import os
import resource
import signal
import stat
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from puzzleshell import output as safe_output
from puzzleshell.output import open_output, remove_stale_temporaries, write_file
from puzzleshell.testing import assert_one_line_error as _one_line_error

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX files and signals")

ROOT = os.geteuid() == 0


DEMO = [sys.executable, str(Path(__file__).with_name("demo_program.py"))]

# A command writing its -o, and what it writes there.
WRITER = (DEMO + ["write", "1 5 8 6 3 7 2 4", "-o"], b"1 5 8 6 3 7 2 4\n")
PROGRAMS = pytest.mark.parametrize("program", [WRITER], ids=["demo"])

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


@pytest.mark.skipif(not ROOT, reason="giving a file to another user needs root")
def test_root_rewriting_a_users_file_keeps_its_owner(tmp_path: Path) -> None:
    path = tmp_path / "theirs.txt"
    path.write_text("old\n")
    os.chown(path, 4321, 4321)
    assert _run(WRITER[0], path).returncode == 0
    info = path.stat()
    assert (info.st_uid, info.st_gid) == (4321, 4321) and path.read_bytes() == WRITER[1]


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


# Failures: the target is as it was, and no temporary file stays


def _small_files(limit: int) -> Callable[[], None]:
    """A child whose files may not grow beyond ``limit`` bytes: writing more fails with
    EFBIG, as a full disk fails with ENOSPC (Python ignores SIGXFSZ)."""

    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


@pytest.mark.parametrize("command, limit", [
    (DEMO + ["write", "1 2 3 4", "--times", "2000", "-o"], 4096),
], ids=["demo"])
def test_a_failed_write_leaves_the_old_file(command: list[str], limit: int,
                                            tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    path.write_text("old\n")
    done = _run(command, path, preexec_fn=_small_files(limit))
    _one_line_error(done, f"cannot write {path}", "File too large")
    assert path.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_a_failed_write_creates_nothing(tmp_path: Path) -> None:
    path = tmp_path / "new.bin"
    with pytest.raises(KeyboardInterrupt), open_output(path, binary=True) as out:
        out.write(b"half")
        raise KeyboardInterrupt
    assert list(tmp_path.iterdir()) == []


def test_errors_name_the_path_given(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError) as caught:
        write_file(tmp_path / "gone" / "x.txt", "data")
    assert caught.value.filename == str(tmp_path / "gone" / "x.txt")
    assert safe_output.error_message(caught.value) == (
        f"cannot write {tmp_path / 'gone' / 'x.txt'}: the folder {tmp_path / 'gone'} "
        "does not exist")


# Kills: a SIGKILL leaves no temporary file to be seen


def _supports_unnamed_files(folder: Path) -> bool:
    try:
        os.close(os.open(folder, getattr(os, "O_TMPFILE", 0) | os.O_WRONLY, 0o600))
    except (OSError, ValueError):
        return False
    return bool(getattr(os, "O_TMPFILE", 0))


def test_while_writing_the_temporary_file_has_no_name(tmp_path: Path) -> None:
    if not _supports_unnamed_files(tmp_path):
        pytest.skip("no O_TMPFILE here")
    path = tmp_path / "out.txt"
    path.write_text("old\n")
    with open_output(path) as out:
        out.write("new\n" * 100_000)
        out.flush()
        assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]
        assert path.read_text() == "old\n"
    assert path.read_text() == "new\n" * 100_000


_HALF_WRITER = textwrap.dedent("""
    import sys, time
    from puzzleshell import output as safe_output
    if sys.argv[2] == "named":
        safe_output._O_TMPFILE = 0
    with safe_output.open_output(sys.argv[1]) as out:
        out.write("half " * 100_000)
        out.flush()
        print("writing", flush=True)
        time.sleep(120)
""")


def _kill_while_writing(path: Path, how: str) -> None:
    """Run a child that writes half of ``path``, SIGKILL it, and wait for its end."""
    child = subprocess.Popen([sys.executable, "-c", _HALF_WRITER, str(path), how],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "writing\n", child.stderr and child.stderr.read()
    finally:
        child.kill()
        child.communicate(timeout=60)
    assert child.returncode == -signal.SIGKILL


def test_sigkill_while_writing_leaves_only_the_old_file(tmp_path: Path) -> None:
    if not _supports_unnamed_files(tmp_path):
        pytest.skip("no O_TMPFILE here")
    path = tmp_path / "out.txt"
    path.write_text("old\n")
    _kill_while_writing(path, "unnamed")
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]
    assert path.read_text() == "old\n"


def _writing_into(pid: int, folder: Path) -> bool:
    """Whether process ``pid`` has a file of ``folder`` open (an output being written)."""
    fds = Path(f"/proc/{pid}/fd")
    try:
        links = [os.readlink(fd) for fd in fds.iterdir()]
    except OSError:
        return False
    return any(link.startswith(str(folder) + os.sep) for link in links)


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc")
def test_sigkill_of_a_long_output_leaves_only_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "all16.txt"
    path.write_text("old\n")
    proc = subprocess.Popen(DEMO + ["write", "1 5 8 6 3 7 2 4", "--times", "100000000", "-o",
                                    str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while not _writing_into(proc.pid, tmp_path):
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
    finally:
        proc.kill()
        proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGKILL
    if not _supports_unnamed_files(tmp_path):  # a named temporary stays, until the next run
        assert _run(WRITER[0], tmp_path / "other.txt").returncode == 0
        (tmp_path / "other.txt").unlink()
    assert [p.name for p in tmp_path.iterdir()] == ["all16.txt"]
    assert path.read_text() == "old\n"


@PROGRAMS
def test_a_later_run_removes_a_stale_named_temporary(program: Program,
                                                     tmp_path: Path) -> None:
    # Where unnamed files are not available, the temporary file has a name, and a kill
    # leaves it; the next output written into the folder removes it.
    path = tmp_path / "out.txt"
    path.write_text("old\n")
    _kill_while_writing(path, "named")
    left = sorted(p.name for p in tmp_path.iterdir())
    assert len(left) == 2 and left[1] == "out.txt"
    assert left[0].startswith(safe_output.TEMP_PREFIX) and left[0].endswith(".tmp")
    assert path.read_text() == "old\n"
    assert _run(program[0], tmp_path / "next.txt").returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["next.txt", "out.txt"]


def test_a_running_writers_named_temporary_is_kept(tmp_path: Path) -> None:
    mine = tmp_path / f"{safe_output.TEMP_PREFIX}{os.getpid()}-00ff.tmp"
    mine.write_text("being written\n")
    other = tmp_path / f"{safe_output.TEMP_PREFIX}notapid.tmp"
    other.write_text("not ours\n")
    assert remove_stale_temporaries(tmp_path) == []
    assert mine.exists() and other.exists()


def test_named_temporaries_work_as_unnamed_ones(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(safe_output, "_O_TMPFILE", 0)
    path = tmp_path / "out.txt"
    path.write_text("old\n")
    path.chmod(0o600)
    with open_output(path) as out:
        out.write("new\n")
        (tmp_name,) = safe_output.PENDING_FILES
        assert Path(tmp_name).parent == tmp_path
    assert path.read_text() == "new\n" and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]
    assert not safe_output.PENDING_FILES
    with pytest.raises(RuntimeError), open_output(path) as out:
        out.write("broken")
        raise RuntimeError("stop")
    assert path.read_text() == "new\n" and [p.name for p in tmp_path.iterdir()] == ["out.txt"]


# Standard output, and the cost of importing


def test_dash_is_standard_output(tmp_path: Path) -> None:
    done = subprocess.run(WRITER[0] + ["-"], capture_output=True, cwd=tmp_path, timeout=120)
    assert (done.returncode, done.stdout) == (0, WRITER[1])
    assert list(tmp_path.iterdir()) == []


def test_importing_the_writer_loads_no_heavy_module() -> None:
    code = ("import sys, puzzleshell.output, puzzleshell.input, puzzleshell.signals; "
            "print(sorted(m for m in ('numpy', 'click', 'rich') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.stdout.strip() == "[]", done.stderr
