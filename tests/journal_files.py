"""Reading a count journal from outside, as a test watching a running count does."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def finished_rows(path: Path) -> int:
    """How many finished subproblems the journal at ``path`` holds (0 while it cannot
    be read yet)."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as conn:
            return int(conn.execute("SELECT COUNT(*) FROM done").fetchone()[0])
    except sqlite3.Error:
        return 0
