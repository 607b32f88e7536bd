"""Every example in the docstrings of nqueens runs as written.

The modules are imported from wherever the package is installed, so the examples
are checked against the code the user runs.
"""

from __future__ import annotations

import pytest

from puzzleshell import testing


@pytest.mark.parametrize("name", testing.modules_of("nqueens"))
def test_docstring_examples_run(name: str) -> None:
    testing.assert_examples_run(name)
