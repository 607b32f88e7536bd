"""Build of minesweeper's compiled kernels: ``src/minesweeper/_core/mines.c`` is the
extension module ``minesweeper._core.mines``.

Flags: by default a core that runs on any x86-64-v2 machine (``-O3 -march=x86-64-v2``; no
``-march`` elsewhere); ``MINESWEEPER_NATIVE=1`` builds for the building machine alone
(``-march=native``); ``MINESWEEPER_SANITIZE=1`` adds AddressSanitizer and
UndefinedBehaviorSanitizer.
"""

from __future__ import annotations

import os
import platform
from pathlib import Path

from setuptools import Extension, setup

CORE = Path("src/minesweeper/_core")


def _on(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


def _flags() -> list[str]:
    flags = ["-std=c11", "-O3", "-Wall", "-Wextra", "-fno-plt", "-fvisibility=hidden"]
    if _on("MINESWEEPER_NATIVE"):
        flags.append("-march=native")
    elif platform.machine().lower() in ("x86_64", "amd64"):
        flags.append("-march=x86-64-v2")
    if _on("MINESWEEPER_SANITIZE"):
        flags += ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-O1", "-g"]
    return flags


setup(ext_modules=[Extension(
    "minesweeper._core.mines",
    sources=[str(CORE / "mines.c")],
    include_dirs=[str(CORE / "include")],
    depends=[str(CORE / "include" / "ms_py.h")],
    extra_compile_args=_flags(),
    extra_link_args=["-fsanitize=address,undefined"] if _on("MINESWEEPER_SANITIZE") else [],
)])
