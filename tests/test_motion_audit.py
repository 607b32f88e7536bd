"""``nqueens motion``: output paths checked first, option values, high-bit-depth frames, the
picture's title, timing."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqueens.cli import main
from nqueens.motion import make_pair

PIL = pytest.importorskip("PIL.Image")


def frames(tmp_path: Path, shift: tuple[int, int] = (2, 1)) -> tuple[str, str]:
    pair = make_pair(size=(96, 64), shifts=[shift])
    a, b = tmp_path / "ref.png", tmp_path / "tgt.png"
    PIL.fromarray(pair.reference).save(a)
    PIL.fromarray(pair.target).save(b)
    return str(a), str(b)


def one_line_exit_2(args: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["motion"] + args) == 2
    out, err = capsys.readouterr()
    assert out == "" and words in err, err
    assert err.count("\n") == 1 and "Traceback" not in err


# 1. A bad output path fails before any work, and no output file is replaced.

def test_bad_plot_path_leaves_the_vectors_file_alone(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    a, b = frames(tmp_path)
    keep = tmp_path / "keep.csv"
    keep.write_text("old vectors\n")
    missing = tmp_path / "nonexist" / "p.png"
    one_line_exit_2([a, b, "--vectors", str(keep), "--plot", str(missing)], "does not exist",
                    capsys)
    assert keep.read_text() == "old vectors\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.csv", "ref.png", "tgt.png"]


@pytest.mark.parametrize("where, words", [
    ("folder", "it is a folder"),
    ("under-a-file", "is not a folder"),
    ("twice", "the same file as --picture"),
    ("input", "the same file as the input frame"),
])
def test_bad_output_paths_fail_before_any_work(where: str, words: str, tmp_path: Path,
                                               monkeypatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    import nqueens.cli.motion_cmd as cmd

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("the search ran before the output paths were checked")

    monkeypatch.setattr(cmd, "compare", no_search)
    a, b = frames(tmp_path)
    keep = tmp_path / "keep.json"
    keep.write_text("{}\n")
    (tmp_path / "dir.png").mkdir()
    plot = {"folder": str(tmp_path / "dir.png"),
            "under-a-file": str(keep / "p.png"),
            "twice": str(tmp_path / "pic.png"),
            "input": b}[where]
    one_line_exit_2([a, b, "--vectors", str(tmp_path / "mv.json"),
                     "--picture", str(tmp_path / "pic.png"),
                     "--plot", plot], words, capsys)
    assert keep.read_text() == "{}\n"
    assert not (tmp_path / "mv.json").exists() and not (tmp_path / "pic.png").exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


# 2. The noise must be a finite number, zero or more.

@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "-0.5", "NaN", "1e400"])
def test_noise_must_be_finite_and_not_negative(value: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    one_line_exit_2(["--demo", "--size", "64x48", f"--noise={value}"], "--noise", capsys)


def test_noise_zero_and_positive_still_work(capsys: pytest.CaptureFixture[str]) -> None:
    for value in ("0", "1.5"):
        assert main(["motion", "--demo", "--size", "64x48", "--noise", value, "-p", "4"]) == 0
    assert capsys.readouterr().out.count("4-queens") == 2
