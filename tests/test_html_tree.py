"""The search tree of the HTML player, looked at and used in a real headless Chromium
(Debian's, with its chromedriver, through Selenium): its layout read from the DOM (tidy, no
crossing edges), its colours, a real click on a node, the partial board on hover, zoom and
pan, and the whole tree of 8 queens played at full speed."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from browser_support import needs_browser, open_page

pytestmark = needs_browser

ORANGE, GREEN, GREY, DARK, ROOT = "#e67e22", "#27ae60", "#cccccc", "#555555", "#333333"
END = "event=99999999"   # past the end: the page shows the last event

# Every drawn edge as [x1, y1, x2, y2, parent, child], in the order of the nodes.
EDGES_JS = """return [...document.querySelectorAll('#tree line')]
  .filter(l => l.getAttribute('class').startsWith('edge'))
  .map(l => ['x1', 'y1', 'x2', 'y2'].map(a => Number(l.getAttribute(a)))
       .concat([Number(l.dataset.parent), Number(l.dataset.child)]));"""



def _page(run, tmp_path: Path, n: int, until: str = "all") -> Path:  # type: ignore[no-untyped-def]
    page = tmp_path / f"tree{n}{until}.html"
    assert run("trace", str(n), "--until", until, "--html", str(page)).code == 0
    return page


def _open(driver, page: Path, query: str = "") -> None:  # type: ignore[no-untyped-def]
    open_page(driver, page, query)
    driver.execute_script("document.getElementById('tree-panel').scrollIntoView()")


def _text(driver, ident: str) -> str:  # type: ignore[no-untyped-def]
    """An element's text, numbers without their thousands separators."""
    return str(driver.find_element("id", ident).text).replace(",", "")


def _nodes(driver, state: str = "", exactly: bool = False) -> list:  # type: ignore[no-untyped-def]
    """The drawn nodes: every one, or those in a state (current, solved, dead, root; a solved
    node on the current path is both), or exactly in it (`class="node current"`)."""
    found = driver.execute_script(
        "return [...document.querySelectorAll('#tree .node' + arguments[0])]"
        ".filter(e => e.getAttribute('class').startsWith('node') &&"
        " (!arguments[1] || e.getAttribute('class') === 'node ' + arguments[2]))",
        "." + state.replace(" ", ".") if state else "", exactly, state)
    return list(found)


def _styles(driver, elements: list, prop: str) -> set[str]:  # type: ignore[no-untyped-def]
    return set(driver.execute_script(
        "return arguments[0].map(e => getComputedStyle(e)[arguments[1]])", elements, prop))


def _rgb(colour: str) -> str:
    h = colour.lstrip("#")
    return f"rgb({int(h[0:2], 16)}, {int(h[2:4], 16)}, {int(h[4:6], 16)})"


def _colours(png: bytes) -> set[tuple[int, int, int]]:
    from PIL import Image

    raw = Image.open(io.BytesIO(png)).convert("RGB").tobytes()
    return {(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)}


def _crossings(edges: list[list[float]]) -> list[tuple[list[float], list[float]]]:
    """Pairs of edges between the same two levels whose order at the top and at the
    bottom differ: lines that cross. Edges from one parent share their top end."""
    levels: dict[float, list[list[float]]] = {}
    for e in edges:
        levels.setdefault(round(e[1], 1), []).append(e)
    bad = []
    for level in levels.values():
        level.sort(key=lambda e: (e[0], e[2]))
        bad += [(a, b) for a, b in zip(level, level[1:], strict=False) if b[2] < a[2] - 1e-6]
    return bad


@pytest.mark.parametrize("n", [6, 8])
def test_the_final_tree_is_tidy_and_no_edges_cross(run, browser, tmp_path: Path,
                                                   n: int) -> None:
    import json

    _open(browser, _page(run, tmp_path, n), END)
    edges = browser.execute_script(EDGES_JS)
    stats = json.loads(run("stats", str(n), "--json").out)
    assert len(edges) == stats["nodes"] - 1 == len(_nodes(browser)) - 1   # all but the root
    assert _crossings(edges) == []
    # each parent stands at the midpoint of its first and last child, the children in order
    kids: dict[int, list[list[float]]] = {}
    for e in edges:
        kids.setdefault(int(e[4]), []).append(e)
    for parent, below in kids.items():
        xs = [e[2] for e in below]
        assert xs == sorted(xs) and len(set(xs)) == len(xs), parent
        assert abs(below[0][0] - (xs[0] + xs[-1]) / 2) < 0.02, parent
    # one level a row, every level below the one above
    ys = sorted({round(e[3], 1) for e in edges})
    assert len(ys) == max(k for k, count in enumerate(stats["nodes_per_level"]) if count)


