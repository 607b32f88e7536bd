"""Make the screenshots of the HTML player that docs/trace.md shows.

Needs Debian's chromium and chromium-driver and the test extras (selenium):
``python docs/make_screenshots.py`` writes ``docs/images/player-*.png``: the whole page as a
projector shows it (1280x720, and in presentation mode), on a phone, and the panels.
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


if __name__ == "__main__":
    main()
