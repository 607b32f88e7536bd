"""The counting engines: totals and fundamental counts against OEIS (half-boards for the
queen, start constellations for the superqueen, each against the other), the memory
limit, frames, weights, subproblems as plain records, and the runner's executor
interface."""

from __future__ import annotations

import itertools
import pickle

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens import Solution, count, solutions
from nqueens.algorithms.counter import constellations as cons
from nqueens.algorithms.counter import memory_per_worker
from nqueens.algorithms.counter.runner import batches, run, serial_map
from nqueens.algorithms.search import Problem
from nqueens.base.errors import BadInput
from nqueens.base.pieces import Piece
from nqueens.kernels import constellations as kc

# OEIS A000170 (all), A002562 (fundamental) and A051223 (superqueens), n = 1..
A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184,
           14772512, 95815104]
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955,
           11977939]
A051223 = [1, 0, 0, 0, 0, 0, 0, 0, 0, 4, 44, 156, 1876, 5180, 32516]


@pytest.mark.parametrize("n", range(1, 18))
def test_queen_counts_match_oeis(n: int) -> None:
    r = count(n, workers=1)
    assert (r.total, r.fundamental) == (A000170[n - 1], A002562[n - 1])
    assert r.engine == ("halves" if n >= 4 else "simple")


@pytest.mark.slow
def test_queen_counts_match_oeis_with_two_workers() -> None:
    for n in range(1, 18):
        r = count(n, workers=2)
        assert (r.total, r.fundamental) == (A000170[n - 1], A002562[n - 1]), n
        assert r.workers == (2 if n >= 4 else 1)


@pytest.mark.parametrize("n", range(4, 16))
def test_the_two_engines_agree(n: int) -> None:
    subs = cons.make_subproblems(n)
    assert cons.tally(subs, cons.solve_batch(subs)) == (count(n).total, count(n).fundamental)


def test_a_count_under_a_tight_memory_limit_is_exact() -> None:
    problem = Problem.make(17)
    need = memory_per_worker(problem)
    r = count(17, workers=2, memory_limit=need)
    assert (r.total, r.fundamental, r.workers) == (A000170[16], A002562[16], 1)
    # one byte less: the passes go in parts, with two workers when both fit
    r = count(17, workers=2, memory_limit=need - 1)
    assert (r.total, r.fundamental, r.workers) == (A000170[16], A002562[16], 2)
    with pytest.raises(BadInput, match="needs about .* of memory per worker even in its "
                                       "finest parts, more than the limit"):
        count(17, memory_limit=64 << 10)


@pytest.mark.parametrize("n", range(1, 15))
def test_superqueen_counts_match_oeis(n: int) -> None:
    r = count(n, piece="superqueen", workers=1)
    assert r.total == A051223[n - 1]
    assert r.engine == ("constellations" if n >= 4 else "simple")


@pytest.mark.parametrize("n", [10, 11, 12])
def test_superqueen_fundamental_matches_canonical_boards(n: int) -> None:
    r = count(n, piece="superqueen", workers=1)
    assert r.fundamental == sum(1 for _ in solutions(n, unique=True, piece="superqueen"))


def _frame_of(s: Solution) -> tuple[int, int, int, int]:
    cols = s.as_tuple()
    n = len(cols)
    return cols[0], cols[n - 1], cols.index(0), cols.index(n - 1)


@pytest.mark.parametrize("n", [5, 6, 8])
def test_frame_images_follow_the_board_symmetries(n: int) -> None:
    for s in solutions(n):
        images = cons.frame_images(n, _frame_of(s))
        assert images == [_frame_of(s.transform(k)) for k in range(8)]


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 20).flatmap(
    lambda n: st.tuples(st.just(n), st.permutations(range(n)))))
def test_frame_images_of_any_permutation(case: tuple[int, list[int]]) -> None:
    n, perm = case
    s = Solution(perm)
    assert cons.frame_images(n, _frame_of(s)) == [_frame_of(s.transform(k)) for k in range(8)]


def _all_frames(n: int, knight: bool) -> int:
    """Border placements of non-attacking pieces, counted by brute force."""
    piece = Piece.SUPERQUEEN if knight else Piece.QUEEN
    from nqueens.base.pieces import attacks

    m = n - 1
    found = set()
    for a, b, c, d in itertools.product(range(n), repeat=4):
        sq = {(0, a), (m, b), (c, 0), (d, m)}
        rows = [q[0] for q in sq]
        cols = [q[1] for q in sq]
        if len(set(rows)) != len(sq) or len(set(cols)) != len(sq):
            continue
        # each border line must hold exactly one of the pieces
        if sum(1 for q in sq if q[0] == 0) != 1 or sum(1 for q in sq if q[1] == 0) != 1:
            continue
        if sum(1 for q in sq if q[0] == m) != 1 or sum(1 for q in sq if q[1] == m) != 1:
            continue
        if any(attacks(piece, p, q) for p, q in itertools.combinations(sorted(sq), 2)):
            continue
        found.add(frozenset(sq))
    return len(found)


