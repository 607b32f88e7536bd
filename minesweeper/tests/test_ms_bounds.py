"""Bounds that bound: a board whose work passes the engine's limits is refused through
the command line in one line (exit 2), in well under a second or two of CPU, before the
work (its memory is estimated from the board's shape, base/budget.py); a process
allowed less memory than the work needs says so in one line; memory that runs out all
the same ends in one line, never an internal error; formulas are read in linear time,
refused past their limits where they pass them."""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minesweeper import cli
from minesweeper.base import budget
from minesweeper.base.errors import BadInput
from minesweeper.circuits import formula
from minesweeper.circuits.formula import MAX_DEPTH, MAX_TOKENS, parse_formula, read_dimacs
from puzzleshell import testing

from ms_support import PROGRAM

#: The most CPU seconds (the program and its helper process, start-up and reading the
#: board included) a refusal may take.
REFUSAL_CPU = 2.0


def _timed(argv: list[str], cwd: Path, address_space: int | None = None
           ) -> tuple[subprocess.CompletedProcess[str], float]:
    """Run ``argv``; what it did, and the CPU seconds it and its children took."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL,
                          preexec_fn=None if address_space is None else
                          testing.memory_ceiling(address_space))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return done, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _covered(path: Path, height: int, width: int, total: int | None = None) -> Path:
    """A board of covered squares only."""
    head = f"mines: {total}\n" if total is not None else ""
    path.write_text(head + ("?" * width + "\n") * height)
    return path


def _refused(done: subprocess.CompletedProcess[str], cpu: float, *words: str) -> None:
    testing.assert_one_line_error(done, *words)
    assert cpu < REFUSAL_CPU, (cpu, done.stderr)


@pytest.fixture(scope="module")
def huge(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An all-covered board of 14 million squares (14 MB of text): every way of
    answering it square by square needs more than the 3 GiB limit."""
    return _covered(tmp_path_factory.mktemp("huge") / "huge.txt", 3500, 4000)


@pytest.mark.slow
@pytest.mark.parametrize("argv,words", [
    (["check", "--probabilities"], ("computing the probabilities of this board needs "
                                    "about", "the limit is 3.0 GiB")),
    (["hint"], ("computing the probabilities of this board needs about",
                "the limit is 3.0 GiB")),
    (["hint", "--look-ahead"], ("needs about", "the limit is 3.0 GiB")),
    (["check", "--probabilities", "--json"], ("the JSON of every covered square needs "
                                              "about", "the limit is 3.0 GiB")),
    (["check", "--probabilities", "-o", "heat.svg"], ("the picture would be about",)),
    (["check", "--safe", "--mines", "1000"], ("this solver takes up to 2,000,000",)),
    (["check", "--mines", "1000"], ("this solver takes up to 2,000,000",)),
    (["check", "--count", "--mines", "1000"], ("this solver takes up to 2,000,000",)),
    (["check", "--method", "backtrack"], ("this solver takes up to 2,000,000",)),
    (["render", "-o", "b.svg"], ("the picture would be about 1,470 MB of SVG",
                                 "the limit is 134 MB")),
    (["render", "-o", "b.png", "--size", "16000"], ("the picture would draw 14,000,000 "
                                                    "squares",)),
    (["render", "--witness", "-o", "b.svg"], ("the picture would be about",)),
    (["check", "-o", "w.svg"], ("the picture would be about",)),
])
def test_a_board_beyond_the_limits_is_refused_at_once(huge: Path, tmp_path: Path,
                                                      argv: list[str],
                                                      words: tuple[str, ...]) -> None:
    """Refused in one line, exit 2, in well under two seconds of CPU (reading 14 MB
    included), before any work square by square; nothing is written."""
    done, cpu = _timed(PROGRAM + [argv[0], str(huge), *argv[1:]], tmp_path)
    _refused(done, cpu, *words)
    assert not list(tmp_path.iterdir())


