"""The C counting kernels against readable searches built on :func:`nqueens.base.pieces.attacks`:
the same row layout, the same counts, symmetry counts and column sums, the same frames;
and bad arguments raise instead of crashing."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens._core import constellations as core
from nqueens.algorithms.counter import constellations as cons
from nqueens.base.pieces import Piece, attacks
from nqueens.kernels import constellations as kc

Square = tuple[int, int]


def conflict(queens: list[Square], knight: bool, n: int) -> bool:
    """Whether two of the queens share a line or (with the knight move) attack."""
    piece = Piece.SUPERQUEEN if knight else Piece.QUEEN
    for i, a in enumerate(queens):
        for b in queens[:i]:
            if a[0] == b[0] or a[1] == b[1] or attacks(piece, a, b, n):
                return True
    return False


def readable_count(n: int, queens: list[Square], knight: bool
                   ) -> tuple[int, int, int, int, tuple[int, int, int]] | None:
    """(completions, fixed by a half turn, fixed by a quarter turn, column sum of the last
    empty row, completions by that column modulo 3) by plain backtracking over the empty
    rows; None when the queens conflict."""
    if conflict(queens, knight, n):
        return None
    piece = Piece.SUPERQUEEN if knight else Piece.QUEEN
    taken = {r for r, _ in queens}
    empty = [r for r in range(n) if r not in taken]
    result = [0, 0, 0, 0]
    slices = [0, 0, 0]

    def place(i: int, placed: list[Square]) -> None:
        if i == len(empty):
            pos = [0] * n
            for r, c in placed:
                pos[r] = c
            result[0] += 1
            last = pos[empty[-1]] if empty else 0
            result[3] += last
            slices[last % 3] += 1
            if all(pos[n - 1 - r] == n - 1 - pos[r] for r in range(n)):
                result[1] += 1
            if all(pos[pos[r]] == n - 1 - r for r in range(n)):
                result[2] += 1
            return
        r = empty[i]
        for c in range(n):
            if any(c == q[1] or attacks(piece, q, (r, c), n) for q in placed):
                continue
            place(i + 1, placed + [(r, c)])

    place(0, list(queens))
    return result[0], result[1], result[2], result[3], (slices[0], slices[1], slices[2])


def readable_estimate(n: int, queens: list[Square], depth: int) -> int:
    """Partial placements (plain queens) on the first ``depth`` empty rows, all levels."""
    taken = {r for r, _ in queens}
    empty = [r for r in range(n) if r not in taken][:depth]
    if not empty:
        return 1
    nodes = 0

    def place(i: int, placed: list[Square]) -> None:
        nonlocal nodes
        if i == len(empty):
            return
        for c in range(n):
            sq = (empty[i], c)
            if any(c == q[1] or attacks(Piece.QUEEN, q, sq, n) for q in placed):
                continue
            nodes += 1
            place(i + 1, placed + [sq])

    place(0, list(queens))
    return nodes


def arrays(n: int, queens: list[Square], knight: bool
           ) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    rows = np.zeros(n, dtype=np.int64)
    avail = np.zeros(n, dtype=np.uint64)
    gap = np.zeros(n, dtype=np.uint64)
    qr = np.array([q[0] for q in queens], dtype=np.int64)
    qc = np.array([q[1] for q in queens], dtype=np.int64)
    return kc.prepare(n, qr, qc, knight, rows, avail, gap), rows, avail, gap


@st.composite
def boards(draw: st.DrawFn, low: int = 4, high: int = 9) -> tuple[int, list[Square]]:
    n = draw(st.integers(low, high))
    squares = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    queens = draw(st.lists(squares, max_size=4, unique=True))
    return n, sorted(queens)


@settings(max_examples=120, deadline=None)
@given(boards(), st.booleans())
def test_kernels_match_the_readable_search(board: tuple[int, list[Square]], knight: bool
                                           ) -> None:
    n, queens = board
    m, rows, avail, gap = arrays(n, queens, knight)
    want = readable_count(n, queens, knight)
    if want is None:
        assert m == -1
        return
    taken = {r for r, _ in queens}
    assert rows[:m].tolist() == [r for r in range(n) if r not in taken]
    base = np.zeros(n, dtype=np.int64)
    for r, c in queens:
        base[r] = c
    assert kc.count_general(n, avail, gap, rows, m, base, knight, 2) == want
    if not knight:
        assert kc.count_queen(avail, gap, m) == (want[0], want[3], want[4])
        for depth in range(0, 4):
            assert kc.estimate(avail, gap, m, depth) == readable_estimate(n, queens, depth)


@settings(max_examples=40, deadline=None)
@given(st.lists(boards(5, 8), min_size=1, max_size=5))
def test_many_at_once_matches_one_at_a_time(subs: list[tuple[int, list[Square]]]) -> None:
    n = subs[0][0]
    subs = [(n, [q for q in queens if q[0] < n and q[1] < n]) for _, queens in subs]
    width = 2 * max(1, max(len(q) for _, q in subs))
    table = np.zeros((len(subs), width), dtype=np.int64)
    nq = np.array([len(q) for _, q in subs], dtype=np.int64)
    for i, (_, queens) in enumerate(subs):
        table[i, :2 * len(queens)] = [x for q in queens for x in q]
    out = np.full(len(subs), -7, dtype=np.int64)
    colsums = np.full(len(subs), -7, dtype=np.int64)
    slices = np.full((len(subs), 3), -7, dtype=np.int64)
    kc.count_queen_many(n, table, nq, out, colsums, slices)
    for i, (_, queens) in enumerate(subs):
        want = readable_count(n, queens, False)
        got = (out[i], colsums[i], tuple(slices[i].tolist()))
        assert got == ((0, 0, (0, 0, 0)) if want is None else (want[0], want[3], want[4]))


def test_short_subproblems() -> None:
    """No row, one row and two rows to fill (the kernel's special cases)."""
    for queens in ([(0, 1), (1, 3), (2, 0), (3, 2)], [(0, 1), (1, 3), (2, 0)],
                   [(0, 1), (1, 3)], [(0, 1), (2, 0)], [(1, 3), (3, 2)]):
        m, rows, avail, gap = arrays(4, queens, False)
        want = readable_count(4, queens, False)
        assert want is not None and m == 4 - len(queens)
        assert kc.count_queen(avail, gap, m) == (want[0], want[3], want[4])


def frame_image(n: int, k: int, t: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """Image k (order of nqueens.base.board.SYMMETRY_NAMES) of a frame, square by square."""
    a, b, c, d = t
    top = n - 1
    maps = [lambda r, q: (r, q), lambda r, q: (q, top - r), lambda r, q: (top - r, top - q),
            lambda r, q: (top - q, r), lambda r, q: (r, top - q), lambda r, q: (top - r, q),
            lambda r, q: (q, r), lambda r, q: (top - q, top - r)]
    squares = [maps[k](r, q) for r, q in ((0, a), (top, b), (c, 0), (d, top))]
    row0 = next(q for r, q in squares if r == 0)
    rowt = next(q for r, q in squares if r == top)
    col0 = next(r for r, q in squares if q == 0)
    colt = next(r for r, q in squares if q == top)
    return row0, rowt, col0, colt


@settings(max_examples=80, deadline=None)
@given(st.integers(4, 12).flatmap(lambda n: st.tuples(
    st.just(n), st.integers(0, n - 1), st.integers(0, n - 1), st.integers(0, n - 1),
    st.integers(0, n - 1))))
def test_frame_images_are_the_symmetries(frame: tuple[int, int, int, int, int]) -> None:
    n, a, b, c, d = frame
    # a frame is a valid border: the corner queens agree (row 0 col 0 is both a and c, ...)
    if (a == 0) != (c == 0) or (b == 0) != (c == n - 1) or (a == n - 1) != (d == 0) \
            or (b == n - 1) != (d == n - 1):
        return
    out = np.empty((8, 4), dtype=np.int64)
    kc.frame_images_into(n, a, b, c, d, out)
    assert [tuple(x) for x in out.tolist()] == [frame_image(n, k, (a, b, c, d))
                                               for k in range(8)]


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8])
@pytest.mark.parametrize("knight", [False, True])
def test_frames_cover_every_border_once(n: int, knight: bool) -> None:
    """The canonical frames, weighted by their classes, are every frame of non-attacking
    border queens; each row's frame is the least image of its class."""
    top = n - 1
    valid = 0
    for a in range(n):
        for b in range(n):
            for c in range(n):
                for d in range(n):
                    if (a == 0) != (c == 0) or (b == 0) != (c == top) \
                            or (a == top) != (d == 0) or (b == top) != (d == top):
                        continue
                    squares = sorted({(0, a), (top, b), (c, 0), (d, top)})
                    if not conflict(squares, knight, n):
                        valid += 1
    table = kc.enumerate_frames(n, knight, 0)
    assert table.dtype == np.int64 and table.shape[1:] == (7,)
    assert int(table[:, 4].sum()) == valid
    for a, b, c, d, _, sym, cost in table.tolist():
        images = [frame_image(n, k, (a, b, c, d)) for k in range(8)]
        assert sym == (2 if images[1] == images[0] else 1 if images[2] == images[0] else 0)
        assert cost == 1


