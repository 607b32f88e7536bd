"""Every example in the docstrings of nqueens runs as written.

The modules are imported from wherever the package is installed, so the examples
are checked against the code the user runs.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import nqueens


def _modules() -> list[str]:
    names = [nqueens.__name__]
    for info in pkgutil.walk_packages(nqueens.__path__, "nqueens."):
        if info.name.endswith("__main__"):
            continue
        names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
                             report=True)
    assert result.failed == 0, f"{result.failed} example(s) failed in {name}"
