"""The page of ``minesweeper serve`` in a real headless Chromium, with real clicks: a whole
game won through it, the overlay's numbers equal to ``check --probabilities``, a pasted
position analysed, and the page whole on a projector's and a phone's screen."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_ms_interactive import winning_seed

from puzzleshell import testing

from ms_support import PROGRAM

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(testing.browser_missing() is not None,
                                 reason=str(testing.browser_missing()))]


@pytest.fixture
def served() -> Iterator[tuple[str, int]]:
    """``minesweeper serve --seed S`` (S: a beginner game the hint wins): its address."""
    seed = winning_seed("beginner")
    with subprocess.Popen([*PROGRAM, "serve", "--seed", str(seed)], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True) as proc:
        try:
            assert proc.stdout is not None
            url = proc.stdout.readline().strip()
            assert url.startswith("http://127.0.0.1:"), url
            yield url, seed
        finally:
            proc.terminate()
            proc.wait(30)


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    pytest.importorskip("selenium.webdriver")
    driver = testing.start_browser(tmp_path / "profile")
    try:
        yield driver
    finally:
        driver.quit()


def _wait(driver: Any, condition: Any, timeout: float = 30) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(condition)


def _state(driver: Any) -> str:
    return str(driver.find_element("id", "state").text)


def _square(driver: Any, x: int, y: int) -> Any:
    return driver.find_element("css selector", f'.sq[data-x="{x}"][data-y="{y}"]')


def _open_page(driver: Any, url: str, level: str) -> None:
    driver.get(f"{url}?level={level}")
    _wait(driver, lambda d: _state(d) not in ("", "loading"))


def test_a_whole_game_won_through_the_page_by_real_clicks(served: tuple[str, int],
                                                          browser: Any) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    url, _ = served
    _open_page(browser, url, "beginner")
    assert browser.find_element("id", "minesleft").text == "10"
    # a flag by a right click, and off again
    ActionChains(browser).context_click(_square(browser, 9, 9)).perform()
    _wait(browser, lambda d: d.find_element("id", "minesleft").text == "9")
    ActionChains(browser).context_click(_square(browser, 9, 9)).perform()
    _wait(browser, lambda d: d.find_element("id", "minesleft").text == "10")
    for _ in range(80):
        if _state(browser).startswith(("won", "lost")):
            break
        before = browser.execute_script("return JSON.stringify(game.rows)")
        browser.find_element("id", "hint").click()
        hinted = _wait(browser, lambda d: d.find_elements("css selector", ".sq.hint"))
        hinted[0].click()
        _wait(browser, lambda d, seen=before:
              d.execute_script("return JSON.stringify(game.rows)") != seen)
    assert _state(browser).startswith("won in "), _state(browser)
    assert browser.find_element("id", "minesleft").text == "0"
    assert not browser.find_elements("css selector", ".sq.covered")


def _check_grid(position: str, tmp_path: Path) -> dict[tuple[int, int], str]:
    """What ``minesweeper check --probabilities`` prints on each covered square."""
    board = tmp_path / "position.txt"
    board.write_text(position)
    done = subprocess.run([*PROGRAM, "check", str(board), "--probabilities"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    width = len(position.splitlines()[1])
    rows = [line for line in done.stdout.splitlines() if len(line) == 4 * width]
    out = {}
    for y, line in enumerate(rows, 1):
        for x in range(1, len(line) // 4 + 1):
            text = line[4 * x - 4:4 * x].strip()
            if text in ("s", "m") or text.endswith("%"):
                out[(x, y)] = text.rstrip("%")
    return out


def _overlay(driver: Any) -> dict[tuple[int, int], str]:
    return {(int(e.get_attribute("data-x")), int(e.get_attribute("data-y"))): e.text
            for e in driver.find_elements("css selector", ".sq.prob")}


def test_the_overlay_shows_what_check_probabilities_prints(served: tuple[str, int],
                                                           browser: Any,
                                                           tmp_path: Path) -> None:
    url, _ = served
    _open_page(browser, url, "expert")
    _square(browser, 10, 8).click()
    _wait(browser, lambda d: _state(d) != "open any square to start")
    browser.find_element("id", "probs").click()
    _wait(browser, lambda d: d.find_elements("css selector", ".sq.prob"))
    position = browser.execute_script("return game.position")
    shown = _overlay(browser)
    expected = _check_grid(position, tmp_path)
    assert len(shown) == position.count("?") and shown == expected
    assert browser.find_element("id", "legend").is_displayed()


def test_a_pasted_position_is_analysed(served: tuple[str, int], browser: Any,
                                       tmp_path: Path) -> None:
    url, _ = served
    _open_page(browser, url, "beginner")
    position = "mines: 4\n??1??\n?21??\n?????\n"
    area = browser.find_element("id", "position")
    area.send_keys(position)
    browser.find_element("id", "analyse").click()
    _wait(browser, lambda d: _state(d) == "a pasted position")
    _wait(browser, lambda d: d.find_elements("css selector", ".sq.prob"))
    assert _overlay(browser) == _check_grid(position, tmp_path)
    assert browser.find_elements("css selector", ".sq.hint")
    saved = tmp_path / "loaded.txt"                 # a position loaded from a file
    saved.write_text("mines: 2\n?1??\n????\n")
    browser.find_element("id", "file").send_keys(str(saved))
    _wait(browser, lambda d: d.execute_script("return shown.width") == 4)
    assert _overlay(browser) == _check_grid(saved.read_text(), tmp_path)
    area.clear()
    area.send_keys("1?x")
    browser.find_element("id", "analyse").click()
    _wait(browser, lambda d: d.find_element("id", "error").text != "")


@pytest.mark.parametrize("width, height", [(1280, 720), (1024, 768), (1920, 1080),
                                           (1366, 768), (420, 900)])
def test_the_page_fits_the_screen(served: tuple[str, int], browser: Any, width: int,
                                  height: int, tmp_path: Path) -> None:
    url, _ = served
    testing.set_screen(browser, width, height)
    _open_page(browser, url, "expert")
    _square(browser, 10, 8).click()
    _wait(browser, lambda d: _state(d) != "open any square to start")
    browser.find_element("id", "probs").click()
    _wait(browser, lambda d: d.find_elements("css selector", ".sq.prob"))
    browser.find_element("id", "hint").click()
    time.sleep(0.5)
    box = browser.execute_script(
        "const r = (id) => document.getElementById(id).getBoundingClientRect();"
        "const b = r('board'), s = r('side');"
        "return {board: [b.left, b.top, b.right, b.bottom], side: [s.left, s.top, s.right,"
        " s.bottom], scrollW: document.documentElement.scrollWidth,"
        " font: parseFloat(getComputedStyle(document.getElementById('hintlines')).fontSize),"
        " figure: parseFloat(getComputedStyle(document.getElementById('minesleft')).fontSize)}")
    assert box["scrollW"] <= width                              # nothing off the side
    left, top, right, bottom = box["board"]
    assert 0 <= left and right <= width                         # the board whole
    assert box["font"] >= 16 and box["figure"] >= 20
    if width > 760:                                             # side by side, one screen
        assert bottom <= height and box["side"][0] >= right and box["side"][2] <= width
        assert browser.execute_script("return document.documentElement.scrollHeight") <= height
    browser.save_screenshot(str(tmp_path / f"page-{width}x{height}.png"))
