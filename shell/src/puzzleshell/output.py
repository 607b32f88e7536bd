"""Write an output file as a shell redirection ``> PATH`` would, and whole or not at all.

The programs of this shell write every ``-o`` / ``--output`` and every picture or page
through :func:`open_output` (or :func:`write_file`), so that every command treats the
path the same way:

* ``None`` or ``-`` is standard output;
* a symbolic link is followed: the file it names is written, the link stays a link;
* a FIFO, a character device or any other file that is not a regular file is opened
  and written into, never renamed over: ``-o /dev/null`` stays the null device;
* a folder is refused;
* a regular file, new or existing, appears whole or not at all: the data goes to a
  temporary file in the same folder, which is synced and then renamed over the
  target. An existing file keeps its permission bits (without set-user/group-id) and
  its owner and group; where the new file may not be given them (only root may give
  a file away), or the folder may not be written to, the existing file is written
  into instead, as by a shell, and then not atomically. Other hard links to the file
  keep the old content. An existing file that may not be written (a read-only
  file, for a user other than root) is refused with "Permission denied", as by a
  shell; a new file gets ``0o666`` less the umask, as ``open()`` gives;
* when anything fails (an exception in the ``with`` block, a full disk), the target is
  left exactly as it was and no temporary file stays behind.

The temporary file has no name while it is written (Linux ``O_TMPFILE``), and gets one
only when it is complete, so that even a SIGKILL leaves nothing to be seen. Where that
is not available (another system, a file system without it), the temporary file is
named ``.partial-PID-RANDOM.tmp``; such a file of a process that no longer runs is
stale and the next write into that folder removes it (:func:`remove_stale_temporaries`),
and a SIGTERM handler may remove the ones being written now
(:func:`remove_pending_files`).

Errors are :class:`OSError` naming the user's path, never the temporary file:
:func:`error_message` turns one into a line of text.

This module imports only the standard library, so that it is cheap to import.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "board.txt")
>>> with open_output(path) as out:
...     _ = out.write("2 4 1 3\\n")
>>> open(path).read(), os.listdir(folder)
('2 4 1 3\\n', ['board.txt'])
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

__all__ = [
    "PENDING_FILES",
    "TEMP_PREFIX",
    "error_message",
    "is_replaced",
    "open_output",
    "remove_pending_files",
    "remove_stale_temporaries",
    "write_file",
]

#: How the names of (rare) named temporary files begin.
TEMP_PREFIX = ".partial-"

#: Named temporary files being written or renamed now; a SIGTERM handler removes them
#: with :func:`remove_pending_files`.
PENDING_FILES: set[str] = set()

# ``0`` where the system has no unnamed temporary files (then named ones are used).
_O_TMPFILE: int = getattr(os, "O_TMPFILE", 0)

_TEMP_NAME = re.compile(re.escape(TEMP_PREFIX) + r"(\d+)-[0-9a-f]+\.tmp")

# The errors by which open(O_TMPFILE) says that the file system cannot do it.
_NO_TMPFILE = {errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL, errno.ENOTSUP}


def error_message(exc: OSError, path: str | os.PathLike[str] | None = None) -> str:
    """One line saying why an output could not be written.

    >>> error_message(OSError(errno.ENOSPC, "No space left on device", "out.txt"))
    'cannot write out.txt: No space left on device'
    >>> error_message(OSError("disk full"), "out.txt")
    'cannot write out.txt: disk full'
    >>> error_message(FileNotFoundError(errno.ENOENT, "no file name given", ""))
    "cannot write the output: it needs a file name, not ''"
    """
    name = exc.filename if exc.filename is not None else path
    if name is not None and not os.fsdecode(name):
        return "cannot write the output: it needs a file name, not ''"
    reason = exc.strerror or (str(exc.args[0]) if len(exc.args) == 1 else str(exc))
    return f"cannot write {os.fsdecode(name) if name is not None else 'the output'}: {reason}"


@contextmanager
def open_output(path: str | os.PathLike[str] | None,
                binary: bool = False) -> Iterator[IO[Any]]:
    """Yield a stream writing to ``path`` (standard output for None or ``-``).

    Text streams are UTF-8. The file is complete when the ``with`` block ends without
    an exception; otherwise it is as it was before:

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "n.txt")
    >>> with open_output(path) as out:
    ...     _ = out.write("old\\n")
    >>> with open_output(path) as out:
    ...     _ = out.write("1 2 3")
    ...     raise OSError("disk full")
    Traceback (most recent call last):
    ...
    OSError: disk full
    >>> open(path).read(), os.listdir(folder)
    ('old\\n', ['n.txt'])

    A character device is written into, and stays a device:

    >>> with open_output(os.devnull, binary=True) as out:
    ...     _ = out.write(b"nothing")
    >>> os.path.isfile(os.devnull)
    False

    A folder, or a file in a folder that does not exist, is refused:

    >>> with open_output(folder) as out:
    ...     pass
    Traceback (most recent call last):
    ...
    IsADirectoryError: [Errno 21] it is a folder: '...'
    >>> with open_output(os.path.join(folder, "no", "n.txt")) as out:
    ...     pass
    Traceback (most recent call last):
    ...
    FileNotFoundError: [Errno 2] the folder .../no does not exist: '.../no/n.txt'
    """
    if path is None or os.fspath(path) == "-":
        sys.stdout.flush()
        stream: IO[Any] = sys.stdout.buffer if binary else sys.stdout
        yield stream
        stream.flush()
        return
    name = os.fsdecode(os.fspath(path))
    if not name:
        raise FileNotFoundError(errno.ENOENT, "no file name given", name)
    if _through_descriptor(name):  # /dev/stdout, /dev/fd/3: that open file, as it is
        with _into(name, name, binary, truncate=True) as out:
            yield out
        return
    real, info = _resolve(name)
    if info is not None and not stat.S_ISREG(info.st_mode):
        with _into(name, real, binary) as out:
            yield out
    else:
        with _replacing(name, real, info, binary) as out:
            yield out


def write_file(path: str | os.PathLike[str] | None, data: bytes | str) -> None:
    """Write ``data`` (text is written as UTF-8) as :func:`open_output` would.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "b.txt")
    >>> write_file(path, "1?\\n")
    >>> write_file(path, b"11\\n")
    >>> open(path).read()
    '11\\n'
    """
    raw = data.encode("utf-8") if isinstance(data, str) else data
    with open_output(path, binary=True) as out:
        out.write(raw)


def is_replaced(path: str | os.PathLike[str]) -> bool:
    """Whether writing ``path`` puts a new regular file in place (a new file, or one
    replacing a regular file), rather than writing into what is there (a FIFO, a
    device, an open descriptor such as ``/dev/stdout``).

    >>> is_replaced("board.txt"), is_replaced(os.devnull)
    (True, False)
    """
    name = os.fsdecode(os.fspath(path))
    if _through_descriptor(name):
        return False
    try:
        return stat.S_ISREG(os.stat(name).st_mode)
    except OSError:
        return True


def remove_pending_files() -> None:
    """Remove the named temporary files being written now (for a SIGTERM handler).

    >>> remove_pending_files()
    """
    for tmp in list(PENDING_FILES):
        try:
            os.unlink(tmp)
        except OSError:
            pass
        PENDING_FILES.discard(tmp)


def remove_stale_temporaries(folder: str | os.PathLike[str]) -> list[str]:
    """Remove, from ``folder``, the named temporary files (``.partial-PID-RANDOM.tmp``)
    of processes that no longer run; return their names. Those of running processes
    are kept: they may still be writing.

    >>> import os, subprocess, sys, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
    ...                       capture_output=True, text=True).stdout.strip()
    >>> for pid in (gone, os.getpid()):
    ...     open(os.path.join(folder, f".partial-{pid}-1a2b.tmp"), "w").close()
    >>> remove_stale_temporaries(folder) == [f".partial-{gone}-1a2b.tmp"]
    True
    >>> os.listdir(folder) == [f".partial-{os.getpid()}-1a2b.tmp"]
    True
    """
    removed: list[str] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        m = _TEMP_NAME.fullmatch(entry.name)
        if m is None or _running(int(m.group(1))):
            continue
        try:
            if entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)
                removed.append(entry.name)
        except OSError:
            pass
    return removed


def _running(pid: int) -> bool:
    """Whether a process ``pid`` exists (ours counts: it may be writing in a thread)."""
    if pid == os.getpid():
        return True
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, but is not ours to signal
        return True
    return True


def _through_descriptor(name: str) -> bool:
    """Whether ``name`` leads, through links, to an open file descriptor
    (``/dev/stdout``, ``/dev/fd/N``, ``/proc/self/fd/N``), which is written into as it
    is rather than replaced.

    >>> _through_descriptor("/dev/stdout") == os.path.isdir("/proc/self/fd")
    True
    >>> _through_descriptor("board.txt")
    False
    """
    path = os.path.abspath(name)
    for _ in range(40):  # as many links as the system follows
        folder = os.path.realpath(os.path.dirname(path))
        if folder == "/proc" or folder.startswith("/proc/"):
            return True
        try:
            link = os.readlink(path)
        except OSError:
            return False
        path = os.path.join(folder, link)
    return False


def _resolve(name: str) -> tuple[str, os.stat_result | None]:
    """The file that writing ``name`` writes (links followed), and its status (None if
    it does not exist yet); refuse a folder, and a folder that is missing."""
    if name.endswith(("/", os.sep)) and not os.path.isdir(name):
        raise IsADirectoryError(errno.EISDIR, "the name of a folder, not of a file", name)
    given = os.path.dirname(os.path.abspath(name))
    if not os.path.isdir(given):
        raise _missing_folder(given, name)
    real = os.path.realpath(name)
    try:
        info: os.stat_result | None = os.stat(real)
    except FileNotFoundError:
        info = None
        folder = os.path.dirname(real)
        if not os.path.isdir(folder):  # a link into a folder that is gone
            raise _missing_folder(folder, name) from None
    except OSError as exc:
        _rename(exc, name, real)
        raise
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(errno.EISDIR, "it is a folder", name)
    return real, info


def _missing_folder(folder: str, name: str) -> OSError:
    if os.path.exists(folder):
        return NotADirectoryError(errno.ENOTDIR, f"{folder} is not a folder", name)
    return FileNotFoundError(errno.ENOENT, f"the folder {folder} does not exist", name)


def _rename(exc: BaseException, name: str, *internal: str | None) -> None:
    """Make ``exc`` name the user's path ``name`` where it named nothing or one of the
    ``internal`` paths (a temporary file, the file a link names, its folder)."""
    if isinstance(exc, OSError) and exc.errno is not None and not isinstance(
            exc, BrokenPipeError):
        if (exc.filename is None or exc.filename in internal
                or _TEMP_NAME.fullmatch(os.path.basename(os.fsdecode(exc.filename)))):
            exc.filename = name
        if exc.filename2 is not None and exc.filename2 in internal:
            exc.filename2 = None


def _stream(fd: int, binary: bool) -> IO[Any]:
    if binary:
        return os.fdopen(fd, "wb")
    return os.fdopen(fd, "w", encoding="utf-8")


@contextmanager
def _into(name: str, real: str, binary: bool, truncate: bool = False) -> Iterator[IO[Any]]:
    """Write straight into a file that is not a regular file (FIFO, device, socket...),
    or (``truncate``) into an open file descriptor as a redirection would."""
    try:
        fd = os.open(real, os.O_WRONLY | os.O_CLOEXEC | (os.O_TRUNC if truncate else 0))
    except OSError as exc:
        _rename(exc, name, real)
        raise
    try:
        with _stream(fd, binary) as out:
            yield out
    except BaseException as exc:
        _rename(exc, name, real)
        raise


@contextmanager
def _replacing(name: str, real: str, old: os.stat_result | None,
               binary: bool) -> Iterator[IO[Any]]:
    """Write a temporary file beside ``real`` and rename it over ``real`` at the end."""
    folder = os.path.dirname(real)
    if old is not None and not os.access(real, os.W_OK):
        raise PermissionError(errno.EACCES, "Permission denied", name)
    mode = _new_file_mode() if old is None else (
        stat.S_IMODE(old.st_mode) & ~(stat.S_ISUID | stat.S_ISGID))
    remove_stale_temporaries(folder)
    fd, tmp = -1, None
    try:
        try:
            fd, tmp = _temporary(folder, mode)
        except PermissionError:
            if old is None:
                raise
            in_place = True  # a folder that may not be written to, a file that may
        else:
            os.fchmod(fd, mode)  # exactly, whatever the umask
            in_place = old is not None and not _same_owner(fd, old)
        if in_place:
            # Replacing the file would change its owner, or cannot be done at all:
            # write into it, as a redirection would (not atomically, then).
            _abandon(fd, tmp)
            fd, tmp = -1, None
    except BaseException as exc:
        _abandon(fd, tmp)
        _rename(exc, name, tmp, real, folder)
        raise
    if in_place:
        with _into(name, real, binary, truncate=True) as out:
            yield out
        return
    try:
        out = _stream(fd, binary)
        fd = -1  # the stream owns it now
        with out:
            yield out
            out.flush()
            os.fsync(out.fileno())
            _publish(out.fileno(), tmp, real, folder, replace=old is not None)
    except BaseException as exc:
        _abandon(fd, tmp)
        _rename(exc, name, tmp, real, folder)
        raise
    if tmp is not None:
        PENDING_FILES.discard(tmp)
    _sync_folder(folder)


def _abandon(fd: int, tmp: str | None) -> None:
    """Close a temporary's descriptor (``-1``: none) and remove its name (if it has one)."""
    if fd >= 0:
        os.close(fd)
    if tmp is not None:
        _discard(tmp)