def test_a_click_on_a_node_goes_to_it_and_hover_shows_its_board(run, browser,
                                                                tmp_path: Path) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.support.ui import WebDriverWait

    _open(browser, _page(run, tmp_path, 6), END)
    edges = browser.execute_script(EDGES_JS)
    parent = {int(e[5]): int(e[4]) for e in edges}
    for index in (95, 40):   # the later first: after the jump, the earlier still stands
        node = browser.find_element("css selector", f'#tree [data-node="{index}"]')
        depth, k = 0, index
        while k >= 0:
            depth, k = depth + 1, parent[k]
        ActionChains(browser).move_to_element(node).perform()
        tip = browser.find_element("css selector", "#tree-view .tree-tip")
        WebDriverWait(browser, 5).until(lambda d: tip.is_displayed())   # noqa: B023
        assert len(tip.find_elements("css selector", "circle.queen")) == depth
        assert len(tip.find_elements("css selector", "rect")) == 36   # the 6 x 6 squares
        assert f"({depth} queen" in tip.text
        at = node.get_attribute("data-at")
        ActionChains(browser).click(node).perform()
        assert _text(browser, "event-counter").startswith(f"{at} /")
        assert node.get_attribute("class").startswith("node current")   # it stands now


def test_the_states_have_the_palettes_colours_and_shapes(run, browser,
                                                         tmp_path: Path) -> None:
    page = _page(run, tmp_path, 6)
    _open(browser, page, "event=700")   # mid-search: a solved node on the current path
    for state, colour in (("current", ORANGE), ("solved", GREEN), ("dead", GREY),
                          ("root", ROOT), ("solved current", GREEN)):
        found = _nodes(browser, state, exactly=True)
        assert found, state
        assert _styles(browser, found, "fill") == {_rgb(colour)}, state
    both = _nodes(browser, "solved current")   # green, ringed orange: both show
    assert _styles(browser, both, "stroke") == {_rgb(ORANGE)}
    current = _nodes(browser, "current")
    depth = int(_text(browser, "depth"))
    assert len(current) == depth   # the path from the root to the queen placed last
    path = browser.find_elements("css selector", "#tree line.edge.current")
    assert len(path) == depth and _styles(browser, path, "stroke") == {_rgb(ORANGE)}
    assert browser.find_elements("css selector", "#tree rect.node.solved")   # square leaves
    radius = "return arguments[0].map(e => Number(e.getAttribute('r')))"
    dead, ringed = (browser.execute_script(radius, _nodes(browser, k)) for k in ("dead", "current"))
    assert max(dead) < min(ringed)   # sizes tell the states apart too
    seen = _colours(browser.find_element("id", "tree-view").screenshot_as_png)
    for colour in (ORANGE, GREEN, GREY):
        h = colour.lstrip("#")
        assert (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)) in seen, colour
    legend = browser.find_element("css selector", "#tree-view .tree-legend")
    assert [s.text for s in legend.find_elements("css selector", "span")] == \
        ["current path", "solution", "dead end", "open"]
    marks = browser.execute_script(
        "return [...arguments[0].querySelectorAll('.node')].map(e => getComputedStyle(e).fill)",
        legend)
    assert marks == [_rgb(c) for c in (ORANGE, GREEN, GREY, DARK)]
    # the first solution of 8 queens, at the end of its trace: its path green for good
    _open(browser, _page(run, tmp_path, 8, "first"), END)
    solved = _nodes(browser, "solved")
    assert len(solved) == 8 and _styles(browser, solved, "fill") == {_rgb(GREEN)}
    assert {e.get_attribute("class") for e in solved} == {"node solved current"}


