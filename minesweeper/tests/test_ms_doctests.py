"""Every example in the docstrings of minesweeper runs as written.

The modules are imported from wherever the package is installed, so the examples
are checked against the code the user runs.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import minesweeper


def _modules() -> list[str]:
    names = [minesweeper.__name__]
    for info in pkgutil.walk_packages(minesweeper.__path__, "minesweeper."):
        if info.name.endswith("__main__"):
            continue
        names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _modules())
def test_minesweeper_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
                             report=True)
    assert result.failed == 0, f"{result.failed} example(s) failed in {name}"
