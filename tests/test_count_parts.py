"""The half-board engine in parts: a pass split by the first west columns its north
groups use, with lists made for each part, so that a worker's memory stays bounded.
The parts add up to their pass, a count in parts is exact with one and two workers and
on a Dask cluster, a memory limit picks the parts, a journal keeps its own, the
estimates stay above what a part measures, and the lists of n = 24 to 28 are made in
seconds, always alike."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from journal_files import finished_rows

from nqueens._core import halves as core
from nqueens._core import recount
from nqueens.algorithms.counter import count, crosscheck, halves, plan_parts, verify_journal
from nqueens.algorithms.counter.work import digest, tally
from nqueens.algorithms.search import Problem
from nqueens.base.errors import BadInput

# OEIS A000170 and A002562, n = 1..20
A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184,
           14772512, 95815104, 666090624, 4968057848, 39029188884]
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955,
           11977939, 83263591, 621012754, 4878666808]
KEY = "a key of sixteen characters or more"


@given(n=st.integers(4, 15), data=st.data())
@settings(max_examples=40, deadline=None)
def test_the_parts_of_a_pass_add_up_to_it(n: int, data: st.DataObject) -> None:
    x = data.draw(st.integers(0, halves.passes(n) - 1), label="x")
    bits = data.draw(st.integers(1, n - n // 2 - 1), label="prefix bits")
    symmetry = data.draw(st.sampled_from(["square", "mirror-flip"]), label="symmetry")
    whole = core.count_pass(n, x, symmetry=symmetry)
    parts = [core.count_pass(n, x, symmetry=symmetry, prefix_bits=bits, prefix=p)
             for p in range(1 << bits)]
    slices = tuple(sum(sl[i] for _, _, sl in parts) for i in range(3))
    assert (sum(t for t, _, _ in parts), sum(m for _, m, _ in parts), slices) == whole


@pytest.mark.parametrize("n", range(4, 17))
@pytest.mark.parametrize("parts", [1, 2, 3])
def test_a_count_in_parts_matches_oeis(n: int, parts: int) -> None:
    if parts >= n - n // 2:
        pytest.skip("fewer west columns than that")
    subs = halves.make_subproblems(n, parts)
    assert tally(subs, halves.solve_batch(subs)) == (A000170[n - 1], A002562[n - 1])


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("n", [13, 16])
def test_a_memory_limit_below_the_whole_lists_counts_in_parts(n: int, workers: int) -> None:
    limit = halves.worker_bytes(n) // 2
    parts = plan_parts(Problem.make(n), workers, limit)
    assert parts is not None and parts >= 1
    assert halves.part_bytes_estimate(n, parts) <= limit
    result = count(n, workers=workers, memory_limit=limit)
    assert (result.total, result.fundamental) == (A000170[n - 1], A002562[n - 1])


@pytest.mark.slow
# n = 19's totals come from two other slow tests (the resumed count of
# test_count_journal, the estimate's example in docs/counting.md), odd n in parts from 17
@pytest.mark.parametrize("n", [17, 18, 20])
def test_a_memory_limit_below_the_whole_lists_counts_in_parts_to_20(n: int) -> None:
    limit = halves.worker_bytes(n) // 2
    assert plan_parts(Problem.make(n), 2, limit)
    result = count(n, workers=2, memory_limit=limit)
    assert (result.total, result.fundamental) == (A000170[n - 1], A002562[n - 1])


def test_enough_memory_keeps_whole_passes_and_too_little_is_refused() -> None:
    assert plan_parts(Problem.make(14)) == 0
    assert plan_parts(Problem.make(8, "superqueen")) is None
    with pytest.raises(BadInput, match="even in its finest parts.*raise --memory-limit"):
        count(12, memory_limit=4096)


@pytest.mark.parametrize("n", [13, 16])
def test_the_estimate_of_a_part_is_above_what_it_measures(n: int) -> None:
    for bits in range(1, n - n // 2 - 1):
        for p in range(1 << bits):
            for x in range(0, halves.passes(n), 3):
                lists, buffers = core.part_bytes(n, x, bits, p)
                assert lists + buffers <= halves.part_bytes_estimate(n, bits)


@pytest.mark.slow
def test_the_estimate_of_a_part_is_above_what_it_measures_at_20_and_21() -> None:
    for n in (20, 21):
        for bits in (2, 4):
            for p in range(1 << bits):
                for x in range(0, halves.passes(n), 37):
                    assert sum(core.part_bytes(n, x, bits, p)) <= \
                        halves.part_bytes_estimate(n, bits)


def test_the_measured_list_sizes_are_the_engine_s() -> None:
    for n in range(4, 19):
        assert sum(core.west_prefixes(n, 0)) == halves.WEST_PLACEMENTS[n]
        counts = core.west_prefixes(n, 2)
        assert len(counts) == 4 and sum(counts) == halves.WEST_PLACEMENTS[n]


def _whole_bytes(n: int) -> int:
    return core.quadrant_bytes(n) + max(b for b, _ in core.pass_plans(n))


def test_the_memory_of_whole_passes_is_what_the_engine_takes() -> None:
    for n in range(4, 20):
        assert halves.worker_bytes(n) == halves.WHOLE_BYTES[n] == _whole_bytes(n)


@pytest.mark.slow
def test_the_memory_of_whole_passes_at_20_and_21_is_what_the_engine_takes() -> None:
    for n in (20, 21):
        assert halves.WHOLE_BYTES[n] == _whole_bytes(n)


# The digests of the lists of n = 24..28 with their default parts: a change to the
# list (and so to every journal of it) must be a deliberate one.
DIGESTS: dict[int, str] = {}


@pytest.mark.parametrize("n", range(24, 29))
def test_the_lists_past_23_are_made_in_seconds_and_always_alike(n: int) -> None:
    start = time.process_time()
    subs = halves.make_subproblems(n)
    assert time.process_time() - start < 10
    assert digest(subs) == digest(halves.make_subproblems(n))
    assert DIGESTS.get(n, digest(subs)) == digest(subs)
    assert len(subs) <= halves.MAX_SUBPROBLEMS + n // 2
    parts = halves.parts_of_layout(halves.layout(subs))
    assert parts and all(halves.unpack_part(s.part)[1] == parts for s in subs if s.sym == 0)
    # every block of passes of every prefix, once, the blocks tiling the passes
    found = [halves.unpack_part(s.part) for s in subs if s.sym == 0]
    block = halves.block_bits(n, parts)
    assert {b for *_, b in found} == {block}
    assert {(x0, prefix) for x0, _, prefix, _ in found} == \
        {(x0, p) for x0 in range(0, halves.passes(n), 1 << block) for p in range(1 << parts)}


def test_a_journal_keeps_its_parts_on_resume(tmp_path: Path) -> None:
    path = tmp_path / "q14.sqlite"
    first = count(14, journal=path, journal_key=KEY, memory_limit=halves.worker_bytes(14) // 2)
    assert plan_parts(Problem.make(14), journal=path) >= 1
    again = count(14, journal=path, journal_key=KEY)  # no limit now: the journal's parts
    assert (again.total, again.fundamental) == (first.total, first.fundamental) == \
        (A000170[13], A002562[13])
    with pytest.raises(BadInput, match="another|different|made for"):
        count(14, journal=path, journal_key=KEY, parts=0)
    found = verify_journal(14, path, None, journal_key=KEY, workers=1)
    assert found.agrees and len(found.checked) == found.recorded


@pytest.mark.slow
def test_a_count_in_parts_killed_resumes_in_the_same_parts(tmp_path: Path) -> None:
    j = tmp_path / "q18.sqlite"
    limit = halves.worker_bytes(18) // 2
    script = [sys.executable, "-m", "nqueens", "count", "18", "--journal", str(j), "--json",
              "--quiet", "--workers", "2"]
    proc = subprocess.Popen(script + ["--memory-limit", str(limit)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while finished_rows(j) == 0:
        assert proc.poll() is None, "the count ended before it could be killed"
        assert time.monotonic() < deadline
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate()
    assert proc.returncode == -signal.SIGKILL
    parts = plan_parts(Problem.make(18), journal=j)
    assert parts and 0 < finished_rows(j) < len(halves.make_subproblems(18, parts))
    # resumed without the limit: the journal's parts, not the whole lists
    done = subprocess.run(script, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert (found["all"], found["fundamental"]) == (A000170[17], A002562[17])
    assert found["subproblems"] == len(halves.make_subproblems(18, parts))


def test_a_wrong_part_is_found_by_the_recount() -> None:
    subs = halves.make_subproblems(12, 2)
    results = halves.solve_batch(subs)
    i = next(i for i, s in enumerate(subs) if s.sym == 0 and results[i].total)
    results[i] = results[i]._replace(total=results[i].total + 1)
    checks = crosscheck.recount_all(subs, results, workers=1)
    assert [c.agrees for c in checks].count(False) == 1 and not checks[i].agrees


@pytest.mark.parametrize("call, message", [
    (lambda: core.count_pass(12, 0, prefix_bits=6), "between 0 and 5"),
    (lambda: core.count_pass(12, 0, prefix_bits=2, prefix=4), "not one of the 4 prefixes"),
    (lambda: core.count_pass(24, 0), "counted in parts"),
    (lambda: core.count_pass(29, 0, prefix_bits=1), "between 2 and 28"),
    (lambda: core.part_bytes(12, 0, 0, 0), "at least 1"),
    (lambda: core.west_prefixes(24, 1), "between 2 and 23"),
    (lambda: recount.recount_passes(12, [0], prefix_bits=2, prefix=9), "not a part"),
    (lambda: halves.make_subproblems(24, 0), "parts of 1 to 11"),
    (lambda: halves.make_subproblems(12, 6), "parts of 1 to 5 prefix columns or whole"),
])
def test_bad_parts_are_refused(call, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_bad_parts_given_to_a_count_are_bad_input() -> None:
    with pytest.raises(BadInput, match="parts of 1 to 5"):
        count(12, parts=9)


# ---- nqueens count N --estimate ------------------------------------------------------

def test_the_estimate_times_a_sample_and_says_time_and_memory(run) -> None:
    res = run("count", "16", "--estimate", "--workers", "2")
    assert res.code == 0
    first, second = res.out.splitlines()
    assert first.startswith("n = 16 on 2 workers should take about ") and "engine halves" in first
    assert second.startswith("136 subproblems: ") and "a worker needs about" in second
    assert "timing a sample" in res.err


def test_the_estimate_of_a_count_in_parts_times_the_lists_apart(run) -> None:
    limit = halves.worker_bytes(16) // 2
    res = run("count", "16", "--estimate", "--json", "--memory-limit", str(limit), "-q")
    assert res.code == 0 and res.err == ""
    found = json.loads(res.out)
    assert found["n"] == 16 and found["engine"] == "halves" and found["sampled"] == 6
    assert 0 < found["worker_bytes"] <= limit
    assert found["setups"] == 1 << plan_parts(Problem.make(16), None, limit)
    assert found["subproblems"] > 136 and found["core_seconds"] > 0
    assert found["setup_seconds"] > 0 and found["seconds"] > 0


@pytest.mark.parametrize("args, message", [
    (["--journal", "q.sqlite"], "does not take --journal"),
    (["--torus"], "does not take --torus"),
    (["--unique"], "does not take --unique"),
    (["--gpu"], "does not take --gpu"),
    (["--memory-limit", "1K"], "even in its finest parts"),
])
def test_the_estimate_refuses_what_it_cannot_time(run, tmp_path: Path, monkeypatch,
                                                    args: list[str], message: str) -> None:
    monkeypatch.chdir(tmp_path)
    res = run("count", "14", "--estimate", *args)
    assert res.code == 2 and message in res.err and res.out == ""
    assert list(tmp_path.iterdir()) == []
