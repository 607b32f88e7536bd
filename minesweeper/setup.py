"""Build of minesweeper's compiled kernels: ``src/minesweeper/_core/mines.c``,
``groups.c``, ``sweeps.c`` and ``weigh.c`` are the extension module
``minesweeper._core.mines``, with the argument checks of ``puzzleshell`` (``../shell/``).

Flags (``puzzleshell.build``): by default a core that runs on any x86-64-v2 machine
(``-O3 -march=x86-64-v2``; no ``-march`` elsewhere); ``MINESWEEPER_NATIVE=1`` builds for
the building machine alone (``-march=native``); ``MINESWEEPER_SANITIZE=1`` adds
AddressSanitizer and UndefinedBehaviorSanitizer.
"""

from __future__ import annotations

import sys
from pathlib import Path

from setuptools import Extension, setup

HERE = Path(__file__).resolve().parent
CORE = Path("src/minesweeper/_core")

# The shell's build helpers: from the checkout, else (a build without isolation) installed.
if (HERE.parent / "shell" / "src" / "puzzleshell").is_dir():
    sys.path.insert(0, str(HERE.parent / "shell" / "src"))
from puzzleshell import build  # noqa: E402

setup(ext_modules=[Extension(
    "minesweeper._core.mines",
    sources=[str(CORE / "mines.c"), str(CORE / "groups.c"), str(CORE / "sweeps.c"),
             str(CORE / "weigh.c")],
    include_dirs=[str(build.INCLUDE)],
    depends=[str(build.INCLUDE / "shell_py.h"),
             *(str(CORE / h) for h in ("groups.h", "grow.h", "plan.h", "states.h", "sweeps.h",
                                           "weigh.h"))],
    extra_compile_args=build.compile_flags("MINESWEEPER"),
    extra_link_args=build.link_flags("MINESWEEPER"),
)], cmdclass={"build_ext": build.build_command("minesweeper")})
