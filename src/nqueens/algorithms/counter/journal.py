"""A SQLite journal of finished subproblems: the unit of resumption.

The journal's header records what the count is (n, piece, engine version, the
number of subproblems and a SHA-256 digest of their list) and a random journal id;
each finished subproblem is one row keyed by its id, written in the same
transaction as the rest of its batch. A subproblem can therefore never be counted
twice, and a run killed at any moment loses only the subproblems in flight.

The header and every row carry an HMAC-SHA256 under a secret key that is *not* in
the file: by default a random key kept in the user's configuration folder
(``$XDG_CONFIG_HOME/nqueens/journal-keys/<journal id>``, ``~/.config`` when the
variable is unset; the folder is made private, the key file readable by its owner
only), or a key given by the caller (``--journal-key`` / ``$NQUEENS_JOURNAL_KEY``).
A row changed by hand, even with a recomputed checksum, no longer matches its MAC
and the journal is refused; so is a journal whose key is not at hand.

One count at a time: the open journal holds an exclusive advisory lock
(``flock``), and a second count on the same file is refused at once.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "j.sqlite")
>>> head = JournalHeader(n=8, piece="queen", engine="e1", subproblems=3, digest="ab")
>>> key = "a secret of sixteen characters or more"
>>> with Journal.open(path, head, key=key) as j:
...     j.record([SubResult(0, 5, 0, 0, 9, (2, 3, 0))])
...     sorted(j.done())
[0]
>>> with Journal.open(path, head, key=key) as j:
...     j.results()
[SubResult(id=0, total=5, fixed180=0, fixed90=0, colsum=9, slices=(2, 3, 0))]
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import hmac
import os
import re
import secrets
import sqlite3
import stat
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from types import TracebackType

from ...base.errors import BadInput
from .work import SubResult

#: The layout of the file; journals of another layout are refused.
FORMAT = "nqueens-count-journal-3"

_FORMAT_PREFIX = "nqueens-count-journal-"

#: The environment variable that may hold the journal key (as ``--journal-key`` does).
KEY_ENV = "NQUEENS_JOURNAL_KEY"

#: The shortest key accepted from the caller.
MIN_KEY_CHARS = 16

_ID = re.compile(r"^[0-9a-f]{32}$")
_SQLITE_MAGIC = b"SQLite format 3\x00"

#: Descriptors of the journals this process holds locked.
_LOCKED: set[int] = set()


def _drop_inherited_locks() -> None:  # pragma: no cover - runs in forked children
    # A forked worker shares the parent's lock; its copy of the descriptor is closed so
    # that the lock ends with the parent, not with the last of its workers.
    for fd in list(_LOCKED):
        with contextlib.suppress(OSError):
            os.close(fd)
    _LOCKED.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_drop_inherited_locks)


@dataclass(frozen=True)
class JournalHeader:
    """What a journal counts; a journal is reused only when every field matches.

    Its seal is a MAC over the fields, the journal's id and the format, under the
    journal's key:

    >>> a = JournalHeader(n=8, piece="queen", engine="e1", subproblems=78, digest="ab")
    >>> b = JournalHeader(n=9, piece="queen", engine="e1", subproblems=78, digest="ab")
    >>> key, jid = b"k" * 32, "0" * 32
    >>> len(a.seal(key, jid)), a.seal(key, jid) == b.seal(key, jid)
    (64, False)
    >>> a.seal(key, jid) == a.seal(b"other key", jid)
    False
    """

    n: int
    piece: str
    engine: str
    subproblems: int
    digest: str

    def seal(self, key: bytes, journal_id: str) -> str:
        """The HMAC-SHA256 of the header fields under ``key``, as hex."""
        text = (f"{FORMAT}|header|{journal_id}|{self.n}|{self.piece}|{self.engine}|"
                f"{self.subproblems}|{self.digest}")
        return _mac(key, text)


def _mac(key: bytes, text: str) -> str:
    return hmac.new(key, text.encode(), hashlib.sha256).hexdigest()


def _key_check(key: bytes, journal_id: str) -> str:
    return _mac(key, f"{FORMAT}|key|{journal_id}")[:16]


def _row_mac(key: bytes, seal: str, r: SubResult) -> str:
    s0, s1, s2 = r.slices
    return _mac(key, f"{FORMAT}|row|{seal}|{r.id}|{r.total}|{r.fixed180}|{r.fixed90}|"
                     f"{r.colsum}|{s0}|{s1}|{s2}")


def key_folder() -> Path:
    """Where journal keys are kept: ``$XDG_CONFIG_HOME/nqueens/journal-keys``, with
    ``~/.config`` for an unset (or relative) ``$XDG_CONFIG_HOME``.

    >>> import os
    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {"XDG_CONFIG_HOME": "/srv/conf"}):
    ...     str(key_folder())
    '/srv/conf/nqueens/journal-keys'
    """
    base = os.environ.get("XDG_CONFIG_HOME", "")
    root = Path(base) if os.path.isabs(base) else Path(os.path.expanduser("~")) / ".config"
    return root / "nqueens" / "journal-keys"


def check_key(key: str) -> str:
    """Return a journal key given by the caller, or raise :class:`BadInput`.

    >>> check_key("correct horse battery staple")
    'correct horse battery staple'
    >>> check_key("short")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: a journal key must have at least 16 characters, not 5
    """
    if len(key) < MIN_KEY_CHARS:
        raise BadInput(f"a journal key must have at least {MIN_KEY_CHARS} characters, "
                       f"not {len(key)}")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in key):
        raise BadInput("a journal key must not contain control characters")
    return key


def _load_key(journal_id: str) -> bytes | None:
    path = key_folder() / journal_id
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise BadInput(f"cannot read the journal key {path}: {exc.strerror}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise BadInput(f"the journal key {path} is not a regular file")
        text = os.read(fd, 4096).decode("utf-8", "replace").strip()
    finally:
        os.close(fd)
    if len(text) < MIN_KEY_CHARS:
        raise BadInput(f"the journal key {path} is damaged (too short)")
    return text.encode()


def _store_key(journal_id: str) -> tuple[bytes, Path]:
    folder = key_folder()
    text = secrets.token_hex(32)
    try:
        folder.parent.parent.mkdir(parents=True, exist_ok=True)
        for d in (folder.parent, folder):
            with contextlib.suppress(FileExistsError):
                d.mkdir(mode=0o700)
        path = folder / journal_id
        tmp = folder / f".{journal_id}.{os.getpid()}.tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
        try:
            os.write(fd, (text + "\n").encode())
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except OSError as exc:
        raise BadInput(f"cannot store the journal key in {folder}: {exc.strerror}; "
                       "pass --journal-key KEY instead") from None
    return text.encode(), path


def _lock_holder(fd: int) -> int | None:
    """The process that holds a ``flock`` on the file of ``fd`` (Linux), if known."""
    st = os.fstat(fd)
    want = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    try:
        with open("/proc/locks", encoding="ascii", errors="replace") as fh:
            lines = fh.read(1 << 20).splitlines()
    except OSError:
        return None
    for line in lines:
        parts = line.split()
        if len(parts) >= 6 and parts[1] == "FLOCK" and parts[5] == want:
            with contextlib.suppress(ValueError):
                pid = int(parts[4])
                if pid != os.getpid():
                    return pid
    return None


def _write_error(path: str, exc: sqlite3.Error | OSError) -> BadInput:
    """The one-line message for a journal that cannot be written to."""
    if isinstance(exc, OSError):
        what = exc.strerror or type(exc).__name__
        full = exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)
        readonly = exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS)
    else:
        what = str(exc)
        code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
        full = code == sqlite3.SQLITE_FULL or code == sqlite3.SQLITE_IOERR
        readonly = code in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN,
                            sqlite3.SQLITE_PERM)
    if full:
        hint = "make room on its disk, then run the same command again to resume"
    elif readonly:
        hint = ("the file and its folder must be writable (SQLite writes a -journal file "
                "beside it)")
    else:
        hint = "run the same command again to resume"
    return BadInput(f"cannot write journal {path} ({what}); what it recorded before is "
                    f"kept; {hint}")


class Journal:
    """An open journal. Use :meth:`open`; every method raises :class:`BadInput` on damage.

    A journal resumes the count it was made for and refuses any other:

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "count.sqlite")
    >>> head = JournalHeader(n=8, piece="queen", engine="e1", subproblems=3, digest="ab")
    >>> key = "sixteen or more characters"
    >>> with Journal.open(path, head, key=key) as j:
    ...     j.record([SubResult(0, 5, 0, 0, 9), SubResult(2, 1, 1, 0, 3)])
    >>> with Journal.open(path, head, key=key) as j:
    ...     sorted(j.done())
    [0, 2]
    >>> Journal.open(path, JournalHeader(9, "queen", "e1", 3, "ab"), key=key)
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: journal ... was made for n = 8, not 9; use another journal ...

    and only under its key:

    >>> Journal.open(path, head, key="not the key it was made with")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: journal ... was not made with the key given ...
    """

    def __init__(self, path: str, conn: sqlite3.Connection, header: JournalHeader,
                 key: bytes, seal: str, lock_fd: int, journal_id: str,
                 recorded: dict[int, SubResult]):
        self.path = path
        self.header = header
        #: The journal's random id (the name of its key file).
        self.id = journal_id
        self._conn = conn
        self._key = key
        self._seal = seal
        self._lock_fd = lock_fd
        self._recorded = recorded

    @classmethod
    def open(cls, path: str, header: JournalHeader, key: str | None = None) -> Journal:
        """Open (or create) the journal at ``path`` for the count described by ``header``.

        ``key`` is the journal's secret; None uses (or, for a new journal, makes) the
        key kept in :func:`key_folder`. Raises :class:`BadInput` when the file is not a
        regular file, is in use by another count, belongs to another count, is not a
        journal, is damaged or altered, when its key is not at hand, or when it cannot
        be written to.
        """
        given = check_key(key).encode() if key is not None else None
        fd, created = cls._open_locked(path)
        conn: sqlite3.Connection | None = None
        stored_key: Path | None = None
        try:
            size = os.fstat(fd).st_size
            if size > 0 and os.pread(fd, 16, 0) != _SQLITE_MAGIC:
                raise BadInput(f"{path} is not a count journal (not an SQLite file); "
                               "choose another file")
            try:
                conn = sqlite3.connect(path, isolation_level=None)
            except sqlite3.Error as exc:
                raise BadInput(f"cannot open journal {path}: {exc}") from None
            if size > 0:
                jid, use, seal, recorded = cls._check_file(path, conn, header, given)
                cls._probe_write(path, conn)
            else:
                jid = secrets.token_hex(16)
                if given is None:
                    use, stored_key = _store_key(jid)
                else:
                    use = given
                seal = cls._create(path, conn, header, use, jid)
                recorded = {}
        except sqlite3.DatabaseError as exc:
            cls._abandon(path, fd, conn, created, stored_key)
            raise BadInput(f"journal {path} is damaged ({exc}); delete it to start over") \
                from None
        except BaseException:
            cls._abandon(path, fd, conn, created, stored_key)
            raise
        return cls(path, conn, header, use, seal, fd, jid, recorded)

    @staticmethod
    def stored_engine(path: str) -> str | None:
        """The engine name (with its list's layout) in the header of the journal at
        ``path``, read without opening it for the count: None when there is no such
        file or it is not a journal (:meth:`open` then says why). It only chooses how
        to make the subproblem list; :meth:`open` still checks all of the header.

        >>> import tempfile, os
        >>> path = os.path.join(tempfile.mkdtemp(), "j.sqlite")
        >>> Journal.stored_engine(path) is None
        True
        >>> head = JournalHeader(n=8, piece="queen", engine="e1", subproblems=3, digest="ab")
        >>> Journal.open(path, head, key="a secret of sixteen characters").close()
        >>> Journal.stored_engine(path)
        'e1'
        """
        try:
            if not stat.S_ISREG(os.stat(path).st_mode):
                return None
            with open(path, "rb") as f:
                if f.read(16) != _SQLITE_MAGIC:
                    return None
            uri = Path(os.path.abspath(path)).as_uri() + "?mode=ro"
            conn = sqlite3.connect(uri, uri=True)
            try:
                row = conn.execute("SELECT value FROM header WHERE key = 'engine'").fetchone()
            finally:
                conn.close()
        except (OSError, sqlite3.Error):
            return None
        return str(row[0]) if row else None

    @staticmethod
    def _open_locked(path: str) -> tuple[int, bool]:
        """Open ``path`` for writing (creating it) and lock it; return the descriptor
        and whether the file was created."""
        try:
            st: os.stat_result | None = os.stat(path)
        except FileNotFoundError:
            st = None
        except OSError as exc:
            raise BadInput(f"cannot open journal {path}: {exc.strerror}") from None
        if st is not None and stat.S_ISDIR(st.st_mode):
            raise BadInput(f"journal {path} is a folder, not a file")
        if st is not None and not stat.S_ISREG(st.st_mode):
            raise BadInput(f"journal {path} is not a regular file (a device, FIFO or "
                           "socket); choose a file")
        if st is None:
            # The folder the file will be made in: that of the file a link names.
            directory = os.path.dirname(os.path.realpath(path))
            if not os.path.isdir(directory):
                raise BadInput(f"cannot create journal {path}: folder {directory} does not "
                               "exist")
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NONBLOCK, 0o644)
        except OSError as exc:
            if st is None:  # nothing was recorded: say so, rather than that it is kept
                raise BadInput(f"cannot create journal {path} "
                               f"({exc.strerror or type(exc).__name__}); its folder must be "
                               "writable") from None
            raise _write_error(path, exc) from None
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise BadInput(f"journal {path} is not a regular file; choose a file")
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = _lock_holder(fd)
                who = f" (process {holder})" if holder is not None else ""
                raise BadInput(f"journal {path} is in use by another count{who}; wait for "
                               "it to end, or use another journal file") from None
            except OSError as exc:
                if exc.errno not in (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS):
                    raise BadInput(f"cannot lock journal {path}: {exc.strerror}") from None
        except BaseException:
            os.close(fd)
            raise
        _LOCKED.add(fd)
        return fd, st is None

    @staticmethod
    def _abandon(path: str, fd: int, conn: sqlite3.Connection | None, created: bool,
                 stored_key: Path | None) -> None:
        """Undo a failed open: close, and remove what this open created."""
        if conn is not None:
            conn.close()
        if created:
            for leftover in (path, path + "-journal"):
                with contextlib.suppress(OSError):
                    os.unlink(leftover)
        if stored_key is not None:
            with contextlib.suppress(OSError):
                stored_key.unlink()
        _LOCKED.discard(fd)
        os.close(fd)

    @staticmethod
    def _create(path: str, conn: sqlite3.Connection, header: JournalHeader, key: bytes,
                journal_id: str) -> str:
        fields = {k: str(v) for k, v in asdict(header).items()}
        seal = header.seal(key, journal_id)
        fields.update(format=FORMAT, id=journal_id, keycheck=_key_check(key, journal_id),
                      seal=seal)
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("CREATE TABLE header (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            conn.execute("CREATE TABLE done (id INTEGER PRIMARY KEY, total INTEGER NOT NULL, "
                         "fixed180 INTEGER NOT NULL, fixed90 INTEGER NOT NULL, "
                         "colsum INTEGER NOT NULL, slice0 INTEGER NOT NULL, "
                         "slice1 INTEGER NOT NULL, slice2 INTEGER NOT NULL, "
                         "mac TEXT NOT NULL)")
            conn.executemany("INSERT INTO header VALUES (?, ?)", sorted(fields.items()))
            conn.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise _write_error(path, exc) from None
        return seal

    @staticmethod
    def _probe_write(path: str, conn: sqlite3.Connection) -> None:
        """Fail now, not after the first batch, when the journal cannot be written."""
        try:
            # A real change of a page makes SQLite create its -journal file beside the
            # journal; rolling back leaves the file as it was.
            conn.execute("BEGIN IMMEDIATE")
            try:
                conn.execute("INSERT OR REPLACE INTO header VALUES ('write-probe', '')")
            finally:
                conn.execute("ROLLBACK")
        except sqlite3.OperationalError as exc:
            raise _write_error(path, exc) from None

    @staticmethod
    def _check_file(path: str, conn: sqlite3.Connection, header: JournalHeader,
                    given: bytes | None) -> tuple[str, bytes, str, dict[int, SubResult]]:
        status = conn.execute("PRAGMA integrity_check").fetchall()
        if status != [("ok",)]:
            raise BadInput(f"journal {path} is damaged (SQLite integrity check failed); "
                           "delete it to start over")
        try:
            stored = dict(conn.execute("SELECT key, value FROM header").fetchall())
        except sqlite3.OperationalError:
            raise BadInput(f"{path} is not a count journal; choose another file") from None
        fmt = stored.get("format")
        if fmt != FORMAT:
            if isinstance(fmt, str) and fmt.startswith(_FORMAT_PREFIX):
                shown = fmt[:60].encode("unicode_escape").decode("ascii")
                raise BadInput(f"journal {path} was made by an older or newer version of "
                               f"nqueens (format {shown}, this version reads {FORMAT}); "
                               "finish it with that version, or delete it to start over")
            raise BadInput(f"{path} is not a count journal of this version; choose another "
                           "file")
        try:
            jid = str(stored["id"])
            found = JournalHeader(int(stored["n"]), stored["piece"], stored["engine"],
                                  int(stored["subproblems"]), stored["digest"])
            keycheck, seal = str(stored["keycheck"]), str(stored["seal"])
        except (KeyError, ValueError, TypeError):
            raise BadInput(f"journal {path} is damaged (header incomplete); "
                           "delete it to start over") from None
        if not _ID.match(jid):
            raise BadInput(f"journal {path} is damaged (bad journal id); delete it to start "
                           "over")
        if given is not None:
            key = given
            if not hmac.compare_digest(keycheck, _key_check(key, jid)):
                raise BadInput(f"journal {path} was not made with the key given (--journal-key "
                               f"or ${KEY_ENV}); give the key it was made with")
        else:
            loaded = _load_key(jid)
            if loaded is None:
                raise BadInput(f"the key of journal {path} is not on this machine (no "
                               f"{key_folder() / jid}); pass --journal-key KEY (or set "
                               f"${KEY_ENV}) with the contents of that file from the "
                               "machine that made it")
            key = loaded
            if not hmac.compare_digest(keycheck, _key_check(key, jid)):
                raise BadInput(f"the key {key_folder() / jid} does not fit journal {path} "
                               "(one of them was changed); pass --journal-key KEY with its "
                               "key")
        if not hmac.compare_digest(seal, found.seal(key, jid)):
            raise BadInput(f"journal {path} is damaged or was altered (its header does not "
                           "match its MAC); delete it to start over")
        for name in ("n", "piece", "engine"):
            want, got = getattr(header, name), getattr(found, name)
            if want != got:
                raise BadInput(f"journal {path} was made for {name} = {got}, not {want}; "
                               "use another journal file or delete this one")
        if (found.subproblems, found.digest) != (header.subproblems, header.digest):
            raise BadInput(f"journal {path} was made for another list of subproblems; "
                           "use another journal file or delete this one")
        recorded: dict[int, SubResult] = {}
        for row in conn.execute("SELECT id, total, fixed180, fixed90, colsum, slice0, "
                                "slice1, slice2, mac FROM done"):
            if not all(type(v) is int for v in row[:8]):
                r = None
            else:
                r = SubResult(row[0], row[1], row[2], row[3], row[4], (row[5], row[6], row[7]))
            if r is None or not 0 <= r.id < header.subproblems \
                    or not isinstance(row[8], str) \
                    or not hmac.compare_digest(row[8], _row_mac(key, seal, r)):
                shown = str(row[0]) if type(row[0]) is int else "?"
                raise BadInput(f"journal {path} is damaged or was altered (subproblem "
                               f"{shown} does not match its MAC); delete it to start over")
            recorded[r.id] = r
        return jid, key, seal, recorded

    def record(self, results: Iterable[SubResult]) -> None:
        """Record finished subproblems in one transaction; ids already recorded are kept.

        Raises :class:`BadInput` when the journal cannot be written (full disk,
        read-only file); what was recorded before stays valid.
        """
        fresh = [r for r in results if r.id not in self._recorded]
        rows = [(r.id, r.total, r.fixed180, r.fixed90, r.colsum, *r.slices,
                 _row_mac(self._key, self._seal, r)) for r in fresh]
        if not rows:
            return
        try:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                self._conn.executemany("INSERT OR IGNORE INTO done VALUES "
                                       "(?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
                self._conn.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    self._conn.execute("ROLLBACK")
                raise
        except sqlite3.OperationalError as exc:
            raise _write_error(self.path, exc) from None
        for r in fresh:
            self._recorded.setdefault(r.id, r)

    def done(self) -> set[int]:
        """The ids of the finished subproblems."""
        return set(self._recorded)

    def results(self) -> list[SubResult]:
        """The recorded results (each checked against its MAC), by id."""
        return [self._recorded[i] for i in sorted(self._recorded)]

    def close(self) -> None:
        """Close the file and release its lock."""
        if self._lock_fd < 0:
            return
        self._conn.close()
        _LOCKED.discard(self._lock_fd)
        os.close(self._lock_fd)
        self._lock_fd = -1

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
