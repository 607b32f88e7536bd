"""A small program built on the shell, for the shell's own tests: ``python
demo_program.py COMMAND ...`` runs it as a program (its handlers installed first)."""

from __future__ import annotations

import os
import signal
import time

import click

from puzzleshell import command, signals
from puzzleshell.command import echo, output_stream
from puzzleshell.errors import OutOfMemory
from puzzleshell.input import read_bytes


@click.group(cls=command.CommandGroup)
def demo() -> None:
    """A program for the shell's tests."""


@demo.command()
@click.argument("text")
@click.option("--times", type=int, default=1, help="How many lines.")
@click.option("--pause", type=float, default=0.0, help="Seconds after each line.")
@command.output_option()
def write(text: str, times: int, pause: float, output: str | None) -> None:
    """Write TEXT, a line at a time."""
    with output_stream(output) as out:
        for _ in range(times):
            echo(text, out)
            if pause:
                out.flush()
                time.sleep(pause)


@demo.command()
@click.argument("path")
@click.option("--limit", type=int, default=100, help="The most bytes read.")
def read(path: str, limit: int) -> None:
    """Print how many bytes PATH has, within the limit."""
    echo(str(len(read_bytes(path, limit))))


@demo.command()
@click.argument("seconds", type=float)
def spin(seconds: float) -> None:
    """Compute for SECONDS of wall time."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        sum(range(1000))


@demo.command()
@click.argument("mib", type=int)
@click.option("--how", type=click.Choice(["here", "child", "killed", "estimate"]),
              default="here", help="Where the memory runs out.")
def hoard(mib: int, how: str) -> None:
    """Take MIB mebibytes: here, in a child process (in_child), in a child the kernel
    kills, or refused from an estimate first."""
    size = mib << 20
    if how == "estimate":
        raise OutOfMemory(size, f"hoarding {mib} MiB")
    if how == "child":
        echo(str(len(signals.in_child(bytearray, size))))
    elif how == "killed":
        signals.in_child(_killed)
    else:
        echo(str(len(bytearray(size))))


def _killed() -> None:
    """End this process as the kernel's out-of-memory killer does."""
    os.kill(os.getpid(), signal.SIGKILL)


if __name__ == "__main__":
    command.main(demo, None, "demo")
