"""``nqueens stats --json`` carries the table's ratios, computed from its rows."""

from __future__ import annotations

import json
import math

import pytest


def test_stats_json_has_the_ratio_column(run) -> None:
    d = json.loads(run("stats", "8", "--json").out)
    ratios = d["ratios"]
    assert ratios[0]["above"].startswith("any 8 of 64")
    assert ratios[0]["this"].startswith("one queen")
    assert math.isclose(ratios[0]["ratio"], 4426165368 / 16777216)
    assert math.isclose(ratios[1]["ratio"], 16777216 / 40320)
    assert len(ratios) == 6


@pytest.mark.parametrize("args", [("stats", "8", "--torus"), ("steps", "4", "8", "--torus"),
                                  ("stats", "8", "--json", "--torus")])
def test_torus_is_refused_in_one_line_saying_why(run, args: tuple[str, ...]) -> None:
    r = run(*args)
    assert (r.code, r.out) == (2, "")
    assert r.err.startswith("nqueens: error: --torus: not for this command: ")
    assert "ordinary board" in r.err and "count N --torus" in r.err
    assert r.err.count("\n") == 1


def test_the_steps_table_through_the_command_line(run) -> None:
    r = run("steps", "3", "5")
    assert (r.code, r.err) == (0, "")
    assert r.out.splitlines() == [
        "  n         steps       placed   backtracks",
        "  3            18            5            5  (no solution)",
        "  4            26            8            4",
        "  5            15            5            0",
    ]
    r = run("steps", "3", "4", "--solution")
    assert r.out.splitlines()[1:] == ["  3            18            5            5  none",
                                      "  4            26            8            4  2 4 1 3"]
