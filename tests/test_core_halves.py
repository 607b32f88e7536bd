"""The half-board counter (:mod:`nqueens.count.halves`): totals against OEIS A000170 and
against the start-constellation engine, its memory bound, its argument checks, and
that it lets other threads run while it counts."""

from __future__ import annotations

import threading
import time

import pytest

from nqueens._core import halves as core
from nqueens.count import constellations as cons
from nqueens.count import halves

# OEIS A000170, n = 1..16
A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184,
           14772512]


@pytest.mark.parametrize("n", range(1, 17))
def test_totals_match_oeis(n: int) -> None:
    assert halves.count_total(n) == A000170[n - 1]


@pytest.mark.parametrize("n", range(cons.MIN_N, 15))
def test_totals_match_the_constellation_engine(n: int) -> None:
    subs = cons.make_subproblems(n)
    total, _ = cons.tally(subs, cons.solve_batch(subs))
    assert halves.count_total(n) == total


@pytest.mark.parametrize("n", range(1, halves.MAX_N + 1))
def test_table_bytes_grow_with_n_and_fit_the_bound_up_to_17(n: int) -> None:
    assert halves.table_bytes(n) > 0
    if n > 1:
        assert halves.table_bytes(n) > halves.table_bytes(n - 1)
    assert (halves.table_bytes(n) <= halves.DEFAULT_MAX_BYTES) == (n <= 17)


def test_a_count_whose_tables_exceed_the_bound_is_refused() -> None:
    need = halves.table_bytes(12)
    assert halves.count_total(12, max_bytes=need) == 14200
    with pytest.raises(ValueError, match="needs .* bytes of tables"):
        halves.count_total(12, max_bytes=need - 1)
    with pytest.raises(ValueError, match="needs"):
        halves.count_total(20)
    with pytest.raises(ValueError, match="negative"):
        core.count_total(8, -1)


@pytest.mark.parametrize("n", [0, -1, 21, 64, 2**40])
def test_n_out_of_range_raises(n: int) -> None:
    with pytest.raises(ValueError, match="between 1 and 20"):
        halves.count_total(n)
    with pytest.raises(ValueError, match="between 1 and 20"):
        halves.table_bytes(n)


@pytest.mark.parametrize("bad", [8.0, "8", None, True])
def test_n_of_the_wrong_type_raises(bad: object) -> None:
    with pytest.raises(TypeError):
        halves.count_total(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        halves.count_total(8, max_bytes=bad)  # type: ignore[arg-type]


def test_the_core_checks_its_own_arguments() -> None:
    with pytest.raises(TypeError):
        core.count_total(8)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        core.count_total("8", 100)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        core.count_total(0, 100)
    with pytest.raises(OverflowError):
        core.count_total(8, 2**70)


def test_other_threads_run_while_it_counts() -> None:
    started = threading.Event()
    result: list[int] = []

    def work() -> None:
        started.set()
        result.append(halves.count_total(16))

    t = threading.Thread(target=work)
    t.start()
    started.wait()
    ticks = 0
    while t.is_alive():
        time.sleep(0.02)
        ticks += 1
    t.join()
    assert result == [A000170[15]]
    # holding the GIL for the whole count would leave this thread a tick or two
    assert ticks >= 5
