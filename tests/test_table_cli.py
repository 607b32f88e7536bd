"""``nqueens table``: rows as they finish, ``--output`` written whole, formats from the
file's extension, and ``--torus``."""

from __future__ import annotations

import csv
import io
import json
import signal
import subprocess
import time
from pathlib import Path

import pytest

from puzzleshell import testing

# OEIS A000170 (queens) and A051906 (queens on a torus), n = 4..13
QUEENS = [2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712]
TORUS = [0, 10, 0, 28, 0, 0, 0, 88, 0, 4524]


def test_each_row_is_printed_as_its_count_finishes() -> None:
    proc = subprocess.Popen(testing.program("nqueens") + ["table", "1", "19", "-w", "1", "-q"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        head = proc.stdout.readline()
        first = proc.stdout.readline()
        assert head.split() == ["n", "total", "fundamental", "seconds"]
        assert first.split()[:3] == ["1", "1", "1"]
        assert proc.poll() is None  # n = 19 is still to be counted
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=30)
    assert proc.returncode == 130


def test_rows_printed_as_they_come_line_up(run) -> None:  # type: ignore[no-untyped-def]
    lines = run("table", "1", "13").out.splitlines()
    assert len({len(line) for line in lines}) == 1  # every row as wide as the header
    assert [line.split()[1] for line in lines[4:]] == [f"{v:,}" for v in QUEENS]


@pytest.mark.parametrize(("name", "args", "kind"), [
    ("t.txt", [], "text"), ("t.csv", [], "csv"), ("t.md", [], "markdown"),
    ("t.json", [], "json"), ("t", ["--json"], "json"), ("t", ["-f", "csv"], "csv"),
])
def test_output_file_takes_the_format_its_extension_names(
        run, tmp_path: Path, name: str, args: list[str], kind: str) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / name
    r = run("table", "4", "13", "-o", str(target), *args)
    assert r.code == 0 and r.out == ""
    text = target.read_text()
    if kind == "json":
        assert [d["all"] for d in json.loads(text)] == QUEENS
    elif kind == "csv":
        assert [int(row["total"]) for row in csv.DictReader(io.StringIO(text))] == QUEENS
    elif kind == "markdown":
        assert text.startswith("| n | total | fundamental | seconds |\n|---:|")
    else:
        assert text.split("\n")[-2].split()[:2] == ["13", "73,712"]


@pytest.mark.parametrize(("suffix", "magic"), [(".png", b"\x89PNG\r\n\x1a\n"),
                                               (".svg", b"<?xml")])
def test_output_file_may_be_the_picture(run, tmp_path: Path, suffix: str,  # type: ignore[no-untyped-def]
                                        magic: bytes) -> None:
    target = tmp_path / f"counts{suffix}"
    r = run("table", "1", "9", "-o", str(target))
    assert r.code == 0 and r.out == ""
    assert target.read_bytes().startswith(magic)


@pytest.mark.parametrize(("args", "words"), [
    (["-f", "csv", "-o", "t.json"], "--format csv contradicts --output t.json"),
    (["-f", "markdown", "-o", "t.csv"], "--format markdown contradicts --output t.csv"),
    (["--json", "-o", "t.png"], "--json contradicts --output t.png"),
    (["--json", "-f", "csv"], "--json writes a JSON document, not csv"),
    (["-o", "t.npy"], "this command does not write npy files"),
    (["-o", "no/such/folder/t.txt"], "does not exist"),
    (["-o", "same.svg", "--plot", "same.svg"], "the same file as --output"),
])
def test_contradictions_are_refused_before_counting(run, tmp_path: Path, monkeypatch,  # type: ignore[no-untyped-def]
                                                    args: list[str], words: str) -> None:
    monkeypatch.chdir(tmp_path)
    r = run("table", "4", "6", *args)
    assert r.code == 2 and r.out == "" and words in r.err
    assert len(r.err.strip().splitlines()) == 1 and "Traceback" not in r.err
    assert list(tmp_path.iterdir()) == []


def test_an_interrupted_table_leaves_the_output_file_as_it_was(tmp_path: Path) -> None:
    target = tmp_path / "t.txt"
    target.write_text("an older table\n")
    proc = subprocess.Popen(testing.program("nqueens") + ["table", "1", "19", "-w", "1", "-q", "-o",
                                                  str(target)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(1.5)  # into the larger n
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 130 and out == ""
    assert target.read_text() == "an older table\n"
    assert [p.name for p in tmp_path.iterdir()] == ["t.txt"]


def test_torus_table(run) -> None:  # type: ignore[no-untyped-def]
    r = run("table", "4", "13", "--torus", "--json")
    assert r.code == 0
    data = json.loads(r.out)
    assert [d["all"] for d in data] == TORUS
    assert all(d["torus"] for d in data)
    text = run("table", "5", "7", "--torus")
    assert "on a torus" in text.err and text.out.splitlines()[-1].split()[:2] == ["7", "28"]
