"""Every command line of README.md and docs/*.md runs, and prints what the page shows.

The convention of the pages (also in docs/architecture.md, "The pages and their examples"):
a command example is a fenced ```console block. Each line starting with ``$ `` is a command
that bash runs (``bash -c``, with ``set -o pipefail``, standard input empty) in a
temporary folder made for that page: the files carry from one command of the page to the
next, in order (``$ nqueens solve 8 -o board.txt``, then ``$ nqueens check board.txt``); a
line ending with ``\\`` continues on the next. The lines after a command, up to the next
``$ `` line or the end of the block, are its expected standard output, compared after
stripping trailing spaces (and trailing blank lines); ``...`` matches any text, as
doctest's ELLIPSIS does: a line of ``...`` any number of lines, ``...`` within a line any
characters of it. A command with no lines after it has only its exit status checked. The
exit status expected is 0, unless the command ends with the comment ``# exit N``; other
trailing ``# ...`` comments are for the reader (bash ignores them). Lines that install
software (``$ pip install ...``, ``$ python3 -m pip ...``, ``$ apt-get ...``) are shown,
never run. The line just before a block's opening fence may mark it:
``<!-- doc-test: slow -->`` (and ``cluster``, ``gpu``, ``browser``: the pytest markers of
pyproject.toml, not in the quick run), ``<!-- doc-test: skip REASON -->`` (never run:
only for what cannot run on a 2-core machine without a GPU within minutes; the reason
shows in the skip) or ``<!-- doc-test: not-commands -->`` (a block whose lines are not
commands, such as a listing of a program's output). A ```sh, ```bash or ```shell block
with any line, and a ```text, plain fenced or indented block with a line that runs
``nqueens`` or ``minesweeper``, fail the tests: no command line escapes them. Commands
never read or write system paths (``/dev/null`` included): they work in the page's folder.

Each command is one test, ``docs/trace.md:LINE``, rather than one test a page: every line
that drifted is reported at once, each with its command, its expected and its actual
output, and the id names the line to fix (a test a page would stop at its first failure,
or mix all of them in one report). A command sees the files of the earlier commands of its
page: a worker keeps each page's folder and runs its commands in order, so each runs once
when the tests of a page come in order (as pytest and xdist hand them out, in runs of
consecutive tests). A test that finds its folder behind (the tests before it ran on the
other worker, or were deselected) runs its command there; only if it fails does it run
the page again, from the first command, in a new folder, and the failures of the earlier
commands are noted in its report. The earlier commands are those that run whenever it
runs: the unmarked ones and those of its own mark (a quick command never needs the files
of a slow block).
"""

from __future__ import annotations

import functools
import importlib.util
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import doc_commands
import pytest
from doc_commands import Command, Page

ROOT = Path(__file__).resolve().parents[1]

#: The pages whose commands are run: the README and the pages of detail.
PAGES: dict[str, Page] = {
    page.name: page for page in (doc_commands.read_page(path, ROOT) for path in
                                 [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))])}

#: Seconds a command may run: a quick one must be quick (slower ones are marked).
TIMEOUT = {None: 60.0, "slow": 300.0, "cluster": 300.0, "gpu": 300.0, "browser": 300.0}


def _gpu_missing() -> str | None:
    """Why no GPU count can run here (None: one can)."""
    if importlib.util.find_spec("cuda") is None:
        return "the gpu extra is not installed (pip install 'nqueens[gpu]')"
    from nqueens.algorithms.counter import gpu
    from nqueens.base.errors import BadInput

    try:
        gpu.CudaBackend().close()
    except BadInput as exc:
        return str(exc)
    return None


def _module_missing(module: str, extra: str) -> str | None:
    """Why a command that needs ``module`` cannot run here (None: it can)."""
    if importlib.util.find_spec(module) is None:
        return f"{module} is not installed (the {extra} extra)"
    return None


