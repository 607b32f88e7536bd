"""Input files read within a size bound, output files written as ``> FILE`` would.

:func:`read_bytes` refuses a regular file larger than its bound from its size alone, and
reads pipes, FIFOs and devices in chunks, refusing one as soon as it passes the bound.

:func:`write_output` writes ``-o FILE``: a link is followed (it stays a link); a FIFO, a
device or an open descriptor (``/dev/stdout``) is written into, never replaced; a
folder is refused; a regular file appears whole or not at all, through a temporary file
in its folder that is renamed over it, keeping the permissions and owner of the file it
replaces.  Where the temporary cannot be made (a read-only folder) or could not keep the
owner, an existing file is written into, as a shell would.  A failure leaves the target
as it was and no temporary behind.  The temporary has no name on Linux (``O_TMPFILE``);
elsewhere it is ``.minesweeper-PID-RANDOM.tmp``, removed by a signal's clean-up
(:func:`remove_pending`) and, left by a killed process, by the next write into its folder.

Only the standard library is imported here.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "board.txt")
>>> write_output(path, "1?1\\n")
>>> read_bytes(path, 100)
b'1?1\\n'
>>> read_bytes(path, 3, "the 3 bytes of a test")
Traceback (most recent call last):
...
minesweeper.errors.BadInput: /...board.txt is larger than the 3 bytes of a test; refused
"""

from __future__ import annotations

import errno
import io
import os
import re
import stat
import sys
from typing import BinaryIO

from .errors import BadInput

#: The name that stands for standard output (and standard input).
STDOUT = "-"

#: How the names of named temporary files begin.
TEMP_PREFIX = ".minesweeper-"

#: Named temporary files being written now (removed by :func:`remove_pending`).
PENDING: set[str] = set()

_CHUNK = 1 << 20
_TEMP_NAME = re.compile(re.escape(TEMP_PREFIX) + r"(\d+)-[0-9a-f]+\.tmp")
#: The flag of open() for a temporary file without a name (0: named ones are used).
UNNAMED: int = getattr(os, "O_TMPFILE", 0)


def printable(text: str, most: int | None = None) -> str:
    """``text`` with what a terminal would act on (control characters, escapes) written
    as Python escapes, cut to ``most`` characters (then ``...``).

    >>> printable("row \\x1b[31m"), printable("abcdef", 3)
    ('row \\\\x1b[31m', 'abc...')
    """
    cut = most is not None and len(text) > most
    text = text[:most] if cut else text
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
    return text + "..." if cut else text


def read_bytes(path: str, limit: int, what: str | None = None) -> bytes:
    """The bytes of file ``path`` (``-``: standard input), refused with
    :class:`~minesweeper.errors.BadInput` when there are more than ``limit`` (``what``
    says what the bound is); errors of ``open`` are raised as they are.

    >>> read_bytes(os.devnull, 10)
    b''
    >>> read_bytes("/dev/zero", 5)
    Traceback (most recent call last):
    ...
    minesweeper.errors.BadInput: /dev/zero is larger than 5 bytes; refused
    """
    if path == STDOUT:
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # a text stream in place of stdin (tests, embedding)
            stream = io.BytesIO(sys.stdin.read().encode("utf-8"))
        return _read(stream, "standard input", limit, what)
    with open(path, "rb", buffering=0) as fh:
        return _read(fh, path, limit, what)


def _read(stream: BinaryIO, name: str, limit: int, what: str | None) -> bytes:
    too_large = BadInput(f"{name} is larger than {what or f'{limit:,} bytes'}; refused")
    want = min(_CHUNK, limit + 1)
    try:
        info: os.stat_result | None = os.fstat(stream.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):
        info = None  # not a file descriptor: read as a stream
    if info is not None and stat.S_ISREG(info.st_mode):
        if info.st_size > limit:
            raise too_large
        want = info.st_size + 1  # read in one call, and see that nothing follows
    # A buffered stream returns less than asked only at the end: a terminal sends one
    # end (Ctrl-D), so nothing more is asked of it then.
    buffered = isinstance(stream, io.BufferedIOBase)
    parts: list[bytes] = []
    total = 0
    while True:
        chunk = stream.read(want)
        if not chunk:
            break
        parts.append(chunk)
        total += len(chunk)
        if total > limit:
            raise too_large
        if buffered and len(chunk) < want:
            break
        want = min(_CHUNK, limit + 1 - total)
    return parts[0] if len(parts) == 1 else b"".join(parts)


def error_line(exc: OSError, path: str) -> str:
    """One line saying why ``path`` could not be written.

    >>> error_line(OSError(errno.ENOSPC, "No space left on device"), "b.png")
    'cannot write b.png: No space left on device'
    """
    if isinstance(exc, BrokenPipeError):
        return f"cannot write {path}: its reader went away"
    return f"cannot write {path}: {exc.strerror or exc}"


