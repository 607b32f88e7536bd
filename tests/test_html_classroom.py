"""The teaching page as a classroom uses it: one screen at the sizes of projectors and
laptops, one numbering of the squares, every line of the code with its call stack, the
source's tour, your own board traced, in a real headless Chromium driven through
chromedriver (Selenium) with real keys and clicks."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqueens.algorithms.classic import trace
from nqueens.base.events import Kind
from nqueens.tasks.tour import TOUR

from browser_support import click_square as _click_square
from browser_support import needs_browser
from browser_support import open_page as _open
from browser_support import screen as _screen
from browser_support import text as _text

pytestmark = needs_browser

#: The screens a lesson is given on: projectors, laptops.
SCREENS = [(1280, 720), (1920, 1080), (1024, 768)]
#: The panels a lesson needs on one screen.
PANELS = ["board-panel", "control-panel", "code-panel", "stack-panel", "data-panel",
          "tree-panel"]






def _boxes(driver, ids: list[str]) -> dict[str, dict[str, float]]:  # type: ignore[no-untyped-def]
    return driver.execute_script(  # type: ignore[no-any-return]
        "const out = {}; for (const id of arguments[0]) { const r = document.getElementById(id)"
        ".getBoundingClientRect(); out[id] = {left: r.left, top: r.top, right: r.right, "
        "bottom: r.bottom}; } return out;", ids)


def _px(driver, selector: str) -> float:  # type: ignore[no-untyped-def]
    return float(driver.execute_script(
        "return parseFloat(getComputedStyle(document.querySelector(arguments[0])).fontSize)",
        selector))


def _one_screen(driver, width: int, height: int) -> None:  # type: ignore[no-untyped-def]
    """Every panel a lesson needs inside the viewport, and no two overlapping."""
    boxes = _boxes(driver, PANELS)
    for ident, b in boxes.items():
        assert b["right"] > b["left"] and b["bottom"] > b["top"], ident   # shown
        assert b["left"] >= 0 and b["top"] >= 0, (ident, b)
        assert b["right"] <= width + 0.5 and b["bottom"] <= height + 0.5, (ident, b, width, height)
    names = list(boxes)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            p, q = boxes[a], boxes[b]
            apart = (p["right"] <= q["left"] + 0.5 or q["right"] <= p["left"] + 0.5 or
                     p["bottom"] <= q["top"] + 0.5 or q["bottom"] <= p["top"] + 0.5)
            assert apart, (a, b, p, q)
    # what they hold is seen, not scrolled away: the controls and counters, the three arrays
    # whole, the highlighted line of the code and the running call inside their panels,
    # and room for the tree
    seen = driver.execute_script("""
      const inside = (el, box) => { if (!el) return null;
        const r = el.getBoundingClientRect(), b = box.getBoundingClientRect();
        return r.top >= b.top - 1 && r.bottom <= b.bottom + 1; };
      const whole = (id) => { const e = document.getElementById(id);
        return e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1; };
      return {controls: whole('control-panel'), data: whole('data-panel'),
              line: inside(document.querySelector('#code li.current'),
                           document.getElementById('code-panel')),
              call: inside(document.querySelector('#stack li.top'),
                           document.getElementById('stack-panel')),
              tree: document.getElementById('tree-view').getBoundingClientRect().height};
    """)
    assert seen["controls"] and seen["data"], seen
    assert seen["line"] is not False and seen["call"] is not False, seen
    assert seen["tree"] >= 80, seen


@pytest.fixture
def page8(run, tmp_path: Path) -> Path:  # type: ignore[no-untyped-def]
    page = tmp_path / "p8.html"
    assert run("trace", "8", "--html", str(page)).code == 0
    return page


@pytest.mark.parametrize("rows", ["source", "chess"])
@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_the_lesson_fits_one_screen_readable_from_the_back(browser, page8: Path, width: int,
                                                            height: int, rows: str) -> None:
    _screen(browser, width, height)
    _open(browser, page8, f"step=60&rows={rows}")   # seven queens: seven calls on the stack
    _one_screen(browser, width, height)
    assert _px(browser, "#code li code") >= 16 and _px(browser, ".strip .cell") >= 16
    assert _px(browser, "#stack li") >= 16 and _px(browser, "#event-text") >= 16
    assert _px(browser, "#step-counter") >= 20            # the key numbers larger
    assert browser.execute_script("return scrollY") == 0
    # presentation mode, by its key: everything larger, the lesson still on one screen
    before = _px(browser, "#code li code")
    browser.find_element("tag name", "body").send_keys("p")
    assert browser.execute_script("return document.documentElement.className") == "present"
    assert _px(browser, "#code li code") >= max(20, 1.25 * before)
    _one_screen(browser, width, height)


def test_a_phone_stacks_the_panels_with_the_board_whole(browser, page8: Path) -> None:
    _screen(browser, 420, 900)
    _open(browser, page8, "step=24")
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 420
    boxes = _boxes(browser, PANELS)
    for ident, b in boxes.items():
        assert b["left"] >= 0 and b["right"] <= 420, ident
    order = sorted(PANELS, key=lambda i: boxes[i]["top"])
    for upper, lower in zip(order, order[1:], strict=False):   # one above the other
        assert boxes[upper]["bottom"] <= boxes[lower]["top"] + 0.5, (upper, lower)
    board = _boxes(browser, ["board"])["board"]
    assert board["right"] - board["left"] > 300


def _events_facts(driver, ks: list[int]) -> list[dict[str, object]]:  # type: ignore[no-untyped-def]
    """What the page shows at each event of ``ks``: it is moved to each in turn and read
    there, all in one script (one round trip, not one an event)."""
    return driver.execute_script("""
      return arguments[0].map(k => {
        window.nqPlayer.seek(k);
        const t = document.querySelector('#board rect.tried');
        const cells = [...document.querySelectorAll('#data .cell.checked')].map(c => ({
          strip: c.parentElement.id, index: Number(c.dataset.index), state: c.dataset.state,
          sub: c.querySelector('small') ? c.querySelector('small').textContent : ''}));
        const ranks = [...document.querySelectorAll('#board text.rank')].map(
          x => x.textContent);
        const files = [...document.querySelectorAll('#board text.file')].map(
          x => x.textContent);
        return {tried: t ? {row: Number(t.dataset.row), col: Number(t.dataset.col),
                            name: t.dataset.name, state: t.dataset.state,
                            stroke: t.getAttribute('stroke')} : null,
                cells: cells, ranks: ranks, files: files,
                text: document.getElementById('event-text').textContent};
      });
    """, ks)


def test_one_numbering_the_tried_square_and_its_three_cells_agree_at_every_event(
        browser, page8: Path) -> None:
    from nqueens.output.pictures import FREE, REFUSED

    _screen(browser, 1280, 720)
    _open(browser, page8)
    events = list(trace(8, "proba", until="first"))
    assert browser.execute_script("return window.nqPlayer.state().events") == len(events)
    tests = 0
    for rows in ("source", "chess"):
        browser.execute_script("window.nqPlayer.setRows(arguments[0])", rows)
        tried_at = [(k, e) for k, e in enumerate(events, start=1) if e.kind is Kind.TEST]
        facts = _events_facts(browser, [k for k, _ in tried_at])
        assert len(facts) == len(tried_at)
        for (_, e), f in zip(tried_at, facts, strict=True):
            tests += 1
            tried = f["tried"]
            assert isinstance(tried, dict) and (tried["row"], tried["col"]) == (e.row, e.col)
            sor, oszlop = e.row + 1, e.col + 1
            cells = {c["strip"]: c for c in f["cells"]}  # type: ignore[union-attr]
            assert cells["strip-sor"]["index"] == sor
            assert cells["strip-diff"]["index"] == oszlop - sor
            assert cells["strip-sum"]["index"] == oszlop + sor
            # free green, taken red: the square is free exactly when its three cells are
            free = all(c["state"] == "free" for c in cells.values())
            assert tried["state"] == ("free" if free else "refused") == \
                ("free" if e.ok else "refused")
            assert tried["stroke"] == (FREE if e.ok else REFUSED)
            if rows == "source":   # the row label beside the square is its sor cell
                assert f["ranks"][e.row] == str(sor) and f["files"][e.col] == str(oszlop)
                assert tried["name"] == f"({sor},{oszlop})"
            else:                  # chess names everywhere, the cells too
                square = f"{'abcdefgh'[e.col]}{8 - e.row}"
                assert tried["name"] == square and f"test {square}" in str(f["text"])
                for strip in ("strip-sor", "strip-diff", "strip-sum"):   # the same square
                    assert cells[strip]["sub"] == square
    assert tests == 2 * 876


def test_the_numbering_control_and_the_address_switch_every_name(browser, page8: Path) -> None:
    from selenium.webdriver.support.select import Select

    _open(browser, page8, "step=876")
    assert _text(browser, "event-text").startswith("test (4,8): free")
    assert "1 5 8 6 3 7 2 4" in _text(browser, "solutions")
    Select(browser.find_element("id", "rows")).select_by_value("chess")
    assert _text(browser, "event-text").startswith("test h5: free")
    assert "a8 b4 c1 d3 e6 f2 g7 h5" in _text(browser, "solutions")
    _open(browser, page8, "step=24&rows=chess")
    assert "the queen on a8" in _text(browser, "event-text")
    stack = _text(browser, "stack")
    assert "proba(5) oszlop=5 sor=5 siker=false e4" in stack   # the call's square too


def test_every_line_of_proba_lights_in_order_with_its_call_stack(browser, run,
                                                                 tmp_path: Path) -> None:
    page = tmp_path / "p4.html"
    assert run("trace", "4", "--html", str(page)).code == 0
    _open(browser, page)
    body = browser.find_element("tag name", "body")
    seen = []
    for _ in range(14):
        body.send_keys("l")   # the next line
        line = browser.execute_script(
            "const li = document.querySelector('#code li.current');"
            "return li ? li.textContent.trim() : null")
        seen.append(line)
    assert seen == [
        "bool proba(int oszlop) {", "bool siker = false; sor = 1;", "do {",
        "if (szabad(sor, oszlop)) {", "lefoglal(sor, oszlop);",
        "if (oszlop < n) siker = proba(oszlop + 1);",
        "bool proba(int oszlop) {", "bool siker = false; sor = 1;", "do {",
        "if (szabad(sor, oszlop)) {", "sor++;", "} while (!siker && sor <= n);",
        "if (szabad(sor, oszlop)) {", "sor++;"]
    # a step is still a square test: fourteen lines ran, three squares were tested
    assert _text(browser, "step-counter") == "3"
    frames = browser.find_elements("css selector", "#stack li")
    assert [f.text.split()[0] for f in frames] == ["proba(1)", "proba(2)"]
    assert frames[-1].text == "proba(2) oszlop=2 sor=3 siker=false"
    browser.find_element("id", "next-line").click()   # the button does the same
    assert "while" in browser.find_element("css selector", "#code li.current").text
    body.send_keys("L")   # and back
    assert browser.find_element("css selector", "#code li.current").text.strip() == "sor++;"


@pytest.mark.parametrize("method", ["proba", "arrays", "sets"])
@pytest.mark.parametrize("until", ["first", "all"])
def test_the_lines_between_events_lead_to_each_next_event(browser, run, tmp_path: Path,
                                                          method: str, until: str) -> None:
    page = tmp_path / f"{method}.html"
    assert run("trace", "6", "-m", method, "--until", until, "--html", str(page)).code == 0
    _open(browser, page)
    check = browser.execute_script("return window.nqPlayer.checkLines()")
    assert check["firstMismatch"] == -1 and check["firstDrift"] == -1
    assert check["lines"] > 2 * check["events"]


@pytest.mark.parametrize(("n", "until", "code"), [(8, "all", 1), (10, "first", 0)])
def test_the_superqueens_lines_too(browser, run, tmp_path: Path, n: int, until: str,
                                   code: int) -> None:
    page = tmp_path / "sq.html"   # no 8x8 board holds 8 superqueens: exit 1, the page made
    assert run("trace", str(n), "--piece", "superqueen", "--until", until, "--html",
               str(page)).code == code
    _open(browser, page)
    check = browser.execute_script("return window.nqPlayer.checkLines()")
    assert check["firstMismatch"] == -1 and check["firstDrift"] == -1


def test_the_tour_stops_where_the_source_pictures_the_search(browser, run,
                                                             tmp_path: Path) -> None:
    page = tmp_path / "tour.html"
    assert run("trace", "8", "--html", str(page)).code == 0
    _open(browser, page, "rows=chess")
    browser.find_element("id", "tour").click()
    for i, stop in enumerate(TOUR):
        assert _text(browser, "step-counter") == f"{stop.step:,}"
        assert browser.execute_script("return window.nqPlayer.state().step") == stop.step
        box = _text(browser, "tour-text")
        assert box.startswith(f"Step {stop.step:,}: {stop.title}")
        assert f"test {stop.square}" in _text(browser, "event-text") and stop.square in box
        if i + 1 < len(TOUR):
            browser.find_element("id", "tour-next").click()
    sources = _text(browser, "sources")
    assert "Hungarian" in sources and "Wirth" in sources and "Dijkstra" in sources
    # playing with the tour on stops at its next state
    _open(browser, page, "speed=200")
    browser.find_element("tag name", "body").send_keys("t")   # the tour's key: stop 1
    browser.find_element("id", "tour-next").click()
    from selenium.webdriver.support.ui import WebDriverWait

    browser.execute_script("window.nqPlayer.seekStep(40)")
    browser.find_element("id", "play").click()
    WebDriverWait(browser, 30).until(
        lambda d: d.find_element("id", "status").get_attribute("textContent") != "playing")
    assert _text(browser, "step-counter") == "60" and "stop 3 of 4" in _text(browser, "status")
    tour_page = tmp_path / "tour-open.html"
    assert run("trace", "8", "--html", str(tour_page), "--tour").code == 0
    _open(browser, tour_page)
    assert _text(browser, "step-counter") == "24" and not browser.find_element(
        "id", "tour-text").get_attribute("hidden")


def test_the_queen_placed_grows_in_its_own_square(browser, page8: Path) -> None:
    _screen(browser, 1280, 720)
    events = list(trace(8, "proba", until="first"))
    placed_at = next(k for k, e in enumerate(events) if e.kind is Kind.PLACE and k > 30)
    _open(browser, page8, f"event={placed_at}")
    square = browser.execute_script(
        "const m = document.getElementById('board').getScreenCTM();"
        "return [m.a, m.e, m.f];")
    scale, x0, y0 = square
    browser.find_element("tag name", "body").send_keys("\ue014")   # → : the next event
    centres = browser.execute_script("""
      const g = document.querySelector('#board g.placed');
      if (!g) return null;
      const out = [];
      const t0 = performance.now();
      return new Promise(done => {
        (function sample() {
          const r = g.firstChild.getBoundingClientRect();
          out.push([(r.left + r.right) / 2, (r.top + r.bottom) / 2, r.width]);
          if (performance.now() - t0 < 300) requestAnimationFrame(sample); else done(out);
        })();
      });
    """)
    assert centres and len(centres) >= 3
    placed = browser.execute_script("return window.nqPlayer.state().queens.slice(-1)[0]")
    row, col = placed
    for cx, cy, _ in centres:   # every frame of the animation inside the queen's square
        assert x0 + col * scale <= cx <= x0 + (col + 1) * scale
        assert y0 + row * scale <= cy <= y0 + (row + 1) * scale
    assert centres[0][2] < centres[-1][2]   # and it grows


def test_keys_never_scroll_the_page_and_counters_have_separators(browser, run,
                                                                 tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    page = tmp_path / "a8.html"
    assert run("trace", "8", "--until", "all", "--html", str(page)).code == 0
    _screen(browser, 1280, 720)
    _open(browser, page)
    assert browser.execute_script("return document.documentElement.scrollHeight") > 720
    body = browser.find_element("tag name", "body")
    for key in (Keys.END, Keys.HOME, Keys.ARROW_RIGHT, Keys.ARROW_LEFT, Keys.ARROW_DOWN,
                Keys.ARROW_UP, Keys.SPACE, Keys.SPACE):
        body.send_keys(key)
        browser.execute_script("return new Promise(r => requestAnimationFrame(() => "
                               "requestAnimationFrame(r)))")   # a smooth scroll would start
        assert browser.execute_script("return scrollY") == 0, key
    body.send_keys(Keys.END)
    assert _text(browser, "event-counter") == "19,925 / 19,925"
    assert _text(browser, "step-counter") == "15,720"


def test_shading_is_a_scale_with_its_legend(browser, run, tmp_path: Path) -> None:
    page = tmp_path / "mc.html"
    assert run("trace", "8", "-m", "min-conflicts", "--seed", "1", "--html", str(page)).code == 0
    _open(browser, page, "step=1")
    fills = set(browser.execute_script(
        "return [...document.querySelectorAll('#board rect.attacked')]"
        ".map(r => r.getAttribute('fill'))"))
    assert len(fills) >= 2   # more attackers, another colour: not grey on grey
    legend = browser.find_element("id", "shade-legend")
    assert legend.is_displayed() and "queens attacking a square" in legend.text
    swatches = browser.execute_script(
        "return [...document.querySelectorAll('#shade-legend .swatch')]"
        ".map(s => getComputedStyle(s).backgroundColor)")
    assert len(set(swatches)) == 4



def test_your_own_board_counts_superqueen_completions_as_the_command_line(
        browser, run, tmp_path: Path) -> None:
    page = tmp_path / "sq10.html"
    assert run("trace", "10", "--piece", "superqueen", "--html", str(page)).code == 0
    _open(browser, page)
    browser.find_element("id", "own-mode").click()
    for square in ("c10", "f9"):
        _click_square(browser, 10, square)
    browser.find_element("id", "own-count").click()
    expected = run("count", "10", "--piece", "superqueen", "--fixed", "c10,f9").out.strip()
    queens = run("count", "10", "--fixed", "c10,f9").out.strip()
    assert expected != queens   # the knight's move makes a difference here
    assert _text(browser, "own-result").startswith(f"{int(expected):,} way")
    assert "--piece superqueen" in _text(browser, "own-result")


def _proba_from(n: int, fixed: dict[int, int]) -> tuple[int, list[int] | None]:
    """proba's square tests from queens fixed in some columns (skipped), to its first
    solution: the readable search the page's "trace from here" is held to."""
    rows = [-1] * n
    for c, r in fixed.items():
        rows[c] = r
    tests = 0

    def free(r: int, c: int) -> bool:
        return all(rows[j] < 0 or (rows[j] != r and abs(rows[j] - r) != abs(j - c))
                   for j in range(n) if j != c)

    def proba(c: int) -> bool:
        nonlocal tests
        if c in fixed:
            return proba(c + 1) if c < n - 1 else True
        for r in range(n):
            tests += 1
            if free(r, c):
                rows[c] = r
                if c == n - 1 or proba(c + 1):
                    return True
                rows[c] = -1
        return False

    found = proba(0)
    return tests, (rows if found else None)


