"""Every example in the docstrings of minesweeper runs as written, against the code
as installed."""

from __future__ import annotations

import pytest

from puzzleshell import testing


@pytest.mark.parametrize("name", testing.modules_of("minesweeper"))
def test_minesweeper_docstring_examples_run(name: str) -> None:
    testing.assert_examples_run(name)
