"""Build of the native core: every ``src/nqueens/_core/*.c`` file is one extension
module ``nqueens._core.<name>``; the headers in ``src/nqueens/_core/include`` are shared.

Flags: by default the core runs on any x86-64-v2 machine (``-O3 -march=x86-64-v2``; no
``-march`` elsewhere), so that a core built on one machine runs on another (a Dask worker, a
wheel's user); the hot kernels pick their AVX2/AVX-512/BMI2 forms at run time.
``NQUEENS_NATIVE=1`` builds for the building machine alone (``-march=native``).
"""

from __future__ import annotations

import os
import platform
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

CORE = Path("src/nqueens/_core")


def _flags() -> list[str]:
    flags = ["-std=c11", "-O3", "-Wall", "-Wextra", "-fno-plt", "-fvisibility=hidden"]
    if os.environ.get("NQUEENS_NATIVE", "") not in ("", "0"):
        flags.append("-march=native")
    elif platform.machine().lower() in ("x86_64", "amd64"):
        flags.append("-march=x86-64-v2")
    if os.environ.get("NQUEENS_SANITIZE", "") not in ("", "0"):
        flags += ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-O1", "-g"]
    return flags


def _link_flags() -> list[str]:
    if os.environ.get("NQUEENS_SANITIZE", "") not in ("", "0"):
        return ["-fsanitize=address,undefined"]
    return []


_NO_COMPILER = (
    "nqueens: building the native core needs a C11 compiler: install gcc or clang "
    "(Debian/Ubuntu: apt-get install build-essential python3-dev; Fedora: dnf install gcc "
    "python3-devel; macOS: xcode-select --install)")
_NO_HEADERS = (
    "nqueens: building the native core needs the Python headers (Python.h): install "
    "python3-dev (Debian/Ubuntu) or python3-devel (Fedora), or the -dev package of this "
    "Python")


class BuildCore(build_ext):
    """``build_ext`` that says in one line what to install when there is no C compiler
    (or no Python headers), instead of a compiler's traceback."""

    def build_extensions(self) -> None:
        # The compiler is known here, before anything runs: look for its program.
        program = getattr(self.compiler, "compiler_so", None)
        if program and shutil.which(program[0]) is None:
            _stop(_NO_COMPILER)
        if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
            _stop(_NO_HEADERS)
        super().build_extensions()

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # a compiler that could not be started at all
            if _is_missing_compiler(exc):
                _stop(_NO_COMPILER)
            raise


def _stop(line: str) -> None:
    sys.stderr.write(line + "\n")
    sys.stderr.flush()
    raise SystemExit(1)


def _is_missing_compiler(exc: Exception) -> bool:
    """Whether a build error says the compiler program could not be run (not that it
    ran and failed: that error is the compiler's own, printed above it)."""
    text = str(exc).lower()
    if "exit code" in text or "exit status" in text:
        return False
    return any(words in text for words in ("no such file or directory", "not found",
                                           "unable to execute", "cannot find",
                                           "microsoft visual c++"))


EXTENSIONS = [
    Extension(
        f"nqueens._core.{source.stem}",
        sources=[str(source)],
        include_dirs=[str(CORE / "include")],
        depends=[str(h) for h in sorted((CORE / "include").glob("*.h"))],
        extra_compile_args=_flags(),
        extra_link_args=_link_flags(),
    )
    for source in sorted(CORE.glob("*.c"))
]

setup(ext_modules=EXTENSIONS, cmdclass={"build_ext": BuildCore})
