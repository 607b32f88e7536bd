"""The board model: Solution, symmetries, canonical forms, validation."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nqueens import SYMMETRY_NAMES, BadInput, InvalidBoard, Solution, solutions

permutations = st.integers(min_value=1, max_value=12).flatmap(
    lambda n: st.permutations(list(range(n)))
)


def test_solution_is_immutable_and_hashable() -> None:
    s = Solution([1, 3, 0, 2])
    with pytest.raises(ValueError):
        s.cols[0] = 2
    assert s == Solution((1, 3, 0, 2))
    assert len({s, Solution([1, 3, 0, 2]), Solution([2, 0, 3, 1])}) == 2
    assert s.n == 4 and len(s) == 4 and list(s) == [1, 3, 0, 2] and s[1] == 3


def test_str_is_the_q_dot_board() -> None:
    assert str(Solution([1, 3, 0, 2])) == ".Q..\n...Q\nQ...\n..Q."
    assert str(Solution([0])) == "Q"


def test_str_of_a_board_past_the_row_table_is_the_same_board() -> None:
    cols = [(2 * r + 1) % 101 for r in range(101)]  # a permutation of 0..100
    rows = str(Solution(cols)).split("\n")
    assert [row.index("Q") for row in rows] == cols
    assert all(len(row) == 101 and row.count("Q") == 1 for row in rows)


@pytest.mark.parametrize("cols", [[], [0, 2], [-1, 0]])
def test_columns_off_the_board_are_refused(cols: list[int]) -> None:
    with pytest.raises(BadInput):
        Solution(cols)


def test_validate_names_the_first_attacking_pair() -> None:
    with pytest.raises(InvalidBoard) as info:
        Solution([0, 2, 4, 1, 3, 3]).validate()
    assert str(info.value) == "queens at (3, 1) and (5, 3) attack each other"
    assert info.value.pairs == [((3, 1), (5, 3)), ((4, 3), (5, 3))]
    pairs = Solution([0, 1, 3, 2]).attacking_pairs()
    assert pairs == [((0, 0), (1, 1)), ((2, 3), (3, 2))]


def test_validate_accepts_every_solution_of_8() -> None:
    boards = list(solutions(8))
    assert len(boards) == 92
    for s in boards:
        s.validate()


def test_same_column_is_an_attack() -> None:
    s = Solution([1, 3, 1, 3])
    assert not s.is_valid()
    same_column = [(a, b) for a, b in s.attacking_pairs() if a[1] == b[1]]
    assert same_column == [((0, 1), (2, 1)), ((1, 3), (3, 3))]


def test_symmetry_images_of_a_known_board() -> None:
    s = Solution([1, 3, 0, 2])
    assert s.transform("mirror") == Solution([2, 0, 3, 1])
    assert s.transform("rotate90") == s
    assert s.transform("transpose") == Solution([2, 0, 3, 1])
    assert len(SYMMETRY_NAMES) == 8


@given(permutations)
def test_symmetries_form_the_dihedral_group(cols: list[int]) -> None:
    s = Solution(cols)
    images = s.symmetries()
    # four quarter turns come back; a reflection applied twice is the identity
    assert s.transform(1).transform(1).transform(1).transform(1) == s
    for k in (4, 5, 6, 7):
        assert s.transform(k).transform(k) == s
    assert s.transform(1).transform(1) == s.transform(2)
    # the class size divides 8 and equals the number of distinct images
    size = s.symmetry_class_size()
    assert 8 % size == 0 and size == len(set(images))
    # the canonical form is the least image and is shared by every image
    canon = s.canonical()
    assert canon == min(images)
    assert all(img.canonical() == canon for img in images)
    # symmetries keep a valid board valid and an invalid one invalid
    assert all(img.is_valid() == s.is_valid() for img in images)


def test_the_92_boards_of_8_fall_in_12_classes() -> None:
    boards = list(solutions(8))
    assert len(boards) == 92 and len(set(boards)) == 92
    classes = {b.canonical() for b in boards}
    assert len(classes) == 12
    sizes = sorted(c.symmetry_class_size() for c in classes)
    assert sizes == [4] + [8] * 11
    assert sum(sizes) == 92


def test_validation_is_vectorised_for_huge_boards() -> None:
    n = 1_000_003  # gcd(n, 6) = 1: queens on (x, 2x mod n) attack no one
    cols = (2 * np.arange(n)) % n
    s = Solution(cols)
    s.validate()
    bad = cols.copy()
    bad[[10, 20]] = bad[[20, 10]]
    with pytest.raises(InvalidBoard):
        Solution(bad).validate()


@given(st.integers(min_value=1, max_value=9).flatmap(
    lambda n: st.lists(st.integers(0, n - 1), min_size=n, max_size=n)),
    st.sampled_from(["queen", "superqueen"]), st.booleans())
def test_conflicts_count_every_attacking_pair(cols: list[int], piece: str, torus: bool) -> None:
    from nqueens.base.pieces import Piece, attacks

    p = Piece.parse(piece)
    n = len(cols)
    brute = sum(1 for a in range(n) for b in range(a + 1, n)
                if attacks(p, (a, cols[a]), (b, cols[b]), n, torus))
    s = Solution(cols)
    assert s.conflicts(p, torus) == brute
    assert (brute == 0) == s.is_valid(p, torus)


def _pairs_by_definition(cols: list[int], knight: bool, torus: bool,
                         limit: int | None) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The attacking pairs as the rule says them: on each column and diagonal, each queen
    with the next one down the line (on the torus the lines wrap, and a row's line is
    read from the top row down); with ``knight``, every two a knight's move apart."""
    from nqueens.base.pieces import KNIGHT_STEPS

    n = len(cols)
    wrap = (lambda v: v % n) if torus else (lambda v: v)
    found: set[tuple[int, int]] = set()
    for line in (lambda r: cols[r], lambda r: wrap(r - cols[r]), lambda r: wrap(r + cols[r])):
        on: dict[int, list[int]] = {}
        for r in range(n):
            on.setdefault(line(r), []).append(r)
        found |= {(rows[i], rows[i + 1]) for rows in on.values() for i in range(len(rows) - 1)}
    if knight:
        found |= {(a, b) for a in range(n) for b in range(a + 1, n) for dr, dc in KNIGHT_STEPS
                  if wrap(b - a - dr) == 0 and wrap(cols[b] - cols[a] - dc) == 0}
    return [((a, cols[a]), (b, cols[b])) for a, b in sorted(found)][:limit]


