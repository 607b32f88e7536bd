"""Remake every picture of the pages: ``python docs/make_pictures.py``.

The commands are those of ``docs/gallery.md`` (each ``$`` line of its ``console``
blocks, run in order in a fresh folder; the pictures they write are copied into
``docs/images/``), then the screenshots of the teaching page (``make_screenshots.py``:
Debian's chromium and chromium-driver, and selenium from the ``test-browser`` extra).
``--no-screenshots`` leaves those out.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PICTURES = (".png", ".svg")


def gallery_commands(page: Path = HERE / "gallery.md") -> list[str]:
    """The command lines of the gallery's ``console`` blocks, in order."""
    blocks = re.findall(r"```console\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    return [line[2:] for block in blocks for line in block.splitlines()
            if line.startswith("$ ")]


def main(argv: list[str]) -> int:
    out = HERE / "images"
    out.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        for command in gallery_commands():
            print(f"$ {command}", file=sys.stderr)
            done = subprocess.run(["bash", "-c", f"set -o pipefail; {command}"], cwd=folder,
                                  stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
            if done.returncode != 0:
                print(f"failed ({done.returncode}): {command}", file=sys.stderr)
                return 1
        for picture in sorted(Path(folder).iterdir()):
            if picture.suffix in PICTURES:
                shutil.copyfile(picture, out / picture.name)
                print(f"wrote {out / picture.name}", file=sys.stderr)
    if "--no-screenshots" not in argv:
        sys.path.insert(0, str(HERE))
        import make_screenshots

        make_screenshots.main()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