@pytest.fixture(scope="module")
def tangled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """100,000 covered squares with a 3 on every other square of every other row: every
    covered square is in one group of 75,000 classes whose sweep would make more than
    it may.  (Rows of 1s between
    rows of covered squares were this board before the collapse went on until nothing
    changed: it now settles them all.)"""
    path = tmp_path_factory.mktemp("tangled") / "sparse.txt"
    rows = ["".join("3" if r % 2 == 0 and c % 2 == 0 else "?" for c in range(317))
            for r in range(316)]
    path.write_text("\n".join(rows) + "\n")
    return path


@pytest.mark.slow
@pytest.mark.parametrize("argv", [["check", "--probabilities"], ["hint"],
                                  ["check", "--probabilities", "--json"]])
def test_a_tangled_board_is_refused_within_a_second(tangled: Path, tmp_path: Path,
                                                    argv: list[str]) -> None:
    """The dry run of the compiled sweeps counts what they would make and keep as it
    makes their states, and the board is refused once that passes what the sweeps may
    make (measured on rows of 1s: 3.3 CPU seconds where the clauses of the collapse became
    lists and the whole order was made first, 1.1 s in Python; on this board 0.5 s)."""
    done, cpu = _timed(PROGRAM + [argv[0], str(tangled), *argv[1:]], tmp_path)
    _refused(done, cpu, "overlap too widely", "more than 200,000 partial states")
    assert cpu < 1.0, cpu


def _game(path: Path, seed: int = 7, height: int = 316, width: int = 317) -> Path:
    """A position of a real game: mines on a fifth of the squares, half the others
    revealed, a tenth of the mines flagged, and the total of mines given."""
    import numpy as np

    rng = np.random.default_rng(seed)
    mines = rng.random((height, width)) < 0.2
    padded = np.pad(mines, 1).astype(int)
    seen = sum(padded[1 + dr:1 + dr + height, 1 + dc:1 + dc + width]
               for dr in (-1, 0, 1) for dc in (-1, 0, 1))
    grid = np.full((height, width), "?", dtype="<U1")
    shown = ~mines & (rng.random((height, width)) < 0.5)
    grid[shown] = np.where(seen[shown] == 0, ".", seen[shown].astype(str))
    grid[mines & (rng.random((height, width)) < 0.1)] = "F"
    path.write_text(f"mines: {int(mines.sum())}\n"
                    + "".join("".join(row) + "\n" for row in grid))
    return path


@pytest.mark.slow
@pytest.mark.parametrize("address_space", [None, 1_200_000_000])
def test_a_tangled_count_with_a_total_is_refused_at_once(tmp_path: Path,
                                                         address_space: int | None) -> None:
    """``--count`` with a total on a real game's position of 100,000 squares, half of
    them revealed: the dry run of the groups' counting sweep (two boundaries at a time)
    finds it past its room and refuses it in one line before any count is made.
    Measured before: refused after 39 CPU seconds at 4.1 GB, then after 8 s at 1.0 GB by
    the sweep square by square; now in about 0.3 s."""
    board = _game(tmp_path / "game.txt")
    argv = PROGRAM + ["check", str(board), "--count"]
    if address_space is not None:
        argv = ["prlimit", f"--as={address_space}", *argv]
    peak, cpu = _peak(argv, tmp_path, "overlap too widely",
                      "partial counts at two boundaries of its sweep", "it is not counted")
    assert peak < 400 << 20, peak
    assert cpu < 1.0, cpu


def _peak(argv: list[str], cwd: Path, *words: str) -> tuple[int, float]:
    """Run ``argv`` from a fresh process (whose children's peak is this command's
    alone), check that it is refused in one line naming ``words``; its peak resident
    bytes and CPU seconds."""
    code = (f"import resource, subprocess, sys\n"
            f"d = subprocess.run({argv!r}, capture_output=True, text=True)\n"
            "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
            "sys.stderr.write(d.stderr)\n"
            "print(u.ru_maxrss * 1024, u.ru_utime + u.ru_stime)\n"
            "sys.exit(d.returncode)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True,
                          text=True, timeout=300, stdin=subprocess.DEVNULL)
    peak, cpu = done.stdout.split()
    testing.assert_one_line_error(
        subprocess.CompletedProcess(argv, done.returncode, "", done.stderr), *words)
    return int(peak), float(cpu)