@given(st.integers(min_value=1, max_value=14).flatmap(
    lambda n: st.one_of(st.permutations(list(range(n))),
                        st.lists(st.integers(0, n - 1), min_size=n, max_size=n),
                        st.just(list(range(n))))),
    st.sampled_from(["queen", "superqueen"]), st.booleans(),
    st.sampled_from([None, 0, 1, 2, 3, 1000]))
def test_attacking_pairs_are_those_of_the_rule(cols: list[int], piece: str, torus: bool,
                                               limit: int | None) -> None:
    s = Solution(cols)
    assert s.attacking_pairs(piece, torus, limit) == _pairs_by_definition(
        cols, piece == "superqueen", torus, limit)


def test_the_first_pairs_of_a_huge_torus_board_come_in_seconds() -> None:
    """Ten million queens on one wrapped diagonal: 15 million pairs, sorted as integer
    keys (the first thousand only), not as rows of an array."""
    import time

    n = 10**7
    start = time.process_time()
    pairs = Solution(np.arange(n)).attacking_pairs(torus=True)
    assert time.process_time() - start < 30
    assert pairs[:3] == [((0, 0), (1, 1)), ((0, 0), (n // 2, n // 2)), ((1, 1), (2, 2))]
    assert len(pairs) == 1000 and pairs == sorted(set(pairs))


@pytest.mark.parametrize("cols", [[0.7, 1.2], [True, False], ["1", "2"], [float("nan"), 0.0]])
def test_columns_must_be_whole_numbers(cols: list[object]) -> None:
    with pytest.raises(BadInput, match="whole numbers"):
        Solution(cols)  # type: ignore[arg-type]


def test_whole_floats_and_small_ints_are_columns() -> None:
    assert Solution([1.0, 3.0, 0.0, 2.0]) == Solution(np.array([1, 3, 0, 2], dtype=np.uint8))


@pytest.mark.parametrize("k", ["bogus", 8, -1])
def test_unknown_symmetry_is_bad_input(k: object) -> None:
    with pytest.raises(BadInput):
        Solution([1, 3, 0, 2]).transform(k)  # type: ignore[arg-type]


@pytest.mark.parametrize("cols, shown", [([1e20, 0], "1e+20"), ([2**64, 0], "18446744073709551616"),
                                         (np.array([2**64 - 1, 0], dtype=np.uint64),
                                          "18446744073709551615")])
def test_huge_columns_are_off_the_board_as_written(cols: object, shown: str) -> None:
    with pytest.raises(BadInput, match=re.escape(f"column {shown} is off the 2x2 board")):
        Solution(cols)  # type: ignore[arg-type]


def test_a_negative_limit_on_pairs_is_bad_input() -> None:
    with pytest.raises(BadInput):
        Solution([0, 1, 2, 3]).attacking_pairs(limit=-1)


def _int32_everywhere() -> list[tuple[str, Solution]]:
    import io

    from nqueens.algorithms.closed_form import construct
    from nqueens.algorithms.linear import placement
    from nqueens.algorithms.repair import min_conflicts
    from nqueens.algorithms.search import Problem, iter_solutions
    from nqueens.output import formats

    wide = io.BytesIO()
    np.save(wide, np.array([1, 3, 0, 2], dtype=np.int64))
    return [
        ("list", Solution([1, 3, 0, 2])),
        ("int64 array", Solution(np.array([1, 3, 0, 2], dtype=np.int64))),
        ("uint8 array", Solution(np.array([1, 3, 0, 2], dtype=np.uint8))),
        ("floats", Solution([1.0, 3.0, 0.0, 2.0])),
        ("construct", construct(1000)),
        ("min-conflicts", min_conflicts(1000, seed=1)),
        ("search", next(iter_solutions(Problem(8)))),
        ("linear", placement(5, 2, 1)),
        ("transform", Solution([1, 3, 0, 2]).transform("rotate90")),
        ("perm text", formats.read("2 4 1 3", "perm")),
        ("perm bytes", formats.read_perm_bytes(b"2 4 1 3")),
        ("board text", formats.read(".Q..\n...Q\nQ...\n..Q.", "board")),
        ("int64 npy", formats.read_bytes(wide.getvalue())),
    ]


@pytest.mark.parametrize(("how", "board"), _int32_everywhere(), ids=lambda v: v if
                         isinstance(v, str) else "")
def test_boards_hold_int32_columns_however_they_are_made(how: str, board: Solution) -> None:
    assert board.cols.dtype == np.int32, how
    assert not board.cols.flags.writeable


def test_int32_and_int64_boards_are_one_board() -> None:
    small = Solution(np.array([1, 3, 0, 2], dtype=np.int32))
    wide = Solution(np.array([1, 3, 0, 2], dtype=np.int64))
    assert small == wide and hash(small) == hash(wide) and len({small, wide}) == 1
    assert small.canonical() == wide.canonical() and small.as_tuple() == (1, 3, 0, 2)


def test_an_int32_npy_is_read_in_place_and_an_int64_one_once() -> None:
    import io

    from nqueens.algorithms.closed_form import construct
    from nqueens.output import formats

    board = construct(100_000)
    for dtype, in_place in ((np.int32, True), (np.int64, False), (np.dtype(">i4"), False)):
        buf = io.BytesIO()
        np.save(buf, board.cols.astype(dtype))
        data = buf.getvalue()
        back = formats.read_bytes(data)
        assert back == board and back.cols.dtype == np.int32
        # int32 is read in place (the columns are a view of the file's bytes), others once
        assert np.shares_memory(back.cols, np.frombuffer(data, dtype=np.uint8)) is in_place
