"""Every example in the docstrings of nqueens runs as written.

The modules are imported from wherever the package is installed, so the examples
are checked against the code the user runs. The examples of a module that needs an
extra run with the tests of that extra (marked as they are).
"""

from __future__ import annotations

import pytest

from puzzleshell import testing

#: The modules whose examples need an extra: the package they import, and their mark.
NEEDS = {"nqueens.algorithms.counter.cluster": ("distributed", pytest.mark.cluster)}


@pytest.mark.parametrize("name", [
    pytest.param(name, marks=NEEDS[name][1]) if name in NEEDS else name
    for name in testing.modules_of("nqueens")])
def test_docstring_examples_run(name: str) -> None:
    if name in NEEDS:
        pytest.importorskip(NEEDS[name][0])
    testing.assert_examples_run(name)
