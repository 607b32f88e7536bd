"""``nqueens table --plot``: the picture (log scale, no line over a count of 0, the
published OEIS values over the computed counts, its size in pixels), the seconds (the
count alone, best of several runs) and the message that names each file written."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from nqueens.algorithms.counter import CountResult, count
from nqueens.cli import table_cmd
from nqueens.cli.app import main
from nqueens.output.table_plot import runs_of_positive, table_figure

PIL = pytest.importorskip("PIL.Image")

# OEIS A000170 and A002562, n = 1..12, kept here apart from the program's own copy.
A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200]
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787]


def drawn_lines(ax: Any) -> list[Any]:
    """The lines of ``ax`` drawn with a line (not markers alone)."""
    return [ln for ln in ax.get_lines() if ln.get_linestyle() not in ("None", "none", "")
            and len(ln.get_xdata()) > 0]


def by_label(ax: Any, label: str) -> Any:
    found = [ln for ln in ax.get_lines() if ln.get_label() == label]
    assert len(found) == 1, [ln.get_label() for ln in ax.get_lines()]
    return found[0]


# The figure, by its artists.

def test_counts_are_on_a_log_scale_and_no_line_crosses_a_count_of_zero() -> None:
    rows = [count(n) for n in range(1, 11)]
    counts, seconds, _key = table_figure(rows).axes
    assert counts.get_yscale() == "log" and seconds.get_yscale() == "log"
    lines = drawn_lines(counts)
    assert lines, "the computed counts are drawn as lines"
    zeros = {r.n for r in rows if r.total == 0}
    assert zeros == {2, 3}
    for ln in lines:
        xs = np.asarray(ln.get_xdata(), dtype=float)
        ys = np.asarray(ln.get_ydata(), dtype=float)
        assert (ys > 0).all()
        # a segment joins consecutive n only: none spans n = 2 or 3
        assert (np.diff(xs) == 1).all(), xs
        assert not zeros & set(xs.astype(int).tolist())
    # the zeros are marked, on the bottom edge, by a distinct marker
    marks = by_label(counts, "no solution (count 0, off the log scale)")
    assert marks.get_linestyle() == "None" and marks.get_marker() == "x"
    assert list(marks.get_xdata()) == [2, 3]


def test_the_published_oeis_values_are_drawn_over_the_computed_ones() -> None:
    rows = [count(n) for n in range(1, 13)]
    counts = table_figure(rows).axes[0]
    for label, values in (("OEIS A000170 (published)", A000170),
                          ("OEIS A002562 (published)", A002562)):
        marks = by_label(counts, label)
        assert marks.get_linestyle() == "None"             # markers, no line
        assert marks.get_markerfacecolor() == "none"       # hollow: the computed point shows
        want = [(n, v) for n, v in enumerate(values, 1) if v > 0]
        assert list(zip(marks.get_xdata(), marks.get_ydata(), strict=True)) == want
    computed = by_label(counts, "all solutions (computed)")
    assert computed.get_linestyle() != "None"
    legend = counts.get_legend()
    labels = [t.get_text() for t in legend.get_texts()]
    assert "OEIS A000170 (published)" in labels and "OEIS A002562 (published)" in labels
    assert legend.get_title().get_text() == "computed = published: all 24 counts agree"


def test_a_count_that_differs_from_the_oeis_is_named() -> None:
    rows = [count(n) for n in range(4, 9)]
    rows[2] = replace(rows[2], total=5)              # n = 6 has 4 solutions, not 5
    title = table_figure(rows).axes[0].get_legend().get_title()
    assert title.get_text() == "DIFFERS from the OEIS at n = 6"


@pytest.mark.parametrize(("piece", "torus", "labels"), [
    ("superqueen", False, ["OEIS A051223 (published)", "OEIS A051224 (published)"]),
    ("queen", True, ["OEIS A051906 (published)"]),
])
def test_the_other_boards_get_their_own_sequences(piece: str, torus: bool,
                                                  labels: list[str]) -> None:
    rows = [count(n, piece=piece, torus=torus) for n in range(1, 12)]
    counts = table_figure(rows).axes[0]
    shown = [t.get_text() for t in counts.get_legend().get_texts() if "OEIS" in t.get_text()]
    assert shown == labels
    assert "all" in counts.get_legend().get_title().get_text()   # and they agree


def test_the_time_axis_says_what_its_points_are() -> None:
    rows = [count(n) for n in range(4, 7)]
    runs = {4: [0.002, 0.001, 0.003], 5: [0.004], 6: [0.0]}
    _counts, seconds, key = table_figure(rows, runs).axes
    points = by_label(seconds, "seconds: the fastest of up to 3 runs\n(bar: up to the slowest run)")
    assert list(points.get_xdata()) == [4, 5] and list(points.get_ydata()) == [0.001, 0.004]
    texts = [t.get_text() for t in key.get_legend().get_texts()]
    assert texts[0].startswith("seconds: the fastest of up to 3 runs")
    assert "0 s: nothing left to time" in texts
    assert "the count alone" in key.get_legend().get_title().get_text()
    # the bar of n = 4 reaches from the fastest run to the slowest
    bars = [c for c in seconds.collections if len(c.get_segments())]
    assert [s.tolist() for c in bars for s in c.get_segments()] == [[[4, 0.001], [4, 0.003]]]


def test_runs_of_positive_breaks_at_every_gap() -> None:
    assert runs_of_positive([1, 2, 3, 4], [1, 0, 2, 3]) == [([1], [1]), ([3, 4], [2, 3])]
    assert runs_of_positive([1, 3], [1, 1]) == [([1], [1]), ([3], [1])]   # n = 2 left out
    assert runs_of_positive([], []) == []


# The files, their size in pixels, and the messages.

def png_size(path: Path) -> tuple[int, int]:
    with PIL.open(path) as im:
        assert im.format == "PNG"
        return im.size


@pytest.mark.parametrize(("args", "size"), [([], (1280, 720)), (["--size", "640"], (640, 360)),
                                            (["--size", "1920"], (1920, 1080))])
def test_the_plot_is_as_wide_as_size_says(run, tmp_path: Path, args: list[str],  # type: ignore[no-untyped-def]
                                          size: tuple[int, int]) -> None:
    plot, picture = tmp_path / "p.png", tmp_path / "o.png"
    r = run("table", "1", "8", "--plot", str(plot), *args)
    assert r.code == 0 and png_size(plot) == size
    assert r.err.splitlines()[-1].startswith(
        f"wrote {plot} (counts and times of queens, n = 1 to 8, {size[0]}×{size[1]} px, ")
    r = run("table", "1", "8", "-o", str(picture), *args, "-q")
    assert r.code == 0 and r.err == "" and png_size(picture) == size


def test_an_svg_plot_is_as_many_css_pixels_wide(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    plot = tmp_path / "p.svg"
    assert run("table", "1", "6", "--plot", str(plot), "--size", "800", "-q").code == 0
    head = plot.read_text()[:600]
    assert 'width="600pt"' in head and 'height="337.5pt"' in head   # 800 × 450 px


@pytest.mark.parametrize("value", ["100", "8000", "wide"])
def test_a_size_out_of_range_is_refused_before_counting(run, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                        value: str) -> None:
    plot = tmp_path / "p.png"
    r = run("table", "1", "6", "--plot", str(plot), "--size", value)
    assert r.code == 2 and r.out == "" and len(r.err.splitlines()) == 1
    assert "pixels" in r.err and not plot.exists()


def test_each_file_written_is_named_once_and_q_silences_it(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    table, plot = tmp_path / "t.csv", tmp_path / "p.png"
    r = run("table", "4", "6", "-o", str(table), "--plot", str(plot))
    assert r.code == 0 and r.out == ""
    lines = r.err.splitlines()
    assert lines[0].startswith(f"wrote {table} (a csv table of 3 rows, ")
    assert lines[1].startswith(f"wrote {plot} (counts and times of queens, n = 4 to 6, "
                               "1280×720 px, ")
    assert len(lines) == 2
    r = run("table", "4", "6", "--torus", "-o", str(table), "--plot", str(plot), "-q")
    assert r.code == 0 and r.err == ""
    assert "-q, --quiet" in run("table", "--help").out


def test_help_says_what_the_seconds_are(run) -> None:  # type: ignore[no-untyped-def]
    text = " ".join(run("table", "--help").out.split())
    assert "The seconds are those of the count alone" in text
    assert "the fastest run is kept" in text and "--size PX" in text


# The seconds: the count alone, the fastest of several runs.

@contextlib.contextmanager
def slow_display(calls: list[int], pause: float = 0.02) -> Iterator[Any]:
    """A progress display that takes ``pause`` seconds each time it is drawn."""
    def report(*args: int) -> None:
        calls.append(args[0])
        time.sleep(pause)

    yield report


def test_the_seconds_leave_out_the_progress_display(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    calls: list[int] = []
    monkeypatch.setattr(table_cmd, "progress_bar", lambda *a: slow_display(calls))
    assert main(["table", "8", "8", "--json"]) == 0
    seconds = json.loads(capsys.readouterr().out)[0]["seconds"]
    # the display was drawn, 13 times 0.02 s: counting those would make 0.26 s
    assert len(calls) >= 5
    assert seconds < 0.01


def test_a_single_run_takes_the_display_out_of_its_time(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    calls: list[int] = []
    monkeypatch.setattr(table_cmd, "REPEAT_WITHIN", 0.0)      # every count runs once
    with slow_display(calls) as report:
        result, runs = table_cmd.timed_count(8, progress=report)
    assert len(runs) == 1 and len(calls) >= 5
    assert result.total == 92 and result.seconds == runs[0] < 0.01


def test_a_quick_count_is_the_fastest_of_five_runs(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    times = iter([0.05, 0.03, 0.04, 0.01, 0.02, 0.09])

    def fake(n: int, **kwargs: Any) -> CountResult:
        return CountResult(n, 92, 12, next(times))

    monkeypatch.setattr(table_cmd, "count", fake)
    assert main(["table", "8", "8", "--json", "-q"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["seconds"] == 0.01
    assert next(times) == 0.09                                 # five runs, no more


def test_a_slow_count_runs_once(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    calls: list[int] = []

    def slow(n: int, **kwargs: Any) -> CountResult:
        calls.append(n)
        time.sleep(table_cmd.REPEAT_WITHIN + 0.01)
        return CountResult(n, 92, 12, 0.21)

    monkeypatch.setattr(table_cmd, "count", slow)
    result, runs = table_cmd.timed_count(8)
    assert calls == [8] and runs == [0.21] and result.seconds == 0.21
