"""A small program built on the shell, for the shell's own tests: ``python
demo_program.py COMMAND ...`` runs it as a program (its handlers installed first)."""

from __future__ import annotations

import time

import click

from puzzleshell import command
from puzzleshell.command import echo, output_stream
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


if __name__ == "__main__":
    command.main(demo, None, "demo")
