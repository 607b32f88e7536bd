"""``nqueens stats --json`` carries the table's ratios, computed from its rows."""

from __future__ import annotations

import json
import math


def test_stats_json_has_the_ratio_column(run) -> None:
    d = json.loads(run("stats", "8", "--json").out)
    ratios = d["ratios"]
    assert ratios[0]["above"].startswith("any 8 of 64")
    assert ratios[0]["this"].startswith("one queen")
    assert math.isclose(ratios[0]["ratio"], 4426165368 / 16777216)
    assert math.isclose(ratios[1]["ratio"], 16777216 / 40320)
    assert len(ratios) == 6
