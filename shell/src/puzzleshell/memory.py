"""How much memory this machine allows a program, for the line that says it ran out.

The figure is the tightest limit that applies to the process: its address-space limit
(``ulimit -v``, ``RLIMIT_AS``), the memory limit of its control group (cgroup v2
``memory.max``), or the machine's physical memory. It is read only when it is said,
so that a program pays nothing for it otherwise.

This module imports only :mod:`os` and :mod:`resource`, so that a program can say it
ran out of memory without importing anything more then.

>>> size, source = allowed()
>>> size > 0 and source in SOURCES
True
>>> gib(3 << 29), gib(100 << 20)
('1.5 GiB', '0.10 GiB')
"""

from __future__ import annotations

import os

#: What each source of the figure is called in messages.
SOURCES = ("the address-space limit, ulimit -v", "the memory limit of its control group",
           "its physical memory")


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


def cgroup_limit() -> int | None:
    """The ``memory.max`` of this process's control group (cgroup v2), in bytes; None
    without such a limit or where it cannot be read.

    >>> limit = cgroup_limit()
    >>> limit is None or limit > 0
    True
    """
    try:
        with open("/proc/self/cgroup") as fh:
            path = next(ln[3:].strip() for ln in fh if ln.startswith("0::"))
        with open(os.path.join("/sys/fs/cgroup", path.lstrip("/"), "memory.max")) as fh:
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
