"""``nqueens trace``, ``nqueens steps`` and ``nqueens stats`` through the real command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from nqueens.algorithms.classic import search_space
from puzzleshell import testing

A140450 = [26, 15, 171, 42, 876, 333, 975, 517, 3066, 1365, 26495, 20280, 160712, 91222,
           743229, 48184, 3992510]


def test_steps_table_4_to_20_is_a140450(run) -> None:
    r = run("steps", "4", "20", "--json")
    assert r.code == 0
    rows = json.loads(r.out)
    assert [x["steps"] for x in rows] == A140450
    assert [x["n"] for x in rows] == list(range(4, 21))
    eight = rows[4]
    assert eight["rows"] == [1, 5, 8, 6, 3, 7, 2, 4]
    assert eight["placed"] - eight["backtracks"] == 8


def test_steps_text_table(run) -> None:
    r = run("steps", "2", "8", "--solution")
    assert r.code == 0
    lines = r.out.splitlines()
    assert "steps" in lines[0] and "backtracks" in lines[0]
    assert lines[-1].split()[:4] == ["8", "876", "113", "105"]
    assert lines[-1].endswith("1 5 8 6 3 7 2 4")
    assert "none" in lines[1]           # n = 2 has no solution


def test_steps_errors(run) -> None:
    assert run("steps", "9", "4").code == 2
    assert run("steps", "0", "4").code == 2
    assert run("steps", "4", "99").code == 2


def test_stats_8_is_the_table_of_the_source(run) -> None:
    r = run("stats", "8", "--json")
    assert r.code == 0
    d = json.loads(r.out)
    assert (d["subsets"], d["per_column"], d["permutations"]) == (4426165368, 16777216, 40320)
    assert d["nodes_per_level"] == [1, 8, 42, 140, 344, 568, 550, 312, 92]
    assert (d["nodes"], d["squares_tested"], d["solutions"], d["fundamental"]) == \
        (2057, 15720, 92, 12)
    text = run("stats", "8")
    assert "4,426,165,368" in text.out and "15,720" in text.out and "2,057" in text.out
    # the ratio column is computed: C(64, 8) / 8^8
    line = next(ln for ln in text.out.splitlines() if ln.startswith("one queen per column"))
    assert line.split()[-1] == f"{4426165368 / 16777216:,.1f}"


def test_stats_any_n_is_consistent(run) -> None:
    for n in (1, 3, 11):
        d = json.loads(run("stats", str(n), "--json").out)
        assert d["squares_tested"] == n * sum(d["nodes_per_level"][:-1])
        assert d["solutions"] == search_space(n).solutions
    assert run("stats", "0").code == 2


def test_trace_shows_the_board_at_the_chosen_steps(run) -> None:
    r = run("trace", "8", "--step", "24", "--step", "876")
    assert r.code == 0
    blocks = r.out.strip().split("\n\n")
    assert blocks[0].startswith("step 24: test e4 - refused:")
    assert "same row as the queen on c4" in blocks[0]
    assert blocks[0].count("Q") == 4 and " x " in blocks[0]
    assert blocks[1].startswith("step 876: test h5 - free; place a queen on h5; solution 1  "
                                "[8 queens on the board]")


def test_trace_until_all_prints_every_solution(run) -> None:
    r = run("trace", "6", "--until", "all", "--method", "sets")
    assert r.code == 0
    assert r.out.count("solution") == 5      # four boards and the summary line
    assert r.out.strip().endswith("4 solutions in 894 steps")


def test_trace_json_and_events(run) -> None:
    d = json.loads(run("trace", "4", "--json").out)
    assert d["steps"] == 26 and len(d["boards"]) == 1
    assert sorted(map(tuple, d["boards"][0]["queens"])) == [(0, 2), (1, 0), (2, 3), (3, 1)]
    ev = run("trace", "4", "--events")
    assert ev.out.count("test") == 26 and "take back" in ev.out


def test_trace_superqueen(run) -> None:
    r = run("trace", "10", "--piece", "superqueen", "--json")
    d = json.loads(r.out)
    assert r.code == 0 and d["piece"] == "superqueen" and len(d["boards"]) == 1
    knight = run("trace", "10", "--piece", "superqueen", "--step", "4")
    assert "knight's move" in knight.out


def test_trace_pictures(run, tmp_path: Path) -> None:
    svg = tmp_path / "s.svg"
    assert run("trace", "8", "--step", "24", "-f", "svg", "-o", str(svg), "--attacked").code == 0
    text = svg.read_text()
    assert text.startswith("<svg") and 'class="tried refused"' in text
    assert 'class="attacked"' in text and text.count('class="attacker"') == 2
    png = tmp_path / "s.png"
    assert run("trace", "8", "-f", "png", "-o", str(png)).code == 0
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_trace_errors(run) -> None:
    r = run("trace", "8", "--step", "100000")
    assert r.code == 2 and "ended after 15,720 steps" in r.err
    assert run("trace", "8", "--step", "0").code == 2
    assert run("trace", "0").code == 2
    assert run("trace", "8", "--method", "nope").code == 2
    r = run("trace", "3", "-f", "svg")                  # no solution, nothing to draw
    assert r.code == 1 and "no solution" in r.err and r.out == ""


def test_installed_script_runs_trace() -> None:
    script = Path(sys.executable).parent / "nqueens"
    cmd = [str(script)] if script.exists() else [sys.executable, "-m", "nqueens.cli"]
    out = subprocess.run(cmd + ["trace", "8", "--json"], capture_output=True, text=True,
                         check=True)
    assert json.loads(out.stdout)["steps"] == 876


def test_animate_without_a_terminal_prints_the_last_frame(run) -> None:
    r = run("trace", "6", "--animate")
    assert r.code == 0
    assert "step 171" in r.out and "depth 6" in r.out and "solutions 1" in r.out


def test_animate_in_a_pseudo_terminal_answers_keys() -> None:
    tty = testing.PtySession("nqueens", "trace", "8", "--animate", "--speed", "5")
    assert tty.read_until(b"step 1 ")
    tty.send(b" nn")                   # pause, then two steps by hand
    assert tty.read_until(b"[paused]")
    tty.send(b"q")
    status = tty.wait()
    if status is None:
        pytest.fail("the animation did not quit on 'q'")
    assert status == 0 and "[paused]" in tty.text
