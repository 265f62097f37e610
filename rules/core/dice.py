"""Dice that anyone can re-roll: a seeded, recorded stream of results, any number of sides.

The stream is SHA-256 in counter mode over the seed, so it needs no ``random`` module, is the same on
every machine and Python version, and a published hash of the seed lets players verify every roll
once the seed is revealed.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

# Each die is read from whole bytes of the stream: one byte up to 256 sides, four above.
_BYTE = 256
_WORD_BYTES = 4
MAX_SIDES = _BYTE**_WORD_BYTES


@dataclass(frozen=True, slots=True)
class Roll:
    """One recorded throw: what was rolled, on dice of how many sides, why, and the target it had to meet."""

    dice: tuple[int, ...]
    reason: str
    target: int | None = None
    sides: int = 6

    @property
    def total(self) -> int:
        return sum(self.dice)

    @property
    def success(self) -> bool | None:
        return None if self.target is None else self.total >= self.target


class Dice:
    """A deterministic source of dice. ``rolls`` lists every throw in order."""

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self._counter = 0
        self._pool: list[int] = []
        self.rolls: list[Roll] = []

    def _next_byte(self) -> int:
        if not self._pool:
            block = hashlib.sha256(f"{self.seed}:{self._counter}".encode()).digest()
            self._counter += 1
            self._pool = list(reversed(block))
        return self._pool.pop()

    def _next_die(self, sides: int) -> int:
        # Rejection sampling keeps each face exactly 1/sides: values at or above the largest multiple of
        # `sides` that fits are discarded. For a d6 that drops bytes 252..255, the stream the d6-only
        # dice of earlier versions read, so every recorded match replays unchanged.
        width = 1 if sides <= _BYTE else _WORD_BYTES
        span = _BYTE**width
        limit = span - span % sides
        while True:
            value = 0
            for _ in range(width):
                value = value * _BYTE + self._next_byte()
            if value < limit:
                return value % sides + 1

    def roll(self, count: int, sides: int, reason: str, target: int | None = None) -> Roll:
        """``count`` dice of ``sides`` sides (``roll(2, 6, …)`` is 2D6, ``roll(4, 10, …)`` 4D10)."""
        if not 2 <= sides <= MAX_SIDES or count < 1:
            raise ValueError(f"cannot roll {count} dice of {sides} sides")
        result = Roll(tuple(self._next_die(sides) for _ in range(count)), reason, target, sides)
        self.rolls.append(result)
        return result

    def roll_2d6(self, reason: str, target: int | None = None) -> Roll:
        return self.roll(2, 6, reason, target)