def test_orientation_choice_is_the_cheapest_image() -> None:
    for a, b, c, d, _, sym, cost in kc.enumerate_frames(10, False, 3).tolist():
        costs = [kc.frame_cost(10, *frame_image(10, k, (a, b, c, d)), False, 3)
                 for k in range(8)]
        assert cost == kc.frame_cost(10, a, b, c, d, False, 3)
        if sym == 0:
            assert cost == min(costs)


@pytest.mark.parametrize(("n", "total", "unique"), [(4, 2, 1), (5, 10, 2), (6, 4, 1), (7, 40, 6),
                                                    (8, 92, 12), (9, 352, 46), (10, 724, 92),
                                                    (11, 2680, 341), (12, 14200, 1787),
                                                    (13, 73712, 9233)])
def test_oeis_counts_through_the_kernels(n: int, total: int, unique: int) -> None:
    subs = cons.make_subproblems(n)
    assert cons.tally(subs, cons.solve_batch(subs)) == (total, unique)


def test_superqueen_counts() -> None:
    for n, want in ((10, 4), (11, 44), (12, 156)):
        subs = cons.make_subproblems(n, "superqueen")
        assert cons.tally(subs, cons.solve_batch(subs))[0] == want


# --- bad arguments -------------------------------------------------------------------

