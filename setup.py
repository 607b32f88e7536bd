"""Build of the native core: every ``src/nqueens/_core/*.c`` file is one extension
module ``nqueens._core.<name>``; the headers in ``src/nqueens/_core/include`` are shared,
with the argument checks of ``puzzleshell`` (``shell/``).

Flags (``puzzleshell.build``): by default the core runs on any x86-64-v2 machine
(``-O3 -march=x86-64-v2``; no ``-march`` elsewhere), so that a core built on one machine
runs on another (a Dask worker, a wheel's user); the hot kernels pick their
AVX2/AVX-512/BMI2 forms at run time. ``NQUEENS_NATIVE=1`` builds for the building machine
alone (``-march=native``); ``NQUEENS_SANITIZE=1`` adds the sanitizers.
"""

from __future__ import annotations

import sys
from pathlib import Path

from setuptools import Extension, setup

HERE = Path(__file__).resolve().parent
CORE = Path("src/nqueens/_core")

# The shell's build helpers: from the checkout, else (a build without isolation) installed.
if (HERE / "shell" / "src" / "puzzleshell").is_dir():
    sys.path.insert(0, str(HERE / "shell" / "src"))
from puzzleshell import build  # noqa: E402

HEADERS = [*sorted((CORE / "include").glob("*.h")), build.INCLUDE / "shell_py.h"]

EXTENSIONS = [
    Extension(
        f"nqueens._core.{source.stem}",
        sources=[str(source)],
        include_dirs=[str(CORE / "include"), str(build.INCLUDE)],
        depends=[str(h) for h in HEADERS],
        extra_compile_args=build.compile_flags("NQUEENS"),
        extra_link_args=build.link_flags("NQUEENS"),
    )
    for source in sorted(CORE.glob("*.c"))
]

setup(ext_modules=EXTENSIONS, cmdclass={"build_ext": build.build_command("nqueens")})
