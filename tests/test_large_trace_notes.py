"""The notes of the min-conflicts trace name squares as the boards do."""

from __future__ import annotations

import re

from nqueens.algorithms.repair import trace_min_conflicts
from nqueens.base.events import Kind
from nqueens.base.squares import file_name


def test_a_swap_names_the_partner_by_its_square_before_the_swap() -> None:
    n = 28
    cols: dict[int, int] = {}
    moves = 0
    for e in trace_min_conflicts(n, seed=1):
        if e.kind is Kind.PLACE:
            cols[e.row] = e.col
        elif e.kind is Kind.MOVE:
            m = re.fullmatch(r"swaps columns with the queen on ([a-z]+)(\d+)", e.note)
            assert m is not None, e.note
            rank = int(m.group(2))
            partner_row = n - rank
            # the partner stood in the column this queen moves to
            assert m.group(1) == file_name(e.col)
            assert partner_row != e.row
            moves += 1
    assert moves > 0


def test_budget_notes_count_pairs_in_good_english() -> None:
    notes = [e.note for e in trace_min_conflicts(8, seed=2, max_steps=3) if e.kind is Kind.DONE]
    assert notes and re.search(r"\b1 attacking pairs\b", notes[-1]) is None