@pytest.mark.slow
@pytest.mark.parametrize("argv", [["check"], ["check", "--count"]])
def test_the_clauses_left_by_the_collapse_are_counted_before_they_are_written(
        tmp_path: Path, argv: list[str]) -> None:
    """A million squares with a 3 on every other square of every other row, no total:
    the collapse leaves 50 million clauses (400 million literals) for the solver, and
    the board is refused from their count before they are written.  Measured before:
    6 CPU seconds and 3.8 GB resident, written and then refused; after, 0.7 s and
    80 MB."""
    path = tmp_path / "sparse.txt"
    rows = ["".join("3" if r % 2 == 0 and c % 2 == 0 else "?" for c in range(1000))
            for r in range(1000)]
    path.write_text("\n".join(rows) + "\n")
    peak, cpu = _peak(PROGRAM + [argv[0], str(path), *argv[1:]], tmp_path,
                      "solving this board needs about", "clauses left after the collapse")
    assert peak < 400 << 20, peak
    assert cpu < 2.0, cpu


@pytest.mark.slow
@pytest.mark.parametrize("argv", [["check", "--probabilities"], ["hint"],
                                  ["check", "--safe"], ["render", "-o", "b.svg"]])
def test_a_process_allowed_less_memory_says_so_in_one_line(tmp_path: Path,
                                                           argv: list[str]) -> None:
    """Under an address-space limit of 1 GB (prlimit --as) a board whose work needs
    more is refused with the memory it needs and the memory allowed, before the work:
    never an internal error (exit 70) from a MemoryError."""
    board = tmp_path / "b.txt"
    # 4 million covered squares, each next to the 1 of its row pair: the frontier
    board.write_text(("?" * 2000 + "\n" + "1" * 2000 + "\n") * 1000)
    done, cpu = _timed(PROGRAM + [argv[0], str(board), *argv[1:]], tmp_path,
                       address_space=1_000_000_000)
    if argv[0] == "render":
        _refused(done, cpu, "the picture would be about")
    else:
        _refused(done, cpu, "needs about", "this machine allowed 0.9 GiB")


@pytest.mark.slow
def test_prlimit_on_a_big_board_ends_in_one_line(tmp_path: Path) -> None:
    """The same through the prlimit utility, as a user would run it."""
    board = _covered(tmp_path / "b.txt", 2500, 2000)
    done, cpu = _timed(["prlimit", "--as=1000000000", *PROGRAM, "check", "--probabilities",
                        str(board)], tmp_path)
    _refused(done, cpu, "computing the probabilities of this board needs about 1.4 GiB",
             "this machine allowed 0.9 GiB of address space (its address-space limit)")


@pytest.mark.slow
def test_a_large_easy_board_is_still_answered(tmp_path: Path) -> None:
    """All covered, no number: every square has the same probability by counting alone;
    a board of 2 million squares is answered, exactly, in bounded memory."""
    board = _covered(tmp_path / "b.txt", 1000, 2000)
    done, _ = _timed(PROGRAM + ["check", "--probabilities", str(board)], tmp_path,
                     address_space=3_000_000_000)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == " 50%" * 2000 and len(lines) == 4 + 1000
    done, _ = _timed(PROGRAM + ["hint", str(board), "--mines", "200"], tmp_path,
                     address_space=3_000_000_000)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("open (1, 1): no square is safe in every arrangement; "
                                  "this one holds a mine in 1/10000 of them (0.0%)")
    done, _ = _timed(PROGRAM + ["check", "--safe", str(board)], tmp_path,
                     address_space=3_000_000_000)
    assert done.returncode == 0, done.stderr
    assert "undetermined: 2000000" in done.stdout


