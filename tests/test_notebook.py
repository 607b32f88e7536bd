"""In a notebook the objects of nqueens show themselves: a board and a partial placement
as a labelled SVG board, a count as a table; outside one, nqueens.show opens the same
picture in the browser."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import nqueens
from nqueens.base.placement import Placement
from nqueens.tasks import notebook


def test_a_board_is_drawn_with_its_files_and_ranks() -> None:
    svg = notebook.svg_of(nqueens.solve(8))
    assert svg.startswith("<svg") and svg.count("<use") == 8
    assert svg.count("<text") == 16  # a to h, 1 to 8
    assert 'width="400"' not in svg and "width=" in svg  # 400 px and the labels' margin


def test_a_partial_placement_is_drawn_with_its_queens() -> None:
    assert notebook.svg_of(Placement(6, ((0, 1), (2, 0)))).count("<use") == 2


def test_a_count_is_a_table_with_separators() -> None:
    table = notebook.markdown_of(nqueens.count(12))
    assert table.splitlines()[2] == "| 12 | queen | 14,200 | 1,787 |"
    assert "on the torus" in notebook.markdown_of(nqueens.count(5, torus=True))
    assert "| — |" in notebook.markdown_of(nqueens.count(6, fixed=["b6"]))


def test_show_writes_a_whole_page_and_opens_it() -> None:
    opened: list[str] = []
    path = nqueens.show(nqueens.solve(6), opener=opened.append)
    try:
        assert opened == [f"file://{path}"]
        with open(path, encoding="utf-8") as page:
            text = page.read()
        assert text.startswith("<!DOCTYPE html>") and "<svg" in text
    finally:
        os.unlink(path)


def test_an_ipython_shell_shows_the_objects_by_their_mime_types() -> None:
    """In a running IPython, importing nqueens registers the displays: the shell's
    formatter gives the board as image/svg+xml and the count as text/markdown."""
    pytest.importorskip("IPython")
    code = """
from IPython.core.interactiveshell import InteractiveShell
shell = InteractiveShell.instance()
import nqueens
board, _ = shell.display_formatter.format(nqueens.solve(8))
count, _ = shell.display_formatter.format(nqueens.count(8))
print(sorted(board), board["image/svg+xml"].count("<use"), count["text/markdown"].splitlines()[2])
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.strip() == ("['image/svg+xml', 'text/plain'] 8 "
                                   "| 8 | queen | 92 | 12 |")
