"""The shared C headers of the core, compiled on their own (tests/c/headers.c) and held
to independent answers: the board step counts the OEIS numbers, the symmetry test knows
the symmetric boards, the random generators are Python's and the readable xorshift,
and NQUEENS_CPU caps the dispatch level."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from nqueens.base.pieces import Piece, attacks
from nqueens.kernels.xorshift import XorShift

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "tests" / "c" / "headers.c"
INCLUDE = ROOT / "src" / "nqueens" / "_core" / "include"

A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Path:
    cc = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")
    if cc is None or not SOURCE.is_file():
        pytest.skip("needs a C compiler and the checkout's headers")
    exe = tmp_path_factory.mktemp("headers") / "headers"
    subprocess.run([cc, "-std=c11", "-O1", "-Wall", "-Wextra", "-Werror", f"-I{INCLUDE}",
                    str(SOURCE), "-o", str(exe)], check=True, capture_output=True, timeout=120)
    return exe


def _lines(program: Path, **env: str) -> dict[str, list[str]]:
    """What the program prints, line by line by their first word; NQUEENS_CPU only as
    ``env`` says (not as the test run may have it)."""
    base = {k: v for k, v in os.environ.items() if k != "NQUEENS_CPU"}
    done = subprocess.run([str(program)], capture_output=True, text=True, check=True,
                          timeout=60, env={**base, **env})
    return {line.split()[0]: line.split()[1:] for line in done.stdout.splitlines()}


def test_the_board_step_alone_counts_the_oeis_numbers(program: Path) -> None:
    assert [int(x) for x in _lines(program)["counts"]] == A000170


def test_the_symmetry_test_knows_the_symmetric_boards(program: Path) -> None:
    # (1,3,0,2) is kept by a quarter turn; the first 8-queens board by none; the first
    # 6-queens board by a half turn only
    assert _lines(program)["symmetric"] == ["1", "1", "0", "0", "1", "0"]


@pytest.mark.parametrize("piece", [Piece.QUEEN, Piece.SUPERQUEEN])
def test_the_attack_rule_is_the_one_of_the_pieces(program: Path, piece: Piece) -> None:
    """The C attack rule, pair by pair and row by row, is nqueens.base.pieces.attacks."""
    knight = int(piece is Piece.SUPERQUEEN)
    lines = _lines(program)
    squares = [(r, c) for r in range(6) for c in range(6)]
    expected = "".join(str(int(a == b or attacks(piece, a, b))) for a in squares for b in squares)
    assert lines[f"attacks{knight}"] == [expected]
    rows = [sum(1 << c for c in range(6) if attacks(piece, q, (r, c)))
            for q in squares for r in range(6) if r != q[0]]
    assert [int(x) for x in lines[f"rows{knight}"]] == rows


def test_the_generators_are_the_readable_ones(program: Path) -> None:
    lines = _lines(program)
    python = random.Random(42)
    assert [int(x) for x in lines["mt"][:3]] == [python.getrandbits(32) for _ in range(3)]
    assert float(lines["mt"][3]) == python.random()
    assert int(lines["mt"][4]) == python.randrange(1000)
    readable = XorShift(3)
    assert [int(x) for x in lines["xorshift"]] == [readable.below(1000) for _ in range(5)]


@pytest.mark.parametrize(("level", "cap"), [("plain", 0), ("avx2", 1), ("avx512", 2)])
def test_the_environment_caps_the_dispatch_level(program: Path, level: str, cap: int) -> None:
    best = int(_lines(program)["cpu"][0])
    assert _lines(program, NQUEENS_CPU=level)["cpu"] == [str(min(best, cap)), str(cap)]
