"""A pool of worker processes of this machine that a program of this shell can stop at
once: the workers ignore Ctrl-C (the program obeys it, :mod:`puzzleshell.signals`) and die
with the program (Linux), so a signal that ends the program leaves none behind.

>>> pool = start_local_pool(2)
>>> sorted(pool.map(abs, [-2, 1, -3]))
[1, 2, 3]
>>> stop_local_pool(pool)
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import multiprocessing
import os
import signal

__all__ = ["start_local_pool", "stop_local_pool"]


def _init_worker() -> None:  # pragma: no cover - runs in the worker processes
    # Ctrl-C is the parent's business; and a worker dies with its parent (Linux).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the pool stops its workers this way
    with contextlib.suppress(Exception):
        import ctypes

        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def start_local_pool(workers: int) -> cf.ProcessPoolExecutor:
    """A pool of ``workers`` processes of this machine (forked where the system can:
    they share what is already built here), which ignore Ctrl-C and die with this
    process; stop it with :func:`stop_local_pool`.

    >>> pool = start_local_pool(1)
    >>> pool.submit(abs, -3).result()
    3
    >>> stop_local_pool(pool)
    """
    ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    return cf.ProcessPoolExecutor(workers, mp_context=ctx, initializer=_init_worker)


def stop_local_pool(pool: cf.Executor) -> None:
    """Stop a pool of :func:`start_local_pool` at once, abandoning the tasks in flight."""
    workers = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for p in workers:
        with contextlib.suppress(Exception):
            p.terminate()
    for p in workers:
        with contextlib.suppress(Exception):
            p.join(5)
    # The pool's own thread closes its wake-up pipe as it ends; at exit the interpreter
    # writes to that pipe unless the thread is gone, and the two race (Python 3.11: "Bad
    # file descriptor" after the last line). With the workers dead it ends at once.
    if manager is not None:
        with contextlib.suppress(Exception):
            manager.join(5)