@pytest.mark.parametrize("n", [4, 5, 6, 7, 9])
@pytest.mark.parametrize("knight", [False, True])
def test_frame_weights_cover_every_frame_once(n: int, knight: bool) -> None:
    piece = Piece.SUPERQUEEN if knight else Piece.QUEEN
    kept = cons.frames(n, piece)
    assert sum(w for _, w, _ in kept) == _all_frames(n, knight)
    assert all(w in (2, 4, 8) for _, w, _ in kept)
    # weight 8 means no symmetry keeps the frame; only rotation-fixed frames are tested
    assert all(s == 0 for _, w, s in kept if w == 8)


@pytest.mark.parametrize("n", [8, 11])
def test_split_subproblems_give_the_same_counts(n: int) -> None:
    whole = cons.make_subproblems(n)
    split = cons.make_subproblems(n, split=1)
    assert len(split) > len(whole)
    r1 = cons.tally(whole, cons.solve_batch(whole))
    r2 = cons.tally(split, cons.solve_batch(split))
    assert r1 == r2 == (A000170[n - 1], A002562[n - 1])


def test_subproblems_are_plain_deterministic_records() -> None:
    subs = cons.make_subproblems(10)
    assert subs == cons.make_subproblems(10)
    assert [s.id for s in subs] == list(range(len(subs)))
    back = pickle.loads(pickle.dumps(subs))
    assert back == subs and all(isinstance(s, cons.Subproblem) for s in back)
    assert cons.digest(back) == cons.digest(subs)
    assert cons.digest(cons.make_subproblems(10, "superqueen")) != cons.digest(subs)


def test_general_kernel_agrees_with_queen_kernel() -> None:
    for sub in cons.make_subproblems(11):
        q = sub.queens
        pairs = [(q[i], q[i + 1]) for i in range(0, len(q), 2)]
        m, rows, avail, gap = cons._arrays(11, pairs, False)
        base = np.zeros(11, dtype=np.int64)
        fast = kc.count_queen(avail, gap, m)
        total, _, _, colsum, slices = kc.count_general(11, avail, gap, rows, m, base, False, 0)
        assert fast == (total, colsum, slices)  # count, column sum and slices all agree


def test_runner_accepts_any_unordered_executor() -> None:
    subs = cons.make_subproblems(12)

    def backwards(fn, bs):  # type: ignore[no-untyped-def]
        for b in reversed(list(bs)):
            yield fn(b)

    seen = []
    r = run(subs, backwards, progress=lambda *a: seen.append(a))
    assert cons.tally(subs, r) == (14200, 1787)
    assert seen[0][0] == 0 and seen[-1][:2] == (len(subs), len(subs))
    assert seen[-1][2] == seen[-1][3] and seen[-1][4] == 14200
    assert cons.tally(subs, run(subs, serial_map)) == (14200, 1787)


def test_batches_cover_all_and_balance() -> None:
    subs = cons.make_subproblems(13)
    bs = batches(subs, 2)
    assert [s for b in bs for s in b] == list(subs)
    assert len(bs) >= 2 * 16


def test_workers_pool_gives_the_same_result() -> None:
    r = count(12, workers=2)
    assert (r.total, r.fundamental, r.workers) == (14200, 1787, 2)


@pytest.mark.parametrize("name", ["simple", "halves", "constellations"])
def test_each_engine_record_counts_the_problems_it_takes(name: str) -> None:
    """An engine is its record: the problems it takes are counted by its functions
    alone, and its results pass its own plausibility rules."""
    from nqueens.algorithms.counter.engines import ENGINES, engine_for
    from nqueens.algorithms.counter.work import tally

    engine = ENGINES[name]
    problem = {"simple": Problem.make(8, torus=False, blocked=[(0, 0)]),
               "halves": Problem.make(9), "constellations": Problem.make(9, "superqueen")}[name]
    assert engine_for(problem) is engine and engine.takes(problem)
    if engine.count_whole is not None:
        assert engine.count_whole(problem)[0] == count(problem).total
        return
    assert engine.subproblems is not None and engine.solve_batch is not None
    assert engine.plausible is not None
    subs = engine.subproblems(problem, None)
    results = engine.solve_batch(subs)
    assert all(engine.plausible(s, r) == "" for s, r in zip(subs, results, strict=True))
    assert tally(subs, results) == (count(problem).total, count(problem).fundamental)
    assert engine.worker_bytes(problem.n) > 0
