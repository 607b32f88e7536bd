"""Settings of the minesweeper tests."""

from __future__ import annotations

import pytest
from hypothesis import settings

# Property tests judge answers, not speed: a shared machine may be busy.
settings.register_profile("minesweeper", deadline=None)
settings.load_profile("minesweeper")


@pytest.fixture(autouse=True)
def _xdg_in_tmp(tmp_path_factory: pytest.TempPathFactory,
                monkeypatch: pytest.MonkeyPatch) -> None:
    """Fresh configuration and cache folders per test (inherited by the programs the
    tests start), never the user's own."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
