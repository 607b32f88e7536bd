"""How much memory this machine allows a program: in all, for the line that says it ran
out (:func:`allowed`), and still, for the figure a large computation is compared with
before it allocates (:func:`allowance`).

The figure in all is the tightest limit that applies to the process: its address-space
limit (``ulimit -v``, ``RLIMIT_AS``), the memory limit of its control group (cgroup v2
``memory.max``), or the machine's physical memory. The figure still left is the
tightest of: the address-space limit less the address space the process uses, the
group's limit less what the group uses, and the machine's available memory
(``MemAvailable``). Each is read only when it is asked for, so that a program pays
nothing for it otherwise.

This module imports only :mod:`os` and :mod:`resource`, so that a program can say it
ran out of memory without importing anything more then.

>>> size, source = allowed()
>>> size > 0 and source in SOURCES
True
>>> room = allowance()
>>> 0 < room.bytes <= available_memory() and room.source in ROOM_SOURCES
True
>>> gib(3 << 29), gib(100 << 20)
('1.5 GiB', '0.10 GiB')
"""

from __future__ import annotations

import os
from dataclasses import dataclass

#: What each source of the figure is called in messages.
SOURCES = ("the address-space limit, ulimit -v", "the memory limit of its control group",
           "its physical memory")

#: What each source of the figure still left (:func:`allowance`) is called in messages.
ROOM_SOURCES = ("the address-space limit", "the memory limit of its control group",
                "the memory available")


def allowed() -> tuple[int, str]:
    """The most memory this process is allowed, in bytes, and which limit that is (one
    of :data:`SOURCES`).

    >>> allowed()[0] <= physical_memory()
    True
    """
    found = [(physical_memory(), SOURCES[2])]
    space = address_space_limit()
    if space is not None:
        found.append((space, SOURCES[0]))
    group = cgroup_limit()
    if group is not None:
        found.append((group, SOURCES[1]))
    return min(found)


def address_space_limit() -> int | None:
    """The soft ``RLIMIT_AS`` of this process in bytes (None: unlimited, or a system
    without it).

    >>> limit = address_space_limit()
    >>> limit is None or limit > 0
    True
    """
    try:
        import resource
    except ImportError:  # pragma: no cover - not a Unix system
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    return None if soft == resource.RLIM_INFINITY else int(soft)


@dataclass(frozen=True)
class Allowance:
    """The bytes this process may still allocate, and where the figure comes from (one
    of :data:`ROOM_SOURCES`).

    >>> Allowance(1 << 30, ROOM_SOURCES[0]).bytes
    1073741824
    """

    bytes: int
    source: str


def allowance() -> Allowance:
    """The memory this process may still take: the smallest of its address-space room,
    its control group's room and the machine's available memory.

    >>> allowance().bytes <= available_memory()
    True
    """
    found = [Allowance(available_memory(), ROOM_SOURCES[2])]
    space = address_space_limit()
    if space is not None:
        found.append(Allowance(max(0, space - status_bytes("VmSize")), ROOM_SOURCES[0]))
    group = _cgroup_file("memory.max")
    if group is not None:
        used = _cgroup_file("memory.current") or 0
        found.append(Allowance(max(0, group - used), ROOM_SOURCES[1]))
    return min(found, key=lambda a: a.bytes)


def available_memory() -> int:
    """The machine's available memory: ``MemAvailable`` of ``/proc/meminfo`` (free
    memory and the caches the kernel can drop), else its free pages.

    >>> 0 < available_memory() <= physical_memory()
    True
    """
    found = _field_kib("/proc/meminfo", "MemAvailable")
    if found is not None:
        return found
    try:  # pragma: no cover - a system without /proc
        return int(os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"))
    except (ValueError, OSError, AttributeError):  # pragma: no cover
        return 1 << 62


def status_bytes(field: str) -> int:
    """A size of this process from ``/proc/self/status`` (``VmRSS``, ``VmSize``…), in
    bytes; 0 where it cannot be read.

    >>> status_bytes("VmRSS") > 0
    True
    """
    return _field_kib("/proc/self/status", field) or 0


def _field_kib(path: str, field: str) -> int | None:
    """A ``kB`` line of a ``/proc`` file, in bytes (None where it cannot be read)."""
    try:
        with open(path) as fh:
            for line in fh:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def cgroup_limit() -> int | None:
    """The ``memory.max`` of this process's control group (cgroup v2), in bytes; None
    without such a limit or where it cannot be read.

    >>> limit = cgroup_limit()
    >>> limit is None or limit > 0
    True
    """
    return _cgroup_file("memory.max")


def _cgroup_file(name: str) -> int | None:
    """A figure of this process's control group (cgroup v2), such as ``memory.max`` or
    ``memory.current``; None for ``max``, without such a group, or where it cannot be
    read."""
    try:
        with open("/proc/self/cgroup") as fh:
            path = next(ln[3:].strip() for ln in fh if ln.startswith("0::"))
        with open(os.path.join("/sys/fs/cgroup", path.lstrip("/"), name)) as fh:
            text = fh.read().strip()
        return None if text == "max" else int(text)
    except (OSError, StopIteration, ValueError):
        return None


def physical_memory() -> int:
    """The machine's physical memory in bytes.

    >>> physical_memory() > 0
    True
    """
    try:
        return int(os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"))
    except (ValueError, OSError, AttributeError):  # pragma: no cover - no such figures
        return 1 << 62


def gib(nbytes: int) -> str:
    """A size in GiB, with two decimals below 1 GiB and one above (in MiB below
    10 MiB).

    >>> gib(6 << 30), gib(1 << 28), gib(5 << 20)
    ('6.0 GiB', '0.25 GiB', '5 MiB')
    """
    value = nbytes / (1 << 30)
    if value >= 1:
        return f"{value:.1f} GiB"
    return f"{value:.2f} GiB" if nbytes >= 10 << 20 else f"{nbytes / (1 << 20):.0f} MiB"
