"""The count journal: resume, refusal of foreign or damaged journals, SIGKILL and Ctrl-C."""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nqueens import BadInput, count
from nqueens.count import constellations as cons
from nqueens.count.journal import Journal, JournalHeader
from nqueens.count.runner import run


def _script() -> list[str]:
    exe = shutil.which("nqueens", path=os.path.dirname(sys.executable))
    return [exe] if exe else [sys.executable, "-m", "nqueens"]


def _rows(path: Path) -> int:
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as conn:
            return int(conn.execute("SELECT COUNT(*) FROM done").fetchone()[0])
    except sqlite3.Error:
        return 0


def test_resume_gives_the_same_result(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    j = tmp_path / "j.sqlite"
    first = run("count", "11", "--journal", str(j), "--json", "--workers", "1")
    assert first.code == 0
    subs = cons.make_subproblems(11)
    assert _rows(j) == len(subs)
    again = run("count", "11", "--journal", str(j), "--json", "--workers", "1")
    a, b = json.loads(first.out), json.loads(again.out)
    assert (a["all"], a["fundamental"]) == (b["all"], b["fundamental"]) == (2680, 341)


def test_partial_journal_resumes_to_the_exact_total(tmp_path: Path) -> None:
    path = str(tmp_path / "j.sqlite")
    subs = cons.make_subproblems(12)
    head = JournalHeader(12, "queen", cons.ENGINE_VERSION, len(subs), cons.digest(subs))

    def stops_after_three(fn, bs):  # type: ignore[no-untyped-def]
        for i, b in enumerate(bs):
            if i == 3:
                raise KeyboardInterrupt
            yield fn(b)

    with Journal.open(path, head) as jr, pytest.raises(KeyboardInterrupt):
        run(subs, stops_after_three, journal=jr, workers=2)
    with Journal.open(path, head) as jr:
        kept = len(jr.done())
        assert 0 < kept < len(subs)
    r = count(12, journal=path, workers=1)
    assert (r.total, r.fundamental) == (14200, 1787)


def test_recording_twice_never_counts_twice(tmp_path: Path) -> None:
    path = str(tmp_path / "j.sqlite")
    subs = cons.make_subproblems(9)
    head = JournalHeader(9, "queen", cons.ENGINE_VERSION, len(subs), cons.digest(subs))
    results = cons.solve_batch(subs)
    with Journal.open(path, head) as jr:
        jr.record(results[:10])
        jr.record(results)  # the first ten again
        assert cons.tally(subs, jr.results()) == (352, 46)


@pytest.mark.parametrize("args, words", [
    (("count", "12", "--piece", "superqueen"), "piece = queen, not superqueen"),
    (("count", "13"), "n = 12, not 13"),
])
def test_journal_for_another_count_is_refused(run, tmp_path: Path, args: tuple[str, ...],  # type: ignore[no-untyped-def]
                                              words: str) -> None:
    j = tmp_path / "j.sqlite"
    assert run("count", "12", "--journal", str(j), "-w", "1").code == 0
    r = run(*args, "--journal", str(j), "-w", "1")
    assert r.code == 2 and words in r.err and r.out == ""


def test_journal_of_another_engine_version_is_refused(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    j = tmp_path / "j.sqlite"
    subs = cons.make_subproblems(10)
    Journal.open(str(j), JournalHeader(10, "queen", "constellations-0", len(subs),
                                       cons.digest(subs))).close()
    r = run("count", "10", "--journal", str(j))
    assert r.code == 2 and "engine = constellations-0" in r.err


def test_journal_with_the_wrong_subproblem_list_is_refused(tmp_path: Path) -> None:
    j = str(tmp_path / "j.sqlite")
    subs = cons.make_subproblems(10)
    Journal.open(j, JournalHeader(10, "queen", cons.ENGINE_VERSION, len(subs), "0" * 64)).close()
    with pytest.raises(BadInput, match="another list of subproblems"):
        count(10, journal=j)


def test_tampered_row_is_refused(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    j = tmp_path / "j.sqlite"
    assert run("count", "10", "--journal", str(j)).code == 0
    with sqlite3.connect(j) as conn:
        conn.execute("UPDATE done SET total = total + 1 WHERE id = 3")
    r = run("count", "10", "--journal", str(j))
    assert r.code == 2 and "damaged" in r.err and "subproblem 3" in r.err and r.out == ""


def test_tampered_header_is_refused(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    j = tmp_path / "j.sqlite"
    assert run("count", "10", "--journal", str(j)).code == 0
    with sqlite3.connect(j) as conn:
        conn.execute("UPDATE header SET value = '11' WHERE key = 'subproblems'")
    r = run("count", "10", "--journal", str(j))
    assert r.code == 2 and "damaged" in r.err


@pytest.mark.parametrize("where", ["start", "end", "middle"])
def test_overwritten_bytes_are_refused(run, tmp_path: Path, where: str) -> None:  # type: ignore[no-untyped-def]
    j = tmp_path / "j.sqlite"
    assert run("count", "12", "--journal", str(j), "-w", "1").code == 0
    data = bytearray(j.read_bytes())
    at = {"start": 0, "end": len(data) - 512, "middle": len(data) // 2 + 100}[where]
    data[at:at + 400] = b"\xa5" * 400
    j.write_bytes(bytes(data))
    r = run("count", "12", "--journal", str(j), "-w", "1")
    assert r.code == 2 and r.out == ""
    assert "damaged" in r.err or "not a count journal" in r.err


@pytest.mark.parametrize("keep", [0.5, 0.9])
def test_truncated_journal_is_refused(run, tmp_path: Path, keep: float) -> None:  # type: ignore[no-untyped-def]
    j = tmp_path / "j.sqlite"
    assert run("count", "12", "--journal", str(j), "-w", "1").code == 0
    data = j.read_bytes()
    j.write_bytes(data[: int(len(data) * keep)])
    r = run("count", "12", "--journal", str(j), "-w", "1")
    assert r.code == 2 and r.out == ""
    assert "damaged" in r.err or "not a count journal" in r.err
    assert len(r.err.strip().splitlines()) == 1


def test_a_file_that_is_not_a_journal_is_refused(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    j = tmp_path / "notes.txt"
    j.write_text("hello\n")
    r = run("count", "10", "--journal", str(j))
    assert r.code == 2 and "not a count journal" in r.err
    assert j.read_text() == "hello\n"


def test_journal_needs_the_constellation_count(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    r = run("count", "8", "--torus", "--journal", str(tmp_path / "j.sqlite"))
    assert r.code == 2 and "journal" in r.err


def _start_and_wait(args: list[str], journal: Path) -> subprocess.Popen[str]:
    proc = subprocess.Popen(_script() + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    deadline = time.monotonic() + 120
    while _rows(journal) == 0:
        assert proc.poll() is None, "the count ended before it could be interrupted"
        assert time.monotonic() < deadline
        time.sleep(0.05)
    return proc


def test_sigkill_loses_only_work_in_flight(tmp_path: Path) -> None:
    j = tmp_path / "j.sqlite"
    args = ["count", "17", "--journal", str(j), "--workers", "2", "--json", "--quiet"]
    # n = 17 keeps the count busy for many seconds after its first rows, so the signal
    # lands mid-count even when the test process is starved of CPU by the workers.
    proc = _start_and_wait(args, j)
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate()
    assert proc.returncode == -signal.SIGKILL
    kept = _rows(j)
    assert 0 < kept < len(cons.make_subproblems(17))
    done = subprocess.run(_script() + args, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["all"], data["fundamental"]) == (95815104, 11977939)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_an_interrupted_count_keeps_its_journal_and_says_how_to_resume(
        tmp_path: Path, sig: signal.Signals) -> None:
    j = tmp_path / "j.sqlite"
    args = ["count", "17", "--journal", str(j), "--workers", "2", "--quiet"]
    proc = _start_and_wait(args, j)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == (130 if sig == signal.SIGINT else 128 + signal.SIGTERM)
    assert out == "" and "Traceback" not in err
    assert str(j) in err and "again to resume" in err
    kept = _rows(j)
    assert 0 < kept < len(cons.make_subproblems(17))
    done = subprocess.run(_script() + args, capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout == "95815104\n"


def test_journal_path_problems_are_bad_input(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    missing = run("count", "10", "--journal", str(tmp_path / "no" / "such" / "j.sqlite"))
    assert missing.code == 2 and "does not exist" in missing.err
    folder = run("count", "10", "--journal", str(tmp_path))
    assert folder.code == 2 and missing.out == folder.out == ""

