"""SIGINT, SIGTERM and SIGHUP obeyed at any moment by a program of this shell.

Python runs signal handlers in the main thread only, between two steps of Python code;
a compiled search (a kernel of the native core) or a solver written in C can keep the main thread
away from Python for minutes, and a Ctrl-C that lands while the modules are still being
imported prints a ``KeyboardInterrupt`` traceback. Here, as a program:

* :func:`install` (called first thing by a console script through :func:`run_program`,
  before the rest of the program is imported) sets handlers
  for SIGINT, SIGTERM and SIGHUP (a SIGHUP the program was started ignoring, as by
  ``nohup``, stays ignored), and starts a *watchdog* thread that sleeps on the signal
  wake-up pipe: the operating system wakes it on a signal even while the main thread is
  inside compiled code;
* on a signal, whichever of the two comes first (the handler in the main thread, or the
  watchdog when the main thread is busy in a kernel that released the interpreter lock:
  the kernels are compiled ``nogil``) *finishes* the program: it removes the half-written
  output files of :mod:`puzzleshell.output`, runs the clean-ups the program
  registered, says one line
  (``PROG: interrupted`` for SIGINT, nothing more than the :func:`noted` lines for
  SIGTERM and SIGHUP), stops the helper processes of :func:`in_child` and ends at once
  with exit status 130 (SIGINT), 143 (SIGTERM) or 129 (SIGHUP), as a shell reports a
  program ended by the signal;
* C code that keeps the interpreter lock (the SAT solvers, the model counter) runs in a
  forked child process with :func:`in_child`, so that the program itself stays free to
  obey a signal and stop the child.

The program ends without unwinding: what a ``finally`` would do, a clean-up must do (a
count's journal needs nothing: each commit is atomic). Used as a library (nothing
installed), nothing changes: Ctrl-C raises ``KeyboardInterrupt`` and :func:`in_child`
calls the function in place.

This module imports only the standard library.

>>> in_child(sum, [1, 2, 3])   # not installed: called in place
6
>>> with noted("the journal keeps what was counted"):
...     NOTES
['the journal keeps what was counted']
>>> NOTES
[]
"""

from __future__ import annotations

import os
import sys
import threading
import time

# Only what a handler needs is imported before the handlers are installed: a signal
# during these imports still ends the program the default way (``typing`` is not one,
# nor the enumerations of ``signal``: its C module has all that is used here).
TYPE_CHECKING = False
if TYPE_CHECKING:
    import signal
else:
    try:
        import _signal as signal
    except ImportError:  # pragma: no cover - a Python without it
        import signal
if TYPE_CHECKING:
    from collections.abc import Callable
    from types import TracebackType
    from typing import Any, NoReturn, TypeVar

    T = TypeVar("T")

__all__ = [
    "NOTES",
    "finish",
    "in_child",
    "install",
    "installed",
    "noted",
    "entry",
    "run_program",
]

#: The signals a program obeys this way (SIGHUP where the system has it).
SIGNALS = (signal.SIGINT, signal.SIGTERM, *((signal.SIGHUP,) if hasattr(signal, "SIGHUP")
                                           else ()))

_SIGHUP = getattr(signal, "SIGHUP", None)

#: What the line of each signal says after "PROG: " (SIGINT's is said even without notes).
_HOW: dict[int, str] = {signal.SIGINT: "interrupted", signal.SIGTERM: "terminated",
                        **({signal.SIGHUP: "hung up"} if hasattr(signal, "SIGHUP") else {})}

#: Lines said when a signal ends the program (after "PROG: interrupted; " or
#: "PROG: terminated; "), e.g. where a long count keeps its finished work.
NOTES: list[str] = []

# How long the watchdog leaves the main thread to handle a signal itself.
_GRACE = 0.05

_prog = "program"
_installed = False
_cleanups: list[Callable[[], None]] = []
_children: set[int] = set()
_finishing = threading.Lock()
_finisher: int | None = None


def installed() -> bool:
    """Whether :func:`install` has been called in this process.

    >>> isinstance(installed(), bool)
    True
    """
    return _installed


