"""Counting on a Dask distributed cluster: the same subproblems, sent as tasks.

A cluster is only another executor for :func:`nqueens.algorithms.counter.runner.run`: hand a
``distributed.Client`` to :func:`nqueens.algorithms.counter.count` (``executor=client``), or let
:func:`connected` make one from the scheduler's address (as ``nqueens count
--scheduler`` does); the subproblems, the journal and the tally are those of a local
count. Batches are
sized from a short local calibration so that each task runs for about
:data:`TASK_SECONDS` (the scheduler adds about a millisecond per task), and each
finished batch is recorded in the journal as it arrives, so a count can be
resumed on the cluster or locally and never counts a subproblem twice. A worker
that dies mid-task has its tasks run elsewhere by the scheduler. Results are checked
as they arrive (:class:`nqueens.algorithms.counter.verify.Gate`: every result's own
checks, and one random subproblem of a batch recounted here while that stays within a
small share of the time); a wrong result is replaced by its count made here before its
batch is recorded, the worker that returned it is named, and what it returns later is
all counted again here. With ``redundant`` every batch runs on two different workers
and the two results are compared.

Before Dask reads anything from the scheduler's address, :func:`connect` checks the
first message there to be a Dask handshake of sane size (:func:`check_handshake`), so that a
server of another kind is reported in one line instead of being read as a Dask frame.

Needs the ``cluster`` extra: ``pip install "nqueens[cluster]"``.

>>> from nqueens.algorithms.counter.constellations import make_subproblems
>>> subs = make_subproblems(10)
>>> plan = plan_batches(subs, seconds_per_cost=1e-6, slots=2)
>>> sorted(s.id for b in plan for s in b) == [s.id for s in subs]
True
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import logging
import re
import socket
import struct
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from ...base.errors import BadInput
from .executors import ExecutorError
from .runner import Batch, BatchFn
from .verify import Gate
from .work import Subproblem, SubResult

#: How long one task should run, in seconds.
TASK_SECONDS = 2.0

#: How long to wait for the scheduler to answer, in seconds.
CONNECT_TIMEOUT = 10.0

#: How long a count waits for a cluster without workers (none yet, or all gone) to get
#: one back before it gives up, in seconds.
WORKER_GRACE = 60.0

#: Calibration: count subproblems locally for about this long to learn the speed.
CALIBRATION_SECONDS = 0.3

#: The largest first message accepted from a scheduler before Dask reads it (a Dask
#: handshake is under a hundred bytes).
MAX_HANDSHAKE_BYTES = 1 << 16

_ADDRESS = re.compile(r"^(tcp|tls|inproc|ws|wss)://\S+$|^[\w.\-\[\]:]+:\d+$")


#: The most tasks that may fail on the workers (an exception in the task) before a count
#: stops: each one's batch is counted here, which a broken worker must not turn into a
#: count made on the client alone.
MAX_FAILED_TASKS = 3


class _TaskFailed(Exception):
    """A task raised an error on its worker (the error, in words)."""


class ClusterError(ExecutorError):
    """The cluster failed while counting (what is done stays in the journal).

    >>> err = ClusterError("the scheduler at tcp://node7:8786 has no workers")
    >>> err.exit_code, isinstance(err, ExecutorError)
    (1, True)
    """


def require_dask() -> Any:
    """Import ``dask.distributed`` or say what to install.

    Without Dask installed (hidden here) the message names the extra to install:

    >>> import sys
    >>> from unittest import mock
    >>> with mock.patch.dict(sys.modules, {"dask.distributed": None}):
    ...     require_dask()
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: counting on a cluster needs Dask: pip install "nqueens[cluster]"
    """
    try:
        import dask.distributed as dd
    except ImportError:
        raise BadInput('counting on a cluster needs Dask: pip install "nqueens[cluster]"') from None
    return dd


def check_address(address: str) -> str:
    """Return the scheduler address with a scheme, or raise :class:`BadInput`.

    >>> check_address("127.0.0.1:8786")
    'tcp://127.0.0.1:8786'
    >>> check_address("tcp://node7:8786")
    'tcp://node7:8786'
    >>> check_address("node7:99999")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: 'node7:99999': port 99999 is not a TCP port (1..65535)
    """
    text = address.strip()
    if not _ADDRESS.match(text):
        raise BadInput(f"{address!r} is not a scheduler address like tcp://HOST:PORT")
    port = re.search(r":(\d+)/?$", text)
    if port is not None and not 0 < int(port.group(1)) < 65536:
        raise BadInput(f"{address!r}: port {port.group(1)} is not a TCP port (1..65535)")
    return text if "://" in text else f"tcp://{text}"


def plan_batches(subs: Sequence[Subproblem], seconds_per_cost: float,
                 task_seconds: float = TASK_SECONDS, slots: int = 1) -> list[Batch]:
    """Group subproblems into batches of about ``task_seconds`` of work each.

    The work of a subproblem is estimated as ``cost × seconds_per_cost``. When the
    whole count is short the batches shrink so that every one of the ``slots``
    worker threads still gets about four of them (the load then balances).

    >>> from nqueens.algorithms.counter.constellations import make_subproblems
    >>> subs = make_subproblems(8)              # 238 units of estimated cost in all
    >>> short = plan_batches(subs, seconds_per_cost=1e-3, slots=2)  # 0.24 s of work
    >>> len(short), sum(len(b) for b in short)  # four batches for each of the 2 slots
    (8, 78)
    >>> long = plan_batches(subs, seconds_per_cost=1.0, task_seconds=2.0, slots=2)
    >>> len(long) > len(short)                  # now about 2 s of work per batch
    True
    """
    if not subs:
        return []
    total = sum(max(1, s.cost) for s in subs) * seconds_per_cost
    target = min(task_seconds, total / (4 * max(1, slots)))
    budget = max(target / max(seconds_per_cost, 1e-12), 1.0)
    out: list[Batch] = []
    current: Batch = []
    acc = 0.0
    for s in subs:
        current.append(s)
        acc += max(1, s.cost)
        if acc >= budget:
            out.append(current)
            current, acc = [], 0.0
    if current:
        out.append(current)
    return out


def calibrate(fn: BatchFn, subs: Sequence[Subproblem],
              seconds: float = CALIBRATION_SECONDS) -> float:
    """Seconds per unit of estimated cost, from counting a spread sample here.

    The result depends on this machine's speed; it feeds :func:`plan_batches`:

    >>> from nqueens.algorithms.counter.constellations import make_subproblems, solve_batch
    >>> subs = make_subproblems(8)
    >>> rate = calibrate(solve_batch, subs, seconds=0.01)
    >>> rate > 0, sum(len(b) for b in plan_batches(subs, rate, slots=2))
    (True, 78)
    >>> calibrate(solve_batch, [])  # nothing to measure: a default
    1e-06
    """
    if not subs:
        return 1e-6
    fn([subs[-1]])  # load the compiled kernels before timing
    step = max(1, len(subs) // 64)
    spent = 0.0
    cost = 0
    for s in subs[::step]:
        t0 = time.perf_counter()
        fn([s])
        spent += time.perf_counter() - t0
        cost += max(1, s.cost)
        if spent >= seconds:
            break
    return max(spent / cost, 1e-9)


def connect(address: str, timeout: float = CONNECT_TIMEOUT) -> Any:
    """A ``distributed.Client`` of the scheduler at ``address`` (``tcp://HOST:PORT``), or
    :class:`BadInput` in one line when it cannot be reached within ``timeout`` seconds.

    For a ``tcp://`` address the server's first message is read here first and must be a
    Dask handshake (:func:`check_handshake`), so that a server of another kind is
    reported before Dask reads anything from it. Close the client with
    :func:`disconnect` (or use :func:`connected`).

    >>> import socket
    >>> s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]
    >>> connect(f"127.0.0.1:{port}", timeout=2)  # bound, not listening: refused
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: cannot reach the Dask scheduler at ...: connection refused
    >>> s.close()
    """
    address = check_address(address)
    dd = require_dask()
    _probe(address, timeout)
    # Connect in a helper thread: a server that accepts the connection but does not speak
    # Dask's protocol can otherwise keep the handshake waiting for ever.
    outcome: dict[str, Any] = {}
    ready = threading.Event()

    def attempt() -> None:
        try:
            outcome["client"] = dd.Client(address, timeout=timeout, set_as_default=False)
        except BaseException as exc:  # reported below, in the caller's thread
            outcome["error"] = f"{type(exc).__name__}{': ' + str(exc) if str(exc) else ''}"
            # Set before the half-made client is let go: closing it may wait here.
            ready.set()
        ready.set()

    threading.Thread(target=attempt, name="nqueens-connect", daemon=True).start()
    if ready.wait(timeout + 1) and "client" in outcome:
        return outcome["client"]
    _silence_dask()
    why = (f"it does not answer as a Dask scheduler ({outcome['error']})" if "error" in outcome
           else f"no answer within {timeout:g} s")
    raise BadInput(f"cannot reach the Dask scheduler at {address}: "
                   f"{why.splitlines()[0][:200]}")


def disconnect(client: Any, timeout: float = CONNECT_TIMEOUT) -> None:
    """Close a client of :func:`connect`, quietly when its scheduler is gone.

    >>> disconnect(None)
    """
    if client is None:
        return
    if client.status != "running":
        # The scheduler is gone: Dask's own reports of it (reconnection attempts,
        # tracebacks at shutdown) would only repeat the one-line message.
        _silence_dask()
    with contextlib.suppress(Exception):
        client.close(timeout=min(timeout, 2.0) if client.status != "running" else timeout)


@contextlib.contextmanager
def connected(address: str, timeout: float = CONNECT_TIMEOUT) -> Iterator[Any]:
    """:func:`connect` to ``address`` for the ``with`` block, then :func:`disconnect`.

    Counting on it needs a running scheduler (``dask scheduler``, ``dask worker``),
    so this is not run here:

    >>> from nqueens.algorithms.counter import count
    >>> with connected("tcp://127.0.0.1:8786") as client:  # doctest: +SKIP
    ...     count(12, executor=client).total
    14200
    """
    client = connect(address, timeout)
    try:
        yield client
    finally:
        disconnect(client, timeout)


class DaskMap:
    """An executor that runs batches as tasks on the Dask cluster of ``client`` (a
    ``distributed.Client``; it is used, never closed here). Batches are planned again
    from a local calibration (:func:`plan_batches`), results spot-checked as they arrive.

    Counting on it needs a running scheduler (``dask scheduler``, ``dask worker``),
    so this is not run here:

    >>> from dask.distributed import Client  # doctest: +SKIP
    >>> from nqueens.algorithms.counter.constellations import make_subproblems, tally
    >>> from nqueens.algorithms.counter.runner import run
    >>> subs = make_subproblems(12)
    >>> with Client("tcp://127.0.0.1:8786") as client:  # doctest: +SKIP
    ...     tally(subs, run(subs, DaskMap(client)))
    (14200, 1787)
    """

    def __init__(self, client: Any, task_seconds: float = TASK_SECONDS,
                 worker_grace: float = WORKER_GRACE, check: bool = True,
                 redundant: bool = False, notify: Callable[[str], None] | None = None):
        self.client = client
        self.task_seconds = task_seconds
        self.worker_grace = worker_grace
        self.check = check
        self.redundant = redundant
        self.notify = notify
        self.tasks = 0
        #: How many arriving results were recounted here.
        self.checked = 0
        #: How many arriving results were wrong, and replaced by the count made here.
        self.replaced = 0
        #: How many tasks raised an error on their worker (their batches are counted
        #: here, up to :data:`MAX_FAILED_TASKS`).
        self.failed = 0
        self._alone = False

    @property
    def address(self) -> str:
        """The scheduler's address."""
        return str(getattr(self.client.scheduler, "address", None) or "its address")

    def _lost(self) -> ClusterError:
        _silence_dask()
        return ClusterError(f"lost the connection to the Dask scheduler at {self.address}; "
                            "finished subproblems are kept in the journal: run the same "
                            "command again (on a cluster or here) to resume")

    @property
    def slots(self) -> int:
        """The number of worker threads on the cluster now."""
        return max(1, self._nthreads())

    def _wait_for_workers(self, why: str) -> None:
        """Return once the cluster has a worker; raise :class:`ClusterError` when none
        comes within :attr:`worker_grace` seconds."""
        deadline = time.monotonic() + self.worker_grace
        while not self._nthreads():
            if time.monotonic() >= deadline:
                raise ClusterError(f"the scheduler at {self.address} {why} and none joined "
                                   f"within {self.worker_grace:g} s; finished subproblems "
                                   "are kept in the journal")
            time.sleep(min(0.5, max(0.0, deadline - time.monotonic())))

    def _nthreads(self) -> int:
        """The worker threads of the cluster; raise :class:`ClusterError` when the
        connection to the scheduler is lost."""
        if self.client.status != "running":
            raise self._lost()
        try:
            return sum(self.client.nthreads().values())
        except (OSError, concurrent.futures.CancelledError):
            raise self._lost() from None

    def _result(self, future: Any) -> list[SubResult]:
        """The result of a finished task. A result is kept by the worker that computed
        it: when that worker dies before the result is fetched, the scheduler computes it
        again, which waits for a worker — within :attr:`worker_grace` seconds, or
        :class:`ClusterError`."""
        dd = require_dask()
        while True:
            try:
                result: list[SubResult] = future.result(timeout=1.0)
                return result
            except TimeoutError:
                if not self._nthreads():
                    self._wait_for_workers("lost all its workers")
            except dd.KilledWorker as exc:
                raise ClusterError(f"workers died while running a task too often ({exc}); "
                                   "finished subproblems are kept in the journal") from None
            except (OSError, concurrent.futures.CancelledError):
                # Dask cancels every future when the scheduler connection drops.
                raise self._lost() from None
            except Exception as exc:  # raised by the task on its worker
                raise _TaskFailed(f"{type(exc).__name__}: {exc}") from None

    def _finished(self, finished: Any) -> Iterator[Any]:
        """The futures of ``finished`` (a Dask ``as_completed``) as they complete, while
        checking once a second that the cluster still has workers."""
        checked = time.monotonic()
        while not finished.is_empty():
            if finished.has_ready():
                yield from finished.next_batch(block=False)
                continue
            time.sleep(0.02)
            if time.monotonic() - checked >= 1.0:
                checked = time.monotonic()
                if not self._nthreads():
                    self._wait_for_workers("lost all its workers")

    def __call__(self, fn: BatchFn, batches: Iterable[Batch]) -> Iterator[list[SubResult]]:
        dd = require_dask()
        subs = [s for b in batches for s in b]
        if not subs:
            return
        self._wait_for_workers("has no workers")
        rate = calibrate(fn, subs)
        plan = plan_batches(subs, rate, self.task_seconds, self.slots)
        self.tasks = len(plan)
        gate = Gate(subs, rate, sample=self.check, notify=self.notify)
        futures = self.client.map(fn, plan, pure=False)
        batch_of = {f.key: i for i, f in enumerate(futures)}
        first: dict[int, tuple[list[SubResult], str]] = {}  # redundant: the first copies
        finished = dd.as_completed(futures, loop=self.client.loop)
        try:
            for fut in self._finished(finished):
                i = batch_of[fut.key]
                try:
                    results = self._result(fut)
                    where = self._worker_of(fut)
                except _TaskFailed as exc:
                    results, where = self._here(fn, plan[i], str(exc)), "this machine"
                try:
                    if not self.redundant:
                        results = gate.admit(results, where)
                    elif i not in first:
                        first[i] = (results, where)
                        twin = self._twin(fn, plan[i], where)
                        if twin is not None:
                            batch_of[twin.key] = i
                            futures.append(twin)
                            finished.add(twin)
                            continue
                        # No other worker: the second count is made here.
                        results = gate.settle(results, fn(plan[i]), (where, "this machine"))
                    else:
                        earlier, other = first.pop(i)
                        results = gate.settle(earlier, results, (other, where))
                finally:
                    self.checked, self.replaced = gate.checked, gate.replaced
                yield results
        finally:
            if self.client.status == "running":
                with contextlib.suppress(Exception):
                    self.client.cancel(futures)

    def _here(self, fn: BatchFn, batch: Batch, why: str) -> list[SubResult]:
        """The results of ``batch``, whose task failed on the cluster with ``why``,
        counted here; :class:`ClusterError` once :data:`MAX_FAILED_TASKS` tasks failed."""
        self.failed += 1
        if self.failed > MAX_FAILED_TASKS:
            raise ClusterError(f"{self.failed} tasks failed on the workers of the scheduler at "
                               f"{self.address}, the last with {why}; finished subproblems "
                               "are kept in the journal")
        if self.notify is not None:
            self.notify(f"a task failed on a worker of the cluster ({why}); its "
                        f"{len(batch)} subproblems are counted here")
        return fn(batch)

    def _worker_of(self, future: Any) -> str:
        """The worker that holds ``future``'s result (the one that computed it), in
        words."""
        with contextlib.suppress(Exception):
            held = self.client.who_has(future).get(future.key) or ()
            if held:
                return f"the worker at {held[0]}"
        return "a worker of the cluster"

    def _twin(self, fn: BatchFn, batch: Batch, where: str) -> Any:
        """The second copy of ``batch``, sent to a worker other than ``where``; None
        when the cluster has no other (the second count is then made here)."""
        address = where.removeprefix("the worker at ")
        try:
            others = [w for w in self.client.nthreads() if w != address]
        except (OSError, concurrent.futures.CancelledError):
            raise self._lost() from None
        if not others:
            if not self._alone and self.notify is not None:
                self.notify("--redundant: the cluster has one worker, so the second count "
                            "of each batch is made here")
            self._alone = True
            return None
        return self.client.submit(fn, batch, pure=False, workers=others,
                                  allow_other_workers=False)


