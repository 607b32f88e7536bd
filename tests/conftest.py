"""Shared test helpers: run the real command line in-process."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from nqueens.cli import main

# Property tests judge answers, not speed: a first call may include compiling a kernel,
# and a shared machine may be busy, so no example has a deadline.
settings.register_profile("nqueens", deadline=None)
settings.load_profile("nqueens")


@pytest.fixture(autouse=True)
def _journal_keys_in_tmp(tmp_path_factory: pytest.TempPathFactory,
                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Count journals keep their keys under $XDG_CONFIG_HOME, compiled GPU kernels under
    $XDG_CACHE_HOME: fresh folders per test (inherited by the programs the tests start),
    never the user's own."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
    monkeypatch.delenv("NQUEENS_JOURNAL_KEY", raising=False)


@dataclass
class Run:
    code: int
    out: str
    err: str


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    """Call ``nqueens ARGS...`` in-process and return its exit code, stdout and stderr."""

    def _run(*args: str, stdin: str | None = None) -> Run:
        import io
        import sys

        old = sys.stdin
        if stdin is not None:
            sys.stdin = io.StringIO(stdin)
        try:
            capsys.readouterr()
            code = main(list(args))
        finally:
            sys.stdin = old
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return _run


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that drives a browser is marked ``browser`` (not in the quick run)."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    """A headless Chromium for one test (``browser_support``), closed after it."""
    import browser_support

    driver = browser_support.start(tmp_path / "profile")
    try:
        yield driver
    finally:
        driver.quit()
