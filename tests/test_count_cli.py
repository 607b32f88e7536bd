"""``nqueens count`` options (workers, progress) and ``nqueens table`` through the command line."""

from __future__ import annotations

import csv
import io
import json
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nqueens.algorithms.counter import memory_per_worker
from nqueens.algorithms.counter.table import count_table, format_table
from nqueens.algorithms.search import Problem
from puzzleshell import testing


@pytest.mark.parametrize("value", ["0", "-3", "two", "1.5"])
def test_bad_workers_are_refused(run, value: str) -> None:  # type: ignore[no-untyped-def]
    r = run("count", "10", "--workers", value)
    assert r.code == 2 and "--workers" in r.err and r.out == ""
    t = run("table", "4", "6", "--workers", value)
    assert t.code == 2 and "--workers" in t.err


def test_count_json_names_engine_and_subproblems(run) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(run("count", "12", "--json", "--workers", "2").out)
    assert (data["all"], data["fundamental"]) == (14200, 1787)
    assert data["engine"] == "halves" and data["subproblems"] == 32 + 6  # passes, turns
    superqueen = json.loads(run("count", "12", "--piece", "superqueen", "--json").out)
    assert superqueen["engine"] == "constellations" and superqueen["all"] == 156
    assert data["workers"] == 2
    torus = json.loads(run("count", "7", "--torus", "--json").out)
    assert torus["engine"] == "simple" and torus["all"] == 28


