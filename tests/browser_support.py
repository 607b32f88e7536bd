"""A real headless Chromium for the page's tests (Debian's ``chromium``, driven through its
``chromedriver`` by Selenium): the same browser, flags and waits for every page test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from puzzleshell import testing

#: Page tests are skipped, saying why, where the browser is not installed.
needs_browser = pytest.mark.skipif(testing.browser_missing() is not None,
                                   reason=str(testing.browser_missing()))


def start(profile: Path, window: tuple[int, int] = (1300, 1400)) -> Any:
    """A headless Chromium with a fresh profile folder, a window of this size."""
    pytest.importorskip("selenium.webdriver")
    return testing.start_browser(profile, window)


screen = testing.set_screen


def open_page(driver: Any, page: Path, query: str = "") -> None:
    """Open a player page (with its address's query) and wait until it has read its trace."""
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(page.as_uri() + (f"?{query}" if query else ""))
    WebDriverWait(driver, 30).until(lambda d: d.find_element("id", "status").get_attribute(
        "textContent") not in ("", "loading"))


def text(driver: Any, ident: str) -> str:
    """An element's text, also when a panel hides it (presentation mode, a narrow window)."""
    element = driver.find_element("id", ident)
    return str(element.get_attribute("innerText") or element.get_attribute("textContent"))


def click_square(driver: Any, n: int, square: str) -> None:
    """Click the middle of a square (its chess name) of the board, where the browser draws it."""
    from selenium.webdriver.common.action_chains import ActionChains

    col = ord(square[0]) - 97
    row = n - int(square[1:])
    board = driver.find_element("id", "board")
    x, y = driver.execute_script(
        "const m = arguments[0].getScreenCTM(), r = arguments[0].getBoundingClientRect();"
        "return [m.a * arguments[1] + m.e - r.left, m.d * arguments[2] + m.f - r.top];",
        board, col + 0.5, row + 0.5)
    rect = board.rect
    ActionChains(driver).move_to_element_with_offset(
        board, int(x - rect["width"] / 2), int(y - rect["height"] / 2)).click().perform()
