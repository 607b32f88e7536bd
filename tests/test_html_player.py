"""The HTML player: the compact trace, the page, and a real headless Chromium playing it."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import zlib
from pathlib import Path

import numpy as np
import pytest

from nqueens.algorithms.classic import search_space, trace
from nqueens.base.events import Kind
from nqueens.base.pieces import Piece
from nqueens.tasks.viz.html import encode_events, proba_bytes

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.parametrize("piece", [Piece.QUEEN, Piece.SUPERQUEEN])
def test_kernel_bytes_equal_the_encoded_readable_trace(piece: Piece) -> None:
    for n in range(1, 10):
        for until in ("first", "all"):
            readable = encode_events(trace(n, "proba", piece=piece, until=until), n, "column")
            assert proba_bytes(n, piece, until) == readable, (n, until)
            # the set-based search is the same stream read along rows
            assert encode_events(trace(n, "sets", piece=piece, until=until), n, "row") == readable


def test_n12_all_solutions_page_stays_small(run, tmp_path: Path) -> None:
    page = tmp_path / "p12.html"
    r = run("trace", "12", "--until", "all", "--html", str(page))
    assert r.code == 0
    size = page.stat().st_size
    # before the page was laid out for a classroom (its call stack, tree, tour, numbering)
    # this page was 1,454,000 bytes; it may grow by a quarter at most
    assert size <= 1.25 * 1_454_000, size
    s = search_space(12)
    assert f"{s.squares_tested:,} steps" in r.err and "14,200 solutions" in r.err
    data = re.search(r'id="trace-data">([^<]*)<', page.read_text()).group(1)  # type: ignore[union-attr]
    import base64

    raw = zlib.decompress(base64.b64decode(data))
    kinds = np.frombuffer(raw, dtype=np.uint8) & 7
    assert int(np.count_nonzero(kinds == 0)) == s.squares_tested      # one TEST byte a step
    assert int(np.count_nonzero(kinds == 4)) == 14_200


def test_page_is_self_contained(run, tmp_path: Path) -> None:
    page = tmp_path / "p.html"
    assert run("trace", "6", "--method", "rows", "--html", str(page)).code == 0
    text = page.read_text()
    assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in text and "<script src" not in text and "<link" not in text


def _play(page: Path, tmp_path: Path, query: str = "autoplay=1&speed=max") -> str:
    assert CHROMIUM is not None
    cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           "--disable-dev-shm-usage", f"--user-data-dir={tmp_path / 'profile'}",
           "--virtual-time-budget=60000", "--dump-dom", f"{page.as_uri()}?{query}"]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=180)
    return out.stdout


def _dd(dom: str, ident: str) -> str:
    """The text of an element of the page (its unit in a span of its own, as labels have)."""
    m = re.search(rf'id="{ident}"[^>]*>([^<]*(?:<span class="unit">[^<]*</span>)?)<', dom)
    assert m is not None, f"#{ident} missing from the page"
    return re.sub("<[^>]*>", "", m.group(1))


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")
def test_chromium_plays_the_page_to_the_end(run, tmp_path: Path) -> None:
    first = tmp_path / "first.html"
    assert run("trace", "8", "--html", str(first)).code == 0
    dom = _play(first, tmp_path)
    assert _dd(dom, "status") == "done"
    assert _dd(dom, "step-counter") == "876"
    assert _dd(dom, "solutions-count") == "1"
    board = _dd(dom, "final-board").split()
    # the queens in rows 1 5 8 6 3 7 2 4 of columns 1…8
    assert [next(r for r in range(8) if board[r][c] == "Q") + 1 for c in range(8)] == \
        [1, 5, 8, 6, 3, 7, 2, 4]

    everything = tmp_path / "all.html"
    assert run("trace", "7", "--until", "all", "--piece", "queen", "--html",
               str(everything)).code == 0
    dom = _play(everything, tmp_path)
    assert _dd(dom, "status") == "done"
    assert _dd(dom, "step-counter") == f"{search_space(7).squares_tested:,}"
    assert _dd(dom, "solutions-count") == "40"
    assert _dd(dom, "final-board").split() == ["......."] * 7   # every queen taken back


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")
def test_chromium_jumps_to_a_step(run, tmp_path: Path) -> None:
    page = tmp_path / "rows.html"
    assert run("trace", "8", "--html", str(page)).code == 0
    dom = _play(page, tmp_path, "step=24&rows=chess")
    assert _dd(dom, "step-counter") == "24"
    assert _dd(dom, "depth") == "4"
    assert "refused" in _dd(dom, "event-text") and "c4" in _dd(dom, "event-text")
    svg = dom[dom.index('<svg id="board"'):]
    svg = svg[:svg.index("</svg>")]
    assert svg.count('class="attacker"') == 2 and 'class="tried refused"' in svg
    assert svg.count("<use") == 4


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")
def test_chromium_plays_a_repair_page_counting_the_solvers_steps(run, tmp_path: Path) -> None:
    import json

    from nqueens.output import formats

    solved = run("solve", "12", "-m", "min-conflicts", "--seed", "5", "--json")
    steps = json.loads(solved.out)["work"]["steps"]
    page = tmp_path / "mc.html"
    r = run("trace", "12", "--method", "min-conflicts", "--seed", "5", "--html", str(page))
    assert r.code == 0 and f"{steps:,} steps" in r.err
    dom = _play(page, tmp_path)
    assert _dd(dom, "status") == "done"
    assert _dd(dom, "step-label") == "step (candidate swaps)"
    assert _dd(dom, "step-counter") == f"{steps:,}" and steps > 0
    assert _dd(dom, "step-total") == f"{steps:,}"
    board = "\n".join(_dd(dom, "final-board").split())
    assert formats.read(board, "board").is_valid()
    assert board == "\n".join(formats.write(formats.read(solved.out, "json"), "board").split())


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")
def test_chromium_min_conflicts_step_is_the_text_traces_step(run, tmp_path: Path) -> None:
    page = tmp_path / "mc8.html"
    assert run("trace", "8", "-m", "min-conflicts", "--seed", "2", "--html", str(page)).code == 0
    text = run("trace", "8", "-m", "min-conflicts", "--seed", "2", "--step", "3")
    board = [ln.split()[1:] for ln in text.out.splitlines()[1:9]]
    solved = run("solve", "8", "-m", "min-conflicts", "--seed", "2", "--json")
    steps = json.loads(solved.out)["work"]["steps"]
    assert steps > 3  # the page stops inside the run
    dom = _play(page, tmp_path, "step=3")
    assert _dd(dom, "step-counter") == "3" and _dd(dom, "step-total") == f"{steps:,}"
    assert _dd(dom, "status") == "paused"
    assert ["".join(row) for row in board] == _dd(dom, "final-board").split()


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")
@pytest.mark.parametrize("query", ["step=abc", "step=1.5", "step=-3", "step="])
def test_chromium_ignores_a_step_that_is_not_a_whole_number(run, tmp_path: Path,
                                                           query: str) -> None:
    page = tmp_path / "p8.html"
    assert run("trace", "8", "--html", str(page)).code == 0
    dom = _play(page, tmp_path, query)
    assert _dd(dom, "status").startswith("ignored:")
    assert "is not a step number" in _dd(dom, "status")
    assert _dd(dom, "step-counter") == "0" and _dd(dom, "event-counter").startswith("0 /")


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")
def test_chromium_clamps_a_step_past_the_end_and_reads_the_speed(run, tmp_path: Path) -> None:
    page = tmp_path / "p8.html"
    assert run("trace", "8", "--html", str(page)).code == 0
    dom = _play(page, tmp_path, "step=99999&speed=500")
    assert _dd(dom, "status") == "step 99,999 is past the end: showing the last step, 876"
    assert _dd(dom, "step-counter") == "876" and _dd(dom, "solutions-count") == "1"
    assert _dd(dom, "speed-text") == "500 events/s"
    slider = re.search(r'<input id="speed"[^>]*>', dom)
    assert slider is not None and 'value="27"' in slider.group(0)    # 10 log10(500)


def _svg(dom: str) -> str:
    svg = dom[dom.index('<svg id="board"'):]
    return svg[:svg.index("</svg>")]


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")
@pytest.mark.parametrize(("n", "files"), [(8, "abcdefgh"), (20, "abcdefghijklmnopqrst")])
def test_chromium_labels_the_board_with_the_names_the_text_uses(run, tmp_path: Path, n: int,
                                                               files: str) -> None:
    page = tmp_path / f"p{n}.html"
    assert run("trace", str(n), "--html", str(page)).code == 0
    dom = _play(page, tmp_path, "rows=chess&" + ("step=24" if n == 8 else "step=1"))
    svg = _svg(dom)
    assert re.findall(r'<text class="file"[^>]*>([a-z]+)</text>', svg) == list(files)
    assert re.findall(r'<text class="rank"[^>]*>(\d+)</text>', svg) == \
        [str(n - r) for r in range(n)]
    if n == 8:  # the text's names stand on the edges: e4 is tested, the queens a8 and c4
        assert "test e4" in _dd(dom, "event-text") and "a8" in _dd(dom, "event-text")
        assert re.search(r'class="tried refused"[^>]* x="4\.05" y="4\.05"', svg)


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")
def test_chromium_goes_from_solution_to_solution(run, tmp_path: Path) -> None:
    page = tmp_path / "all7.html"
    assert run("trace", "7", "--until", "all", "--html", str(page)).code == 0
    dom = _play(page, tmp_path, "solution=3")
    assert _dd(dom, "solutions-count") == "3" and _dd(dom, "status") == "paused"
    assert _svg(dom).count("<use") == 7
    links = re.findall(r'<a href="#" class="sol" data-event="(\d+)">#(\d+) at step', dom)
    assert [k for _, k in links] == ["3", "2", "1"]   # clickable, newest first
    assert _dd(dom, "event-counter").split(" / ")[0] == links[0][0]
    dom = _play(page, tmp_path, "solution=41")
    assert _dd(dom, "status") == "ignored: there is no solution 41 (the trace has 40)"


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")
def test_chromium_timeline_follows_the_event_shown(run, tmp_path: Path) -> None:
    page = tmp_path / "p8.html"
    assert run("trace", "8", "--html", str(page)).code == 0
    dom = _play(page, tmp_path, "event=500")
    slider = re.search(r'<input id="timeline"[^>]*>', dom)
    assert slider is not None and 'max="1096"' in slider.group(0)
    assert 'value="500"' in slider.group(0) and 'aria-label="timeline' in slider.group(0)
    assert _dd(dom, "event-counter") == "500 / 1,096"


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")
def test_chromium_names_the_queen_count_for_what_the_method_does(run, tmp_path: Path) -> None:
    proba, repair = tmp_path / "p.html", tmp_path / "m.html"
    assert run("trace", "8", "--html", str(proba)).code == 0
    assert run("trace", "8", "-m", "min-conflicts", "--html", str(repair)).code == 0
    assert _dd(_play(proba, tmp_path, "step=1"), "depth-label") == \
        "depth (queens placed)"
    assert _dd(_play(repair, tmp_path, "step=1"), "depth-label") == "queens on the board"


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")
def test_chromium_plays_a_huge_trace_in_minutes_unless_told_a_speed(run, tmp_path: Path) -> None:
    page = tmp_path / "p11.html"
    assert run("trace", "11", "--until", "all", "--html", str(page)).code == 0
    dom = _play(page, tmp_path, "step=1")
    shown = int(_dd(dom, "speed-text").split()[0].replace(",", ""))
    total = int(_dd(dom, "event-counter").split(" / ")[1].replace(",", ""))
    assert total > 1_000_000 and shown == -(-total // 120)   # the whole trace in 2 minutes
    slow = tmp_path / "p11-slow.html"
    assert run("trace", "11", "--until", "all", "--speed", "20", "--html", str(slow)).code == 0
    assert _dd(_play(slow, tmp_path, "step=1"), "speed-text") == "20 events/s"


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")
def test_chromium_step_876_is_the_first_solution_as_the_command_line_says(run,
                                                                       tmp_path: Path) -> None:
    page = tmp_path / "p8.html"
    assert run("trace", "8", "--html", str(page)).code == 0
    text = run("trace", "8", "--step", "876")
    assert text.out.startswith("step 876: test h5 - free; place a queen on h5; solution 1")
    dom = _play(page, tmp_path, "step=876&rows=chess")
    assert _dd(dom, "step-counter") == "876" and _dd(dom, "solutions-count") == "1"
    assert _dd(dom, "event-text") == "test h5: free; place a queen on h5; solution 1!"
    assert _svg(dom).count("<use") == 8 and 'class="tried free"' in _svg(dom)
    board = ["".join(ln.split()[1:]) for ln in text.out.splitlines()[1:9]]
    assert board == _dd(dom, "final-board").split()
    refused = _play(page, tmp_path, "step=875")   # a refused square shows the refusal
    assert _dd(refused, "solutions-count") == "0" and _svg(refused).count("<use") == 7


def _current_line(dom: str) -> str:
    m = re.search(r'<li data-line="\d+"[^>]*class="current"[^>]*><code>([^<]*)</code>', dom)
    assert m is not None, "no line of the code is highlighted"
    return m.group(1).strip()


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")
def test_chromium_highlights_the_line_of_the_sources_code_each_event_runs(run,
                                                                          tmp_path: Path) -> None:
    from nqueens.tasks.viz.code import code_of

    page = tmp_path / "p8.html"
    assert run("trace", "8", "--html", str(page)).code == 0
    listing = code_of("proba")
    assert _current_line(_play(page, tmp_path, "step=24")) == \
        listing.lines[listing.line_of("test")].text.strip() == "if (szabad(sor, oszlop)) {"
    assert _current_line(_play(page, tmp_path, "step=1")) == "lefoglal(sor, oszlop);"
    assert _current_line(_play(page, tmp_path, "step=876")) == "else siker = true;"
    first_removal = next(i for i, e in enumerate(trace(8, "proba", until="first"))
                         if e.kind is Kind.REMOVE)
    removed = _play(page, tmp_path, f"event={first_removal + 1}")
    assert "take back" in _dd(removed, "event-text")
    assert _current_line(removed) == "if (!siker) felszabadit(sor, oszlop);"
    dom = _play(page, tmp_path, "step=24")
    assert "felszabadit" in dom and "the last column is filled: a solution" in dom  # glosses


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")
def test_chromium_shows_the_three_arrays_flipping_as_queens_are_placed(run,
                                                                       tmp_path: Path) -> None:
    page = tmp_path / "p8.html"
    assert run("trace", "8", "--html", str(page)).code == 0
    dom = _play(page, tmp_path, "step=24")   # queens a8 b6 c4 d7; e4 tested and refused

    def strip(ident: str) -> tuple[list[int], list[int], list[str]]:
        part = dom[dom.index(f'id="{ident}"'):]
        part = part[:part.index("</div>")]
        cells = re.findall(r'<span class="cell([^"]*)" data-index="(-?\d+)"', part)
        return ([int(k) for c, k in cells if "taken" in c], [int(k) for _, k in cells],
                [c.strip() for c, _ in cells if "checked" in c])

    taken, indices, checked = strip("strip-sor")
    assert indices == list(range(1, 9)) and taken == [1, 2, 3, 5] and checked == ["taken checked"]
    taken, indices, checked = strip("strip-diff")
    assert indices == list(range(-7, 8)) and taken == [-2, -1, 0, 2]
    assert checked == ["taken checked"]                      # e4: column 5 - row 5 = 0, a8's
    taken, indices, checked = strip("strip-sum")
    assert indices == list(range(2, 17)) and taken == [2, 5, 6, 8] and checked == ["checked"]
    start = _play(page, tmp_path, "event=0")
    assert 'class="cell taken"' not in start                # every cell true at the start


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")
def test_chromium_shows_the_sets_and_the_attacked_squares(run, tmp_path: Path) -> None:
    sets, repair = tmp_path / "s.html", tmp_path / "m.html"
    assert run("trace", "6", "-m", "sets", "--html", str(sets)).code == 0
    dom = _play(sets, tmp_path, "step=3")   # a6 placed; b5 tested: its r - c is a6's, 0
    line = re.search(r'id="set-diag1">(.*?)</div>', dom)
    assert line is not None
    assert '<span title="the queen on (0,0)" class="hit">0</span>' in line.group(1)
    assert re.sub("<[^>]*>", "", line.group(1)) == "diag1 = {0}  looked up: 0 (in it)"
    cols = re.search(r'id="set-cols">(.*?)</div>', dom)
    assert cols is not None
    assert re.sub("<[^>]*>", "", cols.group(1)) == "cols = {0}  looked up: 1 (not in it)"
    assert run("trace", "6", "-m", "min-conflicts", "--seed", "1", "--html", str(repair)).code == 0
    shaded = _play(repair, tmp_path, "step=1&shade=1")
    counts = [int(k) for k in re.findall(r'<text class="count"[^>]*>(\d+)</text>', _svg(shaded))]
    assert counts and all(k >= 1 for k in counts) and 'class="attacked"' in _svg(shaded)
    assert 'class="attacked"' in _svg(_play(repair, tmp_path, "step=1"))   # the repair's data
    assert 'class="attacked"' not in _svg(_play(repair, tmp_path, "step=1&shade=0"))
    assert 'class="attacked"' not in _svg(_play(sets, tmp_path, "step=3"))   # else on request


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")
def test_chromium_draws_the_search_tree_as_it_grows(run, tmp_path: Path) -> None:
    import json as _json

    page = tmp_path / "all8.html"
    assert run("trace", "8", "--until", "all", "--html", str(page)).code == 0
    stats = _json.loads(run("stats", "8", "--json").out)
    levels = ", ".join(str(k) for k in stats["nodes_per_level"])
    dom = _play(page, tmp_path, "autoplay=1&speed=max")
    assert _dd(dom, "status") == "done"
    assert _dd(dom, "tree-levels") == f"nodes per level so far (0 … 8 queens): {levels}"
    tree = dom[dom.index('<svg id="tree"'):]
    tree = tree[:tree.index("</svg>")]
    assert tree.count('class="node') == stats["nodes"]            # the root and every placement
    assert tree.count('class="node current"') == 0                 # every queen taken back
    assert tree.count('class="node solved"') > stats["solutions"]  # each solution's path
    mid = _play(page, tmp_path, "step=24")
    tree = mid[mid.index('<svg id="tree"'):]
    tree = tree[:tree.index("</svg>")]
    assert tree.count('class="node current"') == 4 and 'class="node dead"' in tree


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")
def test_chromium_counts_the_levels_of_a_tree_too_big_to_draw(run, tmp_path: Path) -> None:
    import json as _json

    page = tmp_path / "all10.html"
    assert run("trace", "10", "--until", "all", "--html", str(page)).code == 0
    stats = _json.loads(run("stats", "10", "--json").out)
    dom = _play(page, tmp_path, "autoplay=1&speed=max")
    text = _dd(dom, "tree-levels")
    assert text.startswith("nodes per level so far (0 … 10 queens): " +
                           ", ".join(f"{k:,}" for k in stats["nodes_per_level"]))
    assert "counted, not drawn" in text
    if '<svg id="tree"' in dom:   # no node of it drawn
        tree = dom[dom.index('<svg id="tree"'):]
        assert 'class="node' not in tree[:tree.index("</svg>")]


def test_the_compare_page_holds_two_players_and_refuses_what_it_cannot(run,
                                                                        tmp_path: Path) -> None:
    page = tmp_path / "two.html"
    r = run("trace", "8", "--html", str(page), "--compare", "sets")
    assert r.code == 0 and r.err.strip().startswith(
        f"wrote {page} (a page of two players, n = 8: proba in 876 steps; sets in 876 steps, ")
    text = page.read_text()
    assert text.count("<iframe") == 2 and "https://" not in text and "<script src" not in text
    assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")
    r = run("trace", "8", "--compare", "sets")
    assert r.code == 2
    assert r.err.strip() == "nqueens: error: --compare makes a page: give it --html FILE"
    r = run("trace", "8", "--until", "all", "--html", str(page), "--compare", "min-conflicts")
    assert r.code == 2 and "stops at its first solution" in r.err
