"""A real notebook: executed by a real Jupyter kernel (nbclient, ipykernel), its outputs
have the MIME types and the content a reader sees; exported to static HTML (nbconvert,
the JupyterLab and the classic Notebook templates), it shows the boards, the count and a
player that plays, in a real headless Chromium."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

#: The cells of the notebook, as a reader would write them.
CELLS = [
    "import nqueens\nnqueens.solve(8)",
    'nqueens.solve(8, fixed=["d1"], blocked="a1,h8")',
    "nqueens.count(10)",
    "from nqueens.base.placement import Placement\nPlacement(5, ((0, 0), (2, 1)))",
    "nqueens.trace(6)",
]


def _run_notebook(folder: Path) -> Any:
    """The notebook of :data:`CELLS`, executed by a python3 kernel in ``folder``."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(code) for code in CELLS]
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(folder)}}).execute()
    return nb


@pytest.fixture(scope="module")
def notebook(tmp_path_factory: pytest.TempPathFactory) -> Any:
    return _run_notebook(tmp_path_factory.mktemp("notebook"))


def _data(nb: Any, cell: int) -> dict[str, str]:
    """The rich output of one cell: MIME type → content."""
    (output,) = [o for o in nb.cells[cell].outputs if o.output_type == "execute_result"]
    return dict(output.data)


def test_a_board_shows_itself_as_a_labelled_svg(notebook: Any) -> None:
    data = _data(notebook, 0)
    assert "image/svg+xml" in data and "text/plain" in data
    svg = data["image/svg+xml"]
    assert svg.count("<use") == 8 and ">a</text>" in svg and ">8</text>" in svg
    assert data["text/plain"] == "Solution([0, 4, 7, 5, 2, 6, 1, 3])"   # the text form stays


def test_the_api_takes_squares_as_the_command_line_does(notebook: Any) -> None:
    data = _data(notebook, 1)
    svg = data["image/svg+xml"]
    assert svg.count("<use") == 8
    cols = [int(c) for c in re.findall(r"\d+", data["text/plain"])]
    assert cols[7] == 3 and cols[0] != 7       # d1 holds a queen, h8 none (a1: d1's rank)


def test_a_count_shows_itself_as_a_table(notebook: Any) -> None:
    table = _data(notebook, 2)["text/markdown"]
    assert table.splitlines()[0] == "| n | piece | total | fundamental |"
    assert table.splitlines()[2] == "| 10 | queen | 724 | 92 |"


def test_a_partial_placement_shows_its_queens(notebook: Any) -> None:
    assert _data(notebook, 3)["image/svg+xml"].count("<use") == 2


def test_a_trace_shows_itself_as_the_inline_player(notebook: Any) -> None:
    page = _data(notebook, 4)["text/html"]
    assert page.startswith("<iframe") and 'srcdoc="&lt;!DOCTYPE html&gt;' in page
    assert "https://" not in page and "src=" not in page.replace("srcdoc=", "")
    assert re.search(r'title="proba on 6x6: [\d,]+ steps, 1 solution"', page)


@pytest.mark.browser
@pytest.mark.parametrize("template", ["lab", "classic"])
def test_the_exported_page_shows_boards_and_a_player_that_plays(
        notebook: Any, template: str, tmp_path: Path, browser: Any) -> None:
    """The notebook as a static HTML page (what JupyterLab's and the classic Notebook's
    "export as HTML" write), opened in Chromium: the board is drawn, the count is a
    table, and the player inside it reads its trace and steps forward on a key."""
    nbconvert = pytest.importorskip("nbconvert")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    body, _ = nbconvert.HTMLExporter(template_name=template).from_notebook_node(notebook)
    page = tmp_path / f"{template}.html"
    page.write_text(body, encoding="utf-8")
    browser.get(page.as_uri())
    pictures = browser.find_elements(By.CSS_SELECTOR, "img[src^='data:image/svg+xml']")
    assert len(pictures) == 3                        # two boards and the placement
    widths = [browser.execute_script("return arguments[0].naturalWidth", p) for p in pictures]
    assert all(w >= 400 for w in widths), widths    # drawn, at the notebook's size
    cells = [c.text for c in browser.find_elements(By.CSS_SELECTOR, "table td")]
    assert cells == ["10", "queen", "724", "92"]
    frame = browser.find_element(By.TAG_NAME, "iframe")
    assert frame.size["height"] >= 600 and frame.size["width"] >= 600
    browser.switch_to.frame(frame)
    WebDriverWait(browser, 30).until(lambda d: d.find_element("id", "status").get_attribute(
        "textContent") not in ("", "loading"))
    total = browser.find_element("id", "step-total").get_attribute("textContent")
    assert total and int(total.replace(",", "")) > 100
    before = browser.find_element("id", "step-counter").get_attribute("textContent")
    browser.find_element("id", "fwd").click()
    after = browser.find_element("id", "step-counter").get_attribute("textContent")
    assert before != after