def install(prog: str, cleanup: Callable[[], None] | None = None) -> None:
    """Obey SIGINT, SIGTERM and SIGHUP at once from now on, as program ``prog``;
    ``cleanup`` (if given) runs before the program ends on a signal. Call it from the main thread; a
    second call only changes the name and adds the clean-up.

    It changes how the process handles signals, so the example runs in a child:

    >>> import subprocess, sys
    >>> code = ("import os, signal, time; from puzzleshell import signals; "
    ...         "signals.install('demo'); os.kill(os.getpid(), signal.SIGINT); "
    ...         "time.sleep(5)")
    >>> done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    >>> done.returncode, done.stderr
    (130, 'demo: interrupted\\n')
    """
    global _prog, _installed
    _prog = prog
    if cleanup is not None and cleanup not in _cleanups:
        _cleanups.append(cleanup)
    if _installed:
        return
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    for fd in (read_end, write_end):
        os.set_inheritable(fd, False)
    for signum in SIGNALS:
        if signum == _SIGHUP and signal.getsignal(signum) == signal.SIG_IGN:
            continue  # ignored by whoever started the program (nohup): it stays so
        signal.signal(signum, _handler)
    signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)
    threading.Thread(target=_watch, args=(read_end,), name="signal-watchdog",
                     daemon=True).start()
    _installed = True


class noted:  # noqa: N801 - used as a function: ``with noted(line): ...``
    """Within the ``with`` block, a signal that ends the program also says ``line``.

    >>> with noted("finished work is kept in j.sqlite"):
    ...     len(NOTES)
    1
    >>> len(NOTES)
    0
    """

    def __init__(self, line: str) -> None:
        self.line = line

    def __enter__(self) -> None:
        NOTES.append(self.line)

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self.line in NOTES:
            NOTES.remove(self.line)


def finish(signum: int) -> NoReturn:
    """End the program as signal ``signum`` does: clean up, say so, exit 128 + signum.

    Only one thread finishes; another that calls it meanwhile waits for the end.
    """
    _end(signum)
    os._exit(128 + signum)


def _end(signum: int) -> None:
    """Finish, unless this thread is finishing already (a second signal handled during
    the clean-up returns here, and the first carries on)."""
    global _finisher
    me = threading.get_ident()
    if _finisher == me:
        return
    _finishing.acquire()
    _finisher = me
    for pid in list(_children):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    for cleanup in [_remove_pending_outputs, *_cleanups]:
        try:
            cleanup()
        except BaseException:  # noqa: S110 - ending anyway; nothing may stop that
            pass
    how = _HOW.get(signum, "terminated")
    lines = [f"{_prog}: {how}; {note}" for note in NOTES]
    if not lines and signum == signal.SIGINT:
        lines = [f"{_prog}: interrupted"]
    if lines:
        try:
            os.write(2, ("\n".join(lines) + "\n").encode("utf-8", "replace"))
        except OSError:
            pass
    os._exit(128 + signum)


def _remove_pending_outputs() -> None:
    """Remove the half-written output files of :mod:`puzzleshell.output`, if it is loaded
    (imports nothing: safe in a signal handler)."""
    output = sys.modules.get(f"{__package__}.output")
    if output is not None:
        output.remove_pending_files()


def _handler(signum: int, frame: object) -> None:
    _end(signum)


def _watch(fd: int) -> None:
    """The watchdog: wait on the wake-up pipe; finish when the main thread does not."""
    while True:
        try:
            data = os.read(fd, 64)
        except InterruptedError:
            continue
        except OSError:
            return
        if not data:
            return
        signums = [b for b in data if b in SIGNALS]
        if signums:
            time.sleep(_GRACE)
            _end(signums[0])


