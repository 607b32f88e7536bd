"""Make the screenshots of the HTML player that docs/trace.md shows, and of the page of
``minesweeper serve`` that docs/minesweeper.md shows.

Needs Debian's chromium and chromium-driver and the test extras (selenium):
``python docs/make_screenshots.py`` writes ``docs/images/player-*.png``: the whole page as a
projector shows it (1280x720, and in presentation mode), on a phone, and the panels; and
``docs/images/minesweeper-page-*.png``: an expert game with the probabilities and the hint,
at 1280x720 and on a phone.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> None:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.support.ui import WebDriverWait

    out = HERE / "images"
    out.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        def make(name: str, *args: str) -> Path:
            page = Path(folder) / name
            subprocess.run([sys.executable, "-m", "nqueens", "trace", *args, "--html", str(page)],
                           check=True, capture_output=True)
            return page

        page = make("p8.html", "8")
        every = make("all6.html", "6", "--until", "all")
        every8 = make("all8.html", "8", "--until", "all")
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium") or "chromium"
        for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", "--hide-scrollbars",
                     f"--user-data-dir={Path(folder) / 'profile'}"):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "chromedriver"),
                                  options=options)
        try:
            def shoot(query: str, element: str | None, name: str, of: Path = page,
                      size: tuple[int, int] = (1280, 720)) -> None:
                width, height = size
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                    "width": width, "height": height, "deviceScaleFactor": 1,
                    "mobile": width < 600})
                driver.get(of.as_uri() + "?" + query)
                WebDriverWait(driver, 30).until(lambda d: d.find_element(
                    "id", "status").get_attribute("textContent") not in ("", "loading"))
                driver.execute_script("return new Promise(r => setTimeout(r, 400))")
                if element is None:
                    driver.save_screenshot(str(out / name))
                else:
                    driver.find_element("id", element).screenshot(str(out / name))
                print(f"wrote {out / name}")

            shoot("step=24", None, "player-1280.png")
            shoot("step=24&present=1", None, "player-present.png")
            shoot("step=60&rows=chess", None, "player-1920.png", size=(1920, 1080))
            shoot("step=24", None, "player-1024.png", size=(1024, 768))
            shoot("step=24", None, "player-phone.png", size=(420, 900))
            shoot("step=24", "board-panel", "player-board.png")
            shoot("step=24", "code-panel", "player-code.png")
            shoot("step=24", "data-panel", "player-data.png")
            shoot("own=a3,d1&ownAction=count&shade=1", "board-panel", "player-own.png")
            shoot("event=300", "tree-panel", "player-tree.png", every)
            shoot("event=5000", "tree-panel", "player-tree8.png", every8, size=(1920, 1080))
        finally:
            driver.quit()


def minesweeper_page() -> None:
    """The page of ``minesweeper serve --seed 5``: an expert game, six squares opened by
    the hint, then the probabilities and the hint shown."""
    from puzzleshell import testing
    from selenium.webdriver.support.ui import WebDriverWait

    out = HERE / "images"
    with tempfile.TemporaryDirectory() as folder, subprocess.Popen(
            [sys.executable, "-m", "minesweeper", "serve", "--seed", "5"],
            stdout=subprocess.PIPE, text=True) as server:
        try:
            assert server.stdout is not None
            url = server.stdout.readline().strip()
            driver = testing.start_browser(Path(folder) / "profile")
            try:
                for width, height, name in ((1280, 720, "1280"), (420, 900, "phone")):
                    testing.set_screen(driver, width, height)
                    driver.get(url + "?level=expert")
                    WebDriverWait(driver, 30).until(
                        lambda d: d.execute_script("return game !== null"))
                    moves = 0
                    while moves < 6:
                        if driver.execute_script("return game.state") == "lost":
                            driver.find_element("id", "new").click()   # the next seed
                            WebDriverWait(driver, 30).until(
                                lambda d: d.execute_script("return game.state") == "ready")
                            moves = 0
                        before = driver.execute_script("return JSON.stringify(game.rows)")
                        driver.find_element("id", "hint").click()
                        WebDriverWait(driver, 30).until(
                            lambda d: d.find_elements("css selector", ".sq.hint"))[0].click()
                        WebDriverWait(driver, 30).until(
                            lambda d, seen=before: d.execute_script(
                                "return JSON.stringify(game.rows)") != seen)
                        moves += 1
                    driver.find_element("id", "probs").click()
                    driver.find_element("id", "hint").click()
                    driver.execute_script("return new Promise(r => setTimeout(r, 600))")
                    driver.save_screenshot(str(out / f"minesweeper-page-{name}.png"))
                    print(f"wrote {out / f'minesweeper-page-{name}.png'}")
            finally:
                driver.quit()
        finally:
            server.terminate()


if __name__ == "__main__":
    main()
    minesweeper_page()
