"""The half-board engine (:mod:`nqueens.algorithms.counter.halves`): totals and fundamentals against
OEIS A000170/A002562 and against the start-constellation engine, pass by pass and turn
search by turn search, its memory plans, its argument checks, and that it lets other
threads run while it counts."""

from __future__ import annotations

import os
import threading
import time

import pytest

from nqueens._core import halves as core
from nqueens.algorithms.counter import constellations as cons
from nqueens.algorithms.counter import halves
from nqueens.algorithms.counter.work import SubResult, tally

# OEIS A000170 and A002562, n = 1..17
A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184,
           14772512, 95815104]
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955,
           11977939]


@pytest.mark.parametrize("n", range(halves.MIN_N, 18))
def test_totals_and_fundamentals_match_oeis(n: int) -> None:
    subs = halves.make_subproblems(n)
    assert tally(subs, halves.solve_batch(subs)) == (A000170[n - 1], A002562[n - 1])


@pytest.mark.parametrize("n", range(halves.MIN_N, 16))
def test_the_symmetric_boards_match_the_constellation_engine(n: int) -> None:
    # The fixed-by-a-turn counts, weighted, equal those the constellation engine finds.
    def turned(subs: list, results: list[SubResult]) -> tuple[int, int]:
        weight = {s.id: s.weight for s in subs}
        return (sum(weight[r.id] * r.fixed180 for r in results),
                sum(weight[r.id] * r.fixed90 for r in results))

    hs, cs = halves.make_subproblems(n), cons.make_subproblems(n)
    assert turned(hs, halves.solve_batch(hs)) == turned(cs, cons.solve_batch(cs))


@pytest.mark.parametrize("n", [8, 9, 12, 13])
def test_the_passes_split_the_count_into_positive_shares(n: int) -> None:
    subs = [s for s in halves.make_subproblems(n) if s.sym == 0]
    results = halves.solve_batch(subs)
    assert len(subs) == halves.passes(n) == 2 ** (n // 2 - 1)
    assert sum(r.total for r in results) == A000170[n - 1]
    assert all(r.colsum > 0 for r in results if r.total)  # listed half placements
    assert {s.part for s in subs} == set(range(halves.passes(n)))


def test_the_list_is_deterministic_and_largest_first() -> None:
    a, b = halves.make_subproblems(16), halves.make_subproblems(16)
    assert a == b
    joins = [s.cost for s in a if s.sym == 0]
    assert joins == sorted(joins, reverse=True)
    assert [s.id for s in a] == list(range(len(a)))


@pytest.mark.slow
def test_the_memory_of_a_worker_stays_small_up_to_21() -> None:
    # Two workers count n = 21 within 4 GiB.
    assert halves.worker_bytes(21) * 2 < 4 << 30
    assert halves.worker_bytes(19) < halves.worker_bytes(20) < halves.worker_bytes(21)


@pytest.mark.parametrize("n", [0, 1, 3, 29, 64, 2**40])
def test_n_out_of_range_raises(n: int) -> None:
    with pytest.raises(ValueError, match="counts n = 4..28"):
        halves.make_subproblems(n)
    with pytest.raises(ValueError, match="counts n = 4..28"):
        halves.worker_bytes(n)


@pytest.mark.parametrize("bad", [8.0, "8", None, True])
def test_n_of_the_wrong_type_raises(bad: object) -> None:
    with pytest.raises(TypeError):
        halves.make_subproblems(bad)  # type: ignore[arg-type]


def test_the_core_checks_its_own_arguments() -> None:
    with pytest.raises(ValueError, match="between 2 and 28"):
        core.count_pass(1, 0)
    with pytest.raises(ValueError, match="between 2 and 23"):
        core.pass_plans(24)
    with pytest.raises(ValueError, match="not one of the 8 passes"):
        core.count_pass(8, 8)
    with pytest.raises(ValueError, match="not one of the 8 passes"):
        core.count_pass(8, -1)
    with pytest.raises(ValueError, match="not on a board of 8 columns"):
        core.count_turns(8, 8)
    with pytest.raises(TypeError):
        core.count_pass(8)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        core.count_turns("8", 0)  # type: ignore[arg-type]
    with pytest.raises(OverflowError):
        core.count_pass(8, 2**70)


def test_other_threads_run_while_it_counts() -> None:
    subs = [s for s in halves.make_subproblems(18) if s.sym == 0][:12]
    halves.solve_batch(subs[-1:])  # the quadrant lists are built with the GIL held
    started = threading.Event()
    result: list[list[SubResult]] = []

    def work() -> None:
        started.set()
        result.append(halves.solve_batch(subs))

    t = threading.Thread(target=work)
    t.start()
    started.wait()
    ticks = 0
    while t.is_alive():
        time.sleep(0.01)
        ticks += 1
    t.join()
    assert sum(r.total for r in result[0]) > 0
    # holding the GIL for the whole count would leave this thread a tick or two
    assert ticks >= 5


FORMS = ["avx512-narrow", "avx2-narrow", "avx2", "plain"]


def _total(n: int, **options: object) -> int:
    """The count of n, pass by pass (the turn searches are not weighed here)."""
    return sum(core.count_pass(n, s.part, **options)[0]  # type: ignore[arg-type]
               for s in halves.make_subproblems(n) if s.sym == 0)


def test_every_form_of_the_compare_this_cpu_runs_counts_alike() -> None:
    best = core.simd()
    assert best in FORMS
    for form in FORMS[FORMS.index(best):]:
        for n in range(halves.MIN_N, 16):
            assert _total(n, form=form) == A000170[n - 1], form
    assert core.simd() == best  # a form is the call's, not the process's


def test_a_form_this_cpu_cannot_run_or_an_unknown_one_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown form 'sse9'"):
        core.count_pass(8, 0, form="sse9")
    best = core.simd()
    for form in FORMS[:FORMS.index(best)]:
        with pytest.raises(ValueError, match="does not run"):
            core.count_pass(8, 0, form=form)


def test_the_environment_caps_the_default_form() -> None:
    """NQUEENS_CPU forces a lower level on a CPU that runs more (how the suite is run
    at each level); it never raises one the CPU lacks."""
    import subprocess
    import sys

    code = "import nqueens._core.halves as h, nqueens._core.motion as m; print(h.simd(), m.simd())"
    base = {k: v for k, v in os.environ.items() if k != "NQUEENS_CPU"}
    forms = {}
    for level in ("plain", "avx2", "avx512", None):
        env = base if level is None else {**base, "NQUEENS_CPU": level}
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=120, env=env, check=True)
        forms[level] = done.stdout.split()
    assert forms["plain"][0] == "plain" and forms["plain"][1] in ("sse2", "plain")
    assert FORMS.index(forms["avx2"][0]) >= FORMS.index("avx2-narrow")
    assert forms["avx512"] == forms[None]  # the cap is the most there is


