"""The count journal: resume, refusal of foreign, damaged, forged or keyless journals,
one count at a time, unwritable journals, SIGKILL and Ctrl-C."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from journal_files import finished_rows

from nqueens import BadInput, count
from nqueens.algorithms.counter import constellations as cons
from nqueens.algorithms.counter import halves, make_subproblems
from nqueens.algorithms.counter.engines import solve_batch
from nqueens.algorithms.counter.journal import Journal, JournalHeader
from nqueens.algorithms.counter.runner import run
from nqueens.algorithms.counter.work import Subproblem, SubResult, digest, tally
from nqueens.algorithms.search import Problem


def _subs(n: int) -> list[Subproblem]:
    return make_subproblems(Problem.make(n))[1]


def _script() -> list[str]:
    exe = shutil.which("nqueens", path=os.path.dirname(sys.executable))
    return [exe] if exe else [sys.executable, "-m", "nqueens"]


def test_resume_gives_the_same_result(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    j = tmp_path / "j.sqlite"
    first = run("count", "11", "--journal", str(j), "--json", "--workers", "1")
    assert first.code == 0
    subs = _subs(11)
    assert finished_rows(j) == len(subs)
    again = run("count", "11", "--journal", str(j), "--json", "--workers", "1")
    a, b = json.loads(first.out), json.loads(again.out)
    assert (a["all"], a["fundamental"]) == (b["all"], b["fundamental"]) == (2680, 341)


def test_partial_journal_resumes_to_the_exact_total(tmp_path: Path) -> None:
    path = str(tmp_path / "j.sqlite")
    subs = _subs(12)
    head = JournalHeader(12, "queen", halves.ENGINE_VERSION, len(subs), digest(subs))

    def stops_after_three(fn, bs):  # type: ignore[no-untyped-def]
        for i, b in enumerate(bs):
            if i == 3:
                raise KeyboardInterrupt
            yield fn(b)

    with Journal.open(path, head) as jr, pytest.raises(KeyboardInterrupt):
        run(subs, stops_after_three, journal=jr, workers=2)
    with Journal.open(path, head) as jr:
        kept = len(jr.done())
        assert 0 < kept < len(subs)
    r = count(12, journal=path, workers=1)
    assert (r.total, r.fundamental) == (14200, 1787)


def test_recording_twice_never_counts_twice(tmp_path: Path) -> None:
    path = str(tmp_path / "j.sqlite")
    subs = _subs(9)
    head = JournalHeader(9, "queen", halves.ENGINE_VERSION, len(subs), digest(subs))
    results = solve_batch(subs)
    with Journal.open(path, head) as jr:
        jr.record(results[:10])
        jr.record(results)  # the first ten again
        assert tally(subs, jr.results()) == (352, 46)


@pytest.mark.parametrize("args, words", [
    (("count", "12", "--piece", "superqueen"), "piece = queen, not superqueen"),
    (("count", "13"), "n = 12, not 13"),
])
def test_journal_for_another_count_is_refused(run, tmp_path: Path, args: tuple[str, ...],  # type: ignore[no-untyped-def]
                                              words: str) -> None:
    j = tmp_path / "j.sqlite"
    assert run("count", "12", "--journal", str(j), "-w", "1").code == 0
    r = run(*args, "--journal", str(j), "-w", "1")
    assert r.code == 2 and words in r.err and r.out == ""


def test_journal_of_another_engine_version_is_refused(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    j = tmp_path / "j.sqlite"
    subs = _subs(10)
    Journal.open(str(j), JournalHeader(10, "queen", "constellations-0", len(subs),
                                       digest(subs))).close()
    r = run("count", "10", "--journal", str(j))
    assert r.code == 2 and "engine = constellations-0" in r.err


def test_a_queen_journal_of_the_start_constellation_engine_is_refused(
        run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # What a queen count journaled before the half-board engine holds.
    j = tmp_path / "old.sqlite"
    old = cons.make_subproblems(12)
    with Journal.open(str(j), JournalHeader(12, "queen", cons.ENGINE_VERSION, len(old),
                                            digest(old))) as jr:
        jr.record(cons.solve_batch(old[:5]))
    before = j.read_bytes()
    r = run("count", "12", "--journal", str(j))
    assert r.code == 2 and r.out == ""
    assert (f"journal {j} was made for engine = {cons.ENGINE_VERSION}, not "
            f"{halves.ENGINE_VERSION}; use another journal file or delete this one") in r.err
    assert j.read_bytes() == before  # left as it was
    # The superqueen still counts by start constellations: its journals stay valid.
    sq = tmp_path / "sq.sqlite"
    assert run("count", "12", "--piece", "superqueen", "--journal", str(sq)).out == "156\n"
    assert run("count", "12", "--piece", "superqueen", "--journal", str(sq)).out == "156\n"


def test_journal_with_the_wrong_subproblem_list_is_refused(tmp_path: Path) -> None:
    j = str(tmp_path / "j.sqlite")
    subs = _subs(10)
    Journal.open(j, JournalHeader(10, "queen", halves.ENGINE_VERSION, len(subs), "0" * 64)).close()
    with pytest.raises(BadInput, match="another list of subproblems"):
        count(10, journal=j)


def test_tampered_row_is_refused(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    j = tmp_path / "j.sqlite"
    assert run("count", "10", "--journal", str(j)).code == 0
    with sqlite3.connect(j) as conn:
        conn.execute("UPDATE done SET total = total + 1 WHERE id = 3")
    r = run("count", "10", "--journal", str(j))
    assert r.code == 2 and "damaged" in r.err and "subproblem 3" in r.err and r.out == ""


def test_tampered_header_is_refused(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    j = tmp_path / "j.sqlite"
    assert run("count", "10", "--journal", str(j)).code == 0
    with sqlite3.connect(j) as conn:
        conn.execute("UPDATE header SET value = '11' WHERE key = 'subproblems'")
    r = run("count", "10", "--journal", str(j))
    assert r.code == 2 and "damaged" in r.err


@pytest.mark.parametrize("where", ["start", "end", "middle"])
def test_overwritten_bytes_are_refused(run, tmp_path: Path, where: str) -> None:  # type: ignore[no-untyped-def]
    j = tmp_path / "j.sqlite"
    assert run("count", "17", "--journal", str(j), "-w", "1").code == 0
    data = bytearray(j.read_bytes())
    with sqlite3.connect(f"file:{j}?mode=ro", uri=True) as conn:
        macs = [str(m) for (m,) in conn.execute("SELECT mac FROM done ORDER BY id")]
    row = data.find(macs[len(macs) // 2].encode())  # a row in the middle of the records
    at = {"start": 0, "end": len(data) - 512, "middle": max(0, row - 200)}[where]
    data[at:at + 400] = b"\xa5" * 400
    j.write_bytes(bytes(data))
    r = run("count", "17", "--journal", str(j), "-w", "1")
    assert r.code == 2 and r.out == ""
    assert "damaged" in r.err or "not a count journal" in r.err


@pytest.mark.parametrize("keep", [0.5, 0.9])
def test_truncated_journal_is_refused(run, tmp_path: Path, keep: float) -> None:  # type: ignore[no-untyped-def]
    j = tmp_path / "j.sqlite"
    assert run("count", "12", "--journal", str(j), "-w", "1").code == 0
    data = j.read_bytes()
    j.write_bytes(data[: int(len(data) * keep)])
    r = run("count", "12", "--journal", str(j), "-w", "1")
    assert r.code == 2 and r.out == ""
    assert "damaged" in r.err or "not a count journal" in r.err
    assert len(r.err.strip().splitlines()) == 1


def test_a_file_that_is_not_a_journal_is_refused(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    j = tmp_path / "notes.txt"
    j.write_text("hello\n")
    r = run("count", "10", "--journal", str(j))
    assert r.code == 2 and "not a count journal" in r.err
    assert j.read_text() == "hello\n"


def test_journal_needs_the_constellation_count(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    r = run("count", "8", "--torus", "--journal", str(tmp_path / "j.sqlite"))
    assert r.code == 2 and "journal" in r.err


def _start_and_wait(args: list[str], journal: Path) -> subprocess.Popen[str]:
    proc = subprocess.Popen(_script() + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    deadline = time.monotonic() + 120
    while finished_rows(journal) == 0:
        assert proc.poll() is None, "the count ended before it could be interrupted"
        assert time.monotonic() < deadline
        time.sleep(0.05)
    return proc


@pytest.mark.slow
def test_sigkill_loses_only_work_in_flight(tmp_path: Path) -> None:
    j = tmp_path / "j.sqlite"
    args = ["count", "19", "--journal", str(j), "--workers", "2", "--json", "--quiet"]
    # n = 19 keeps the count busy for many seconds after its first rows, so the signal
    # lands mid-count even when the test process is starved of CPU by the workers.
    proc = _start_and_wait(args, j)
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate()
    assert proc.returncode == -signal.SIGKILL
    kept = finished_rows(j)
    assert 0 < kept < len(_subs(19))
    done = subprocess.run(_script() + args, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["all"], data["fundamental"]) == (4968057848, 621012754)


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_an_interrupted_count_keeps_its_journal_and_says_how_to_resume(
        tmp_path: Path, sig: signal.Signals) -> None:
    j = tmp_path / "j.sqlite"
    args = ["count", "18", "--journal", str(j), "--workers", "1", "--quiet"]
    proc = _start_and_wait(args, j)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == (130 if sig == signal.SIGINT else 128 + signal.SIGTERM)
    assert out == "" and "Traceback" not in err
    assert str(j) in err and "again to resume" in err
    kept = finished_rows(j)
    assert 0 < kept < len(_subs(18))
    done = subprocess.run(_script() + args, capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout == "666090624\n"


def test_journal_path_problems_are_bad_input(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    missing = run("count", "10", "--journal", str(tmp_path / "no" / "such" / "j.sqlite"))
    assert missing.code == 2 and "does not exist" in missing.err
    folder = run("count", "10", "--journal", str(tmp_path))
    assert folder.code == 2 and missing.out == folder.out == ""


def test_a_link_into_a_missing_folder_is_named_as_such(tmp_path: Path) -> None:
    link = tmp_path / "j.sqlite"
    link.symlink_to(tmp_path / "gone" / "j.sqlite")
    err = _one_line_error(_nq("count", "10", "--journal", str(link), timeout=60))
    assert "does not exist" in err and str(tmp_path / "gone") in err
    assert "resume" not in err and "kept" not in err
    assert sorted(os.listdir(tmp_path)) == ["j.sqlite"] and link.is_symlink()


def test_a_new_journal_in_a_read_only_folder_claims_nothing_was_kept(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        if not _cannot_write(folder / "new"):
            pytest.skip("cannot make a folder read-only here")
        r = _nq("count", "10", "--journal", str(folder / "j.sqlite"), timeout=60,
                preexec_fn=_without_dac_override)
    finally:
        folder.chmod(0o755)
    err = _one_line_error(r)
    assert f"cannot create journal {folder / 'j.sqlite'}" in err and "writable" in err
    assert "kept" not in err and os.listdir(folder) == []



# --- Keys, forgery, locking and write failures, through the real command line. ---

def _nq(*args: str, env: dict[str, str] | None = None, timeout: float = 300,
        preexec_fn=None) -> subprocess.CompletedProcess[str]:  # type: ignore[no-untyped-def]
    return subprocess.run(_script() + list(args), capture_output=True, text=True, check=False,
                          timeout=timeout, env=env, preexec_fn=preexec_fn)


def _one_line_error(r: subprocess.CompletedProcess[str], code: int = 2) -> str:
    assert r.returncode == code, (r.returncode, r.stderr)
    assert r.stdout == "" and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert r.stderr.startswith("nqueens: error: ")
    return r.stderr


def _header(path: Path) -> dict[str, str]:
    with sqlite3.connect(path) as conn:
        return dict(conn.execute("SELECT key, value FROM header").fetchall())


def _key_file(path: Path) -> Path:
    return Path(os.environ["XDG_CONFIG_HOME"]) / "nqueens" / "journal-keys" / _header(path)["id"]


def test_journal_key_is_kept_private_in_the_config_folder(tmp_path: Path) -> None:
    j = tmp_path / "j.sqlite"
    assert _nq("count", "10", "--journal", str(j)).stdout == "724\n"
    key = _key_file(j)
    assert key.is_file() and len(key.read_text().strip()) == 64
    assert key.stat().st_mode & 0o777 == 0o600
    assert key.parent.stat().st_mode & 0o777 == 0o700
    assert key.read_text().strip() not in j.read_bytes().decode("latin-1")


def _forge_row_zero(j: Path, how: str) -> None:
    """Raise row 0's count by 1,000 and give it a checksum recomputed from the file."""
    head = _header(j)
    with sqlite3.connect(j) as conn:
        rid, total, f180, f90, colsum = conn.execute(
            "SELECT id, total, fixed180, fixed90, colsum FROM done WHERE id = 0").fetchone()
        total += 1000
        if how == "sha256":  # the unkeyed checksum of earlier journals
            text = f"{head['digest']}|{rid}|{total}|{f180}|{f90}"
            mac = hashlib.sha256(text.encode()).hexdigest()[:32]
        else:  # an HMAC under a key guessed from what the file shows
            text = f"{head['format']}|row|{head['seal']}|{rid}|{total}|{f180}|{f90}|{colsum}"
            mac = hmac.new(head["id"].encode(), text.encode(), hashlib.sha256).hexdigest()
        conn.execute("UPDATE done SET total = ?, mac = ? WHERE id = 0", (total, mac))