def test_trace_from_your_own_board_runs_proba_from_there(browser, page8: Path) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    _screen(browser, 1280, 720)
    _open(browser, page8, "own=d1,h7")
    browser.find_element("id", "own-trace").click()
    WebDriverWait(browser, 10).until(lambda d: "proba from your" in d.find_element(
        "id", "from-board-text").text)
    steps, solution = _proba_from(8, {3: 7, 7: 1})
    assert solution is not None
    assert _text(browser, "step-total") == f"{steps:,}"
    check = browser.execute_script("return window.nqPlayer.checkLines()")
    assert check["firstMismatch"] == -1 and check["firstDrift"] == -1
    assert "adott(oszlop)" in _text(browser, "code")   # the listing says what runs
    assert len(browser.find_elements("css selector", "#board g.queen")) == 2   # yours, standing
    browser.find_element("id", "next-line").click()
    assert browser.find_element("css selector", "#code li.current").text.startswith("bool proba")
    browser.find_element("id", "next-line").click()   # column 1 holds none of your queens
    assert "adott(oszlop)" in browser.find_element("css selector", "#code li.current").text
    _one_screen(browser, 1280, 720)   # the same panels
    browser.find_element("tag name", "body").send_keys("\ue010")   # End
    queens = browser.execute_script("return window.nqPlayer.state().queens")
    assert sorted((r, c) for r, c in queens) == sorted((r, c) for c, r in enumerate(solution))
    assert _text(browser, "solutions-count") == "1"
    browser.find_element("id", "back-to-trace").click()
    assert _text(browser, "step-total") == "876"


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (1024, 768)])
def test_your_own_board_keeps_its_answers_on_screen_in_the_pages_numbering(
        browser, page8: Path, width: int, height: int) -> None:
    _screen(browser, width, height)
    _open(browser, page8, "own=a8,b4&ownAction=count")   # source numbering: (1,1), (5,2)
    result = browser.find_element("id", "own-result")
    assert result.is_displayed() and "(1,1), (5,2)" not in result.text
    assert " to complete this board" in result.text and "--fixed a8,b4" in result.text
    browser.find_element("id", "own-complete").click()
    assert result.text.startswith("one completion: 1 ")   # sor in each oszlop, as the page
    whole = browser.execute_script(
        "const e = document.getElementById('control-panel');"
        "return e.scrollHeight <= e.clientHeight + 1")
    assert whole   # its buttons and its answer on screen
    browser.find_element("id", "own-clear").click()
    browser.find_element("id", "own-mode").click()
    _open(browser, page8, "own=a8,b4&ownAction=trace")
    told = _text(browser, "from-board-text")
    assert told.startswith("proba from your queens (1,1), (5,2): ") and "a solution" in told
    _one_screen(browser, width, height)   # the counters too, after the trace from here
    assert browser.find_element("id", "step-counter").is_displayed()


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_each_item_works_by_real_input_at_each_screen_size(browser, page8: Path, width: int,
                                                           height: int) -> None:
    """At each screen: the numbering control, lines and the call stack, the tour, a click
    on the tree, the keys that do not scroll, your own board traced — all by real input,
    each answer on screen."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.select import Select

    def on_screen(element) -> bool:  # type: ignore[no-untyped-def]
        r = element.rect
        return bool(element.is_displayed() and r["x"] >= 0 and r["y"] >= 0 and
                    r["x"] + r["width"] <= width + 0.5 and r["y"] + r["height"] <= height + 0.5)

    _screen(browser, width, height)
    _open(browser, page8)
    body = browser.find_element("tag name", "body")
    Select(browser.find_element("id", "rows")).select_by_value("chess")   # 2: the numbering
    assert [t.text for t in browser.find_elements("css selector", "#board text.file")] == \
        list("abcdefgh")
    for _ in range(6):                                                      # 4: line by line
        body.send_keys("l")
    line = browser.find_element("css selector", "#code li.current")
    assert on_screen(line) and "proba(oszlop + 1)" in line.text
    frames = browser.find_elements("css selector", "#stack li")   # the call made: pushed
    assert [f.text for f in frames] == ["proba(1) oszlop=1 sor=1 siker=false a8",
                                        "proba(2) oszlop=2"]
    assert on_screen(frames[-1]) and "top" in str(frames[-1].get_attribute("class"))
    browser.find_element("id", "tour").click()                              # 5: the tour
    assert on_screen(browser.find_element("id", "tour-text"))
    assert _text(browser, "step-counter") == "24"
    node = browser.find_element("css selector", '#tree [data-node="3"]')    # 3: the tree
    at = node.get_attribute("data-at")
    ActionChains(browser).click(node).perform()
    assert _text(browser, "event-counter").startswith(f"{at} /")
    for key in (Keys.END, Keys.ARROW_DOWN, Keys.HOME):                      # 7: no scrolling
        body.send_keys(key)
    assert browser.execute_script("return scrollY") == 0
    assert on_screen(browser.find_element("id", "step-counter"))
    browser.find_element("id", "own-mode").click()                          # 8: your board
    _click_square(browser, 8, "a8")
    _click_square(browser, 8, "c7")
    assert on_screen(browser.find_element("id", "own-result"))
    browser.find_element("id", "own-trace").click()
    told = browser.find_element("id", "from-board-text")
    assert on_screen(told) and told.text.startswith("proba from your queens a8, c7: ")
    _one_screen(browser, width, height)
