"""How both programs build their C cores: the flags, the shared header, clear errors.

Each program's ``setup.py`` reads this module from the checkout (``shell/src``) or,
in a build without isolation, from the installed ``puzzleshell``; it needs setuptools
only. ``PREFIX_NATIVE=1`` (``NQUEENS_NATIVE``, ``MINESWEEPER_NATIVE``) builds for the
building machine alone; ``PREFIX_SANITIZE=1`` adds AddressSanitizer and
UndefinedBehaviorSanitizer.

>>> "-march=native" in compile_flags("DEMO", environ={"DEMO_NATIVE": "1"})
True
>>> "-fsanitize=address,undefined" in link_flags("DEMO", environ={"DEMO_SANITIZE": "1"})
True
"""

from __future__ import annotations

import os
import platform
import shutil
import sys
import sysconfig
from collections.abc import Mapping
from pathlib import Path
from typing import Any

#: The folder of ``shell_py.h``.
INCLUDE = Path(__file__).resolve().parent / "include"


def _on(environ: Mapping[str, str], name: str) -> bool:
    return environ.get(name, "") not in ("", "0")


def compile_flags(prefix: str, environ: Mapping[str, str] | None = None) -> list[str]:
    """The C flags: C11, ``-O3``, every warning; the portable x86-64-v2 target by
    default (the hot kernels pick their AVX2/AVX-512/BMI2 forms at run time), or
    ``-march=native`` with ``PREFIX_NATIVE=1``; the sanitizers with ``PREFIX_SANITIZE=1``.

    >>> compile_flags("DEMO", environ={})[:3]
    ['-std=c11', '-O3', '-Wall']
    """
    env = os.environ if environ is None else environ
    flags = ["-std=c11", "-O3", "-Wall", "-Wextra", "-fno-plt", "-fvisibility=hidden"]
    if _on(env, f"{prefix}_NATIVE"):
        flags.append("-march=native")
    elif platform.machine().lower() in ("x86_64", "amd64"):
        flags.append("-march=x86-64-v2")
    if _on(env, f"{prefix}_SANITIZE"):
        flags += ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-O1", "-g"]
    return flags


def link_flags(prefix: str, environ: Mapping[str, str] | None = None) -> list[str]:
    """The link flags: the sanitizers' runtime with ``PREFIX_SANITIZE=1``.

    >>> link_flags("DEMO", environ={})
    []
    """
    env = os.environ if environ is None else environ
    return ["-fsanitize=address,undefined"] if _on(env, f"{prefix}_SANITIZE") else []


def _no_compiler(prog: str) -> str:
    return (f"{prog}: building the native core needs a C11 compiler: install gcc or clang "
            "(Debian/Ubuntu: apt-get install build-essential python3-dev; Fedora: dnf "
            "install gcc python3-devel; macOS: xcode-select --install)")


def _no_headers(prog: str) -> str:
    return (f"{prog}: building the native core needs the Python headers (Python.h): "
            "install python3-dev (Debian/Ubuntu) or python3-devel (Fedora), or the -dev "
            "package of this Python")


def build_command(prog: str) -> Any:
    """A ``build_ext`` command that says in one line what to install when there is no C
    compiler (or no Python headers), instead of a compiler's traceback."""
    from setuptools.command.build_ext import build_ext

    class BuildCore(build_ext):  # type: ignore[misc]
        def build_extensions(self) -> None:
            # The compiler is known here, before anything runs: look for its program.
            program = getattr(self.compiler, "compiler_so", None)
            if program and shutil.which(program[0]) is None:
                _stop(_no_compiler(prog))
            if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
                _stop(_no_headers(prog))
            super().build_extensions()

        def run(self) -> None:
            try:
                super().run()
            except Exception as exc:  # a compiler that could not be started at all
                if is_missing_compiler(exc):
                    _stop(_no_compiler(prog))
                raise

    return BuildCore


def _stop(line: str) -> None:
    sys.stderr.write(line + "\n")
    sys.stderr.flush()
    raise SystemExit(1)


def is_missing_compiler(exc: Exception) -> bool:
    """Whether a build error says the compiler program could not be run (not that it
    ran and failed: that error is the compiler's own, printed above it).

    >>> is_missing_compiler(OSError("unable to execute 'gcc': No such file or directory"))
    True
    >>> is_missing_compiler(RuntimeError("command 'gcc' failed with exit code 1"))
    False
    """
    text = str(exc).lower()
    if "exit code" in text or "exit status" in text:
        return False
    return any(words in text for words in ("no such file or directory", "not found",
                                           "unable to execute", "cannot find",
                                           "microsoft visual c++"))
