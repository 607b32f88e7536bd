"""trace through the library's TraceSummary: outputs by extension, the orientation said."""

from __future__ import annotations

import json
from pathlib import Path

from nqueens.algorithms.classic import trace
from nqueens.base.pieces import Piece
from nqueens.tasks.snapshots import TraceSummary, snapshots


def test_an_output_ending_in_json_gets_the_json_document(run, tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    r = run("trace", "6", "-o", str(out))
    assert r.code == 0, r.err
    data = json.loads(out.read_text())
    assert data["steps"] == 171 and data["solutions"] == 1 and data["scan"] == "column"
    assert data == json.loads(run("trace", "6", "--json").out)


def test_json_into_a_picture_is_refused_and_nothing_is_written(run, tmp_path: Path) -> None:
    out = tmp_path / "t.svg"
    r = run("trace", "6", "--json", "-o", str(out))
    assert r.code == 2 and "--json writes a JSON document" in r.err and not out.exists()
    r = run("trace", "6", "-o", str(tmp_path / "t.npy"))
    assert r.code == 2 and "does not write npy" in r.err


def test_a_column_by_column_search_says_its_boards_are_transposed(run) -> None:
    r = run("trace", "6")
    assert r.code == 0 and "column by column" in r.err and "transposed" in r.err
    # and it is so: the first solution of proba, transposed, is the first of 'all'
    rows = [line.split()[1:] for line in r.out.splitlines()[1:7]]
    cols_by_row = [row.index("Q") for row in rows]
    transposed = [0] * 6
    for row, col in enumerate(cols_by_row):
        transposed[col] = row
    first = run("all", "6", "-f", "perm").out.splitlines()[0]
    assert [c + 1 for c in transposed] == [int(v) for v in first.split()]
    assert "column by column" not in run("trace", "6", "-m", "sets").err


def test_the_library_summary_counts_what_the_command_reports(run) -> None:
    summary = TraceSummary("proba")
    snaps = snapshots(summary.watch(trace(8, "proba", until="all")), 8, Piece.QUEEN, [])
    assert summary.complete and summary.solutions == len(snaps) == 92
    data = json.loads(run("trace", "8", "--until", "all", "--json").out)
    assert data["steps"] == summary.steps and data["solutions"] == 92
    assert [b["step"] for b in data["boards"]] == [s.step for s in snaps]


def test_quiet_leaves_out_the_messages_but_not_the_boards(run, tmp_path: Path) -> None:
    loud = run("trace", "8", "-m", "intuitive", "--html", str(tmp_path / "p.html"), "--events")
    assert "wrote" in loud.err and "26 states" in loud.err
    quiet = run("trace", "8", "-m", "intuitive", "--html", str(tmp_path / "q.html"), "--events",
                "-q")
    assert quiet.code == 0 and quiet.err == "" and quiet.out == loud.out
    assert run("trace", "6", "-q").err == ""


def test_torus_is_refused_saying_where_the_torus_is_played(run) -> None:
    r = run("trace", "7", "--torus")
    assert r.code == 2 and r.out == ""
    assert "ordinary board" in r.err and "solve N --torus" in r.err
