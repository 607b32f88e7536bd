"""The examples in the motion modules' docstrings run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["frames", "patterns", "search", "evaluation", "pictures", ""]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module("nqueens.motion" + (f".{name}" if name else ""))
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