def _silence_dask() -> None:
    """Quiet Dask's loggers and warnings for the rest of this process."""
    roots = ("distributed", "tornado", "asyncio")
    names = [name for name in list(logging.root.manager.loggerDict)
             if name.split(".")[0] in roots]
    for name in (*roots, *names):  # Dask sets levels on some of its loggers itself
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)
    warnings.filterwarnings("ignore", module=r"distributed(\.|$)")


def check_handshake(data: bytes) -> str:
    """Why ``data``, the first message of a server, is not a Dask handshake ('' when it
    is one). A Dask message starts with its length and its number of frames (64-bit
    little-endian), then the frames' lengths; a handshake is one small msgpack map.

    A real handshake, then an HTTP answer, whose first 8 bytes read as a length of
    about 3.5 EiB:

    >>> import struct
    >>> body = b"\\x81\\xa6python\\x93\\x03\\x0b\\x07"
    >>> msg = struct.pack("<QQQ", 16 + len(body), 1, len(body)) + body
    >>> check_handshake(msg)
    ''
    >>> check_handshake(b"HTTP/1.0 400 Bad Request\\r\\n\\r\\n")
    'its first message announces 3471766442030158920 bytes, not a Dask handshake'
    """
    if len(data) < 8:
        return "it closed the connection without a Dask handshake"
    (size,) = struct.unpack_from("<Q", data)
    if not 16 <= size <= MAX_HANDSHAKE_BYTES:
        return f"its first message announces {size} bytes, not a Dask handshake"
    body = data[8:8 + size]
    if len(body) < size:
        return "its first message ends early"
    (frames,) = struct.unpack_from("<Q", body)
    if not 1 <= frames <= 16 or 8 * (1 + frames) > size:
        return f"its first message has {frames} frames, not a Dask handshake"
    lengths = struct.unpack_from(f"<{frames}Q", body, 8)
    if 8 * (1 + frames) + sum(lengths) != size:
        return "its first message's frames do not add up"
    start = 8 * (1 + frames)
    try:
        import msgpack

        info = msgpack.unpackb(body[start:start + lengths[0]], raw=False)
    except ImportError:  # pragma: no cover - Dask depends on msgpack
        return ""
    except Exception:
        return "its first message is not a Dask handshake"
    if not isinstance(info, dict) or "python" not in info:
        return "its first message is not a Dask handshake"
    return ""


def _read_handshake(sock: socket.socket, timeout: float) -> bytes:
    """The server's first message (Dask's server speaks first), at most
    8 + :data:`MAX_HANDSHAKE_BYTES` bytes; fewer when it closes or ``timeout`` runs out."""
    deadline = time.monotonic() + timeout
    data = b""
    want = 8
    while len(data) < want:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        sock.settimeout(left)
        chunk = sock.recv(min(65536, want - len(data)))
        if not chunk:
            break
        data += chunk
        if want == 8 and len(data) >= 8:
            (size,) = struct.unpack_from("<Q", data)
            if not 16 <= size <= MAX_HANDSHAKE_BYTES:
                break
            want = 8 + size
    return data


def _probe(address: str, timeout: float) -> None:
    """For a ``tcp://`` address, check that something listens there and that its first
    message is a Dask handshake (:func:`check_handshake`), so that a wrong host or port,
    or a server of another kind, is reported at once and in plain words (other schemes
    go straight to the Dask client).

    >>> import socket
    >>> s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]
    >>> _probe(f"tcp://127.0.0.1:{port}", 2)  # bound, not listening: refused
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: cannot reach the Dask scheduler at ...: connection refused
    >>> s.close()
    """
    m = re.match(r"^tcp://(\[[^\]]+\]|[^:/]+):(\d+)/?$", address)
    if m is None:
        return
    host, port = m.group(1).strip("[]"), int(m.group(2))
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            try:
                data = _read_handshake(sock, timeout)
            except TimeoutError:
                raise BadInput(f"cannot reach the Dask scheduler at {address}: it does not "
                               "answer as a Dask scheduler (no handshake within "
                               f"{timeout:g} s)") from None
            except ConnectionError:
                data = b""
        why = check_handshake(data)
        if not why:
            return
        raise BadInput(f"cannot reach the Dask scheduler at {address}: it does not answer "
                       f"as a Dask scheduler ({why})")
    except socket.gaierror:
        why = f"unknown host {host!r}"
    except ConnectionRefusedError:
        why = "connection refused"
    except TimeoutError:
        why = f"no answer within {timeout:g} s"
    except OSError as exc:
        why = exc.strerror or type(exc).__name__
    raise BadInput(f"cannot reach the Dask scheduler at {address}: {why}")
