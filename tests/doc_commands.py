"""The command examples of the documentation: read them from a Markdown page, run them,
judge their output (the convention is told in ``tests/test_docs.py``).

A page is read into its ``console`` blocks' commands (:func:`read_page`), with the
problems that would let a command line escape the test (a command outside console form,
an unknown mark); :func:`run` runs one command in a folder and :func:`judge` says how its
result differs from what the page shows.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

#: The marks a block may carry on the line just before its opening fence.
MARKS = ("slow", "cluster", "gpu", "browser")

#: The line before a fence that marks its block: ``<!-- doc-test: WORD [REASON] -->``.
MARK_LINE = re.compile(r"^\s*<!--\s*doc-test:\s*(?P<word>[\w-]+)\s*(?P<reason>.*?)\s*-->\s*$")

#: An opening or closing fence: three or more backticks or tildes, an info string.
FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`]*?)\s*$")

#: A line that runs one of the programs, with or without a prompt or variables before it.
PROGRAM_LINE = re.compile(
    r"^\s*(\$\s+)?([A-Za-z_][A-Za-z0-9_]*=\S*\s+)*(nqueens|minesweeper)(\s|$)")

#: The languages of fenced blocks whose every line is a command.
SHELLS = ("sh", "bash", "shell", "zsh", "shell-session")

#: A command that installs software: shown, never run.
INSTALL = re.compile(r"^\s*(sudo\s+)?(pip3?\s|python3?\s+-m\s+pip\s|apt(-get)?\s)")

#: The comment that ends a command expected to fail: ``# exit N``.
EXIT_COMMENT = re.compile(r"#\s*exit\s+(?P<code>\d+)\s*$")

#: Output a command may not be pointed at: the system's files (``/dev/null`` included).
SYSTEM_PATH = re.compile(r"(^|[\s=<>|])/(dev|etc|proc|sys|usr|bin|var|tmp)(/|\s|$)")


@dataclass(frozen=True)
class Command:
    """One ``$ `` line of a console block (with its continuation lines) and what it
    should print."""

    page: str                   #: the page, relative to the repository (``docs/trace.md``)
    line: int                   #: the 1-based line of its ``$ ``
    text: str                   #: what bash runs (continuation lines joined as written)
    expected: tuple[str, ...]   #: the lines it should print (none: output is free)
    exit_code: int              #: the exit status it should end with
    mark: str | None            #: the block's mark (``slow``, ``cluster``, ``gpu``, ``browser``)
    skip: str | None            #: why it is not run (the block's ``skip REASON``, an install)

    @property
    def id(self) -> str:
        """The test's id: ``docs/trace.md:LINE``."""
        return f"{self.page}:{self.line}"


@dataclass
class Page:
    """The commands of one page and what is wrong with its blocks."""

    name: str
    commands: list[Command] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def _console_commands(page: str, body: list[tuple[int, str]], mark: str | None,
                      skip: str | None, problems: list[str]) -> list[Command]:
    """The commands of one console block's ``body`` (its lines, numbered)."""
    commands: list[Command] = []
    i = 0
    if body and not body[0][1].startswith("$ "):
        problems.append(f"{page}:{body[0][0]}: a console block starts with a '$ ' command")
    while i < len(body):
        number, line = body[i]
        if not line.startswith("$ "):
            i += 1
            continue
        parts = [line[2:]]
        while parts[-1].endswith("\\") and i + 1 < len(body):
            i += 1
            parts.append(body[i][1])
        text = "\n".join(parts)
        i += 1
        expected: list[str] = []
        while i < len(body) and not body[i][1].startswith("$ "):
            expected.append(body[i][1].rstrip())
            i += 1
        while expected and not expected[-1]:
            expected.pop()
        found = EXIT_COMMENT.search(parts[-1])
        if SYSTEM_PATH.search(text):
            problems.append(f"{page}:{number}: a command writes or reads a system path; "
                            "use a file of the page's folder")
        reason = "installs software: shown, never run" if INSTALL.match(text) else skip
        commands.append(Command(page, number, text, tuple(expected),
                                int(found["code"]) if found else 0, mark, reason))
    return commands


