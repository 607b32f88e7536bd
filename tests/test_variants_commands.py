"""Superqueens through the other commands that take --piece: table and trace."""

from __future__ import annotations

import json
import re

import pytest

import nqueens
from nqueens import Solution

# OEIS A051223 from n = 9
A051223_FROM_9 = [0, 4, 44, 156, 1876]


def test_table_counts_superqueens(run) -> None:
    r = run("table", "9", "13", "--piece", "superqueen", "--format", "json", "--quiet")
    assert r.code == 0, r.err
    rows = json.loads(r.out)
    assert [row["n"] for row in rows] == list(range(9, 14))
    assert [row["all"] for row in rows] == A051223_FROM_9
    for row in rows:
        boards = list(nqueens.solutions(row["n"], piece="superqueen"))
        assert row["fundamental"] == len({s.canonical() for s in boards})


def _traced_solutions(text: str, n: int) -> list[Solution]:
    """The boards printed after 'step K: solution I' headers (ranks n..1, files a..)."""
    boards = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if re.match(r"^step \d+: solution \d+", line):
            cols = []
            for row in lines[i + 1:i + 1 + n]:
                cells = row.split()[1:]
                cols.append(cells.index("Q"))
            boards.append(Solution(cols))
    return boards


@pytest.mark.parametrize("method", ["proba", "sets"])
def test_trace_finds_the_superqueen_boards(run, method: str) -> None:
    r = run("trace", "10", "--piece", "superqueen", "--until", "all", "--method", method)
    assert r.code == 0, r.err
    found = _traced_solutions(r.out, 10)
    assert sorted(found) == list(nqueens.solutions(10, piece="superqueen"))
    assert all(s.is_valid("superqueen") for s in found)