# The drawn nodes' boxes on screen and the svg's: [[left, top, right, bottom], ...].
BOXES_JS = """const box = (e) => { const r = e.getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom]; };
return [box(document.getElementById('tree'))].concat([...document.querySelectorAll('#tree .node')]
  .filter(e => e.getAttribute('class').startsWith('node')).map(box));"""


def _span(driver) -> float:  # type: ignore[no-untyped-def]
    """The width on screen of the drawn tree, px."""
    xs = [b[0] for b in driver.execute_script(BOXES_JS)[1:]]
    return max(xs) - min(xs)


def _inside(driver) -> bool:  # type: ignore[no-untyped-def]
    """Whether every drawn node lies inside the svg, whole."""
    svg, *boxes = driver.execute_script(BOXES_JS)
    return all(svg[0] - 0.5 <= b[0] and b[2] <= svg[2] + 0.5 and
               svg[1] - 0.5 <= b[1] and b[3] <= svg[3] + 0.5 for b in boxes)


def _labels(driver) -> list[str]:  # type: ignore[no-untyped-def]
    """The squares' names shown beside the nodes."""
    return list(driver.execute_script(
        "return [...document.querySelectorAll('#tree text.label')]"
        ".filter(e => getComputedStyle(e).display !== 'none').map(e => e.textContent)"))


def test_zoom_buttons_the_wheel_and_a_drag_move_the_view_and_fit_shows_it_all(
        run, browser, tmp_path: Path) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
    from selenium.webdriver.support.ui import Select

    _open(browser, _page(run, tmp_path, 8), END)
    view, svg = browser.find_element("id", "tree-view"), browser.find_element("id", "tree")
    assert abs(view.rect["width"] - svg.rect["width"]) < 1   # the svg fills its element
    assert abs(view.rect["height"] - svg.rect["height"]) < 1
    assert _inside(browser)   # fit, the default
    fitted = _span(browser)
    button = view.find_element("css selector", "button.zoom-in")
    button.click()
    assert _span(browser) > 1.4 * fitted and not _inside(browser)
    assert _labels(browser) == []   # no room for the squares' names yet
    for _ in range(10):
        button.click()   # close enough to read them
    Select(browser.find_element("id", "rows")).select_by_value("chess")
    shown = _labels(browser)
    assert shown and all(re.fullmatch("[a-h][1-8]", name) for name in shown)
    Select(browser.find_element("id", "rows")).select_by_value("source")   # relabelled
    assert not any(re.fullmatch("[a-h][1-8]", name) for name in _labels(browser))
    zoomed = _span(browser)
    view.find_element("css selector", "button.zoom-out").click()
    assert _span(browser) < zoomed
    pan = browser.find_element("css selector", "#tree .tree-pan")
    before = pan.get_attribute("transform")
    ActionChains(browser).move_to_element(svg).click_and_hold().move_by_offset(120, 0) \
        .release().perform()
    assert pan.get_attribute("transform") != before
    assert _text(browser, "event-counter").startswith("19925 /")   # a drag is not a click
    view.find_element("css selector", "button.zoom-fit").click()
    assert _inside(browser) and abs(_span(browser) - fitted) < 1
    ActionChains(browser).scroll_from_origin(ScrollOrigin.from_element(svg), 0, -400).perform()
    assert _span(browser) > 1.2 * fitted   # the wheel zooms in
    # the view follows its element's size (the page's layout decides it)
    browser.execute_script("arguments[0].style.flex = 'none';"
                           "arguments[0].style.height = '300px'", view)
    view.find_element("css selector", "button.zoom-fit").click()
    assert abs(svg.rect["height"] - 300) < 1 and _inside(browser)


def test_eight_queens_played_at_full_speed_draws_every_node(run, browser,
                                                            tmp_path: Path) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    _open(browser, _page(run, tmp_path, 8), "autoplay=1&speed=max")
    WebDriverWait(browser, 90).until(lambda d: d.find_element("id", "status").text == "done")
    svg = browser.find_element("id", "tree").get_attribute("outerHTML")
    assert svg.count('class="node') == 2057 and 'class="node current"' not in svg
    assert svg.count('class="node solved"') > 92
    assert _inside(browser)
