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
    ("motion", "--demo", "--size", "64x48", "-p", "4", "--repeat", "1", "-q"),
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