@pytest.mark.slow
def test_odd_passes_that_build_groups_again_count_alike() -> None:
    # A pass whose kept class would be too large builds that side's groups again for
    # each partner (the largest passes of n = 23); forced here on small boards.
    for n in (5, 9, 13, 17):
        passes = [s.part for s in halves.make_subproblems(n) if s.sym == 0]
        kept = [core.count_pass(n, x) for x in passes]
        rebuilt = [core.count_pass(n, x, keep_max=0) for x in passes]
        assert rebuilt == kept  # counts and the words that entered them, pass by pass
    assert _total(17, keep_max=0) == A000170[16]
    with pytest.raises(ValueError, match="negative"):
        core.count_pass(9, 0, keep_max=-1)


@pytest.mark.parametrize("n", [4, 6, 8, 10, 12, 14, 16])
def test_the_square_s_eight_symmetries_count_what_the_mirror_and_flip_count(n: int) -> None:
    """For even n the passes weigh each signature of quadrants by its orbit under the 8
    symmetries of the square; the mirror and the flip alone share the count another way,
    and both sum to the total."""
    square = [core.count_pass(n, x)[0] for x in range(halves.passes(n))]
    mirror_flip = [core.count_pass(n, x, symmetry="mirror-flip")[0]
                   for x in range(halves.passes(n))]
    assert sum(square) == sum(mirror_flip) == A000170[n - 1]
    assert all(t >= 0 for t in square)
    if n >= 8:
        assert square != mirror_flip          # the shares differ: orbits merged across passes


def test_the_symmetry_is_checked_and_odd_n_counts_alike_either_way() -> None:
    with pytest.raises(ValueError, match="symmetry must be 'square' or 'mirror-flip'"):
        core.count_pass(8, 0, symmetry="rotations")
    assert [core.count_pass(13, x)[0] for x in range(32)] == \
        [core.count_pass(13, x, symmetry="mirror-flip")[0] for x in range(32)]