def u64(k: int) -> np.ndarray:
    return np.zeros(k, dtype=np.uint64)


def i64(k: int) -> np.ndarray:
    return np.zeros(k, dtype=np.int64)


def test_prepare_checks_its_arguments() -> None:
    q = np.array([0], dtype=np.int64)
    with pytest.raises(ValueError, match="n must be"):
        core.prepare(0, q, q, False, i64(8), u64(8), u64(8))
    with pytest.raises(ValueError, match="n must be"):
        core.prepare(65, q, q, False, i64(65), u64(65), u64(65))
    with pytest.raises(ValueError, match="at least 8"):
        core.prepare(8, q, q, False, i64(8), u64(7), u64(8))
    with pytest.raises(TypeError, match="rows"):
        core.prepare(8, q, q, False, np.zeros(8, dtype=np.int32), u64(8), u64(8))
    with pytest.raises(TypeError, match="qrow"):
        core.prepare(8, np.array([0.0]), q, False, i64(8), u64(8), u64(8))
    with pytest.raises(ValueError, match="qcol"):
        core.prepare(8, np.array([0, 1]), q, False, i64(8), u64(8), u64(8))
    with pytest.raises(ValueError, match="outside"):
        core.prepare(8, np.array([8]), q, False, i64(8), u64(8), u64(8))
    with pytest.raises(ValueError, match="outside"):
        core.prepare(8, q, np.array([-1]), False, i64(8), u64(8), u64(8))
    avail = u64(8)
    avail.flags.writeable = False
    with pytest.raises(TypeError, match="writable"):
        core.prepare(8, q, q, False, i64(8), avail, u64(8))


