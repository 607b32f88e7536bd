"""One registry of methods: the commands, the page and the documentation read it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nqueens import methods
from nqueens.classic import EXHAUSTIVE
from nqueens.classic import METHODS as TRACE_METHODS
from nqueens.solver import METHODS as SOLVE_METHODS


def test_the_documented_table_is_the_registry() -> None:
    assert methods.table() in (methods.__doc__ or "")


def test_solve_and_trace_offer_the_registered_methods() -> None:
    assert SOLVE_METHODS == ("auto", *methods.names(solves=True))
    assert TRACE_METHODS == methods.names(traces=True)
    assert EXHAUSTIVE == tuple(m for m in TRACE_METHODS if methods.get(m).exhaustive)


@pytest.mark.parametrize("name", methods.names(traces=True))
def test_the_page_is_told_the_registered_facts(run, tmp_path, name: str) -> None:
    page = tmp_path / f"{name}.html"
    r = run("trace", "6", "-m", name, "--html", str(page))
    assert r.code == 0, r.err
    text = page.read_text()
    start = text.index('id="trace-meta">') + len('id="trace-meta">')
    meta = json.loads(text[start:text.index("</script>", start)])
    facts = methods.get(name)
    assert meta["scan"] == facts.scan and meta["tree"] == facts.tree
    assert meta["data"] == facts.data
    assert meta["stepLabel"] == f"step ({facts.step_unit})"


@pytest.mark.parametrize(("argv", "method", "words"), [
    (["8"], "backtrack", "lexicographically first"),
    (["40"], "construct", "closed form"),
    (["41", "--torus"], "construct", "torus"),
    (["9", "--fixed", "a1"], "backtrack", "exact search"),
    (["8", "-m", "intuitive"], "intuitive", "asked for"),
])
def test_solve_says_which_method_ran_and_why(run, argv: list[str], method: str,
                                             words: str) -> None:
    r = run("solve", *argv, "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert data["method"] == method and words in data["reason"]


def test_the_work_solve_reports_has_the_registered_names(run) -> None:
    r = run("solve", "50", "-m", "min-conflicts", "--json")
    assert tuple(json.loads(r.out)["work"]) == methods.get("min-conflicts").work
    r = run("solve", "12", "-m", "intuitive", "--json")
    assert tuple(json.loads(r.out)["work"]) == methods.get("intuitive").work


def _table_methods(path: Path) -> list[str]:
    return re.findall(r"^\| `([a-z-]+)` \|", path.read_text("utf-8"), flags=re.M)


def test_the_pages_list_the_registered_methods_in_order() -> None:
    docs = Path(__file__).resolve().parents[1] / "docs"
    assert _table_methods(docs / "trace.md") == list(methods.names(traces=True))
    solves = [m for m in _table_methods(docs / "large.md") if m != "auto"]
    assert solves == list(methods.names(solves=True))
