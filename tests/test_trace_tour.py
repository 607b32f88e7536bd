"""``nqueens trace 8 --tour``: the Hungarian source's four boards, each with its title and
sentences, on the command line (text and JSON) and as a page that opens on the tour."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nqueens.algorithms.classic import trace
from nqueens.base.events import Kind
from nqueens.base.squares import square_name
from nqueens.tasks.tour import TOUR, TOUR_METHODS, stops, words

STEPS = ["--step", "24", "--step", "36", "--step", "60", "--step", "876"]


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("method", TOUR_METHODS)
def test_the_tour_prints_each_board_as_step_does_with_its_sentences(run, method: str) -> None:
    r = run("trace", "8", "-m", method, "--tour")
    assert r.code == 0, r.err
    boards = run("trace", "8", "-m", method, *STEPS).out.strip().split("\n\n")
    assert len(boards) == 4
    out = r.out
    for i, (stop, board) in enumerate(zip(TOUR, boards, strict=True)):
        title = f"Stop {i + 1} of 4, step {stop.step}: {stop.title}"
        assert title in out
        assert out.index(title) < out.index(board)          # the title, then the board
        assert board.startswith(f"step {stop.step}: test {stop.square} - ")
        sentences = _flat(words(stop.text, str))
        assert sentences in _flat(out)
        assert _flat(out).index(_flat(board)) < _flat(out).index(sentences)
    assert "{" not in out


@pytest.mark.parametrize("method", TOUR_METHODS)
def test_each_stop_is_the_square_tested_at_its_step(method: str) -> None:
    tested = {e.step: e.square for e in trace(8, method, until="first") if e.kind is Kind.TEST}
    found = stops(8, method, "queen")
    assert [s.step for s in found] == [24, 36, 60, 876]
    for stop in found:
        assert square_name(tested[stop.step], 8) == stop.square
        assert "{" + stop.square + "}" in stop.text


def test_the_tour_in_json(run) -> None:
    r = run("trace", "8", "--tour", "--json")
    assert r.code == 0
    doc = json.loads(r.out)
    assert [b["step"] for b in doc["boards"]] == [24, 36, 60, 876]
    assert [b["square_name"] for b in doc["boards"]] == [s.square for s in TOUR]
    assert [t["step"] for t in doc["tour"]] == [24, 36, 60, 876]
    assert [t["title"] for t in doc["tour"]] == [s.title for s in TOUR]
    assert doc["tour"][0]["text"].startswith("The first five queens went down without "
                                             "trouble, on a8, b6, c4, d7 and e5")
    assert all("{" not in t["text"] for t in doc["tour"])


def test_the_tour_page_opens_on_the_tour(run, tmp_path: Path) -> None:
    page = tmp_path / "tour.html"
    r = run("trace", "8", "--tour", "--html", str(page))
    assert r.code == 0 and r.out == ""
    assert f"wrote {page} (a page that plays proba, n = 8: 876 steps" in r.err
    found = re.search(r'<script type="application/json" id="trace-meta">(.*?)</script>',
                      page.read_text(), re.S)
    assert found is not None
    meta = json.loads(found.group(1))
    assert meta["tourStart"] is True and [s["step"] for s in meta["tour"]] == [24, 36, 60, 876]
    plain = tmp_path / "plain.html"
    assert run("trace", "8", "--html", str(plain)).code == 0
    assert '"tourStart": false' in plain.read_text()
    # the whole search may come with the tour: its stops lie before the first solution
    r = run("trace", "8", "--tour", "--until", "all", "--html", str(page))
    assert r.code == 0 and "92 solutions" in r.err and '"tourStart": true' in page.read_text()
    assert run("trace", "8", "--tour", "--until", "all").out == run("trace", "8", "--tour").out


@pytest.mark.parametrize("args", [
    ("6",), ("8", "-m", "sets"), ("8", "-m", "rows"), ("8", "-m", "min-conflicts"),
    ("8", "-m", "intuitive"), ("8", "--piece", "superqueen"),
])
def test_the_tour_is_refused_where_the_source_has_none(run, args: tuple[str, ...]) -> None:
    r = run("trace", *args, "--tour")
    assert r.code == 2 and r.out == "" and len(r.err.strip().splitlines()) == 1
    assert "--tour is the Hungarian source's tour of proba (or arrays) on 8x8" in r.err


@pytest.mark.parametrize("args, named", [
    (("--step", "3"), "--step"), (("--events",), "--events"), (("--animate",), "--animate"),
    (("--compare", "sets", "--html", "{tmp}/x.html"), "--compare"),
    (("-f", "svg"), "--format svg"), (("-o", "{tmp}/x.png"), "--format png"),
])
def test_the_tour_is_refused_with_what_chooses_other_boards(run, tmp_path: Path,
                                                            args: tuple[str, ...],
                                                            named: str) -> None:
    r = run("trace", "8", "--tour", *(a.format(tmp=tmp_path) for a in args))
    assert r.code == 2 and r.out == "" and len(r.err.strip().splitlines()) == 1
    assert "--tour chooses its own four boards" in r.err and named in r.err
    assert not list(tmp_path.iterdir())


def test_the_help_shows_the_tour(run) -> None:
    h = run("trace", "--help").out
    assert "--tour" in h and "nqueens trace 8 --tour " in h
