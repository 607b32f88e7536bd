"""The same option means the same thing on every command: --debug before or after the
command's name, -q/--quiet for no messages, --torus present where it is asked for (and
refused in one line where the command's figures have no torus)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nqueens.cli.app import COMMANDS


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_takes_debug_after_its_name(run, command: str) -> None:
    r = run(command, "--debug", "--help")
    assert r.code == 0 and r.out.startswith(f"Usage: nqueens {command}")
    assert "--debug" not in r.out           # the group's --help lists it, once


@pytest.mark.parametrize("args", [
    ("linear", "7", "-f", "perm", "-q"),
    ("linear", "--table", "5", "7", "-q"),
    ("motion", "--demo", "--frame", "64x48", "-p", "4", "--repeat", "1", "-q"),
    ("stats", "6", "-q"),
])
def test_quiet_means_no_messages_on_stderr(run, args: tuple[str, ...]) -> None:
    r = run(*args)
    assert r.code == 0 and r.out and r.err == ""


@pytest.mark.parametrize("command, args", [("stats", ("8",)), ("steps", ("4", "8"))])
def test_torus_is_an_option_that_says_why_it_is_refused(run, command: str,
                                                        args: tuple[str, ...]) -> None:
    assert "--torus" in run(command, "--help").out
    r = run(command, *args, "--torus")
    assert r.code == 2 and r.out == "" and r.err.count("\n") == 1
    assert "--torus: not for this command" in r.err


def _short_options(group: Any) -> dict[str, set[str]]:
    """Each short option of every command of ``group``, and the long names it stands for."""
    import click

    ctx = click.Context(group)
    found: dict[str, set[str]] = {}
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        for param in command.params:
            shorts = [o for o in param.opts if o.startswith("-") and not o.startswith("--")]
            longs = [o for o in param.opts if o.startswith("--")]
            for short in shorts:
                found.setdefault(short, set()).update(longs or [param.name or short])
    return found


def test_a_short_option_means_one_thing_in_every_command_of_both_programs() -> None:
    """-m is --method wherever it exists, -o --output, -q --quiet, -f --format...: a
    letter learned on one command means the same on every other, in both programs."""
    from nqueens.cli.app import cli as nqueens_cli

    found = _short_options(nqueens_cli)
    minesweeper = pytest.importorskip("minesweeper.cli")
    for short, longs in _short_options(minesweeper.cli).items():
        found.setdefault(short, set()).update(longs)
    assert {s: sorted(ls) for s, ls in found.items() if len(ls) > 1} == {}
    assert found["-m"] == {"--method"} and found["-q"] == {"--quiet"}
    assert found["-o"] == {"--output"} and found["-f"] == {"--format"}


@pytest.mark.parametrize("argv", [
    ["solve", "8"], ["all", "6"], ["linear", "5"], ["linear", "--table", "5", "7"],
    ["table", "4", "6"], ["trace", "6", "--until", "first"],
], ids=lambda argv: argv[0] + ("-table" if "--table" in argv else ""))
def test_an_output_whose_extension_names_no_format_is_refused(run, argv: list[str],
                                                               tmp_path: Path) -> None:
    """As minesweeper does: -o x.jpg is one line naming the formats (exit 2), nothing is
    written; --format says what to write into any name."""
    target = tmp_path / "x.jpg"
    r = run(*argv, "-o", str(target), "-q")
    assert r.code == 2 and r.out == "" and r.err.count("\n") == 1, r.err
    assert "cannot tell the format from its extension .jpg: use .txt" in r.err
    assert not target.exists()


# ------------------------------------------------------- a walk over both programs
def _every_command() -> list[tuple[str, str, Any]]:
    """(program, command name, click command) for every command of both programs."""
    import click

    from nqueens.cli.app import cli as nqueens_cli

    groups = [("nqueens", nqueens_cli)]
    minesweeper = pytest.importorskip("minesweeper.cli")
    groups.append(("minesweeper", minesweeper.cli))
    found = []
    for prog, group in groups:
        ctx = click.Context(group)
        found += [(prog, name, group.get_command(ctx, name))
                  for name in group.list_commands(ctx)]
    return found


def test_every_command_of_both_programs_has_quiet_json_and_output() -> None:
    """Each command prints data, so each has -q (no messages), --json (the data for
    programs) and -o (the data into a file, whole or not at all)."""
    missing = {f"{prog} {name}": [o for o in ("-q", "--json", "-o")
                                  if o not in {opt for p in cmd.params for opt in p.opts}]
               for prog, name, cmd in _every_command()}
    assert {k: v for k, v in missing.items() if v} == {}


def test_an_option_name_means_one_thing_in_both_programs() -> None:
    """--size is a picture's width in pixels and --labels the names around a board,
    wherever they exist; --format and --output take a value everywhere."""
    seen: dict[str, set[str]] = {}
    for _prog, _name, cmd in _every_command():
        for p in cmd.params:
            for opt in p.opts:
                if opt in ("--size", "--labels", "--format", "--output", "--json", "--quiet"):
                    kind = "flag" if getattr(p, "is_flag", False) else (p.metavar or p.type.name)
                    seen.setdefault(opt, set()).add(str(kind))
    assert seen["--size"] == {"PX"}
    assert seen["--labels"] == {"flag"} and seen["--json"] == {"flag"}
    assert seen["--quiet"] == {"flag"}


def _board(folder: Path) -> str:
    board = folder / "board.txt"
    board.write_text(".Q..\n...Q\nQ...\n..Q.\n")
    return str(board)


def _mines(folder: Path) -> str:
    board = folder / "mines.txt"
    board.write_text("1?1\n111\n...\n")
    return str(board)


#: One call of every command that writes a file given with -o: (program, arguments,
#: the file's name), arguments with {board} / {mines} standing for a board file.
WRITERS: list[tuple[str, tuple[str, ...], str]] = [
    ("nqueens", ("solve", "8"), "s.txt"), ("nqueens", ("solve", "8"), "s.png"),
    ("nqueens", ("all", "6"), "a.svg"), ("nqueens", ("linear", "7"), "l.txt"),
    ("nqueens", ("linear", "--table", "5", "7"), "l.csv"),
    ("nqueens", ("table", "4", "6"), "t.md"), ("nqueens", ("trace", "6"), "t.txt"),
    ("nqueens", ("trace", "6", "--step", "5"), "t.svg"),
    ("nqueens", ("count", "8"), "c.txt"), ("nqueens", ("stats", "5"), "s.txt"),
    ("nqueens", ("steps", "4", "6"), "s.txt"), ("nqueens", ("check", "{board}"), "v.txt"),
    ("nqueens", ("motion", "--demo", "--frame", "64x48", "-p", "4", "--repeat", "1"), "m.txt"),
    ("minesweeper", ("check", "{mines}"), "c.txt"), ("minesweeper", ("check", "{mines}"), "c.png"),
    ("minesweeper", ("hint", "{mines}"), "h.txt"), ("minesweeper", ("gadget", "wire"), "g.svg"),
    ("minesweeper", ("build", "a or b"), "b.txt"),
    ("minesweeper", ("render", "{mines}"), "r.svg"),
    ("minesweeper", ("eval", "a or b", "a=1", "b=0"), "e.txt"),
    ("minesweeper", ("play", "--level", "beginner", "--games", "2"), "p.txt"),
]


def _call(prog: str, args: tuple[str, ...], folder: Path, *extra: str) -> Any:
    import subprocess

    from puzzleshell.testing import program

    argv = [a.format(board=_board(folder), mines=_mines(folder)) for a in args]
    return subprocess.run([*program(prog), *argv, *extra], capture_output=True, text=True,
                          cwd=folder, timeout=120, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("prog, args, name", WRITERS,
                         ids=[f"{p}-{a[0]}-{n}" for p, a, n in WRITERS])
def test_a_file_written_is_said_in_one_form_and_quiet_says_nothing(
        prog: str, args: tuple[str, ...], name: str, tmp_path: Path) -> None:
    """'wrote FILE (what, size)' on stderr, the last line; -q: nothing on stderr."""
    target = tmp_path / name
    r = _call(prog, args, tmp_path, "-o", str(target))
    assert r.returncode in (0, 1) and target.stat().st_size > 0, r.stderr
    last = r.stderr.splitlines()[-1]
    assert last.startswith(f"wrote {target} (") and last.endswith(")"), r.stderr
    assert last.rstrip(")").rsplit(", ", 1)[1].split()[1] in ("bytes", "kB", "MB"), last
    target.unlink()
    quiet = _call(prog, args, tmp_path, "-o", str(target), "-q")
    assert (quiet.returncode, quiet.stderr) == (r.returncode, "") and target.exists()


#: Calls whose words for people (stderr, and the text of tables and verdicts) hold
#: numbers of four digits or more.
BIG_NUMBERS: list[tuple[str, tuple[str, ...]]] = [
    ("nqueens", ("stats", "8")), ("nqueens", ("steps", "8", "12")),
    ("nqueens", ("table", "10", "11")), ("nqueens", ("linear", "--table", "11", "13")),
    ("nqueens", ("solve", "20000", "-m", "min-conflicts", "-f", "perm", "-o", "q.txt")),
    ("nqueens", ("check", "q.txt")), ("nqueens", ("linear", "13", "-f", "perm", "-l", "1")),
    ("nqueens", ("trace", "12", "--html", "p.html")),
    ("minesweeper", ("play", "--level", "beginner", "--games", "1000")),
]


def test_numbers_for_people_have_thousands_separators(tmp_path: Path) -> None:
    """Messages and tables group the digits of 1,000 and more; data (--json, perm, a
    bare count) stays raw for programs."""
    import re

    said = []
    for prog, args in BIG_NUMBERS:
        r = _call(prog, args, tmp_path)
        assert r.returncode == 0, (args, r.stderr)
        people = r.stderr + ("" if "-f" in args else r.stdout)
        said.append(people)
        raw = re.findall(r"(?<![\w.,/-])\d{4,}(?![\w.,])", people.replace(str(tmp_path), ""))
        assert not raw, (args, people)
    assert sum(bool(re.search(r"\d,\d{3}", text)) for text in said) >= 7


def test_every_help_is_laid_out_as_click_lays_it_out() -> None:
    """The help's paragraphs start at two spaces and its examples at four, in every
    command of both programs (a docstring's own indentation never shows)."""
    import click

    for prog, name, cmd in _every_command():
        text = cmd.get_help(click.Context(cmd, info_name=name))
        lines = text.splitlines()
        assert lines[2].startswith("  ") and not lines[2].startswith("   "), (prog, name)
        examples = [line for line in lines if line.strip() == "Examples:"]
        assert all(line == "  Examples:" for line in examples), (prog, name, examples)


@pytest.mark.parametrize("prog, args, name", WRITERS,
                         ids=[f"{p}-{a[0]}-{n}" for p, a, n in WRITERS])
def test_an_output_no_format_is_named_by_is_refused_by_every_command(
        prog: str, args: tuple[str, ...], name: str, tmp_path: Path) -> None:
    """-o x.jpg: one line naming the formats (exit 2), nothing written, on every command
    of both programs; -o x.json writes JSON wherever the data has a JSON form."""
    target = tmp_path / "x.jpg"
    r = _call(prog, args, tmp_path, "-o", str(target))
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "extension" in r.stderr and ".txt" in r.stderr and not target.exists()