def test_counting_kernels_check_their_arguments() -> None:
    with pytest.raises(ValueError, match="m "):
        core.count_queen(u64(8), u64(8), -1)
    with pytest.raises(ValueError, match="m "):
        core.count_queen(u64(70), u64(70), 65)
    with pytest.raises(ValueError, match="avail"):
        core.count_queen(u64(3), u64(8), 4)
    with pytest.raises(ValueError, match="gap"):
        core.count_queen(u64(8), u64(2), 4)
    with pytest.raises(TypeError, match="avail"):
        core.count_queen(np.zeros(8, dtype=np.int64), u64(8), 4)
    big = u64(8)
    big[1] = 64
    with pytest.raises(ValueError, match="gap"):
        core.count_queen(u64(8), big, 4)
    with pytest.raises(ValueError, match="gap"):
        core.estimate(u64(8), big, 4, 4)
    with pytest.raises(ValueError, match="depth"):
        core.estimate(u64(8), u64(8), 4, -1)
    with pytest.raises(ValueError, match="rows"):
        core.count_general(8, u64(8), u64(8), np.full(8, 9, dtype=np.int64), 8, i64(8),
                           False, 2)
    with pytest.raises(ValueError, match="base"):
        core.count_general(8, u64(8), u64(8), i64(8), 8, i64(7), False, 2)
    with pytest.raises(ValueError, match="base"):
        core.count_general(8, u64(8), u64(8), i64(8), 8, np.full(8, -1, dtype=np.int64),
                           False, 2)
    with pytest.raises(ValueError, match="rows to fill"):
        core.count_general(4, u64(8), u64(8), i64(8), 5, i64(8), False, 0)
    with pytest.raises(ValueError, match="gap"):
        core.count_general(8, u64(8), big, i64(8), 8, i64(8), False, 0)


def test_frame_functions_check_their_arguments() -> None:
    with pytest.raises(ValueError, match="outside"):
        core.frame_cost(8, 8, 0, 0, 0, False, 0)
    with pytest.raises(ValueError, match="depth"):
        core.frame_cost(8, 1, 2, 3, 4, False, -2)
    with pytest.raises(ValueError, match="at least 32"):
        core.frame_images_into(8, 1, 2, 3, 4, np.empty((4, 4), dtype=np.int64))
    with pytest.raises(TypeError, match="out"):
        core.frame_images_into(8, 1, 2, 3, 4, np.empty((8, 4), dtype=np.int32))
    with pytest.raises(ValueError, match="n must be"):
        core.enumerate_frames(0, False, 0)
    with pytest.raises(ValueError, match="depth"):
        core.enumerate_frames(8, False, -1)


def test_count_queen_many_checks_its_arguments() -> None:
    table = np.zeros((2, 4), dtype=np.int64)
    nq = np.array([2, 2], dtype=np.int64)
    with pytest.raises(ValueError, match="2-D"):
        core.count_queen_many(8, i64(4), nq, i64(2), i64(2), i64(6))
    with pytest.raises(ValueError, match="nq"):
        core.count_queen_many(8, table, i64(1), i64(2), i64(2), i64(6))
    with pytest.raises(ValueError, match="do not fit"):
        core.count_queen_many(8, table, np.array([2, 3]), i64(2), i64(2), i64(6))
    with pytest.raises(ValueError, match="colsums"):
        core.count_queen_many(8, table, nq, i64(2), i64(1), i64(6))
    with pytest.raises(ValueError, match="outside"):
        core.count_queen_many(4, np.full((2, 4), 4, dtype=np.int64), nq, i64(2), i64(2), i64(6))
    with pytest.raises(TypeError, match="out"):
        core.count_queen_many(8, table, nq, u64(2), i64(2), i64(6))

    with pytest.raises(ValueError, match="slices"):
        core.count_queen_many(8, table, nq, i64(2), i64(2), i64(5))
