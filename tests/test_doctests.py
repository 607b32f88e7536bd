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


def test_the_python_examples_of_the_readme_and_the_pages_run() -> None:
    """The ``>>>`` examples of README.md and docs/*.md run as written (their command
    lines are run by test_docs.py); a fence ending a block ends its example."""
    import doctest
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    pages = [root / "README.md", *sorted((root / "docs").glob("*.md"))]
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    tried = 0
    for page in pages:
        text = re.sub(r"(?m)^\s*```.*$", "", page.read_text(encoding="utf-8"))
        test = doctest.DocTestParser().get_doctest(text, {}, page.name, str(page), 0)
        result = runner.run(test)
        assert result.failed == 0, f"{result.failed} example(s) failed in {page.name}"
        tried += result.attempted
    assert tried >= 5