def test_superqueen_count(run) -> None:  # type: ignore[no-untyped-def]
    assert run("count", "12", "--piece", "superqueen").out == "156\n"
    assert run("count", "11", "--piece", "superqueen", "--unique").out == "6\n"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal(run, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    fake = _Terminal()
    monkeypatch.setattr(sys, "stderr", fake)
    from nqueens.cli import main

    assert main(["count", "12", "--workers", "1"]) == 0
    shown = fake.getvalue()
    assert "subproblems" in shown and "solutions" in shown and "ETA" in shown
    quiet = _Terminal()
    monkeypatch.setattr(sys, "stderr", quiet)
    assert main(["count", "12", "--workers", "1", "--quiet"]) == 0
    assert quiet.getvalue() == ""
    monkeypatch.undo()
    r = run("count", "12")  # stderr is not a terminal
    assert r.err == ""


def test_table_text(run) -> None:  # type: ignore[no-untyped-def]
    r = run("table", "1", "8")
    assert r.code == 0
    lines = r.out.splitlines()
    assert lines[0].split() == ["n", "total", "fundamental", "seconds"]
    assert [line.split()[:3] for line in lines[1:]][-1] == ["8", "92", "12"]
    assert len(lines) == 9


def test_table_markdown(run) -> None:  # type: ignore[no-untyped-def]
    out = run("table", "11", "12", "--format", "markdown").out.splitlines()
    assert out[0] == "| n | total | fundamental | seconds |"
    assert out[1].startswith("|---:")
    assert out[3].startswith("| 12 | 14,200 | 1,787 | ")


def test_table_csv_and_json(run) -> None:  # type: ignore[no-untyped-def]
    rows = list(csv.DictReader(io.StringIO(run("table", "4", "10", "-f", "csv").out)))
    assert [(r["n"], r["total"], r["fundamental"]) for r in rows][-1] == ("10", "724", "92")
    assert all(float(r["seconds"]) >= 0 for r in rows)
    data = json.loads(run("table", "9", "13", "--piece", "superqueen", "-f", "json").out)
    assert [d["all"] for d in data] == [0, 4, 44, 156, 1876]
    assert all(d["piece"] == "superqueen" for d in data)


@pytest.mark.parametrize("suffix, magic", [(".png", b"\x89PNG\r\n\x1a\n"), (".svg", b"<?xml")])
def test_table_plot(run, tmp_path: Path, suffix: str, magic: bytes) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / f"counts{suffix}"
    r = run("table", "1", "9", "--plot", str(target))
    assert r.code == 0 and r.out.splitlines()[-1].split()[:3] == ["9", "352", "46"]
    data = target.read_bytes()
    assert data.startswith(magic) and len(data) > 5000
    if suffix == ".svg":
        assert b"<svg" in data


@pytest.mark.parametrize("args, words", [
    (("table", "9", "4"), "FROM (9) must not be above TO (4)"),
    (("table", "0", "4"), "FROM must be at least 1"),
    (("table", "4", "33"), "above the largest"),
    (("table", "4", "6", "--plot", "x.pdf"), ".png or .svg"),
    (("table", "4", "6", "--plot", "/no/such/folder/x.png"), "does not exist"),
    (("table", "4", "6", "--format", "xml"), "Invalid value"),
])
def test_table_bad_input(run, args: tuple[str, ...], words: str) -> None:  # type: ignore[no-untyped-def]
    r = run(*args)
    assert r.code == 2 and words in r.err
    assert r.out == ""          # refused before any counting: no table printed


def test_help_has_examples(run) -> None:  # type: ignore[no-untyped-def]
    for cmd in ("count", "table"):
        r = run(cmd, "--help")
        assert r.code == 0 and "Examples" in r.out
    assert "--journal" in run("count", "--help").out


def test_table_api() -> None:
    rows = count_table(5, 7)
    assert [r.total for r in rows] == [10, 4, 40]
    assert format_table(rows, "text", seconds=False).splitlines()[-1].split() == ["7", "40", "6"]


@pytest.mark.slow
def test_a_long_count_says_how_long_it_will_take_before_it_starts(tmp_path: Path) -> None:
    journal = tmp_path / "j.sqlite"
    proc = subprocess.Popen(testing.program("nqueens") + ["count", "19", "-w", "2", "--journal",
                                                  str(journal)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()  # printed before the workers start
        assert re.fullmatch(r"nqueens: n = 19 on 2 workers should take about [0-9][0-9 a-z]* "
                            r"here \(from 6 subproblems timed first; engine halves\)\n",
                            line), line
        assert proc.poll() is None  # the count itself is still to come
        time.sleep(0.5)
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "interrupted" in err
    # The sample's results are work done: the journal holds them.
    with sqlite3.connect(journal) as conn:
        assert conn.execute("SELECT COUNT(*) FROM done").fetchone()[0] >= 6


@pytest.mark.slow
def test_no_estimate_is_printed_below_19(run) -> None:  # type: ignore[no-untyped-def]
    r = run("count", "18", "-w", "1")
    assert r.code == 0 and r.out == "666090624\n" and r.err == ""


@pytest.mark.parametrize(("limit", "message"), [
    ("lots", "'lots' is not a memory size like 4G, 512M or 2GiB"),
    ("0", "out of range"),
    ("1k", "counting n = 20 needs"),
])
def test_a_memory_limit_that_cannot_be_met_is_refused_before_the_count(
        run, limit: str, message: str) -> None:  # type: ignore[no-untyped-def]
    r = run("count", "20", "--memory-limit", limit)
    assert r.code == 2 and r.out == "" and message in r.err
    assert r.err.count("\n") == 1


def test_a_memory_limit_for_one_worker_counts_with_one(run) -> None:  # type: ignore[no-untyped-def]
    need = memory_per_worker(Problem.make(17))
    r = run("count", "17", "-w", "2", "--memory-limit", str(need), "--json")
    assert r.code == 0
    data = json.loads(r.out)
    assert (data["all"], data["workers"]) == (95815104, 1)
    assert "counting with 1 of 2 workers" in r.err


@pytest.mark.slow
def test_json_seconds_are_the_counting_only(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    journal = str(tmp_path / "q17.sqlite")
    started = time.perf_counter()
    first = run("count", "17", "-w", "2", "--journal", journal, "--json")
    took = time.perf_counter() - started
    data = json.loads(first.out)
    assert first.code == 0 and data["all"] == 95815104
    assert 0 < data["seconds"] < took
    # Resumed from the finished journal: checked and read, nothing counted.
    again = json.loads(run("count", "17", "-w", "2", "--journal", journal, "--json").out)
    assert (again["all"], again["seconds"]) == (95815104, 0.0)


def test_json_seconds_leave_out_the_start_of_the_program() -> None:
    started = time.perf_counter()
    r = subprocess.run(testing.program("nqueens") + ["count", "8", "--json"], capture_output=True,
                       text=True, check=True)
    took = time.perf_counter() - started
    seconds = json.loads(r.stdout)["seconds"]
    # Counting 92 boards takes well under a millisecond, starting Python far longer: the
    # figure is a small share of the whole run (no absolute bound: a busy machine slows both)
    assert 0 <= seconds < took / 4