@pytest.mark.parametrize("how", ["sha256", "hmac-guessed-key"])
def test_a_forged_row_with_a_recomputed_checksum_is_refused(tmp_path: Path, how: str) -> None:
    j = tmp_path / "forged.sqlite"
    assert _nq("count", "12", "--journal", str(j), "-w", "1").stdout == "14200\n"
    _forge_row_zero(j, how)
    err = _one_line_error(_nq("count", "12", "--journal", str(j), "-w", "1"))
    assert str(j) in err and "subproblem 0 " in err and "altered" in err


def test_a_journal_whose_key_is_on_another_machine_needs_journal_key(tmp_path: Path) -> None:
    j = tmp_path / "j.sqlite"
    args = ["count", "12", "--journal", str(j), "-w", "1"]
    assert _nq(*args).stdout == "14200\n"
    key = _key_file(j).read_text().strip()
    elsewhere = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "other-machine")}
    err = _one_line_error(_nq(*args, env=elsewhere))
    assert "not on this machine" in err and "--journal-key" in err and str(j) in err
    assert _nq(*args, "--journal-key", key, env=elsewhere).stdout == "14200\n"
    assert _nq(*args, env={**elsewhere, "NQUEENS_JOURNAL_KEY": key}).stdout == "14200\n"


@pytest.mark.slow
def test_a_wrong_journal_key_is_refused(tmp_path: Path) -> None:
    j = tmp_path / "j.sqlite"
    args = ["count", "11", "--journal", str(j), "-w", "1"]
    right, wrong = "the right key, sixteen+", "some other key, sixteen+"
    assert _nq(*args, "--journal-key", right).stdout == "2680\n"
    keys = Path(os.environ["XDG_CONFIG_HOME"]) / "nqueens" / "journal-keys"
    assert not keys.exists() or not any(keys.iterdir())  # a given key is not stored
    err = _one_line_error(_nq(*args, "--journal-key", wrong))
    assert "not made with the key given" in err
    assert "not on this machine" in _one_line_error(_nq(*args))
    assert _nq(*args, "--journal-key", right).stdout == "2680\n"
    assert "at least 16 characters" in _one_line_error(_nq(*args, "--journal-key", "short"))
    assert "needs --journal" in _one_line_error(_nq("count", "8", "--journal-key", right))


