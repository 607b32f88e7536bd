"""What ``solve`` does beyond the exact search's n = 32, and the torus by construction."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens import solve
from nqueens.base.errors import BadInput, NoSolution
from nqueens.output import formats


@given(st.integers(min_value=1, max_value=400).filter(lambda n: math.gcd(n, 6) == 1))
@settings(max_examples=40)
def test_construct_on_the_torus_is_a_toroidal_solution(n: int) -> None:
    sol = solve(n, method="construct", torus=True)
    assert sol.is_valid(torus=True)


@pytest.mark.parametrize("n", [2, 3, 4, 6, 8, 9, 36, 100])
def test_torus_without_solutions_says_so(run, n: int) -> None:
    with pytest.raises(NoSolution):
        solve(n, method="construct", torus=True)
    r = run("solve", str(n), "--torus", "--method", "construct")
    assert r.code == 1 and r.out == "" and "coprime to 6" in r.err


def test_auto_takes_the_torus_beyond_the_exact_search(run) -> None:
    r = run("solve", "35", "--torus", "--format", "perm")
    assert r.code == 0
    sol = formats.read_perm(r.out)
    assert sol.n == 35 and sol.is_valid(torus=True)


@pytest.mark.parametrize("args", [
    ("solve", "40", "--piece", "superqueen"),
    ("solve", "33", "--fixed", "a1"),
    ("solve", "40", "--blocked", "a1", "--method", "backtrack"),
])
def test_beyond_32_superqueens_and_completion_say_there_is_no_other_method(run, args) -> None:
    r = run(*args)
    assert r.code == 2 and r.out == ""
    assert "up to 32" in r.err and "only method" in r.err
    assert "use --method construct" not in r.err   # no suggestion that cannot work


@pytest.mark.parametrize("method", ["construct", "min-conflicts", "intuitive"])
def test_plain_methods_refuse_completion_with_a_hint_that_works(run, method: str) -> None:
    small = run("solve", "12", "--fixed", "a1", "--method", method)
    assert small.code == 2 and "--method backtrack" in small.err
    large = run("solve", "40", "--fixed", "a1", "--method", method)
    assert large.code == 2 and "stops at n = 32" in large.err
    assert "--method backtrack" not in large.err


def test_plain_methods_on_the_torus_point_to_construct(run) -> None:
    r = run("solve", "35", "--torus", "--method", "min-conflicts")
    assert r.code == 2 and "--method construct" in r.err


def test_backtrack_beyond_32_points_to_the_fast_methods() -> None:
    with pytest.raises(BadInput, match="construct or min-conflicts"):
        solve(40, method="backtrack")
