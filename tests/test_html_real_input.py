"""The HTML player driven as a person drives it: a real headless Chromium (Debian's, with
its chromedriver) through Selenium, with real clicks, drags and key presses; the DOM is
read and screenshots of the panels are checked for what they must show."""

from __future__ import annotations

import io
from pathlib import Path

from browser_support import click_square as _click_square
from browser_support import needs_browser
from browser_support import open_page as _open

pytestmark = needs_browser




def _text(driver, ident: str) -> str:  # type: ignore[no-untyped-def]
    return str(driver.find_element("id", ident).text)



def _colours(png: bytes) -> set[tuple[int, int, int]]:
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    raw = image.tobytes()
    return {(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)}


def _hex(colour: str) -> tuple[int, int, int]:
    h = colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def test_keys_buttons_and_the_timeline_move_through_the_trace(run, browser,
                                                              tmp_path: Path) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    page = tmp_path / "all6.html"
    assert run("trace", "6", "--until", "all", "--html", str(page)).code == 0
    _open(browser, page)
    body = browser.find_element("tag name", "body")
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_RIGHT)
    assert _text(browser, "event-counter").startswith("2 /")
    body.send_keys("]")   # the next solution
    assert _text(browser, "solutions-count") == "1"
    browser.find_element("id", "next-sol").click()
    assert _text(browser, "solutions-count") == "2"
    browser.find_element("id", "prev-sol").click()
    assert _text(browser, "solutions-count") == "1"
    total = int(_text(browser, "event-counter").split(" / ")[1].replace(",", ""))
    slider = browser.find_element("id", "timeline")
    width = slider.rect["width"]
    ActionChains(browser).click_and_hold(slider).move_by_offset(int(width * 0.45), 0) \
        .release().perform()   # dragged from the middle to near the right end
    shown = int(_text(browser, "event-counter").split(" / ")[0].replace(",", ""))
    assert 0.8 * total < shown <= total
    body.send_keys(Keys.HOME)
    assert _text(browser, "event-counter").startswith("0 /")
    for _ in range(8):
        body.send_keys("+")   # faster and faster, then play to the end
    browser.find_element("id", "play").click()
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, 60).until(lambda d: d.find_element("id", "status").text == "done")
    assert _text(browser, "solutions-count") == "4"


def test_your_own_board_counts_completions_as_the_command_line_does(run, browser,
                                                                    tmp_path: Path) -> None:
    page = tmp_path / "p8.html"
    assert run("trace", "8", "--html", str(page)).code == 0
    _open(browser, page, "rows=chess")
    browser.find_element("id", "own-mode").click()
    for square in ("d1", "e5", "e5", "a3"):   # e5 placed, then taken off again
        _click_square(browser, 8, square)
    assert _text(browser, "own-result") == "2 queens placed: a3, d1"
    board = browser.find_element("id", "board").get_attribute("innerHTML")
    assert board.count("<use") == 2
    browser.find_element("id", "own-count").click()
    expected = run("count", "8", "--fixed", "a3,d1").out.strip()
    assert _text(browser, "own-result").startswith(f"{expected} way")
    browser.find_element("id", "own-complete").click()
    assert _text(browser, "own-result").startswith("one completion: ")
    board = browser.find_element("id", "board").get_attribute("innerHTML")
    assert board.count("<use") == 8 and 'class="attacker"' not in board
    _click_square(browser, 8, "a8")   # a queen in the completed board's way
    browser.find_element("id", "own-count").click()
    assert _text(browser, "own-result").startswith("0 ways")
    browser.find_element("id", "own-mode").click()   # back to the trace
    assert _text(browser, "event-text") != "your own board"


