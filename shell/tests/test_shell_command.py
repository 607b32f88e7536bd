"""The command line of a program of this shell: one line and an exit code for every
failure, ``--debug`` anywhere, a reader that goes away, the signals: through the real
program (``demo_program.py``)."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import click
import pytest

from puzzleshell import command, signals, testing
from puzzleshell.errors import BadInput, ProgramError

DEMO = [sys.executable, str(Path(__file__).with_name("demo_program.py"))]


def _demo(*args: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*DEMO, *args], capture_output=True, text=True, timeout=120,
                          **kwargs)  # type: ignore[call-overload]


def test_a_usage_error_is_one_line_with_where_to_read_more() -> None:
    done = _demo("write")
    testing.assert_one_line_error(done, "Missing argument 'TEXT'", "(see 'demo write --help')")


def test_an_unknown_command_is_one_line() -> None:
    testing.assert_one_line_error(_demo("wirte", "x"), "No such command 'wirte'")


def test_debug_is_taken_before_and_after_the_command(tmp_path: Path) -> None:
    plain = _demo("read", str(tmp_path / "none"))
    assert plain.returncode == 2 and "Traceback" not in plain.stderr
    assert plain.stderr == f"demo: error: No such file or directory: {tmp_path / 'none'}\n"
    for args in (["--debug", "read", str(tmp_path / "none")],
                 ["read", str(tmp_path / "none"), "--debug"]):
        done = _demo(*args)
        assert done.returncode == 1 and "FileNotFoundError" in done.stderr, args


def test_input_beyond_its_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * 101)
    testing.assert_one_line_error(_demo("read", str(big)), "larger than 100 bytes; refused")
    done = _demo("read", "-", "--limit", "10", input="y" * 11)
    testing.assert_one_line_error(done, "standard input is larger than 10 bytes")
    assert _demo("read", "-", "--limit", "10", input="y" * 10).stdout == "10\n"


def test_control_characters_in_a_message_are_escaped(tmp_path: Path) -> None:
    done = _demo("read", str(tmp_path / "a\x1b[31mred"))
    assert "\x1b" not in done.stderr and "\\x1b[31mred" in done.stderr


def test_a_reader_that_goes_away_ends_the_program_quietly() -> None:
    proc = subprocess.Popen([*DEMO, "write", "line", "--times", "10000000"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stdout.read(5) == b"line\n"
    proc.stdout.close()
    _, err = proc.communicate(timeout=120)
    assert (proc.returncode, err) == (0, b"")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc")
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_signal_ends_the_program_at_once(tmp_path: Path, sig: signal.Signals) -> None:
    r, took = testing.interrupt([*DEMO, "spin", "60"], sig, tmp_path,
                                quick=[*DEMO, "spin", "0"], busy=0.5)
    testing.assert_ended(r, took, sig, "demo")
    assert r.stderr == ("demo: interrupted\n" if sig == signal.SIGINT else "")


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_while_writing_leaves_no_file(tmp_path: Path, sig: signal.Signals) -> None:
    r, took = testing.interrupt([*DEMO, "write", "x", "--times", "100000", "--pause", "0.0001",
                                 "-o", "out.txt"], sig, tmp_path,
                                quick=[*DEMO, "spin", "0"], busy=0.3)
    testing.assert_ended(r, took, sig, "demo")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc")
def test_a_hangup_ignored_from_the_start_stays_ignored(tmp_path: Path) -> None:
    """As under ``nohup``: the program goes on after SIGHUP, and SIGTERM still ends it."""
    proc = subprocess.Popen([*DEMO, "write", "x", "--times", "40", "--pause", "0.05", "-o",
                             "out.txt"], cwd=tmp_path, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
    deadline = time.monotonic() + 60
    while not testing.handlers_installed(proc.pid):
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.01)
    proc.send_signal(signal.SIGHUP)
    _, err = proc.communicate(timeout=60)
    assert (proc.returncode, err) == (0, "")
    assert (tmp_path / "out.txt").read_text() == "x\n" * 40


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc")
def test_a_signal_during_start_up_ends_quietly() -> None:
    testing.signal_during_start_up([*DEMO, "spin", "0.2"])


@pytest.mark.parametrize(("how", "words"), [
    ("here", "demo: error: ran out of memory; "),
    ("child", "demo: error: ran out of memory; "),
    ("killed", "demo: error: ran out of memory; "),
    ("estimate", "demo: error: hoarding 4096 MiB needs about 4.0 GiB of memory; "),
])
def test_memory_that_runs_out_is_one_line_with_exit_2(how: str, words: str) -> None:
    """Here, in a child process, in a child the kernel kills, or refused from an
    estimate: one line saying what the machine allowed, exit 2."""
    done = testing.run_bounded([*DEMO, "hoard", "4096", "--how", how],
                               address_space=768 << 20)
    testing.assert_one_line_error(done, words, "this machine allowed 0.75 GiB (the "
                                  "address-space limit, ulimit -v)")
    assert done.stdout == ""


def test_memory_that_suffices_is_no_error() -> None:
    done = testing.run_bounded([*DEMO, "hoard", "64", "--how", "child"],
                               address_space=768 << 20)
    assert (done.returncode, done.stdout, done.stderr) == (0, f"{64 << 20}\n", "")


_ENDING = """
import os, signal, sys, threading, time
from puzzleshell import signals
def cleanup():
    print("cleaning", flush=True)
    if sys.argv[1] == "raise":
        raise SystemExit("a clean-up that raises")
signals.install("demo", cleanup)
with signals.noted("the journal keeps what was counted"):
    if sys.argv[2] == "thread":  # another thread ends the program while the main one does
        threading.Thread(target=signals.finish, args=(signal.SIGTERM,)).start()
        time.sleep(0.2)
    signals.finish(signal.SIGTERM)
"""


@pytest.mark.parametrize("cleanup", ["plain", "raise"])
@pytest.mark.parametrize("who", ["main", "thread"])
def test_the_end_runs_the_clean_ups_once_and_says_the_notes(cleanup: str, who: str) -> None:
    done = subprocess.run([sys.executable, "-c", _ENDING, cleanup, who], capture_output=True,
                          text=True, timeout=20)
    assert done.returncode == 128 + signal.SIGTERM
    assert done.stdout == "cleaning\n"
    assert done.stderr == "demo: terminated; the journal keeps what was counted\n"


def test_failure_lines_for_each_kind_of_error() -> None:
    class NoAnswer(ProgramError):
        exit_code, label = 1, ""

    assert command.failure_line(NoAnswer("no solution exists"), "demo") == (
        "no solution exists", 1)
    assert command.failure_line(BadInput("n must be at least 1"), "demo") == (
        "error: n must be at least 1", 2)
    assert command.failure_line(PermissionError(13, "Permission denied", "/x"), "demo") == (
        "error: Permission denied: /x", 2)
    line, code = command.failure_line(KeyError("k"), "demo")
    assert code == command.INTERNAL_ERROR and "--debug" in line


def test_in_child_computes_in_place_when_not_installed() -> None:
    assert not signals.installed()
    assert signals.in_child(pow, 2, 10) == 1024
    assert threading.current_thread() is threading.main_thread()


def test_the_group_loads_a_command_only_when_it_runs() -> None:
    group = command.CommandGroup(name="lazy", lazy={
        "json": ("json:dumps", "Not a command: never loaded to list the commands.")})
    ctx = click.Context(group)
    assert group.list_commands(ctx) == ["json"]
    assert "never loaded" in group.get_help(ctx) and "json" not in group.commands
