"""``nqueens trace``: the step of the repairs, "no solution", labels, keys, sizes, wording."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nqueens.algorithms.classic import METHODS
from nqueens.base import squares
from puzzleshell import testing

MC8 = ("trace", "8", "-m", "min-conflicts", "--seed", "2")


def _solve_work(run, *args: str) -> dict[str, int]:
    r = run("solve", *args, "--json")
    assert r.code == 0
    return json.loads(r.out)["work"]  # type: ignore[no-any-return]


def _board(lines: list[str], n: int) -> list[str]:
    """The Q/. rows of a text board printed by trace (the lines after its heading)."""
    return ["".join(ln.split()[1:]) for ln in lines[:n]]


def test_min_conflicts_step_is_one_candidate_swap(run) -> None:
    total = _solve_work(run, "8", "-m", "min-conflicts", "--seed", "2")["steps"]
    assert total > 3
    r = run(*MC8, "--step", "3")
    assert r.code == 0 and "Traceback" not in r.err
    lines = r.out.splitlines()
    assert lines[0].startswith("step 3: a candidate swap that would not lower")
    assert len(_board(lines[1:], 8)) == 8
    # the last step shows the solution solve finds, at the step solve counts
    last = run(*MC8, "--step", str(total))
    assert last.code == 0 and last.out.startswith(f"step {total}: ")
    assert "solution 1" in last.out
    solved = run("solve", "8", "-m", "min-conflicts", "--seed", "2", "-f", "board")
    assert _board(last.out.splitlines()[1:], 8) == solved.out.split()
    d = json.loads(run(*MC8, "--step", "3", "--step", str(total), "--json").out)
    assert [b["step"] for b in d["boards"]] == [3, total]
    assert d["step_unit"] == "candidate swaps"
    beyond = run(*MC8, "--step", str(total + 1))
    assert beyond.code == 2 and beyond.err.strip() == \
        f"nqueens: error: the search ended after {total} steps: there is no step {total + 1}"


@pytest.mark.parametrize("method", [m for m in METHODS if m != "min-conflicts"])
def test_no_solution_is_said_on_stderr_with_exit_1_for_every_method(run, method: str) -> None:
    r = run("trace", "3", "-m", method)
    assert r.code == 1 and r.out == ""
    assert r.err.startswith("nqueens: no solution")
    assert len(r.err.strip().splitlines()) == 1


def test_no_solution_still_writes_the_trace(run, tmp_path: Path) -> None:
    r = run("trace", "3", "--json")
    assert r.code == 1 and "no solution" in r.err
    d = json.loads(r.out)
    assert (d["steps"], d["solutions"], d["complete"], d["boards"]) == (18, 0, True, [])
    page = tmp_path / "p3.html"
    r = run("trace", "3", "--html", str(page))
    assert r.code == 1 and page.stat().st_size > 0
    assert "wrote" in r.err and "no solution" in r.err
    # boards asked for are printed, and the search did not run to its end: no verdict
    r = run("trace", "3", "--step", "5")
    assert r.code == 0 and r.out.startswith("step 5: ")


def test_min_conflicts_budget_exhausted_exits_1(run, tmp_path: Path) -> None:
    args = ("trace", "50", "-m", "min-conflicts", "--max-steps", "5")
    r = run(*args)
    assert r.code == 1 and r.out == "" and "budget" in r.err and "5 steps" in r.err
    j = run(*args, "--json")
    assert j.code == 1 and json.loads(j.out)["steps"] == 5 and "budget" in j.err
    page = tmp_path / "mc.html"
    h = run(*args, "--html", str(page))
    assert h.code == 1 and page.exists() and "budget" in h.err
    assert run("trace", "8", "-m", "min-conflicts", "--max-steps", "-5").code == 2


@pytest.mark.parametrize("n, seed", [(8, "2"), (200, "0")])
def test_min_conflicts_steps_agree_everywhere(run, tmp_path: Path, n: int, seed: str) -> None:
    steps = _solve_work(run, str(n), "-m", "min-conflicts", "--seed", seed)["steps"]
    args = ("trace", str(n), "-m", "min-conflicts", "--seed", seed)
    text = run(*args)
    assert text.out.startswith(f"step {steps}: solution 1")
    assert f"min-conflicts: {steps:,} steps" in text.err
    assert json.loads(run(*args, "--json").out)["steps"] == steps
    page = tmp_path / "mc.html"
    h = run(*args, "--html", str(page))
    assert h.code == 0 and f": {steps:,} steps," in h.err
    assert f'"steps": {steps},' in page.read_text()


def test_labels_beyond_26_files_are_unambiguous(run) -> None:
    r = run("trace", "28", "-m", "sets", "--step", "60")
    assert r.code == 0
    lines = r.out.splitlines()
    top, bottom = lines[-2], lines[-1]
    width = max(len(top), len(bottom))
    top, bottom = top.ljust(width), bottom.ljust(width)
    start = len(lines[1]) - len(lines[1].lstrip()) + len(lines[1].split()[0]) + 1
    labels = [(top[start + 2 * c] + bottom[start + 2 * c]).strip() for c in range(28)]
    assert labels == [squares.file_name(c) for c in range(28)]


def test_animation_labels_beyond_26_files(run) -> None:
    r = run("trace", "30", "-m", "min-conflicts", "--seed", "1", "--animate")
    assert r.code == 0
    lines = r.out.splitlines()
    i = next(k for k, ln in enumerate(lines) if ln.lstrip().startswith("a b c"))
    assert lines[i - 1].rstrip().endswith("a a a a")
    assert lines[i].rstrip().endswith("y z a b c d")


def test_a_large_page_gets_a_warning(run, tmp_path: Path, monkeypatch) -> None:
    from nqueens.tasks.viz import html

    page = tmp_path / "p8.html"
    r = run("trace", "8", "--html", str(page))
    assert r.code == 0 and "warning" not in r.err
    monkeypatch.setattr(html, "LARGE_PAGE", 1_000)
    r = run("trace", "8", "--html", str(page))
    assert r.code == 0 and page.exists()
    assert "nqueens: warning:" in r.err and "browsers may struggle" in r.err


def test_intuitive_states_in_the_summary_and_json(run, tmp_path: Path) -> None:
    states = _solve_work(run, "8", "-m", "intuitive")["states"]
    assert states == 26
    r = run("trace", "8", "-m", "intuitive")
    assert r.code == 0 and r.err.strip() == "nqueens: intuitive: 26 states"
    assert json.loads(run("trace", "8", "-m", "intuitive", "--json").out)["work"] == \
        {"states": 26}
    page = tmp_path / "i8.html"
    h = run("trace", "8", "-m", "intuitive", "--html", str(page))
    assert h.code == 0 and "26 states" in h.err
    assert run("trace", "1", "-m", "intuitive").err.strip() == "nqueens: intuitive: 1 state"


def test_wording_of_help_and_plurals(run) -> None:
    h = run("trace", "--help")
    assert "Events per second" in h.out and "Steps per second" not in h.out
    r = run(*MC8)
    work = _solve_work(run, "8", "-m", "min-conflicts", "--seed", "2")
    assert work["moves"] == 1 and work["restarts"] == 0
    assert r.err.strip() == f"nqueens: min-conflicts: {work['steps']} steps, 1 move, 0 restarts"
    assert "[8 queens on the board]" in r.out
    one = run("trace", "1")
    assert "[1 queen on the board]" in one.out and one.out.endswith("\n1 solution in 1 step\n")


def test_animation_reads_every_key_of_a_burst() -> None:
    tty = testing.PtySession("nqueens", "trace", "8", "--animate", "--speed", "5")
    assert tty.read_until(b"step 1 ")
    tty.send(b" ")                     # pause
    assert tty.read_until(b"[paused]")
    tty.send(b"++++")                  # four keys in one burst
    tty.read_until(b"25.31 events/s", timeout=10)
    tty.send(b"q")
    tty.wait()
    assert "25.31 events/s" in tty.text, tty.text[-400:]     # 5 × 1.5⁴, not 5 × 1.5²