def test_screenshots_of_the_panels_show_what_they_must(run, browser, tmp_path: Path) -> None:
    from nqueens.output.pictures import REFUSED

    page = tmp_path / "p8.html"
    assert run("trace", "8", "--html", str(page)).code == 0
    _open(browser, page, "step=24&rows=chess")
    board = browser.find_element("id", "board")
    shot = _colours(board.screenshot_as_png)
    assert _hex(REFUSED) in shot            # the refused square's outline
    files = browser.find_elements("css selector", "#board text.file")
    assert [f.text for f in files] == list("abcdefgh")
    code = browser.find_element("id", "code-panel")
    assert (255, 226, 138) in _colours(code.screenshot_as_png)   # the highlighted line
    current = browser.find_element("css selector", "#code li.current code").text
    assert current.strip() == "if (szabad(sor, oszlop)) {"
    data = browser.find_element("id", "data-panel")
    colours = _colours(data.screenshot_as_png)
    assert (68, 68, 68) in colours and (192, 57, 43) in colours   # taken cells, refused look-up
    taken = browser.find_elements("css selector", "#strip-sor .cell.taken")
    assert [c.get_attribute("data-index") for c in taken] == ["1", "2", "3", "5"]


def test_two_players_side_by_side_move_together(run, browser, tmp_path: Path) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    page = tmp_path / "two.html"
    r = run("trace", "8", "--html", str(page), "--compare", "min-conflicts", "--seed", "2")
    assert r.code == 0 and "proba in 876 steps; min-conflicts in" in r.err
    browser.get(page.as_uri())
    WebDriverWait(browser, 30).until(
        lambda d: "step 0 of 876" in d.find_element("id", "left-counter").text and
        "step 0 of" in d.find_element("id", "right-counter").text)
    browser.find_element("id", "both-step").send_keys("3")
    browser.find_element("id", "both-jump").click()
    WebDriverWait(browser, 30).until(
        lambda d: "step 3 of 876" in d.find_element("id", "left-counter").text and
        "min-conflicts: step 3 of" in d.find_element("id", "right-counter").text)
    for side, label in (("left", "step (squares tested)"), ("right", "step (candidate swaps)")):
        browser.switch_to.frame(side)
        assert _text(browser, "step-counter") == "3" and _text(browser, "step-label") == label
        browser.switch_to.default_content()
    browser.find_element("id", "both-end").click()
    WebDriverWait(browser, 30).until(
        lambda d: "(done)" in d.find_element("id", "left-counter").text and
        "(done)" in d.find_element("id", "right-counter").text)
    browser.switch_to.frame("left")
    assert _text(browser, "solutions-count") == "1"
    browser.switch_to.default_content()


def test_a_narrow_window_shows_the_whole_board_and_the_queen_placed_is_animated(
        run, browser, tmp_path: Path) -> None:
    page = tmp_path / "p8.html"
    assert run("trace", "8", "--html", str(page)).code == 0
    browser.set_window_size(420, 900)
    _open(browser, page, "step=1")
    width = browser.execute_script("return window.innerWidth")
    board = browser.find_element("id", "board").rect
    assert board["x"] >= 0 and board["x"] + board["width"] <= width
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width
    placed = browser.find_elements("css selector", "#board g.placed")
    assert len(placed) == 1   # step 1 placed the queen on a8: it grows in
    assert browser.execute_script(
        "return getComputedStyle(arguments[0]).animationName", placed[0]) == "nq-place"
    from selenium.webdriver.common.keys import Keys

    body = browser.find_element("tag name", "body")
    for _ in range(40):   # on to the first queen taken back
        body.send_keys(Keys.ARROW_RIGHT)
        if "take back" in _text(browser, "event-text"):
            break
    assert len(browser.find_elements("css selector", "#board g.removed")) == 1


def test_a_screenshot_of_the_search_tree_shows_its_path_and_dead_ends(run, browser,
                                                                      tmp_path: Path) -> None:
    page = tmp_path / "all6.html"
    assert run("trace", "6", "--until", "all", "--html", str(page)).code == 0
    _open(browser, page, "event=300")
    shot = _colours(browser.find_element("id", "tree-panel").screenshot_as_png)
    assert {(0xE6, 0x7E, 0x22), (0xCC, 0xCC, 0xCC), (0x27, 0xAE, 0x60)} <= shot
    assert len(browser.find_elements("css selector", "#tree circle.current")) == \
        int(_text(browser, "depth"))
