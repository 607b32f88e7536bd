"""Where output goes: links, FIFOs, permissions, '-', and what a kill leaves behind."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest


def _script() -> list[str]:
    exe = shutil.which("nqueens", path=os.path.dirname(sys.executable))
    return [exe] if exe else [sys.executable, "-m", "nqueens"]


def test_a_link_is_followed_and_kept(run, tmp_path: Path) -> None:
    target = tmp_path / "target.txt"
    target.write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    assert run("solve", "4", "-f", "perm", "-o", str(link)).code == 0
    assert link.is_symlink() and target.read_text() == "2 4 1 3\n"


def test_an_existing_file_keeps_its_permissions(run, tmp_path: Path) -> None:
    private = tmp_path / "private.txt"
    private.write_text("x\n")
    private.chmod(0o600)
    assert run("solve", "4", "-o", str(private)).code == 0
    assert private.stat().st_mode & 0o777 == 0o600 and private.read_text().count("Q") == 4


def test_a_fifo_is_written_into(run, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    assert run("solve", "5", "-f", "perm", "-o", str(fifo)).code == 0
    reader.join(10)
    assert got == ["1 3 5 2 4\n"] and fifo.exists() and not fifo.is_file()


def test_dash_is_standard_output(run, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    r = run("solve", "4", "-f", "perm", "-o", "-")
    assert (r.code, r.out) == (0, "2 4 1 3\n") and not (tmp_path / "-").exists()


def _writing_into(pid: int, folder: Path) -> bool:
    """Whether process ``pid`` has a file of ``folder`` open: its output, being written
    (to a temporary file that may have no name)."""
    try:
        links = [os.readlink(fd) for fd in Path(f"/proc/{pid}/fd").iterdir()]
    except OSError:
        return False
    return any(link.startswith(str(folder) + os.sep) for link in links)


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="signals, and /proc")
def test_sigterm_leaves_no_half_written_file(tmp_path: Path) -> None:
    out = tmp_path / "all16.txt"
    proc = subprocess.Popen(_script() + ["all", "16", "--force", "-f", "perm", "-o", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while not _writing_into(proc.pid, tmp_path):
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGTERM
    assert list(tmp_path.iterdir()) == []


def test_npy_into_a_closed_pipe_is_quiet() -> None:
    proc = subprocess.Popen(_script() + ["solve", "1000000", "-f", "npy"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None
    proc.stdout.read(20)
    proc.stdout.close()
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0 and err == b""


def test_npy_board_errors_name_the_file(run, tmp_path: Path) -> None:
    import numpy as np

    bad = tmp_path / "f3.npy"
    np.save(bad, np.array([0, 2, 5, 1]))
    r = run("check", str(bad))
    assert r.code == 2 and str(bad) in r.err and "off the 4x4 board" in r.err


def test_a_fault_of_the_program_is_one_line_with_its_own_exit_code(run, monkeypatch) -> None:
    import nqueens.cli.solve_cmd as solve_cmd

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(solve_cmd, "solve_report", broken)
    r = run("solve", "8")
    assert r.code == 70 and r.out == ""
    assert r.err == ("nqueens: internal error: RuntimeError: boom (run again with --debug for "
                     "the traceback, and please report it)\n")
    with pytest.raises(RuntimeError):
        run("--debug", "solve", "8")


def test_the_output_format_follows_the_file_extension(run, tmp_path: Path) -> None:
    import json as _json

    png = tmp_path / "board.png"
    assert run("solve", "8", "-o", str(png)).code == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"            # a picture, not text
    svg = tmp_path / "twelve.svg"
    assert run("all", "8", "-u", "-o", str(svg)).code == 0
    assert svg.read_text().lstrip().startswith(("<?xml", "<svg"))
    js = tmp_path / "s.json"
    assert run("solve", "8", "-o", str(js)).code == 0 and _json.loads(js.read_text())["n"] == 8
    npy = tmp_path / "q.npy"
    assert run("solve", "8", "-o", str(npy)).code == 0 and npy.read_bytes()[:6] == b"\x93NUMPY"
    txt = tmp_path / "q.txt"
    assert run("solve", "8", "-o", str(txt)).code == 0 and txt.read_text().startswith("Q.......")
    for args, words in ((["solve", "8", "-f", "png", "-o", str(tmp_path / "c.svg")],
                         "--format png contradicts --output"),
                        (["all", "6", "-o", str(tmp_path / "six.npy")], "does not write npy"),
                        (["solve", "8", "--json", "-o", str(tmp_path / "j.png")],
                         "--json writes a JSON document")):
        r = run(*args)
        assert r.code == 2 and words in r.err and len(r.err.strip().splitlines()) == 1
    assert not (tmp_path / "c.svg").exists() and not (tmp_path / "six.npy").exists()
