"""Every example in the docstrings of puzzleshell runs as written."""

from __future__ import annotations

import pytest

from puzzleshell import testing


@pytest.mark.parametrize("name", testing.modules_of("puzzleshell"))
def test_docstring_examples_run(name: str) -> None:
    testing.assert_examples_run(name)