def _same_owner(fd: int, old: os.stat_result) -> bool:
    """Give the new file of ``fd`` the owner and group of ``old``; False where that is
    not allowed (only root may give a file away, and only to a group of one's own)."""
    if (old.st_uid, old.st_gid) == (os.geteuid(), os.getegid()):
        return True
    try:
        os.fchown(fd, old.st_uid, old.st_gid)
    except OSError:
        return False
    return True


def _temporary(folder: str, mode: int) -> tuple[int, str | None]:
    """A new file in ``folder`` open for writing, and its name (None: it has none)."""
    if _O_TMPFILE and os.path.isdir("/proc/self/fd"):
        try:
            return os.open(folder, _O_TMPFILE | os.O_WRONLY | os.O_CLOEXEC, mode), None
        except OSError as exc:
            if exc.errno not in _NO_TMPFILE:
                raise
    while True:
        tmp = os.path.join(folder, _temp_name())
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, mode)
        except FileExistsError:
            continue
        PENDING_FILES.add(tmp)
        return fd, tmp


def _temp_name() -> str:
    return f"{TEMP_PREFIX}{os.getpid()}-{os.urandom(6).hex()}.tmp"


def _publish(fd: int, tmp: str | None, real: str, folder: str, replace: bool) -> None:
    """Give the finished temporary file (named ``tmp``, or unnamed as ``fd``) the name
    ``real``, atomically."""
    if tmp is not None:
        os.replace(tmp, real)
        return
    source = f"/proc/self/fd/{fd}"
    folder_fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        # A directory descriptor makes os.link use linkat(), which follows the /proc link.
        if not replace:
            try:
                os.link(source, os.path.basename(real), dst_dir_fd=folder_fd,
                        follow_symlinks=True)
                return
            except FileExistsError:  # created meanwhile: replace it, as below
                pass
        tmp = os.path.join(folder, _temp_name())
        PENDING_FILES.add(tmp)
        try:
            os.link(source, os.path.basename(tmp), dst_dir_fd=folder_fd,
                    follow_symlinks=True)
            os.replace(tmp, real)
        except BaseException:
            _discard(tmp)
            raise
        finally:
            PENDING_FILES.discard(tmp)
    finally:
        os.close(folder_fd)


def _discard(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass
    PENDING_FILES.discard(tmp)


def _sync_folder(folder: str) -> None:
    """Make the new name durable (best effort: not every system can sync a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _new_file_mode() -> int:
    """The permissions a newly created file gets under the current umask.

    >>> 0 < _new_file_mode() <= 0o666
    True
    """
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask
