"""Counting on a real Dask cluster: a scheduler and two worker processes on loopback."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("dask.distributed")

# Starts a Dask scheduler and workers on loopback: run by .ci/run, or with -m cluster.
pytestmark = pytest.mark.cluster

from nqueens import count  # noqa: E402
from nqueens.algorithms.counter import constellations as cons  # noqa: E402
from nqueens.algorithms.counter import make_subproblems  # noqa: E402
from nqueens.algorithms.counter.cluster import (  # noqa: E402
    ClusterError,
    DaskMap,
    check_address,
    connect,
    connected,
    plan_batches,
)
from nqueens.algorithms.counter.engines import solve_batch  # noqa: E402
from nqueens.algorithms.counter.journal import Journal, JournalHeader  # noqa: E402
from nqueens.algorithms.counter.runner import run  # noqa: E402
from nqueens.algorithms.counter.work import Subproblem, digest  # noqa: E402
from nqueens.algorithms.search import Problem  # noqa: E402
from nqueens.base.errors import BadInput  # noqa: E402
from puzzleshell import testing  # noqa: E402

A000170 = {12: 14200, 13: 73712, 14: 365596, 16: 14772512, 17: 95815104, 18: 666090624}
A002562 = {12: 1787, 13: 9233, 14: 45752, 16: 1846955, 17: 11977939, 18: 83263591}


def _count_subs(n: int) -> tuple[str, list[Subproblem]]:
    """The engine version and subproblems of ``nqueens count n`` (half-boards)."""
    return make_subproblems(Problem.make(n))

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _dask_cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "dask", *args]


class Cluster:
    """A scheduler and worker processes started for the tests, stopped afterwards."""

    def __init__(self, workers: int = 2):
        self.port = _free_port()
        self.address = f"tcp://127.0.0.1:{self.port}"
        self.procs: list[subprocess.Popen[bytes]] = []
        self.workers: list[subprocess.Popen[bytes]] = []
        self.scheduler = self._start("scheduler", "--host", "127.0.0.1", "--port",
                                     str(self.port), "--no-dashboard")
        for _ in range(workers):
            self.add_worker()
        self.wait_for_workers(workers)

    def _start(self, *args: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
        proc = subprocess.Popen(_dask_cli(*args), stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True,
                                env=None if env is None else {**os.environ, **env})
        self.procs.append(proc)
        return proc

    def add_worker(self, *extra: str, env: dict[str, str] | None = None
                   ) -> subprocess.Popen[bytes]:
        proc = self._start("worker", self.address, "--nthreads", "1", "--no-nanny",
                           "--no-dashboard", "--host", "127.0.0.1", *extra, env=env)
        self.workers.append(proc)
        return proc

    def wait_for_workers(self, k: int, timeout: float = 90.0) -> None:
        from dask.distributed import Client

        deadline = time.monotonic() + timeout
        with Client(self.address, timeout=timeout, set_as_default=False) as client:
            client.wait_for_workers(k, timeout=max(1.0, deadline - time.monotonic()))

    def close(self) -> None:
        for proc in reversed(self.procs):
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs:
            try:  # nothing of theirs needs to survive: do not wait long for a clean exit
                proc.wait(timeout=3)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    c = Cluster(workers=2)
    try:
        yield c
    finally:
        c.close()


@pytest.fixture(scope="module")
def client(cluster: Cluster) -> Iterator[Any]:
    """A client of the test cluster, made the way a user makes one."""
    from dask.distributed import Client

    with Client(cluster.address, timeout=60, set_as_default=False) as c:
        yield c


@pytest.mark.parametrize("n", [12, 13, 14])
def test_cluster_counts_are_exact(client: Any, n: int) -> None:
    result = count(n, executor=client)
    assert (result.total, result.fundamental) == (A000170[n], A002562[n])
    assert result.engine == "halves" and result.workers == 2
    assert client.status == "running"  # handed in: used, not closed


def test_a_count_in_parts_on_the_cluster_is_exact(client: Any, tmp_path: Path) -> None:
    # n = 17 with each pass in 4 parts, as counts past n = 23 go: the workers make each
    # part's lists, and the journal records the parts.
    path = tmp_path / "q17.sqlite"
    result = count(17, executor=client, parts=2, journal=path)
    assert (result.total, result.fundamental) == (A000170[17], A002562[17])
    assert result.subproblems == 4 * 128 + 8 and result.workers == 2
    again = count(17, journal=path, workers=1)  # resumed here: all done
    assert (again.total, again.fundamental) == (result.total, result.fundamental)


def test_a_client_of_a_local_cluster_counts_exactly(tmp_path: Path) -> None:
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      dashboard_address=":0") as local, \
            Client(local, set_as_default=False) as own:
        journal = tmp_path / "q13.sqlite"
        result = count(13, executor=own, journal=journal)
        assert (result.total, result.fundamental) == (A000170[13], A002562[13])
        superqueen = count(12, piece="superqueen", executor=own)
        assert superqueen.total == 156 and superqueen.engine == "constellations"
        assert own.status == "running"
    # The journal it wrote finishes a local count without counting again.
    again = count(13, workers=1, journal=journal)
    assert (again.total, again.seconds) == (A000170[13], 0.0)


def test_command_line_with_scheduler(cluster: Cluster, run, monkeypatch) -> None:
    r = run("count", "12", "--scheduler", cluster.address, "--json", "--quiet")
    assert r.code == 0, r.err
    import json

    assert json.loads(r.out)["all"] == 14200
    monkeypatch.setenv("NQUEENS_SCHEDULER", cluster.address)
    r = run("count", "13", "--unique", "--quiet")
    assert r.code == 0 and r.out == "9233\n"


def test_journal_is_shared_with_local_runs(client: Any, tmp_path: Path) -> None:
    journal = tmp_path / "count14.sqlite"
    n = 14
    version, subs = _count_subs(n)
    header = JournalHeader(n, "queen", version, len(subs), digest(subs))
    # A local run that stops early: only part of the subproblems get recorded.
    with Journal.open(str(journal), header) as j:
        j.record(solve_batch(subs[: len(subs) // 3]))
    # The cluster finishes the count; the journal then holds each subproblem once.
    result = count(n, executor=client, journal=journal)
    assert result.total == A000170[n] and result.fundamental == A002562[n]
    with Journal.open(str(journal), header) as j:
        ids = [r.id for r in j.results()]
    assert sorted(ids) == [s.id for s in sorted(subs, key=lambda s: s.id)]
    # And a local run on the finished journal computes nothing new, same result.
    again = count(n, workers=1, journal=journal)
    assert (again.total, again.fundamental) == (result.total, result.fundamental)


def test_a_worker_killed_mid_run_changes_nothing(cluster: Cluster, client: Any) -> None:
    n = 16
    subs = cons.make_subproblems(n)
    seen: list[int] = []
    victim = cluster.workers[0]

    def progress(done: int, total: int, *_: int) -> None:
        seen.append(done)
        if len(seen) == 2 and victim.poll() is None:
            os.killpg(victim.pid, signal.SIGKILL)

    dm = DaskMap(client, task_seconds=0.3)
    results = run(subs, dm, progress=progress)
    tasks = dm.tasks
    assert victim.poll() is not None, "the worker was not killed during the run"
    assert tasks >= 8
    assert cons.tally(subs, results) == (A000170[n], A002562[n])
    assert sorted(r.id for r in results) == sorted(s.id for s in subs)
    # Bring the cluster back to two workers for the tests that follow.
    cluster.workers.remove(victim)
    cluster.add_worker()
    cluster.wait_for_workers(2)


@pytest.mark.timeout(120)
def test_losing_every_worker_ends_the_count_with_a_message(cluster: Cluster, client: Any,
                                                           tmp_path: Path) -> None:
    n = 18
    version, subs = _count_subs(n)
    journal = tmp_path / "lost.sqlite"
    header = JournalHeader(n, "queen", version, len(subs), digest(subs))
    seen: list[int] = []

    def progress(done: int, total: int, *_: int) -> None:
        seen.append(done)
        if len(seen) == 2:
            for w in list(cluster.workers):
                if w.poll() is None:
                    os.killpg(w.pid, signal.SIGKILL)

    with Journal.open(str(journal), header) as j:
        with pytest.raises(ClusterError, match="lost all its workers"):
            run(subs, DaskMap(client, task_seconds=0.3, worker_grace=3), journal=j,
                progress=progress)
        kept = len(list(j.results()))
    assert 0 < kept < len(subs)
    # Workers back: the same journal finishes the count exactly.
    for w in list(cluster.workers):
        cluster.workers.remove(w)
        cluster.add_worker()
    cluster.wait_for_workers(2)
    with connected(cluster.address) as fresh:  # as the command line makes it
        result = count(n, executor=fresh, journal=journal)
    assert (result.total, result.fundamental) == (A000170[n], A002562[n])


def test_environment_scheduler_is_a_default_not_an_order(run, monkeypatch) -> None:
    # Nothing listens at this address: any count that tried the cluster would fail.
    monkeypatch.setenv("NQUEENS_SCHEDULER", f"tcp://127.0.0.1:{_free_port()}")
    assert run("count", "8", "--torus").out == "0\n"
    assert run("count", "8", "--fixed", "a1").out == "4\n"
    assert run("count", "12", "--workers", "1").out == "14200\n"
    r = run("count", "12", "--quiet")
    assert r.code == 2 and "connection refused" in r.err
    r = run("count", "12", "--scheduler", f"tcp://127.0.0.1:{_free_port()}", "--workers", "1")
    assert r.code == 2 and "exclude each other" in r.err


def test_a_server_that_answers_garbage_is_reported_in_one_line() -> None:
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    port = server.getsockname()[1]
    accepted: list[socket.socket] = []

    def accept() -> None:  # answer every connection with bytes that are not Dask's
        try:
            while True:
                conn, _ = server.accept()
                accepted.append(conn)
                conn.sendall(b"\xff" * 64)
        except OSError:
            pass

    threading.Thread(target=accept, daemon=True).start()
    script = Path(sys.executable).parent / "nqueens"
    cmd = [str(script)] if script.exists() else [sys.executable, "-m", "nqueens"]
    try:
        r = subprocess.run(cmd + ["count", "12", "--scheduler", f"tcp://127.0.0.1:{port}"],
                           capture_output=True, text=True, timeout=60, check=False)
    finally:
        server.close()
        for conn in accepted:
            conn.close()
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith("nqueens: error: cannot reach the Dask scheduler")
    assert "does not answer as a Dask scheduler" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


@pytest.mark.timeout(30)
def test_unreachable_scheduler_is_reported_quickly(run) -> None:
    port = _free_port()  # nothing listens there
    r = run("count", "10", "--scheduler", f"tcp://127.0.0.1:{port}", "--quiet")
    assert r.code == 2
    assert "cannot reach the Dask scheduler" in r.err and len(r.err.strip().splitlines()) == 1
    assert "connection refused" in r.err


def test_bad_addresses() -> None:
    with pytest.raises(BadInput):
        check_address("not an address")
    with pytest.raises(BadInput, match="not a TCP port"):
        check_address("tcp://127.0.0.1:99999")
    assert check_address("localhost:8786") == "tcp://localhost:8786"


def test_batches_cover_every_subproblem_once() -> None:
    subs = cons.make_subproblems(15)
    plan = plan_batches(subs, seconds_per_cost=1e-7, task_seconds=1.0, slots=4)
    ids = [s.id for b in plan for s in b]
    assert sorted(ids) == sorted(s.id for s in subs)
    assert len(plan) >= 16 or len(plan) == len(subs)


@pytest.mark.timeout(30)
def test_a_server_that_is_not_dask_is_reported_not_waited_for() -> None:
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    port = server.getsockname()[1]
    accepted: list[socket.socket] = []

    def accept() -> None:  # accept connections and never answer
        try:
            while True:
                conn, _ = server.accept()
                accepted.append(conn)
        except OSError:
            pass

    threading.Thread(target=accept, daemon=True).start()
    try:
        with pytest.raises(BadInput, match="cannot reach the Dask scheduler"):
            connect(f"tcp://127.0.0.1:{port}", timeout=2)
    finally:
        server.close()
        for conn in accepted:
            conn.close()


def _nq(*args: str, preexec_fn=None, timeout: float = 180  # type: ignore[no-untyped-def]
        ) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).parent / "nqueens"
    cmd = [str(script)] if script.exists() else [sys.executable, "-m", "nqueens"]
    return subprocess.run(cmd + list(args), capture_output=True, text=True, check=False,
                          timeout=timeout, preexec_fn=preexec_fn)


def _journal_rows(path: Path) -> int:
    import sqlite3

    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as conn:
            return int(conn.execute("SELECT COUNT(*) FROM done").fetchone()[0])
    except sqlite3.Error:
        return 0


def test_losing_the_scheduler_mid_count_keeps_the_journal(tmp_path: Path) -> None:
    lonely = Cluster(workers=2)  # its own: this test kills the scheduler
    journal = tmp_path / "q19.sqlite"
    script = Path(sys.executable).parent / "nqueens"
    cmd = [str(script)] if script.exists() else [sys.executable, "-m", "nqueens"]
    try:
        proc = subprocess.Popen(cmd + ["count", "19", "--scheduler", lonely.address,
                                       "--journal", str(journal), "--quiet"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 120
        while _journal_rows(journal) == 0:
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline
            time.sleep(0.05)
        os.killpg(lonely.scheduler.pid, signal.SIGKILL)
        out, err = proc.communicate(timeout=90)
    finally:
        lonely.close()
    assert proc.returncode == 1, err
    assert out == "" and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert "lost the connection to the Dask scheduler" in err and "resume" in err
    kept = _journal_rows(journal)
    assert 0 < kept < len(_count_subs(19)[1])
    done = _nq("count", "19", "--journal", str(journal), "--workers", "2", "--quiet")
    assert done.returncode == 0 and done.stdout == "4968057848\n", done.stderr


def _serve(answer: bytes) -> tuple[socket.socket, list[socket.socket]]:
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    accepted: list[socket.socket] = []

    def accept() -> None:
        try:
            while True:
                conn, _ = server.accept()
                accepted.append(conn)
                conn.sendall(answer)
                conn.shutdown(socket.SHUT_WR)
        except OSError:
            pass

    threading.Thread(target=accept, daemon=True).start()
    return server, accepted


@pytest.mark.parametrize("answer", [b"HTTP/1.0 400 Bad Request\r\n\r\n",
                                    bytes(range(256)) * 8, b"\x00" * 7],
                         ids=["http", "random-bytes", "short"])
def test_a_non_dask_server_is_refused_before_dask_reads_a_frame(answer: bytes) -> None:
    # Dask would read the first 8 bytes as a frame length ("HTTP/1.0" is about 3.5 EiB)
    # and try to allocate it; under a memory limit such an attempt would show.
    server, accepted = _serve(answer)
    port = server.getsockname()[1]

    def small_memory() -> None:  # pragma: no cover - runs in the child
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))

    try:
        r = _nq("count", "12", "--scheduler", f"tcp://127.0.0.1:{port}",
                preexec_fn=small_memory)
    finally:
        server.close()
        for conn in accepted:
            conn.close()
    assert r.returncode == 2 and r.stdout == "", r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    assert "does not answer as a Dask scheduler" in r.stderr
    assert "MemoryError" not in r.stderr


def test_wrong_results_from_the_cluster_are_counted_again_here(
        client: Any, tmp_path: Path) -> None:
    def lying(batch):  # type: ignore[no-untyped-def]
        # A faulty worker. Local, so Dask sends the function itself (the workers
        # cannot import this test module).
        return [r._replace(total=r.total + 1) for r in cons.solve_batch(batch)]

    class LyingCluster(DaskMap):
        def __call__(self, fn, batches):  # type: ignore[no-untyped-def]
            return super().__call__(lying, batches)

    n = 13
    subs = cons.make_subproblems(n)
    header = JournalHeader(n, "queen", cons.ENGINE_VERSION, len(subs), cons.digest(subs))
    told: list[str] = []
    with Journal.open(str(tmp_path / "j.sqlite"), header) as j:
        results = run(subs, LyingCluster(client, task_seconds=0.3, notify=told.append),
                      journal=j)
        held = j.results()
    assert cons.tally(subs, results) == (A000170[n], A002562[n])
    assert sorted(held) == sorted(cons.solve_batch(subs))
    assert told and all(t.startswith("the worker at tcp://127.0.0.1:") for t in told)


def test_results_from_the_cluster_are_spot_checked(client: Any) -> None:
    subs = cons.make_subproblems(14)
    dm = DaskMap(client, task_seconds=0.3)
    assert cons.tally(subs, run(subs, dm)) == (A000170[14], A002562[14])
    assert 1 <= dm.checked <= dm.tasks


# A faulty worker beside an honest one: the preload tests/faulty_worker.py alters one
# result of a batch when its trigger file says so.

FAULTY = Path(__file__).with_name("faulty_worker.py")


@pytest.fixture(scope="module")
def faulty(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Cluster, Path]]:
    trigger = tmp_path_factory.mktemp("fault") / "trigger"
    c = Cluster(workers=1)
    try:
        c.add_worker("--preload", str(FAULTY), env={"NQUEENS_FAULT_FILE": str(trigger)})
        c.wait_for_workers(2)
        yield c, trigger
    finally:
        c.close()


KEY = "a journal key of sixteen characters or more"


def _nqueens(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(testing.program("nqueens") + list(args), capture_output=True,
                          text=True, timeout=600)


def _finished_rows(path: Path) -> list[tuple[int, ...]]:
    import sqlite3

    with contextlib.closing(sqlite3.connect(path)) as conn:
        return sorted(conn.execute("SELECT id, total, slice0, slice1, slice2 FROM done"))


@pytest.mark.parametrize("delta", [1, 8, 64])
def test_a_worker_that_alters_a_result_is_caught_and_named(
        faulty: tuple[Cluster, Path], tmp_path: Path, delta: int) -> None:
    cluster, trigger = faulty
    trigger.write_text(f"{delta}\n")
    journal = tmp_path / "q17.sqlite"
    run = _nqueens("count", "17", "--scheduler", cluster.address, "--journal", str(journal),
                  "--journal-key", KEY, "-q")
    assert run.returncode == 0, run.stderr
    assert run.stdout == f"{A000170[17]}\n"
    assert not trigger.exists()  # the faulty worker did alter a result
    told = [line for line in run.stderr.splitlines() if "returned a wrong result" in line]
    assert len(told) == 1 and told[0].startswith("nqueens: the worker at tcp://127.0.0.1:")
    assert "do not add up to its count" in told[0]
    # The journal holds the right figures only: each row as counted here.
    rows = _finished_rows(journal)
    subs = dict(enumerate(_count_subs(17)[1]))
    again = {r.id: r for r in solve_batch([subs[i] for i, *_ in rows])}
    assert rows == [(r.id, r.total, *r.slices) for r in again.values()]


def test_redundant_counting_catches_a_result_whose_figures_agree(
        faulty: tuple[Cluster, Path], tmp_path: Path) -> None:
    cluster, trigger = faulty
    trigger.write_text("8 consistent\n")
    run = _nqueens("count", "17", "--scheduler", cluster.address, "--redundant", "-q")
    assert run.returncode == 0, run.stderr
    assert run.stdout == f"{A000170[17]}\n"
    assert not trigger.exists()
    assert "differs" in run.stderr and "the worker at tcp://127.0.0.1:" in run.stderr


def test_a_task_that_fails_on_a_worker_is_counted_here(
        faulty: tuple[Cluster, Path]) -> None:
    cluster, trigger = faulty
    trigger.write_text("raise\n")
    run = _nqueens("count", "17", "--scheduler", cluster.address, "-q")
    assert run.returncode == 0, run.stderr
    assert run.stdout == f"{A000170[17]}\n"
    assert not trigger.exists()
    told = [line for line in run.stderr.splitlines() if "task failed" in line]
    assert len(told) == 1, run.stderr
    assert told[0].startswith("nqueens: a task failed on a worker of the cluster "
                              "(RuntimeError: a fault injected by the test); its ")
    assert told[0].endswith(" subproblems are counted here")


def test_redundant_needs_a_cluster() -> None:
    run = _nqueens("count", "12", "--redundant")
    assert run.returncode == 2
    assert run.stderr == ("nqueens: error: --redundant counts each batch on two workers of "
                          "a cluster: it needs --scheduler\n")