@pytest.mark.slow
def test_plain_check_takes_a_large_board(huge: Path, tmp_path: Path) -> None:
    """The collapse takes the 14-million-square board (in arrays: well under 1 GiB)."""
    done, _ = _timed(PROGRAM + ["check", str(huge), "--json"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert '"consistent": true' in done.stdout


def test_memory_that_runs_out_anyway_ends_in_one_line(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    """A MemoryError in the work (an estimate short of the truth) ends with exit 2 and
    one line naming what the work was estimated to need, never exit 70."""
    from minesweeper.analysis import probability

    def short(board: object) -> object:
        budget.require(2 << 30, "computing the probabilities of this board")
        raise MemoryError()

    monkeypatch.setattr(budget, "MAX_MEMORY", 4 << 30)
    monkeypatch.setattr(budget, "allowed", lambda: None)
    monkeypatch.setattr(probability, "probabilities", short)
    board = _covered(tmp_path / "b.txt", 2, 2)
    code, err = testing.in_process(cli.main, ["check", "--probabilities", str(board)])
    assert code == 2, err
    assert err.strip() == ("minesweeper: error: computing the probabilities of this board "
                           "ran out of memory: estimated to need about 2.0 GiB, it needed "
                           "more; this machine allowed less")
    from minesweeper.analysis import advice

    monkeypatch.setattr(budget, "_last", [])
    monkeypatch.setattr(advice, "analysis_of",
                        lambda board: (_ for _ in ()).throw(MemoryError()))
    code, err = testing.in_process(cli.main, ["hint", str(board)])
    assert code == 2 and err.strip() == "minesweeper: error: ran out of memory; this " \
        "machine allowed less", err


def test_the_estimates_follow_the_board() -> None:
    """A covered square costs more than a revealed one, a frontier square more than an
    interior one; the limits are refused in words with both figures."""
    from minesweeper.base.board import parse_board

    shape = budget.shape_of(parse_board("?1??/????"))
    assert (shape.squares, shape.covered, shape.frontier, shape.numbers) == (8, 7, 5, 1)
    easy = budget.Shape(10**6, 10**6, 0, 0, 0)
    hard = budget.Shape(10**6, 10**6, 10**6, 10**6, 8 * 10**6)
    for way in budget.COSTS:
        assert budget.estimate(way, easy) <= budget.estimate(way, hard)
    with pytest.raises(BadInput, match=r"needs about 3\.3 GiB .*; the limit is 3\.0 GiB"):
        budget.check("groups", budget.Shape(12 * 10**6, 12 * 10**6, 0, 0, 0))


# ------------------------------------------------------------------------- formulas

FORMULA_CPU = 2.0


@pytest.mark.parametrize("text,words", [
    ("(" * 300_000 + "a" + ")" * 300_000, "nests more than 200 levels"),
    ("not " * 300_000 + "a", "nests more than 200 levels"),
    (" and ".join(f"v{i}" for i in range(300_000)), "names and symbols"),
    (" or ".join("a" for _ in range(300_000)), "names and symbols"),
    ("a" * 300_000, "a name of 300,000 characters"),
    pytest.param("(" * (8 << 20) + ")" * (8 << 20), "nests more than 200 levels",
                 marks=pytest.mark.slow),
    pytest.param("a and " * ((16 << 20) // 6 - 1) + "a", "names and symbols",
                 marks=pytest.mark.slow),
])
def test_a_formula_file_is_refused_in_linear_time(tmp_path: Path, text: str,
                                                  words: str) -> None:
    """Deep nesting, long chains, long names, files of 16 MiB: one line, exit 2, well
    under two seconds of CPU (reading the file included)."""
    (tmp_path / "f.txt").write_text(text)
    for command in (["build", "f.txt"], ["eval", "f.txt", "a=1"]):
        done, cpu = _timed(PROGRAM + command, tmp_path)
        testing.assert_one_line_error(done, words)
        assert cpu < FORMULA_CPU, (command, cpu)


@pytest.mark.slow
def test_a_dimacs_file_of_16_mib_is_refused_in_linear_time(tmp_path: Path) -> None:
    (tmp_path / "f.cnf").write_text("p cnf 3 100000\n" + "1 -2 3 0\n" * 1_800_000)
    done, cpu = _timed(PROGRAM + ["eval", "f.cnf", "x1=1", "x2=0", "x3=1"], tmp_path)
    testing.assert_one_line_error(done, "more clauses than the 100,000 the header declares")
    assert cpu < FORMULA_CPU, cpu
    (tmp_path / "f.cnf").write_text("p cnf 3 1\n" + "1 -2 3 " * 2_300_000 + "0\n")
    done, cpu = _timed(PROGRAM + ["eval", "f.cnf", "x1=1", "x2=0", "x3=1"], tmp_path)
    testing.assert_one_line_error(done, "more than 400,000 literals")
    assert cpu < FORMULA_CPU, cpu


def test_a_formula_file_beyond_16_mib_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "f.txt").write_bytes(b"a" * ((16 << 20) + 1))
    done, cpu = _timed(PROGRAM + ["build", "f.txt"], tmp_path)
    testing.assert_one_line_error(done, "16 MiB")
    assert cpu < FORMULA_CPU


def _cpu(fn: object, *args: object) -> tuple[object, float]:
    start = time.process_time()
    try:
        got: object = fn(*args)  # type: ignore[operator]
    except BadInput as exc:
        got = exc
    return got, time.process_time() - start


@settings(max_examples=40)
@given(depth=st.integers(0, 3 * MAX_DEPTH), width=st.integers(1, 40),
       kind=st.sampled_from(["(", "not ", "! ", "NOT(", "AND(a, "]))
def test_nesting_parses_or_is_refused_in_bounded_time(depth: int, width: int,
                                                      kind: str) -> None:
    """Up to the limit a nested formula parses (and means what it says); past it, it is
    refused with the limit named; either way in a bounded time, whatever the depth."""
    inner = " or ".join(f"x{i}" for i in range(width))
    close = "" if kind in ("not ", "! ") else ")"
    text = kind * depth + "(" + inner + ")" + close * depth
    got, cpu = _cpu(parse_formula, text)
    assert cpu < 0.5
    if depth + 1 <= MAX_DEPTH:
        assert not isinstance(got, BadInput), got
        named = {f"x{i}" for i in range(width)} | ({"a"} if depth and "a" in kind else set())
        assert formula.variables(got) == named  # type: ignore[arg-type]
    else:
        assert isinstance(got, BadInput) and "nests more than 200 levels" in str(got)


@settings(max_examples=15)
@given(length=st.integers(1, 2 * MAX_TOKENS), op=st.sampled_from([" and ", " or ", " & "]),
       names=st.integers(1, 1000), long_names=st.booleans())
def test_chains_parse_or_are_refused_in_bounded_time(length: int, op: str, names: int,
                                                     long_names: bool) -> None:
    """A flat chain of ``length`` names is one level: it parses up to the token limit
    (twice its names, less one, are tokens), and is refused past it, in time linear in
    what is read before the refusal."""
    stem = "n" * 200 if long_names else "v"
    text = op.join(f"{stem}{i % names}" for i in range(length))
    got, cpu = _cpu(parse_formula, text)
    assert cpu < 1.5, (length, cpu)
    if 2 * length - 1 <= MAX_TOKENS:
        assert not isinstance(got, BadInput), got
    else:
        assert isinstance(got, BadInput) and "names and symbols" in str(got)


@settings(max_examples=20)
@given(clauses=st.integers(1, 3000), width=st.integers(1, 8), variables=st.integers(1, 50))
def test_dimacs_reads_in_bounded_time(clauses: int, width: int, variables: int) -> None:
    lines = [" ".join(str((1 + (i * 7 + k) % variables) * (-1) ** k) for k in range(width))
             + " 0" for i in range(clauses)]
    text = f"p cnf {variables} {clauses}\n" + "\n".join(lines) + "\n"
    got, cpu = _cpu(read_dimacs, text)
    assert cpu < 0.5
    assert not isinstance(got, BadInput), got