def write_output(path: str, data: bytes | str) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` as described above; an
    :class:`OSError` says why not (:func:`error_line` words it).

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> write_output(os.path.join(folder, "a.txt"), b"1?\\n")
    >>> write_output(os.devnull, "nothing")
    >>> os.listdir(folder), os.path.isfile(os.devnull)
    (['a.txt'], False)
    >>> write_output(folder, "x")
    Traceback (most recent call last):
    ...
    IsADirectoryError: [Errno 21] it is a folder
    """
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if path == STDOUT:
        sys.stdout.flush()
        sys.stdout.buffer.write(raw)
        sys.stdout.buffer.flush()
        return
    if _through_descriptor(path):  # /dev/stdout, /dev/fd/3: that open file, as it is
        _write_into(path, raw, truncate=True)
        return
    real = os.path.realpath(path)
    folder = os.path.dirname(real)
    if path.endswith("/") or os.path.isdir(real):
        raise IsADirectoryError(errno.EISDIR, "it is a folder")
    if not os.path.isdir(folder):
        raise FileNotFoundError(errno.ENOENT, f"the folder {folder} does not exist")
    try:
        old: os.stat_result | None = os.stat(real)
    except FileNotFoundError:
        old = None
    if old is not None and not stat.S_ISREG(old.st_mode):
        _write_into(real, raw)
    elif old is not None and not os.access(real, os.W_OK):
        raise PermissionError(errno.EACCES, "Permission denied")
    else:
        _replace(real, folder, old, raw)


def _through_descriptor(path: str) -> bool:
    """Whether ``path`` leads, through links, into ``/proc`` (an open descriptor).

    >>> _through_descriptor("board.txt")
    False
    """
    here = os.path.abspath(path)
    for _ in range(40):  # as many links as the system follows
        folder = os.path.realpath(os.path.dirname(here))
        if folder == "/proc" or folder.startswith("/proc/"):
            return True
        try:
            here = os.path.join(folder, os.readlink(here))
        except OSError:
            return False
    return False


def _write_into(real: str, raw: bytes, truncate: bool = False) -> None:
    fd = os.open(real, os.O_WRONLY | os.O_CLOEXEC | (os.O_TRUNC if truncate else 0))
    with os.fdopen(fd, "wb") as out:
        out.write(raw)


def _replace(real: str, folder: str, old: os.stat_result | None, raw: bytes) -> None:
    """Write a temporary file in ``folder`` and rename it over ``real``."""
    if old is None:
        mask = os.umask(0)
        os.umask(mask)
        mode = 0o666 & ~mask
    else:
        mode = stat.S_IMODE(old.st_mode) & ~(stat.S_ISUID | stat.S_ISGID)
    remove_stale(folder)
    try:
        fd, tmp = _temporary(folder, mode)
    except PermissionError:
        if old is None:
            raise
        _write_into(real, raw, truncate=True)  # a read-only folder: write into the file
        return
    try:
        os.fchmod(fd, mode)
        if old is not None and not _give(fd, old):
            _write_into(real, raw, truncate=True)  # only root gives a file away
            return
        with os.fdopen(os.dup(fd), "wb") as out:
            out.write(raw)
            out.flush()
            os.fsync(out.fileno())
        if tmp is None:  # give the unnamed file a name, then put it in place
            tmp = os.path.join(folder, _temp_name())
            PENDING.add(tmp)
            folder_fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
            try:  # a folder descriptor makes this linkat(), which follows /proc's link
                os.link(f"/proc/self/fd/{fd}", os.path.basename(tmp), dst_dir_fd=folder_fd,
                        follow_symlinks=True)
            finally:
                os.close(folder_fd)
        os.replace(tmp, real)
        PENDING.discard(tmp)
        tmp = None
    finally:
        _discard(fd, tmp)


def _give(fd: int, old: os.stat_result) -> bool:
    """Give the file of ``fd`` the owner and group of ``old``; False where not allowed."""
    if (old.st_uid, old.st_gid) == (os.geteuid(), os.getegid()):
        return True
    try:
        os.fchown(fd, old.st_uid, old.st_gid)
    except OSError:
        return False
    return True


def _temporary(folder: str, mode: int) -> tuple[int, str | None]:
    """A new file in ``folder`` open for writing, and its name (None: it has none)."""
    if UNNAMED and os.path.isdir("/proc/self/fd"):
        try:
            return os.open(folder, UNNAMED | os.O_WRONLY | os.O_CLOEXEC, mode), None
        except OSError as exc:
            if exc.errno not in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL):
                raise
    tmp = os.path.join(folder, _temp_name())
    PENDING.add(tmp)
    return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, mode), tmp


def _temp_name() -> str:
    return f"{TEMP_PREFIX}{os.getpid()}-{os.urandom(6).hex()}.tmp"


def _discard(fd: int, tmp: str | None) -> None:
    os.close(fd)
    if tmp is not None:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        PENDING.discard(tmp)


def remove_pending() -> None:
    """Remove the named temporary files being written now (a signal's clean-up).

    >>> remove_pending()
    """
    for tmp in list(PENDING):
        try:
            os.unlink(tmp)
        except OSError:
            pass
        PENDING.discard(tmp)


def remove_stale(folder: str) -> list[str]:
    """Remove from ``folder`` the named temporary files of processes that no longer
    run; return their names.

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> open(os.path.join(folder, ".minesweeper-999999999-ab.tmp"), "w").close()
    >>> remove_stale(folder), os.listdir(folder)
    (['.minesweeper-999999999-ab.tmp'], [])
    """
    removed: list[str] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    for name in names:
        m = _TEMP_NAME.fullmatch(name)
        if m is None or _running(int(m.group(1))):
            continue
        try:
            os.unlink(os.path.join(folder, name))
            removed.append(name)
        except OSError:
            pass
    return sorted(removed)


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, but is not ours to signal
        return True
    return True