#: What each mark needs, and why it is missing (None: present).
NEEDS = {
    "cluster": lambda: _module_missing("distributed", "cluster"),
    "gpu": _gpu_missing,
    "browser": lambda: _module_missing("selenium", "test-browser"),
}


@functools.cache
def _missing(mark: str) -> str | None:
    """Why the commands of ``mark`` cannot run here, asked once."""
    need = NEEDS.get(mark)
    return need() if need else None


@dataclass
class Folder:
    """A page's folder on this worker: where its commands run, with their environment,
    and how far they have gone."""

    cwd: Path
    env: dict[str, str]
    done: int = 0                                    #: the index of the next command
    notes: list[str] = field(default_factory=list)   #: the earlier commands that failed


#: The folder of each page and mark on this worker.
FOLDERS: dict[tuple[str, str | None], Folder] = {}


def _environment(home: Path, shared: Path) -> dict[str, str]:
    """The programs' environment: this interpreter's ``nqueens`` and ``minesweeper`` first
    on PATH, a home and configuration of the page's own, no default scheduler or journal
    key of the user's, a fixed locale."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("NQUEENS_SCHEDULER", "NQUEENS_JOURNAL_KEY", "COLUMNS", "LINES")}
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env["HOME"] = str(home)
    env["XDG_CONFIG_HOME"] = str(home / ".config")
    env["XDG_CACHE_HOME"] = str(home / ".cache")
    env["MPLCONFIGDIR"] = str(shared)   # matplotlib's font cache, built once per worker
    env["LC_ALL"] = "C.UTF-8"
    return env


def _new_folder(command: Command, factory: pytest.TempPathFactory) -> Folder:
    """A new, empty folder for the commands of ``command``'s page (and mark)."""
    base = factory.mktemp("doc-" + re.sub(r"\W+", "-", command.page))
    shared = factory.getbasetemp() / "doc-matplotlib"
    for made in (base / "work", base / "home", shared):
        made.mkdir(parents=True, exist_ok=True)
    folder = FOLDERS[(command.page, command.mark)] = Folder(
        base / "work", _environment(base / "home", shared))
    return folder


def _earlier(command: Command, start: int, index: int) -> list[Command]:
    """The commands of ``command``'s page from ``start`` to ``index`` that run whenever
    it runs: neither skipped nor of another mark."""
    return [earlier for earlier in PAGES[command.page].commands[start:index]
            if not earlier.skip and earlier.mark in (None, command.mark)]


def _run_in(folder: Folder, command: Command) -> str | None:
    """Run ``command`` in ``folder``: how it differs from its page (None: it does not)."""
    timeout = TIMEOUT[command.mark]
    return doc_commands.judge(
        command, doc_commands.run(command, folder.cwd, folder.env, timeout), timeout)


def _outcome(command: Command, factory: pytest.TempPathFactory) -> tuple[str | None, Folder]:
    """Run ``command`` after the earlier commands of its page: how it differs from the
    page (None: it does not), and the folder it ran in.

    This worker's folder of the page is used as it is when it has run every earlier
    command; when it is behind, the command runs there first, and only if that fails
    (it may need the files of the missing commands) again in a new folder, after all the
    earlier commands. So a page's commands each run once when its tests come in order,
    and no test fails for want of the files of the commands before it."""
    index = PAGES[command.page].commands.index(command)
    folder = FOLDERS.get((command.page, command.mark))
    if folder is None or folder.done > index:
        folder = _new_folder(command, factory)
    behind = _earlier(command, folder.done, index)
    problem = _run_in(folder, command)
    if problem and behind:
        folder = _new_folder(command, factory)
        for earlier in _earlier(command, 0, index):
            failed = _run_in(folder, earlier)
            if failed:
                folder.notes.append(failed.split("\n")[0])
        problem = _run_in(folder, command)
    folder.done = index + 1
    return problem, folder


