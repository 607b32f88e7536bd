"""Make the screenshots of the HTML player that docs/trace.md shows.

Needs Debian's chromium and chromium-driver and the test extras (selenium):
``python docs/make_screenshots.py`` writes ``docs/images/player-*.png``.
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
        page = Path(folder) / "p8.html"
        subprocess.run([sys.executable, "-m", "nqueens", "trace", "8", "--html", str(page)],
                       check=True, capture_output=True)
        every = Path(folder) / "all6.html"
        subprocess.run([sys.executable, "-m", "nqueens", "trace", "6", "--until", "all",
                        "--html", str(every)], check=True, capture_output=True)
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium") or "chromium"
        for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", "--window-size=1200,1500",
                     f"--user-data-dir={Path(folder) / 'profile'}"):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "chromedriver"),
                                  options=options)
        try:
            def shoot(query: str, element: str, name: str, of: Path = page) -> None:
                driver.get(of.as_uri() + "?" + query)
                WebDriverWait(driver, 30).until(
                    lambda d: d.find_element("id", "status").text not in ("", "loading"))
                driver.find_element("id", element).screenshot(str(out / name))
                print(f"wrote {out / name}")

            shoot("step=24", "main", "player-board.png")
            shoot("step=24", "code-panel", "player-code.png")
            shoot("step=24", "data-panel", "player-data.png")
            shoot("own=a3,d1&ownAction=count&shade=1", "main", "player-own.png")
            shoot("event=300", "tree-panel", "player-tree.png", every)
        finally:
            driver.quit()


if __name__ == "__main__":
    main()
