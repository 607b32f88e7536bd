"""The random stream of min-conflicts in Python integers: the readable twin of the
native core's xorshift64* (``nq_rng.h``). (The intuitive repair draws as the source's
Python does, from :class:`random.Random`, which the core's Mersenne Twister follows.)

A seed becomes a start state by splitmix64 (:func:`seed_state`); each draw advances a
xorshift64* generator and scales its high 32 bits to the bound, so the readable
min-conflicts makes the kernel's decisions for the same seed.

>>> rng = XorShift(7)
>>> [rng.below(10) for _ in range(5)]
[0, 2, 3, 5, 6]
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """The generator's start state for ``seed`` (splitmix64 of the seed modulo 2**64,
    never 0).

    >>> seed_state(0), seed_state(2**64) == seed_state(0), seed_state(0) != seed_state(1)
    (16294208416658607535, True, True)
    """
    z = (int(seed) + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    z ^= z >> 31
    return z or 0x9E3779B97F4A7C15


class XorShift:
    """xorshift64* started at :func:`seed_state` of ``seed``; :meth:`below` draws.

    >>> a, b = XorShift(3), XorShift(3)
    >>> [a.below(100) for _ in range(3)] == [b.below(100) for _ in range(3)]
    True
    """

    def __init__(self, seed: int) -> None:
        self.x = seed_state(seed)

    def below(self, bound: int) -> int:
        """A random integer in [0, bound), for 1 <= bound < 2**32."""
        x = self.x
        x ^= x >> 12
        x ^= (x << 25) & MASK64
        x ^= x >> 27
        self.x = x
        r = ((x * 0x2545F4914F6CDD1D) & MASK64) >> 32
        return (r * bound) >> 32
