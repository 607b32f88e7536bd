"""The same option means the same thing on every command: --debug before or after the
command's name, -q/--quiet for no messages, --torus present where it is asked for (and
refused in one line where the command's figures have no torus)."""

from __future__ import annotations

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
