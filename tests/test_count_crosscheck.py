"""Recounting a journal's subproblems by another method (``count --verify-sample K``):
the plain searches agree with the engines subproblem by subproblem, a wrong figure is
named (even one written with the journal's key), and bad requests are refused."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens._core import halves as hc
from nqueens._core import recount as rc
from nqueens.algorithms.counter import constellations as cons
from nqueens.algorithms.counter import crosscheck, halves, make_subproblems, verify_journal
from nqueens.algorithms.counter.journal import Journal, JournalHeader
from nqueens.algorithms.counter.work import SubResult, digest
from nqueens.algorithms.search import Problem

KEY = "a key of sixteen characters"


@pytest.mark.parametrize("n", range(4, 16))
def test_every_pass_and_turn_search_agrees_with_the_engine(n: int) -> None:
    passes = list(range(halves.passes(n)))
    found = rc.recount_passes(n, passes)
    assert [t for t, _ in found] == [hc.count_pass(n, x)[0] for x in passes]
    assert sum(t for t, _ in found) == sum(hc.count_pass(n, x, symmetry="mirror-flip")[0]
                                            for x in passes)
    for c in range(n // 2):
        assert rc.recount_turns(n, c) == hc.count_turns(n, c)[:3]


def test_the_recount_adds_up_to_the_published_totals() -> None:
    # A000170 for n = 4..15, from the recount alone.
    published = [2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184]
    for n, want in zip(range(4, 16), published, strict=True):
        assert sum(t for t, _ in rc.recount_passes(n, list(range(halves.passes(n))))) == want


@settings(max_examples=25, deadline=None)
@given(n=st.integers(6, 13), data=st.data())
def test_the_parts_by_row_0_add_up_to_the_whole(n: int, data: st.DataObject) -> None:
    xs = data.draw(st.lists(st.integers(0, halves.passes(n) - 1), min_size=1, max_size=6,
                            unique=True))
    whole = rc.recount_passes(n, xs)
    parts = [rc.recount_passes(n, xs, first=c) for c in range(n)]
    assert [sum(p[i][0] for p in parts) for i in range(len(xs))] == [t for t, _ in whole]
    assert [sum(p[i][1] for p in parts) for i in range(len(xs))] == [s for _, s in whole]


def test_bad_calls_are_refused() -> None:
    with pytest.raises(ValueError, match="not one of the 8 passes"):
        rc.recount_passes(9, [8])
    with pytest.raises(ValueError, match="twice"):
        rc.recount_passes(9, [1, 1])
    with pytest.raises(ValueError, match="between 4 and 32"):
        rc.recount_passes(3, [0])
    with pytest.raises(ValueError, match="column 9"):
        rc.recount_turns(9, 9)


def test_start_constellations_are_recounted_by_the_general_search() -> None:
    for piece in ("queen", "superqueen"):
        subs = cons.make_subproblems(10, piece)
        checked = crosscheck.recount_all(subs, cons.solve_batch(subs))
        assert all(r.agrees for r in checked)
        assert sum(r.found[0] * r.sub.weight for r in checked) == (724 if piece == "queen"
                                                                   else 4)


@pytest.mark.parametrize("delta", [1, 8, 64])
def test_a_wrong_figure_is_found_whatever_the_engine(delta: int) -> None:
    for subs in (halves.make_subproblems(11), cons.make_subproblems(9)):
        good = cons.solve_batch(subs) if subs[0].engine != "halves" else \
            halves.solve_batch(subs)
        target = max(good, key=lambda r: r.total).id
        bad = [r._replace(total=r.total + delta) if r.id == target else r for r in good]
        found = crosscheck.verify_sample(subs, bad, None)
        assert [r.sub.id for r in found.checked if not r.agrees] == [target]
        assert "DIFFERENT" in next(r.describe() for r in found.checked if not r.agrees)


def test_a_turn_search_with_a_wrong_symmetric_count_is_found() -> None:
    subs = halves.make_subproblems(12)
    good = halves.solve_batch(subs)
    turn = next(r for r in good if r.fixed180)
    bad = [r._replace(fixed180=r.fixed180 + 2) if r.id == turn.id else r for r in good]
    found = crosscheck.verify_sample(subs, bad, None)
    assert [r.sub.id for r in found.checked if not r.agrees] == [turn.id]


def test_a_sample_is_k_random_subproblems(tmp_path: Path) -> None:
    path = tmp_path / "q13.sqlite"
    from nqueens import count

    count(13, journal=path, journal_key=KEY)
    seen = set()
    for seed in range(4):
        found = verify_journal(13, path, 5, journal_key=KEY, rng=random.Random(seed))
        assert len(found.checked) == 5 and found.agrees and found.recorded == 38
        seen.add(tuple(r.sub.id for r in found.checked))
    assert len(seen) > 1


def _forge(path: Path, n: int, delta: int, consistent: bool = False) -> int:
    """Count n into a journal, then write one wrong row with the journal's key (as a
    faulty machine or someone holding the key would): its count alone changed, or with
    ``consistent`` its first slice too, so that the row's own figures agree. Returns its
    id."""
    subs = make_subproblems(Problem.make(n))[1]
    head = JournalHeader(n, "queen", halves.ENGINE_VERSION, len(subs), digest(subs))
    results = halves.solve_batch(subs)
    target = max(results, key=lambda r: r.total)
    s0, s1, s2 = target.slices
    forged = target._replace(total=target.total + delta,
                             slices=(s0 + delta, s1, s2) if consistent else target.slices)
    with Journal.open(str(path), head, key=KEY) as jr:
        jr.record([r for r in results if r.id != target.id])
        jr.record([forged])
    return target.id


@pytest.mark.parametrize("consistent", [False, True])
def test_the_cli_names_a_forged_row_and_exits_1(run, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                consistent: bool) -> None:
    path = tmp_path / "q12.sqlite"
    wrong = _forge(path, 12, 8, consistent)
    res = run("count", "12", "-j", str(path), "--journal-key", KEY, "--verify-sample", "all")
    assert res.code == 1
    assert f"subproblem {wrong}" in res.err and "differ" in res.err
    assert "DIFFERENT" in res.out and res.out.count("recounted: the same") == 37
    if not consistent:
        # Its MAC is right, but its slices no longer add up: a resume refuses it.
        again = run("count", "12", "-j", str(path), "--journal-key", KEY)
        assert again.code == 2 and again.out == ""
        assert again.err == (f"nqueens: error: journal {path} holds a wrong result: "
                             f"subproblem {wrong} is implausible: its slices "
                             f"{' + '.join(map(str, _honest_slices(12, wrong)))} do not add up "
                             f"to its count {_honest_total(12, wrong) + 8}; delete it to "
                             "start over\n")


def _honest_slices(n: int, sub_id: int) -> tuple[int, int, int]:
    subs = make_subproblems(Problem.make(n))[1]
    return halves.solve_batch([subs[sub_id]])[0].slices


def _honest_total(n: int, sub_id: int) -> int:
    return sum(_honest_slices(n, sub_id))


def test_the_cli_prints_each_recount_and_json(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "q11.sqlite"
    assert run("count", "11", "-j", str(path), "--journal-key", KEY).code == 0
    res = run("count", "11", "-j", str(path), "--journal-key", KEY, "--verify-sample", "3")
    assert res.code == 0
    lines = res.out.splitlines()
    assert len(lines) == 4 and lines[-1].startswith("3 of 3 recounted subproblems agree")
    assert "recounting 3 of the 21 finished subproblems" in res.err
    data = json.loads(run("count", "11", "-j", str(path), "--journal-key", KEY,
                          "--verify-sample", "all", "--json", "-q").out)
    assert data["agree"] is True and data["checked"] == data["recorded"] == 21
    assert {r["kind"] for r in data["recounts"]} == {"pass", "turns"}
    out = tmp_path / "report.txt"
    res = run("count", "11", "-j", str(path), "--journal-key", KEY, "--verify-sample", "2",
              "-o", str(out))
    assert res.code == 0 and res.out == "" and out.read_text().count("\n") == 3


@pytest.mark.parametrize("args, says", [
    (["--verify-sample", "3"], "needs --journal FILE"),
    (["-j", "{tmp}/none.sqlite", "--verify-sample", "3"], "no journal at"),
    (["-j", "{tmp}/q.sqlite", "--verify-sample", "0"], "is not a number of subproblems"),
    (["-j", "{tmp}/q.sqlite", "--verify-sample", "some"], "is not a number of subproblems"),
    (["-j", "{tmp}/q.sqlite", "--verify-sample", "3", "--unique"], "does not take --unique"),
    (["-j", "{tmp}/q.sqlite", "--verify-sample", "3", "--torus"], "does not take --torus"),
    (["-j", "{tmp}/q.sqlite", "--verify-sample", "3", "--gpu"], "does not take --gpu"),
])
def test_bad_requests_are_refused_in_one_line(run, tmp_path: Path, args: list[str],  # type: ignore[no-untyped-def]
                                              says: str) -> None:
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    res = run("count", "10", "--journal-key", KEY, *args)
    assert res.code == 2
    assert says in res.err and len(res.err.strip().splitlines()) == 1
    assert not (tmp_path / "none.sqlite").exists()


def test_a_journal_of_another_count_is_refused(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "q10.sqlite"
    assert run("count", "10", "-j", str(path), "--journal-key", KEY).code == 0
    res = run("count", "11", "-j", str(path), "--journal-key", KEY, "--verify-sample", "2")
    assert res.code == 2 and "made for n = 10" in res.err
    empty = tmp_path / "empty.sqlite"
    subs = make_subproblems(Problem.make(10))[1]
    with Journal.open(str(empty), JournalHeader(10, "queen", halves.ENGINE_VERSION, len(subs),
                                                digest(subs)), key=KEY):
        pass
    res = run("count", "10", "-j", str(empty), "--journal-key", KEY, "--verify-sample", "2")
    assert res.code == 2 and "no finished subproblem" in res.err


@pytest.mark.slow
@pytest.mark.parametrize("n", [16, 17])
def test_every_subproblem_of_16_and_17_agrees(run, tmp_path: Path, n: int) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / f"q{n}.sqlite"
    assert run("count", str(n), "-j", str(path), "--journal-key", KEY, "-q").code == 0
    data = json.loads(run("count", str(n), "-j", str(path), "--journal-key", KEY,
                          "--verify-sample", "all", "--json", "-q", "-w", "2").out)
    assert data["agree"] and data["checked"] == data["subproblems"]
    total = sum(r["recounted"][0] for r in data["recounts"] if r["kind"] == "pass")
    assert total == {16: 14772512, 17: 95815104}[n]


def test_results_are_matched_by_id_not_by_order() -> None:
    subs = halves.make_subproblems(10)
    results = list(reversed(halves.solve_batch(subs)))
    found = crosscheck.recount_all(subs, results)
    assert all(r.agrees for r in found)
    assert [r.recorded.id for r in found] == [s.id for s in subs]
    assert isinstance(found[0].recorded, SubResult)


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_a_recount_stops_within_a_second_and_leaves_the_journal(tmp_path: Path,
                                                                sig: signal.Signals) -> None:
    path = tmp_path / "q17.sqlite"
    exe = shutil.which("nqueens", path=os.path.dirname(sys.executable))
    cmd = [exe] if exe else [sys.executable, "-m", "nqueens"]
    base = cmd + ["count", "17", "-j", str(path), "--journal-key", KEY, "-q"]
    assert subprocess.run(base, capture_output=True, check=False).returncode == 0
    before = path.read_bytes()
    proc = subprocess.Popen(base + ["--verify-sample", "all"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    time.sleep(3.0)  # the pool is recounting by now
    sent = time.monotonic()
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=30)
    assert time.monotonic() - sent < 1.5
    assert proc.returncode == (130 if sig == signal.SIGINT else 128 + signal.SIGTERM)
    assert out == "" and "Traceback" not in err and "journal is unchanged" in err
    assert path.read_bytes() == before
