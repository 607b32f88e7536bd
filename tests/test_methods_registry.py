"""One registry of methods: the commands, the page and the documentation read it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nqueens.algorithms.classic import EXHAUSTIVE
from nqueens.algorithms.classic import METHODS as TRACE_METHODS
from nqueens.base import methods
from nqueens.tasks.solver import METHODS as SOLVE_METHODS


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
    """The methods of a page's first table headed ``| method |``, in its order."""
    text = path.read_text("utf-8")
    table = re.search(r"^\| method \|.*?(?=^\s*$)", text, flags=re.M | re.S)
    assert table, f"{path.name} has no table of methods"
    return re.findall(r"^\| `([a-z-]+)` \|", table.group(0), flags=re.M)


def test_the_pages_list_the_registered_methods_in_order() -> None:
    docs = Path(__file__).resolve().parents[1] / "docs"
    assert _table_methods(docs / "trace.md") == list(methods.names(traces=True))
    solves = [m for m in _table_methods(docs / "large.md") if m != "auto"]
    assert solves == list(methods.names(solves=True))


@pytest.mark.parametrize("record", list(methods.METHODS.values()), ids=list(methods.METHODS))
def test_each_record_runs_its_method_through_its_own_functions(record: methods.Method) -> None:
    """A record is all a method needs: ``solve`` and ``trace`` call the functions it
    names, and refuse where the record says the method does not go."""
    from nqueens import solve
    from nqueens.algorithms.classic import trace
    from nqueens.base.events import solutions_of

    if record.solves:
        found, work = record.solve(10, seed=1)
        assert found.is_valid() and set(work) == set(record.work)
        assert solve(10, method=record.name, seed=1) == found
    else:
        with pytest.raises(ValueError, match="does not solve"):
            record.solve(10)
    if record.traces:
        events = list(trace(6, record.name, until="first", seed=2))
        assert solutions_of(iter(events), 6), record.name
        assert events == list(record.trace(6, until="first", seed=2))
    else:
        with pytest.raises(ValueError, match="not traced"):
            record.trace(6)


def test_the_limits_of_the_records_are_those_the_code_keeps() -> None:
    from nqueens import solve
    from nqueens._core import intuitive

    assert methods.get("intuitive").max_solve_n == intuitive.MAX_N
    for record in methods.METHODS.values():
        if record.solves and record.max_solve_n < 10**6:
            with pytest.raises(ValueError, match=f"up to {record.max_solve_n:,}|up to 32"):
                solve(record.max_solve_n + 1, method=record.name)
