"""How much more memory this process may take: the figure a large computation is
compared with before it allocates.

The limit is the tightest of those that apply: the address-space limit of the process
(``ulimit -v``, ``RLIMIT_AS``) less the address space it already uses; the memory
limit of its control group (cgroup v2 ``memory.max``) less what the group uses; and,
when neither is set, the machine's available memory (``MemAvailable`` of
``/proc/meminfo``, else the free pages of ``os.sysconf``).

>>> room = allowance()
>>> room.bytes > 0 and room.source in SOURCES
True
>>> gib(3 << 29), gib(100 << 20)
('1.5 GiB', '0.10 GiB')
"""

from __future__ import annotations

import os
import resource
from dataclasses import dataclass
from pathlib import Path

#: What each source of the figure is called in messages.
SOURCES = ("the address-space limit", "the memory limit of its control group",
           "the memory available")

#: The cgroup v2 files of this process's group (limit, usage), relative to its path.
_CGROUP_ROOT = Path("/sys/fs/cgroup")


@dataclass(frozen=True)
class Allowance:
    """The bytes this process may still allocate, and where the figure comes from (one
    of :data:`SOURCES`).

    >>> Allowance(1 << 30, SOURCES[0]).bytes
    1073741824
    """

    bytes: int
    source: str


def allowance() -> Allowance:
    """The memory this process may still take: the smallest of its address-space room,
    its control group's room and the machine's available memory (see the module).

    >>> allowance().bytes <= available_memory()
    True
    """
    found = [Allowance(available_memory(), SOURCES[2])]
    room = address_space_room()
    if room is not None:
        found.append(Allowance(room, SOURCES[0]))
    group = cgroup_room()
    if group is not None:
        found.append(Allowance(group, SOURCES[1]))
    return min(found, key=lambda a: a.bytes)


def address_space_room() -> int | None:
    """The address space this process may still map under ``RLIMIT_AS`` (None when
    there is no such limit).

    >>> room = address_space_room()
    >>> room is None or room >= 0
    True
    """
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY:
        return None
    return max(0, soft - _status_kib("VmSize") * 1024)


def cgroup_room() -> int | None:
    """What the control group (cgroup v2) of this process may still take under its
    ``memory.max``; None without such a limit or where it cannot be read.

    >>> room = cgroup_room()
    >>> room is None or room >= 0
    True
    """
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
        path = next(ln[3:] for ln in lines if ln.startswith("0::"))
        folder = _CGROUP_ROOT / path.lstrip("/")
        limit = (folder / "memory.max").read_text().strip()
        if limit == "max":
            return None
        used = int((folder / "memory.current").read_text())
        return max(0, int(limit) - used)
    except (OSError, StopIteration, ValueError):
        return None


def available_memory() -> int:
    """The machine's available memory: ``MemAvailable`` of ``/proc/meminfo`` (free
    memory and the caches the kernel can drop), else the free pages.

    >>> available_memory() > 0
    True
    """
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:  # pragma: no cover - a system without /proc
        return int(os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"))
    except (ValueError, OSError, AttributeError):  # pragma: no cover
        return 1 << 62


def _status_kib(field: str) -> int:
    """A ``kB`` field of ``/proc/self/status`` (0 where it cannot be read)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def gib(nbytes: int) -> str:
    """A size in GiB, with two decimals below 1 GiB and one above.

    >>> gib(6 << 30), gib(1 << 28)
    ('6.0 GiB', '0.25 GiB')
    """
    value = nbytes / (1 << 30)
    return f"{value:.1f} GiB" if value >= 1 else f"{value:.2f} GiB"