def _cases() -> list[object]:
    """One test for each command that is not an installation, with its block's mark."""
    cases: list[object] = []
    for page in PAGES.values():
        for command in page.commands:
            if command.skip and doc_commands.INSTALL.match(command.text):
                continue
            marks = [getattr(pytest.mark, command.mark)] if command.mark else []
            if command.skip:
                marks.append(pytest.mark.skip(reason=f"{command.id}: {command.skip}"))
            cases.append(pytest.param(command, id=command.id, marks=marks))
    return cases


@pytest.mark.parametrize("command", _cases())
def test_command_prints_what_the_page_shows(command: Command,
                                            tmp_path_factory: pytest.TempPathFactory) -> None:
    if command.mark and (reason := _missing(command.mark)):
        pytest.skip(reason)
    problem, folder = _outcome(command, tmp_path_factory)
    if problem:
        notes = "".join(f"\n(an earlier command of the page failed: {note})"
                        for note in folder.notes)
        pytest.fail(problem + notes, pytrace=False)


@pytest.mark.parametrize("name", list(PAGES))
def test_page_shows_commands_only_in_console_blocks(name: str) -> None:
    """No command line of the page escapes the tests: each is in a console block, and
    every mark is known and marks a block."""
    if PAGES[name].problems:
        pytest.fail("\n".join(PAGES[name].problems), pytrace=False)


def test_the_pages_have_commands() -> None:
    """The pages are found and read (a convention nothing follows would test nothing)."""
    assert "README.md" in PAGES and "docs/trace.md" in PAGES
    assert PAGES["docs/trace.md"].commands and PAGES["docs/minesweeper.md"].commands


SAMPLE = """\
Text.

<!-- doc-test: slow -->
```console
$ nqueens count 12   # the count
14200
$ nqueens check missing.txt   # exit 2
$ printf 'a\\n' \\
    'b'
a
...
```

```text
nqueens solve 8     a board
```

    $ nqueens solve 4

<!-- doc-test: skip too long -->
```console
$ pip install nqueens
$ nqueens count 21 > /dev/null
```

```sh
cd somewhere
```

<!-- doc-test: frobnicate -->
```text
nqueens: error: an output line, not a command
```

<!-- doc-test: slow -->
```python
>>> 1
1
```
"""


def test_the_convention_is_read_as_told(tmp_path: Path) -> None:
    page_file = tmp_path / "page.md"
    page_file.write_text(SAMPLE, encoding="utf-8")
    page = doc_commands.read_page(page_file, tmp_path)
    first, second, third, install, long = page.commands
    assert (first.line, first.text, first.expected, first.exit_code, first.mark) == (
        5, "nqueens count 12   # the count", ("14200",), 0, "slow")
    assert (second.expected, second.exit_code) == ((), 2)
    assert third.text == "printf 'a\\n' \\\n    'b'" and third.expected == ("a", "...")
    assert install.skip == "installs software: shown, never run"
    assert long.skip == "too long" and long.id == "page.md:23"
    lines = [problem.split(":")[1] for problem in page.problems]
    assert lines == ["15", "18", "23", "27", "30", "35"], page.problems


@pytest.mark.parametrize(("expected", "got", "same"), [
    (("a", "b"), "a  \nb\n\n", True),
    (("a", "b"), "a\nc\n", False),
    (("a", "...", "z"), "a\nz\n", True),
    (("a", "...", "z"), "a\nb\nc\nz\n", True),
    (("a", "...", "z"), "a\nb\nc\n", False),
    (("took ... s",), "took 1.5 s\n", True),
    (("took ... s",), "took 1\n2 s\n", False),
    (("...",), "", True),
    (("x",), "", False),
    (("(a)[b]*",), "(a)[b]*\n", True),
])
def test_outputs_match_as_told(expected: tuple[str, ...], got: str, same: bool) -> None:
    assert doc_commands.matches(expected, got) is same
