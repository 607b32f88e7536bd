"""Edge cases of solving that users meet: budgets, seeds, impossible tori."""

from __future__ import annotations

from pathlib import Path

import pytest

import nqueens
from nqueens.base.errors import BadInput, BudgetExhausted, NoSolution


@pytest.mark.parametrize("extra", [["--format", "matrix"], []])
def test_an_exhausted_budget_is_not_the_answer_none(run, tmp_path: Path, extra) -> None:
    out = tmp_path / "m.txt"
    r = run("solve", "1000", "-m", "min-conflicts", "--max-steps", "10", *extra, "-o", str(out))
    assert r.code == 1 and "budget" in r.err
    assert not out.exists()                      # a solution exists: nothing claims otherwise
    r = run("solve", "1000", "-m", "min-conflicts", "--max-steps", "10", *extra)
    assert r.code == 1 and r.out == ""


def test_an_exhausted_budget_in_json_says_so_with_its_work(run) -> None:
    import json

    r = run("solve", "1000", "-m", "min-conflicts", "--max-steps", "10", "--json")
    data = json.loads(r.out)
    assert r.code == 1 and data["queens"] is None and data["exhausted"] is True
    assert data["work"]["steps"] == 10
    none = json.loads(run("solve", "3", "--json").out)
    found = json.loads(run("solve", "8", "--json").out)
    assert none["exhausted"] is False and found["exhausted"] is False
    assert set(none) == set(found) == set(data)


def test_a_huge_torus_without_solutions_is_not_a_format_question(run) -> None:
    r = run("solve", "1002", "--torus")
    assert r.code == 1 and "no solution" in r.err and "refused" not in r.err
    r = run("solve", "1002", "--torus", "-f", "matrix")
    assert (r.code, r.out) == (1, "Solution does not exist\n")
    with pytest.raises(BudgetExhausted):
        nqueens.solve(1000, method="min-conflicts", max_steps=10)


def test_the_intuitive_repair_takes_the_seed(run) -> None:
    boards = {nqueens.solve(8, method="intuitive", seed=s) for s in range(4)}
    assert all(b.is_valid() for b in boards) and len(boards) > 1
    a = run("solve", "8", "-m", "intuitive", "--seed", "3", "-f", "perm").out
    b = run("solve", "8", "-m", "intuitive", "--seed", "3", "-f", "perm").out
    assert a == b == nqueens.write(nqueens.solve(8, method="intuitive", seed=3), "perm") + "\n"


def test_the_intuitive_repair_has_a_size_it_can_finish(run) -> None:
    r = run("solve", "100001", "-m", "intuitive", "-f", "perm")
    assert r.code == 2 and "up to 100,000" in r.err and r.out == ""
    r = run("trace", "301", "-m", "intuitive")
    assert r.code == 2 and r.out == "" and r.err == (
        "nqueens: error: the intuitive repair is traced up to n = 300, not 301 (each square "
        "it examines is an event); 'solve' runs it up to n = 100,000\n")


@pytest.mark.parametrize("n", [20, 24, 30, 32])
def test_a_torus_without_solutions_is_answered_at_once(run, n: int) -> None:
    # Pólya: no search is needed (one would take minutes to hours at these sizes).
    with pytest.raises(NoSolution):
        nqueens.solve(n, torus=True)
    assert nqueens.count(n, torus=True).total == 0
    assert list(nqueens.solutions(n, torus=True, piece="superqueen")) == []
    r = run("solve", str(n), "--torus")
    assert r.code == 1 and "on the torus" in r.err


def test_bad_budget_is_bad_input() -> None:
    with pytest.raises(BadInput):
        nqueens.solve(100, method="min-conflicts", max_steps=-1)


def test_a_fractional_seed_is_bad_input() -> None:
    with pytest.raises(BadInput, match="seed must be a whole number"):
        nqueens.solve(8, method="min-conflicts", seed=1.5)  # type: ignore[arg-type]
