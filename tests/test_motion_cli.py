"""``nqueens motion`` through the real command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from nqueens.cli import main
from nqueens.tasks.motion import make_pair

PIL = pytest.importorskip("PIL.Image")

SMALL = ["motion", "--demo", "--frame", "128x96"]


def frames(tmp_path: Path, ext: str = "png", shift: tuple[int, int] = (2, 1)) -> tuple[str, str]:
    pair = make_pair(size=(128, 96), shifts=[shift])
    a, b = tmp_path / f"ref.{ext}", tmp_path / f"tgt.{ext}"
    PIL.fromarray(pair.reference).save(a)
    PIL.fromarray(pair.target).save(b)
    return str(a), str(b)


def test_demo_prints_one_row_per_method(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(SMALL + ["--shift", "3,-2"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["method", "pattern", "ops"]
    assert [ln.split()[0] for ln in lines[1:]] == ["full", "4-queens", "8-queens"]
    assert "4.00x" in lines[2] and "8.00x" in lines[3]
    assert all(ln.rstrip().endswith("100.0%") for ln in lines[1:])  # all true vectors found
    assert "moved by (+3, -2)" in err and "8×6 blocks" in err


def test_demo_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(SMALL + ["--noise", "2", "-p", "4", "-p", "8:3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["width"], data["height"], data["block"], data["range"]) == (128, 96, 16, 7)
    methods = data["methods"]
    assert [m["pattern"] for m in methods] == [None, "2 4 1 3", "1 7 4 6 8 2 5 3"]
    full = methods[0]["ops"]
    assert [full // m["ops"] for m in methods] == [1, 4, 8]
    assert all(m["ops"] == m["candidates"] * m["samples_per_block"] for m in methods)
    assert all(isinstance(m["psnr_db"], float) for m in methods)


def test_frames_from_png_and_jpeg_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    for ext in ("png", "jpg"):
        a, b = frames(tmp_path, ext)
        assert main(["motion", a, b, "--json", "-p", "2 4 1 3"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["frames"] == f"{a} -> {b}"
        assert data["methods"][1]["pattern"] == "2 4 1 3"
        assert data["methods"][0]["correct_vectors"] is None


def test_files_written_vectors_picture_and_plot(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    a, b = frames(tmp_path, shift=(2, 1))
    vj, vc = tmp_path / "mv.json", tmp_path / "mv.csv"
    pic, plot = tmp_path / "v.png", tmp_path / "t.png"
    assert main(["motion", a, b, "--vectors", str(vj), "--picture", str(pic),
                 "--plot", str(plot)]) == 0
    assert main(["motion", a, b, "--vectors", str(vc)]) == 0
    capsys.readouterr()
    data = json.loads(vj.read_text())
    assert len(data["methods"]) == 3 and len(data["methods"][0]["vectors"]) == 48
    inner = [v for v in data["methods"][0]["vectors"] if 16 <= v[0] < 96 and 16 <= v[1] < 64]
    assert all(v[2:4] == [-2, -1] for v in inner)
    rows = vc.read_text().splitlines()
    assert rows[0] == "method,pattern,x,y,dx,dy,sad" and len(rows) == 1 + 3 * 48
    for path in (pic, plot):
        with PIL.open(path) as im:
            assert im.format == "PNG" and im.size == (1280, 720)


@pytest.mark.parametrize("args, words", [
    (["--demo", "a.png", "b.png"], "not both"),
    ([], "give two frames"),
    (["a.png"], "give two frames"),
    (["a.png", "b.png", "--shift", "1,1"], "add --demo"),
    (["--demo", "--shift", "3"], "DX,DY"),
    (["--demo", "--frame", "big"], "width×height"),
    (["--demo", "--frame", "4x4"], "8..8192"),
    (["--demo", "-p", "3"], "no 3-queens solution"),
    (["--demo", "-p", "1 2 3 4"], "not an N-queens solution"),
    (["--demo", "-p", "8:93"], "only 92 solutions"),
    (["--demo", "-p", "8", "--block", "4"], "does not fit"),
    (["--demo", "--block", "1"], "block size"),
    (["--demo", "--range", "-1"], "search range"),
    (["--demo", "--vectors", "mv.txt"], "*.json or *.csv"),
    (["--demo", "--picture", "v.jpg"], "PNG"),
    (["--demo", "--repeat", "0"], "--repeat"),
    (["--demo", "--noise", "-2"], "noise"),
])
def test_bad_requests_are_one_line_exit_2(args: list[str], words: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["motion"] + args) == 2
    out, err = capsys.readouterr()
    assert out == "" and words in err and err.count("\n") == 1 and "Traceback" not in err


def test_bad_files_are_one_line_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    a, _ = frames(tmp_path)
    text = tmp_path / "notes.png"
    text.write_text("not a picture")
    small = tmp_path / "small.png"
    PIL.fromarray(np.zeros((50, 60), dtype=np.uint8)).save(small)
    cases = [
        ([a, str(tmp_path / "missing.png")], "no such file"),
        ([a, str(text)], "not a picture"),
        ([a, str(tmp_path)], "is a folder"),
        ([a, str(small)], "frame sizes differ"),
        ([str(small), str(small), "--block", "64"], "no whole 64×64 block"),
    ]
    for args, words in cases:
        assert main(["motion"] + args) == 2
        out, err = capsys.readouterr()
        assert out == "" and words in err and err.count("\n") == 1


def test_output_files_are_not_left_half_written(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    a, b = frames(tmp_path)
    target = tmp_path / "no-such-folder" / "mv.json"
    assert main(["motion", a, b, "--vectors", str(target)]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert not target.exists()


def test_without_pillow_image_files_say_what_to_install(tmp_path: Path, monkeypatch,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    a, b = frames(tmp_path)
    monkeypatch.setitem(sys.modules, "PIL", None)
    assert main(["motion", a, b]) == 2
    assert "pip install 'nqueens[motion]'" in capsys.readouterr().err


def test_installed_script(tmp_path: Path) -> None:
    exe = Path(sys.executable).with_name("nqueens")
    script = [str(exe)] if exe.exists() else [sys.executable, "-m", "nqueens.cli"]
    ok = subprocess.run(script + ["motion", "--demo", "--frame", "96x64", "--json"],
                        capture_output=True, text=True, timeout=300)
    assert ok.returncode == 0, ok.stderr
    assert len(json.loads(ok.stdout)["methods"]) == 3
    bad = subprocess.run(script + ["motion", "x.png", "y.png"], capture_output=True, text=True,
                         timeout=300)
    assert bad.returncode == 2 and bad.stderr.strip() == "nqueens: error: x.png: no such file"


def test_help_has_examples(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["motion", "--help"]) == 0
    out = capsys.readouterr().out
    assert "Examples:" in out and "nqueens motion --demo" in out


def test_quiet_says_nothing_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(SMALL + ["-p", "4", "--repeat", "1", "-q"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and [ln.split()[0] for ln in out.splitlines()[1:]] == ["full", "4-queens"]
    assert main(SMALL + ["-p", "4", "--repeat", "1", "--quiet", "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and json.loads(out)["width"] == 128


def test_sizes_are_width_by_height_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    # --frame takes width×height, with the multiplication sign or an x
    assert main(["motion", "--demo", "--frame", "160×96", "-p", "4", "--repeat", "1"]) == 0
    out, err = capsys.readouterr()
    assert "grace_hopper.jpg 160×96," in err
    assert "160×96 frames, 10×6 blocks of 16×16" in err
    assert main(["motion", "--demo", "--frame", "160x96", "-p", "4", "--repeat", "1",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["width"], data["height"], data["covered"]) == (160, 96, [160, 96])
    assert main(["motion", "--help"]) == 0
    help_text = " ".join(capsys.readouterr().out.split())
    assert "--frame W×H" in help_text and "width×height, e.g. 1280×720" in help_text
    # --size is the picture's width in pixels, as on every command that draws
    assert "--size PX" in help_text and "The picture's width in pixels" in help_text


def test_a_frame_size_given_to_size_says_where_it_goes(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["motion", "--demo", "--size", "128x96"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a width in pixels" in err
    assert "the demo frame's size is --frame W×H" in err
