"""``nqueens motion``: output paths checked first, option values, high-bit-depth frames, the
picture's title, timing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from nqueens.cli import main
from nqueens.tasks.motion import make_pair

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


# A bad output path fails before any work, and no output file is replaced.

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
    import nqueens.tasks.motion.report as study  # where the command's search runs

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("the search ran before the output paths were checked")

    monkeypatch.setattr(study, "compare", no_search)
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


# The noise must be a finite number, zero or more.

@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "-0.5", "NaN", "1e400"])
def test_noise_must_be_finite_and_not_negative(value: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    one_line_exit_2(["--demo", "--frame", "64x48", f"--noise={value}"], "--noise", capsys)


def test_noise_zero_and_positive_still_work(capsys: pytest.CaptureFixture[str]) -> None:
    for value in ("0", "1.5"):
        assert main(["motion", "--demo", "--frame", "64x48", "--noise", value, "-p", "4"]) == 0
    assert capsys.readouterr().out.count("4-queens") == 2


# Grey pictures of 16 bits are scaled to 8 bits, not clipped.

def run_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["motion"] + args + ["--json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


@pytest.mark.parametrize("kind", ["png16", "tiff16", "tiff32"])
def test_high_bit_depth_frames_give_the_vectors_of_their_8_bit_version(
        kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pair = make_pair(size=(96, 64), shifts=[(3, -2)], noise=3.0)
    names8, names16 = [], []
    for name, frame in (("ref", pair.reference), ("tgt", pair.target)):
        p8 = tmp_path / f"{name}8.png"
        PIL.fromarray(frame).save(p8)
        wide = frame.astype(np.uint16) * 257  # 0..255 -> 0..65535
        if kind == "png16":
            p16 = tmp_path / f"{name}16.png"
            PIL.fromarray(wide).save(p16)  # a 16-bit grey PNG
        elif kind == "tiff16":
            p16 = tmp_path / f"{name}16.tif"
            PIL.fromarray(wide).save(p16)
        else:
            p16 = tmp_path / f"{name}32.tif"
            PIL.fromarray(wide.astype(np.int32)).save(p16)
        with PIL.open(p16) as im:
            assert im.mode == ("I" if kind == "tiff32" else "I;16")
        names8.append(str(p8))
        names16.append(str(p16))
    mv8, mv16 = tmp_path / "mv8.json", tmp_path / "mv16.json"
    low = run_json(names8 + ["--vectors", str(mv8)], capsys)
    high = run_json(names16 + ["--vectors", str(mv16)], capsys)
    assert json.loads(mv16.read_text()) == json.loads(mv8.read_text())
    assert [m["psnr_db"] for m in high["methods"]] == [m["psnr_db"] for m in low["methods"]]
    assert low["methods"][0]["psnr_db"] > 10


def test_a_16_bit_frame_uses_its_whole_range(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    ramp = np.tile(np.linspace(0, 65535, 128).astype(np.uint16), (64, 1))
    a, b = tmp_path / "a.png", tmp_path / "b.png"
    PIL.fromarray(ramp).save(a)
    PIL.fromarray(np.roll(ramp, 2, axis=1)).save(b)
    data = run_json([str(a), str(b), "-p", "4"], capsys)
    # the ramp's grey levels differ from column to column: every block finds its match
    # (clipped to 255 the frames would be flat white and every vector zero)
    vec = tmp_path / "mv.csv"
    assert main(["motion", str(a), str(b), "-p", "4", "--vectors", str(vec)]) == 0
    rows = [r.split(",") for r in vec.read_text().splitlines()[1:]]
    inner = [r for r in rows if 16 <= int(r[2]) < 112]
    assert inner and all((r[4], r[5]) == ("-2", "0") for r in inner)
    assert data["methods"][0]["agree_with_full"] == 1.0


def test_negative_pixel_values_are_refused(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "neg.tif"
    PIL.fromarray(np.full((32, 32), -5, dtype=np.int32)).save(bad)
    one_line_exit_2([str(bad), str(bad)], "negative pixel values", capsys)


# The picture's title fits on small frames.

@pytest.mark.parametrize("size", ["128x96", "128x480", "64x48"])
def test_picture_title_is_not_cut_off_on_small_frames(size: str, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    pic = tmp_path / "v.png"
    # the 8-queens pattern's name makes the longest title
    assert main(["motion", "--demo", "--frame", size, "-p", "8", "--picture", str(pic)]) == 0
    capsys.readouterr()
    with PIL.open(pic) as im:
        grey = np.asarray(im.convert("L"))
    # the frame is narrower than the picture and centred: nothing but the title could
    # reach the picture's sides, and the title stays clear of them and of the top edge
    assert grey.shape[1] >= 400
    assert (grey[:, :3] == 255).all() and (grey[:, -3:] == 255).all()
    assert (grey[:2] == 255).all()
    assert (grey[:40] < 128).sum() > 200  # the title is there


# Timings: kernels warmed up first, best of 3 runs by default.

def test_timings_are_best_of_three_after_warm_up(monkeypatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    import nqueens.tasks.motion.evaluation as ev

    calls: list[str] = []
    warm, full, queens = ev.warm_up, ev.full_search, ev.pattern_search

    def count(name: str, func: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            calls.append(name)
            return func(*args, **kwargs)
        return wrapper

    monkeypatch.setattr(ev, "warm_up", count("warm-up", warm))
    monkeypatch.setattr(ev, "full_search", count("full", full))
    monkeypatch.setattr(ev, "pattern_search", count("queens", queens))
    data = run_json(["--demo", "--frame", "64x48", "-p", "4"], capsys)
    assert calls == ["warm-up"] + ["full"] * 3 + ["queens"] * 3
    assert data["repeat"] == 3
    calls.clear()
    assert main(["motion", "--demo", "--frame", "64x48", "-p", "4", "--repeat", "1"]) == 0
    assert calls == ["warm-up", "full", "queens"]
    assert "seconds: best of 1 run\n" in capsys.readouterr().err


def test_help_says_how_the_time_is_taken(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["motion", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "fastest run's time" in text and "warmed up before any timing" in text
    assert "[default: 3]" in text