def in_child(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)``, computed in a forked child process when the handlers are installed
    (and in place otherwise), so that C code that keeps the interpreter lock cannot keep
    the program from obeying a signal: the program waits for the result, and on a signal
    stops the child and ends. The result, or the exception, comes back pickled; a child
    that ends without an answer (killed by the kernel's out-of-memory killer, or left no
    room to send it) is :class:`~puzzleshell.errors.OutOfMemory`.

    >>> in_child(divmod, 17, 5)
    (3, 2)
    >>> in_child(int, "x")
    Traceback (most recent call last):
    ...
    ValueError: invalid literal for int() with base 10: 'x'
    """
    if (not _installed or not hasattr(os, "fork")
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
    status = 0
    try:
        while True:
            block = os.read(read_end, 1 << 20)
            if not block:
                break
            chunks.append(block)
    finally:
        os.close(read_end)
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            status = os.waitpid(pid, 0)[1]
        except ChildProcessError:
            pass
        _children.discard(pid)
    if not chunks:
        raise _lost(status)
    ok, value = pickle.loads(b"".join(chunks))
    if ok:
        return value  # type: ignore[no-any-return]
    raise value


def _lost(status: int) -> BaseException:
    """Why a child ended without an answer, from its wait ``status``: killed outright
    (the kernel's out-of-memory killer sends SIGKILL), or ended without room to send the
    answer, is :class:`~puzzleshell.errors.OutOfMemory`; another signal (a crash) is a
    fault of the program.

    >>> type(_lost(9)).__name__, type(_lost(0)).__name__, type(_lost(11)).__name__
    ('OutOfMemory', 'OutOfMemory', 'RuntimeError')
    """
    from .errors import OutOfMemory

    if os.WIFSIGNALED(status) and os.WTERMSIG(status) != signal.SIGKILL:
        return RuntimeError(f"the computation's process ended by signal {os.WTERMSIG(status)}")
    return OutOfMemory()


def _child(fn: Callable[..., Any], args: tuple[Any, ...], read_end: int, write_end: int,
           parent: int) -> NoReturn:  # pragma: no cover - runs in the child
    import pickle

    try:
        os.close(read_end)
        # The parent obeys the signals; a Ctrl-C or a hangup for the whole terminal must
        # not make a solver here raise its own error or end without an answer before
        # the parent has seen the signal, and a SIGTERM ends the child at once.
        signal.pthread_sigmask(signal.SIG_BLOCK, {s for s in SIGNALS if s != signal.SIGTERM})
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        _die_with(parent)
        try:
            payload = pickle.dumps((True, fn(*args)))
        except BaseException as exc:
            exc = exc.with_traceback(None)  # what the failed work held is let go
            try:
                payload = pickle.dumps((False, exc))
            except MemoryError:
                payload = b""  # no room for the answer: the parent says so
            except Exception:
                payload = pickle.dumps((False, RuntimeError(f"{type(exc).__name__}: {exc}")))
        view = memoryview(payload)
        while view:
            view = view[os.write(write_end, view):]
    finally:
        os._exit(0)


def _die_with(parent: int) -> None:  # pragma: no cover - runs in the child
    """Make this process die when ``parent`` does (Linux), and at once if it already has."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except Exception:
        pass
    if os.getppid() != parent:
        os._exit(1)


def run_program(prog: str, module: str) -> NoReturn:
    """Install the handlers, then import ``module`` and exit with what its ``main()``
    returns: a signal during the imports ends the program quietly too."""
    install(prog)
    # The programs do no linear algebra; one BLAS thread spares numpy's import the
    # start of a thread pool (a third of its start-up).
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    # numpy asks the kernel for transparent huge pages on large arrays; where the kernel
    # then compacts memory at each fault (defrag "madvise", common), a huge board's
    # arrays take three times as long to touch: n = 10^8 built in 3.4 s of CPU instead
    # of 1.0 s. NUMPY_MADVISE_HUGEPAGE=1 in the environment keeps numpy's choice.
    os.environ.setdefault("NUMPY_MADVISE_HUGEPAGE", "0")
    import gc
    import importlib

    # What the imports make lives as long as the program: the collector would only walk
    # it again and again (a twentieth of a short command's time, and again at exit), so
    # it is off while they run and what they made is set aside (frozen) before it is on.
    gc.disable()
    main = importlib.import_module(module).main
    gc.freeze()
    gc.enable()
    sys.exit(main())


def entry(prog: str, module: str) -> Callable[[], NoReturn]:
    """The console script of program ``prog``: a function that runs
    :func:`run_program` on ``module`` (whose ``main()`` is the command line).

    >>> callable(entry("demo", "demo.cli"))
    True
    """
    def main() -> NoReturn:
        run_program(prog, module)

    main.__doc__ = f"The ``{prog}`` program."
    return main
