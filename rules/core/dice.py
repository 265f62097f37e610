"""Dice that anyone can re-roll: a seeded, recorded stream of d6 results.

The stream is SHA-256 in counter mode over the seed, so it needs no ``random`` module, is the same on
every machine and Python version, and a published hash of the seed lets players verify every roll
once the seed is revealed.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Roll:
    """One recorded throw: what was rolled, why, and the target it had to meet (if any)."""

    dice: tuple[int, ...]
    reason: str
    target: int | None = None

    @property
    def total(self) -> int:
        return sum(self.dice)

    @property
    def success(self) -> bool | None:
        return None if self.target is None else self.total >= self.target


class Dice:
    """A deterministic d6 source. ``rolls`` lists every throw in order."""

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self._counter = 0
        self._pool: list[int] = []
        self.rolls: list[Roll] = []

    def _next_d6(self) -> int:
        # Rejection sampling keeps each face exactly 1/6: bytes 252..255 are discarded.
        while True:
            if not self._pool:
                block = hashlib.sha256(f"{self.seed}:{self._counter}".encode()).digest()
                self._counter += 1
                self._pool = [b for b in block if b < 252]
                self._pool.reverse()
                continue
            return self._pool.pop() % 6 + 1

    def roll(self, count: int, reason: str, target: int | None = None) -> Roll:
        result = Roll(tuple(self._next_d6() for _ in range(count)), reason, target)
        self.rolls.append(result)
        return result

    def roll_2d6(self, reason: str, target: int | None = None) -> Roll:
        return self.roll(2, reason, target)
