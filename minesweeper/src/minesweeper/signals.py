"""SIGINT and SIGTERM end the ``minesweeper`` program within moments, even inside a solver.

:func:`main` (the console script) installs the handlers before anything else is
imported.  A handler, or a watchdog thread woken through the signal wake-up pipe when
the main thread is busy in compiled code, runs the clean-up (removing half-written
temporary files), says ``minesweeper: interrupted`` for SIGINT, and ends the process with
exit status 130 (SIGINT) or 143 (SIGTERM).  The SAT solvers and the model counter keep
the interpreter lock, so :func:`in_child` runs them in a forked child that the program
kills on a signal.  Used as a library (nothing installed), :func:`in_child` calls in
place and Ctrl-C raises ``KeyboardInterrupt``.

Only the standard library is imported here.

>>> in_child(divmod, 17, 5)
(3, 2)
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

T = TypeVar("T")

#: How long the watchdog leaves the main thread to handle a signal itself.
GRACE = 0.05

_state: dict[str, Any] = {"prog": "minesweeper", "installed": False}
_cleanups: list[Callable[[], None]] = []
_children: set[int] = set()
_ending = threading.Lock()


def install(prog: str, cleanup: Callable[[], None] | None = None) -> None:
    """From now on, SIGINT and SIGTERM end the process as program ``prog`` after
    ``cleanup``; call it from the main thread.  A second call only adds the clean-up.

    >>> import subprocess, sys
    >>> code = ("import os, signal, time; from minesweeper import signals; "
    ...         "signals.install('demo'); os.kill(os.getpid(), signal.SIGINT); time.sleep(5)")
    >>> done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    >>> done.returncode, done.stderr
    (130, 'demo: interrupted\\n')
    """
    _state["prog"] = prog
    if cleanup is not None and cleanup not in _cleanups:
        _cleanups.append(cleanup)
    if _state["installed"]:
        return
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda signum, frame: end(signum))
    signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)
    threading.Thread(target=_watch, args=(read_end,), daemon=True).start()
    _state["installed"] = True


def end(signum: int) -> None:
    """End the process as signal ``signum`` does: clean up, say so, exit 128 + signum.
    Only the first thread to call it ends the process; others wait for that."""
    if not _ending.acquire(blocking=False):
        if threading.current_thread() is threading.main_thread():
            return  # a second signal during the clean-up: the first one carries on
        time.sleep(3600)
    for pid in list(_children):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    for cleanup in _cleanups:
        try:
            cleanup()
        except Exception:  # noqa: S110 - ending anyway
            pass
    if signum == signal.SIGINT:
        try:
            os.write(2, f"{_state['prog']}: interrupted\n".encode())
        except OSError:
            pass
    os._exit(128 + signum)


def _watch(fd: int) -> None:
    """Wait on the wake-up pipe; end the process if the main thread has not."""
    while True:
        try:
            data = os.read(fd, 64)
        except InterruptedError:
            continue
        except OSError:
            return
        if not data:
            return
        signums = [b for b in data if b in (signal.SIGINT, signal.SIGTERM)]
        if signums:
            time.sleep(GRACE)
            end(signums[0])


def in_child(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)``, computed in a forked child when the handlers are installed (in
    place otherwise); its result or exception comes back pickled.

    >>> in_child(int, "x")
    Traceback (most recent call last):
    ...
    ValueError: invalid literal for int() with base 10: 'x'
    """
    if (not _state["installed"] or not hasattr(os, "fork")
            or threading.current_thread() is not threading.main_thread()):
        return fn(*args)
    import pickle

    read_end, write_end = os.pipe()
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        _child(fn, args, read_end, write_end, parent)
    _children.add(pid)
    os.close(write_end)
    chunks: list[bytes] = []
    try:
        while block := os.read(read_end, 1 << 20):
            chunks.append(block)
    finally:
        os.close(read_end)
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except OSError:
            pass
        _children.discard(pid)
    if not chunks:
        raise MemoryError("the computation ended without an answer (out of memory?)")
    ok, value = pickle.loads(b"".join(chunks))
    if ok:
        return value  # type: ignore[no-any-return]
    raise value


def _child(fn: Callable[..., Any], args: tuple[Any, ...], read_end: int, write_end: int,
           parent: int) -> NoReturn:  # pragma: no cover - runs in the child
    import pickle

    try:
        os.close(read_end)
        # The parent obeys the signals: Ctrl-C for the terminal is not the child's, and
        # a SIGTERM ends it at once; it dies with the parent (Linux).
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        try:
            import ctypes

            ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except Exception:  # noqa: S110 - not Linux
            pass
        if os.getppid() != parent:
            os._exit(1)
        try:
            payload = pickle.dumps((True, fn(*args)))
        except BaseException as exc:
            try:
                payload = pickle.dumps((False, exc))
            except Exception:
                payload = pickle.dumps((False, RuntimeError(f"{type(exc).__name__}: {exc}")))
        view = memoryview(payload)
        while view:
            view = view[os.write(write_end, view):]
    finally:
        os._exit(0)


def main() -> NoReturn:
    """The ``minesweeper`` console script: the handlers first, then the program."""
    from .files import remove_pending

    install("minesweeper", remove_pending)
    # One BLAS thread: the program does no linear algebra, and numpy starts faster.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    # No transparent huge pages for numpy's arrays: where the kernel compacts memory at
    # each fault, a huge board's arrays take three times as long to fill.
    os.environ.setdefault("NUMPY_MADVISE_HUGEPAGE", "0")
    from .cli import main as cli_main

    sys.exit(cli_main())