@pytest.mark.parametrize("fmt", ["nqueens-count-journal-1", "nqueens-count-journal-\x1b[31m1"])
def test_a_journal_of_an_older_version_is_refused_clearly(tmp_path: Path, fmt: str) -> None:
    j = tmp_path / "old.sqlite"
    with sqlite3.connect(j) as conn:
        conn.execute("CREATE TABLE header (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        conn.execute("CREATE TABLE done (id INTEGER PRIMARY KEY, total INTEGER NOT NULL, "
                     "fixed180 INTEGER NOT NULL, fixed90 INTEGER NOT NULL, "
                     "checksum TEXT NOT NULL)")
        conn.executemany("INSERT INTO header VALUES (?, ?)", [
            ("format", fmt), ("n", "10"), ("piece", "queen"),
            ("engine", "constellations-1"), ("subproblems", "1"), ("digest", "ab"),
            ("seal", "cd")])
    before = j.read_bytes()
    err = _one_line_error(_nq("count", "10", "--journal", str(j)))
    assert "older" in err and "nqueens-count-journal-" in err and "1" in err
    assert "\x1b" not in err  # text from the file is shown escaped
    assert j.read_bytes() == before


def _make_journal(tmp_path: Path, n: int, key: str, results: list[SubResult]) -> Path:
    path = tmp_path / "j.sqlite"
    subs = _subs(n)
    head = JournalHeader(n, "queen", halves.ENGINE_VERSION, len(subs), digest(subs))
    with Journal.open(str(path), head, key=key) as jr:
        jr.record(results)
    return path


def test_a_signed_but_wrong_count_is_found_by_the_recount(tmp_path: Path) -> None:
    # A row signed with the right key (a faulty machine that held it) still has to
    # recount to the same figures: with one row recorded, that row is recounted.
    key = "a key held by a faulty machine"
    subs = _subs(12)
    good = solve_batch(subs[:1])[0]
    j = _make_journal(tmp_path, 12, key, [good._replace(total=good.total + 1)])
    err = _one_line_error(_nq("count", "12", "--journal", str(j), "--journal-key", key))
    assert f"subproblem {good.id} " in err and "wrong result" in err


def test_an_implausible_row_is_refused_whatever_the_sample(tmp_path: Path) -> None:
    key = "a key held by a faulty machine"
    results = solve_batch(_subs(12))
    at = next(i for i, r in enumerate(results) if r.total)  # a pass: no symmetric boards
    bad = results[at]._replace(fixed180=1)
    j = _make_journal(tmp_path, 12, key, [*results[:at], bad, *results[at + 1:]])
    err = _one_line_error(_nq("count", "12", "--journal", str(j), "--journal-key", key))
    assert f"subproblem {bad.id} is implausible" in err


@pytest.mark.slow
def test_a_second_count_on_a_journal_in_use_is_refused_at_once(tmp_path: Path) -> None:
    j = tmp_path / "shared.sqlite"
    args = ["count", "19", "--journal", str(j), "--workers", "1", "--quiet"]
    first = _start_and_wait(args, j)
    try:
        second = _nq(*args, timeout=60)  # refused at once, not after the first ends
        err = _one_line_error(second)
        assert "in use by another count" in err and str(j) in err
        if os.path.exists("/proc/locks"):
            assert f"(process {first.pid})" in err
        assert first.poll() is None  # the first count goes on
    finally:
        first.send_signal(signal.SIGINT)
        first.communicate(timeout=60)
    assert first.returncode == 130


@pytest.mark.parametrize("kind", ["null-device", "full-device", "fifo"])
def test_a_journal_that_is_not_a_regular_file_is_refused(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "here"
    folder.mkdir()
    j = folder / "journal"
    if kind == "fifo":
        os.mkfifo(j)
    else:
        if os.geteuid() != 0:
            pytest.skip("making a device node needs root")
        os.mknod(j, 0o666 | stat.S_IFCHR, os.makedev(1, 3 if kind == "null-device" else 7))
    err = _one_line_error(_nq("count", "12", "--journal", str(j), timeout=60))
    assert "not a regular file" in err and str(j) in err
    assert os.listdir(folder) == ["journal"]  # no -journal file beside it
    assert stat.S_ISFIFO(j.stat().st_mode) if kind == "fifo" else stat.S_ISCHR(j.stat().st_mode)


def _without_dac_override() -> None:  # pragma: no cover - runs in the child
    # As root, file modes do not stop writes: drop the capabilities that override them
    # (from the bounding set, so that the program started next does not get them back).
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
        libc.prctl(24, cap, 0, 0, 0)  # PR_CAPBSET_DROP; fails harmlessly when not root


def _cannot_write(path: Path) -> bool:
    probe = [sys.executable, "-c", "import sys; open(sys.argv[1], 'ab')", str(path)]
    return subprocess.run(probe, capture_output=True, preexec_fn=_without_dac_override,
                          check=False).returncode != 0


@pytest.mark.parametrize("what", ["file", "folder"])
def test_a_read_only_journal_is_one_line_and_stays_intact(tmp_path: Path, what: str) -> None:
    folder = tmp_path / "jr"
    folder.mkdir()
    j = folder / "j.sqlite"
    subs = _subs(13)
    key = "a key of sixteen characters or more"
    _make_journal(folder, 13, key, solve_batch(subs[: len(subs) // 2]))
    before = j.read_bytes()
    target = j if what == "file" else folder
    target.chmod(0o444 if what == "file" else 0o555)
    try:
        if not _cannot_write(j if what == "file" else folder / "new"):
            pytest.skip("cannot make a file read-only here")
        r = _nq("count", "13", "--journal", str(j), "--journal-key", key, "-w", "1",
                preexec_fn=_without_dac_override)
    finally:
        target.chmod(0o644 if what == "file" else 0o755)
    err = _one_line_error(r)
    assert f"cannot write journal {j}" in err and "writable" in err
    assert j.read_bytes() == before and os.listdir(folder) == ["j.sqlite"]
    done = _nq("count", "13", "--journal", str(j), "--journal-key", key, "-w", "1")
    assert done.returncode == 0 and done.stdout == "73712\n"


@pytest.mark.slow
def test_a_full_disk_is_one_line_and_what_was_recorded_resumes(tmp_path: Path) -> None:
    # A file size limit (RLIMIT_FSIZE, with SIGXFSZ ignored) makes the journal's writes
    # fail part-way through the count as a full disk does.
    j = tmp_path / "j.sqlite"
    assert _nq("count", "9", "--journal", str(tmp_path / "warm.sqlite")).returncode == 0

    def small_disk() -> None:  # pragma: no cover - runs in the child
        import resource

        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (20 * 1024, 20 * 1024))

    args = ["count", "17", "--journal", str(j), "-w", "1"]
    err = _one_line_error(_nq(*args, preexec_fn=small_disk))
    assert f"cannot write journal {j}" in err and "resume" in err
    assert 0 < finished_rows(j) < len(_subs(17))
    done = _nq(*args)
    assert done.returncode == 0 and done.stdout == "95815104\n"
