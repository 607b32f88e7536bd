"""Every example in the docstrings of puzzleshell runs as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import puzzleshell

MODULES = [puzzleshell.__name__] + [
    info.name for info in pkgutil.walk_packages(puzzleshell.__path__, "puzzleshell.")]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} example(s) failed in {name}"
