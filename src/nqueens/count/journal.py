"""A SQLite journal of finished subproblems: the unit of resumption.

The journal's header records what the count is (n, piece, engine version, the
number of subproblems and a SHA-256 digest of their list); each finished
subproblem is one row keyed by its id, written in the same transaction as the
rest of its batch, with a checksum over the header digest and its counts. A
subproblem can therefore never be counted twice, a run killed at any moment
loses only the subproblems in flight, and a damaged file (bytes overwritten, a
row changed by hand) is refused instead of trusted.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "j.sqlite")
>>> head = JournalHeader(n=8, piece="queen", engine="e1", subproblems=3, digest="ab")
>>> with Journal.open(path, head) as j:
...     j.record([SubResult(0, 5, 0, 0)])
...     sorted(j.done())
[0]
>>> with Journal.open(path, head) as j:
...     j.results()
[SubResult(id=0, total=5, fixed180=0, fixed90=0)]
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from types import TracebackType

from ..errors import BadInput
from .constellations import SubResult

_FORMAT = "nqueens-count-journal-1"


@dataclass(frozen=True)
class JournalHeader:
    """What a journal counts; a journal is reused only when every field matches.

    >>> a = JournalHeader(n=8, piece="queen", engine="e1", subproblems=78, digest="ab")
    >>> b = JournalHeader(n=9, piece="queen", engine="e1", subproblems=78, digest="ab")
    >>> len(a.seal()), a.seal() == b.seal()
    (64, False)
    """

    n: int
    piece: str
    engine: str
    subproblems: int
    digest: str

    def seal(self) -> str:
        """A checksum over the header fields."""
        text = f"{_FORMAT}|{self.n}|{self.piece}|{self.engine}|{self.subproblems}|{self.digest}"
        return hashlib.sha256(text.encode()).hexdigest()


def _row_check(digest: str, r: SubResult) -> str:
    text = f"{digest}|{r.id}|{r.total}|{r.fixed180}|{r.fixed90}"
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class Journal:
    """An open journal. Use :meth:`open`; every method raises :class:`BadInput` on damage.

    A journal resumes the count it was made for and refuses any other:

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "count.sqlite")
    >>> head = JournalHeader(n=8, piece="queen", engine="e1", subproblems=3, digest="ab")
    >>> with Journal.open(path, head) as j:
    ...     j.record([SubResult(0, 5, 0, 0), SubResult(2, 1, 1, 0)])
    >>> with Journal.open(path, head) as j:
    ...     sorted(j.done())
    [0, 2]
    >>> Journal.open(path, JournalHeader(9, "queen", "e1", 3, "ab"))
    Traceback (most recent call last):
    ...
    nqueens.errors.BadInput: journal ... was made for n = 8, not 9; use another journal file ...
    """

    def __init__(self, path: str, conn: sqlite3.Connection, header: JournalHeader):
        self.path = path
        self._conn = conn
        self.header = header

    @classmethod
    def open(cls, path: str, header: JournalHeader) -> Journal:
        """Open (or create) the journal at ``path`` for the count described by ``header``.

        Raises :class:`BadInput` when the file belongs to another count, is not a
        journal, or is damaged.
        """
        exists = os.path.exists(path) and os.path.getsize(path) > 0
        if os.path.isdir(path):
            raise BadInput(f"journal {path} is a folder, not a file")
        directory = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(directory):
            raise BadInput(f"cannot create journal {path}: folder {directory} does not exist")
        try:
            conn = sqlite3.connect(path, isolation_level=None)
        except sqlite3.Error as exc:
            raise BadInput(f"cannot open journal {path}: {exc}") from None
        try:
            if exists:
                cls._check_file(path, conn, header)
            else:
                cls._create(conn, header)
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise BadInput(f"journal {path} is damaged ({exc}); delete it to start over") \
                from None
        except BaseException:
            conn.close()
            raise
        return cls(path, conn, header)

    @staticmethod
    def _create(conn: sqlite3.Connection, header: JournalHeader) -> None:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("CREATE TABLE header (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        conn.execute("CREATE TABLE done (id INTEGER PRIMARY KEY, total INTEGER NOT NULL, "
                     "fixed180 INTEGER NOT NULL, fixed90 INTEGER NOT NULL, "
                     "checksum TEXT NOT NULL)")
        fields = {k: str(v) for k, v in asdict(header).items()}
        fields["format"] = _FORMAT
        fields["seal"] = header.seal()
        conn.executemany("INSERT INTO header VALUES (?, ?)", sorted(fields.items()))
        conn.execute("COMMIT")

    @staticmethod
    def _check_file(path: str, conn: sqlite3.Connection, header: JournalHeader) -> None:
        with open(path, "rb") as fh:
            if fh.read(16) != b"SQLite format 3\x00":
                raise BadInput(f"{path} is not a count journal (not an SQLite file); "
                               "choose another file")
        status = conn.execute("PRAGMA integrity_check").fetchall()
        if status != [("ok",)]:
            raise BadInput(f"journal {path} is damaged (SQLite integrity check failed); "
                           "delete it to start over")
        try:
            stored = dict(conn.execute("SELECT key, value FROM header").fetchall())
        except sqlite3.OperationalError:
            raise BadInput(f"{path} is not a count journal; choose another file") from None
        if stored.get("format") != _FORMAT:
            raise BadInput(f"{path} is not a count journal of this version; choose another file")
        try:
            found = JournalHeader(int(stored["n"]), stored["piece"], stored["engine"],
                                  int(stored["subproblems"]), stored["digest"])
        except (KeyError, ValueError):
            raise BadInput(f"journal {path} is damaged (header incomplete); "
                           "delete it to start over") from None
        if stored.get("seal") != found.seal():
            raise BadInput(f"journal {path} is damaged (header checksum does not match); "
                           "delete it to start over")
        for name in ("n", "piece", "engine"):
            want, got = getattr(header, name), getattr(found, name)
            if want != got:
                raise BadInput(f"journal {path} was made for {name} = {got}, not {want}; "
                               "use another journal file or delete this one")
        if (found.subproblems, found.digest) != (header.subproblems, header.digest):
            raise BadInput(f"journal {path} was made for another list of subproblems; "
                           "use another journal file or delete this one")
        for row in conn.execute("SELECT id, total, fixed180, fixed90, checksum FROM done"):
            r = SubResult(*row[:4])
            if not all(isinstance(v, int) for v in r) or not 0 <= r.id < header.subproblems \
                    or row[4] != _row_check(header.digest, r):
                raise BadInput(f"journal {path} is damaged (subproblem {row[0]} does not match "
                               "its checksum); delete it to start over")

    def record(self, results: Iterable[SubResult]) -> None:
        """Record finished subproblems in one transaction; ids already recorded are kept."""
        rows = [(r.id, r.total, r.fixed180, r.fixed90, _row_check(self.header.digest, r))
                for r in results]
        if not rows:
            return
        self._conn.execute("BEGIN IMMEDIATE")
        try:
            self._conn.executemany("INSERT OR IGNORE INTO done VALUES (?, ?, ?, ?, ?)", rows)
        except BaseException:
            self._conn.execute("ROLLBACK")
            raise
        self._conn.execute("COMMIT")

    def done(self) -> set[int]:
        """The ids of the finished subproblems."""
        return {row[0] for row in self._conn.execute("SELECT id FROM done")}

    def results(self) -> list[SubResult]:
        """The recorded results, by id."""
        return [SubResult(*row) for row in self._conn.execute(
            "SELECT id, total, fixed180, fixed90 FROM done ORDER BY id")]

    def close(self) -> None:
        """Close the file."""
        self._conn.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