def read_page(path: Path, root: Path) -> Page:
    """Read the page at ``path`` (named relative to ``root``): the commands of its console
    blocks, and the problems of its blocks (a command line in another kind of block or in
    an indented block, a mark that names nothing or marks no block)."""
    name = path.relative_to(root).as_posix()
    page = Page(name)
    lines = path.read_text(encoding="utf-8").split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        opening = FENCE.match(line)
        if opening is None:
            marked = MARK_LINE.match(line)
            if marked and not (i + 1 < len(lines) and FENCE.match(lines[i + 1])):
                page.problems.append(f"{name}:{i + 1}: a doc-test mark not followed by a "
                                     "fenced block")
            if re.match(r"^( {4,}|\t)", line) and PROGRAM_LINE.match(line):
                page.problems.append(f"{name}:{i + 1}: a command in an indented block; "
                                     "show it in a ```console block")
            i += 1
            continue
        fence, info = opening["fence"], opening["info"].split(" ")[0].lower()
        indent = opening["indent"]   # a fenced block in a list item: its lines are indented
        start = i + 1
        body: list[tuple[int, str]] = []
        i += 1
        while i < len(lines) and not (lines[i].strip().startswith(fence[0] * len(fence))
                                      and lines[i].strip().strip(fence[0]) == ""):
            text = lines[i]
            body.append((i + 1, text[len(indent):] if text.startswith(indent) else text))
            i += 1
        i += 1
        marked = MARK_LINE.match(lines[start - 2]) if start >= 2 else None
        word = marked["word"] if marked else None
        reason = marked["reason"] if marked else ""
        mark: str | None = None
        skip: str | None = None
        if word in MARKS:
            mark = word
        elif word == "skip":
            skip = reason or "marked skip"
            if not reason:
                page.problems.append(f"{name}:{start}: 'doc-test: skip' needs a reason")
        elif word is not None and word != "not-commands":
            page.problems.append(f"{name}:{start - 1}: unknown doc-test mark {word!r}")
        if info == "console":
            if word == "not-commands":
                page.problems.append(f"{name}:{start}: a console block is commands; "
                                     "'not-commands' marks other blocks")
            page.commands += _console_commands(name, body, mark, skip, page.problems)
        elif word != "not-commands":
            for number, text in body:
                if PROGRAM_LINE.match(text) or (info in SHELLS and text.strip()):
                    page.problems.append(
                        f"{name}:{number}: a command in a ```{info} block, not run by the "
                        f"tests: show it as a '$ ' line of a ```console block: {text.strip()}")
                    break
        if (mark or skip) and info != "console":
            page.problems.append(f"{name}:{start - 1}: 'doc-test: {word}' marks console "
                                 "blocks only")
    return page


def _line_pattern(expected: str) -> str:
    """The regular expression of one expected line: ``...`` any characters of the line."""
    return "[^\n]*".join(re.escape(piece) for piece in expected.split("..."))


def matches(expected: tuple[str, ...], got: str) -> bool:
    """Whether output ``got`` is what the lines ``expected`` show: trailing spaces of each
    line and trailing blank lines are not compared; a line ``...`` stands for any number of
    lines (none too), ``...`` within a line for any characters of that line."""
    lines = [line.rstrip() for line in got.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    pattern = "".join("(?:[^\n]*\n)*?" if line.strip() == "..." else _line_pattern(line) + "\n"
                      for line in expected)
    return re.fullmatch(pattern, "".join(line + "\n" for line in lines)) is not None


@dataclass(frozen=True)
class Result:
    """What a command did: its exit status (None: it ran past its time), stdout, stderr."""

    code: int | None
    out: str
    err: str


def run(command: Command, cwd: Path, env: dict[str, str], timeout: float) -> Result:
    """Run ``command`` by ``bash -c`` (with ``set -o pipefail``) in ``cwd``, its standard
    input empty; a command still running after ``timeout`` seconds is killed, with every
    process it started."""
    proc = subprocess.Popen(["bash", "-c", "set -o pipefail\n" + command.text], cwd=cwd,
                            env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
        code: int | None = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        code = None
    return Result(code, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"))


def judge(command: Command, result: Result, timeout: float) -> str | None:
    """How ``result`` differs from what the page shows for ``command`` (None: it does not),
    told with the command, what was expected and what came."""
    if result.code is None:
        problem = f"still running after {timeout:g} s (killed)"
    elif result.code != command.exit_code:
        problem = f"exit status {result.code}, the page says {command.exit_code}"
    elif command.expected and not matches(command.expected, result.out):
        problem = "its output differs from the page"
    else:
        return None
    expected = "\n".join(command.expected) if command.expected else "(any output)"
    return (f"{command.id}: {problem}\n$ {command.text}\n"
            f"--- expected (stdout) ---\n{expected}\n"
            f"--- got (stdout) ---\n{_shortened(result.out)}\n"
            f"--- stderr ---\n{_shortened(result.err)}")


def _shortened(text: str, most: int = 4000) -> str:
    """``text`` without its trailing blank, cut to its first ``most`` characters."""
    text = text.rstrip()
    return text if len(text) <= most else f"{text[:most]}\n[... {len(text) - most} more characters]"
