"""How much memory a count may take: sizes in words, the default limit, and how many
workers fit under a limit.

A count whose engine needs memory per worker (the half-board engine) runs with as
many workers as fit under the limit — fewer workers, more time — and is refused
before it starts when not even one fits.

>>> parse_size("4G"), parse_size("512 MiB"), parse_size("1e9")
(4294967296, 536870912, 1000000000)
>>> format_size(3 << 30), format_size(150 << 20), format_size(900)
('3.0 GiB', '150 MiB', '900 B')
"""

from __future__ import annotations

import re

from puzzleshell.memory import allowance, physical_memory

from ...base.errors import BadInput

#: The share of the machine's memory a count may take by default.
DEFAULT_SHARE = 0.5

_UNITS = {"": 1, "b": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}
_SIZE = re.compile(r"^\s*(\d+(?:\.\d*)?(?:e\d+)?)\s*([kmgt]?)(?:i?b)?\s*$", re.IGNORECASE)


def parse_size(text: str) -> int:
    """Bytes from a size such as ``4G``, ``4GiB``, ``512M``, ``1.5g`` or ``100000``
    (units are powers of 1024); :class:`BadInput` otherwise.

    >>> parse_size("1.5g")
    1610612736
    >>> parse_size("lots")
    Traceback (most recent call last):
    ...
    nqueens.base.errors.BadInput: 'lots' is not a memory size like 4G, 512M or 2GiB
    """
    m = _SIZE.match(text)
    if m is None:
        raise BadInput(f"{text!r} is not a memory size like 4G, 512M or 2GiB")
    value = float(m.group(1)) * _UNITS[m.group(2).lower()]
    if not 1 <= value < 1 << 62:
        raise BadInput(f"memory size {text!r} is out of range")
    return int(value)


def format_size(nbytes: int) -> str:
    """A size for people: GiB with one decimal from 1 GiB, MiB from 1 MiB, else bytes.

    >>> format_size(1 << 30), format_size((1 << 20) + 1)
    ('1.0 GiB', '1 MiB')
    """
    if nbytes >= 1 << 30:
        return f"{nbytes / (1 << 30):.1f} GiB"
    if nbytes >= 1 << 20:
        return f"{nbytes / (1 << 20):.0f} MiB"
    return f"{nbytes} B"


def default_limit() -> int:
    """The default memory limit of a count: :data:`DEFAULT_SHARE` of the machine's
    memory, or less when this process may take less (an address-space limit, a control
    group's limit, or little memory available: :func:`puzzleshell.memory.allowance`), so
    that a count plans its workers and parts within what it can have before it takes it.

    >>> 0 < default_limit() <= int(physical_memory() * DEFAULT_SHARE)
    True
    """
    return max(1, min(int(physical_memory() * DEFAULT_SHARE), allowance().bytes))


def beyond(limit: int, given: bool = True) -> str:
    """The end of a refusal of work that needs more than ``limit`` bytes: the limit the
    user ``given`` with ``--memory-limit``, or the default one, and what to do.

    >>> beyond(512 << 20)
    'more than the limit of 512 MiB; raise --memory-limit'
    """
    if given:
        return f"more than the limit of {format_size(limit)}; raise --memory-limit"
    room = allowance()
    if room.bytes <= limit:
        return (f"more than the {format_size(limit)} this machine allows "
                f"({room.source})")
    return (f"more than the default limit of {format_size(limit)} (half the machine's "
            "memory); raise --memory-limit")


def workers_within(per_worker: int, workers: int, limit: int, what: str,
                   given: bool = True) -> int:
    """How many of ``workers`` processes of ``per_worker`` bytes each fit in ``limit``
    bytes (at least one, or :class:`BadInput` naming ``what`` when not even one fits;
    ``given``: the limit is the user's, not the default, see :func:`beyond`).

    >>> workers_within(1 << 30, 4, 3 << 30, "n = 20")
    3
    >>> try:
    ...     workers_within(1 << 30, 1, 512 << 20, "n = 20")
    ... except BadInput as err:
    ...     print(str(err).replace("; ", ";\\n"))
    counting n = 20 needs 1.0 GiB of memory per worker, more than the limit of 512 MiB;
    raise --memory-limit
    """
    if per_worker > limit:
        raise BadInput(f"counting {what} needs {format_size(per_worker)} of memory per worker, "
                       + beyond(limit, given))
    return max(1, min(workers, limit // max(1, per_worker)))
