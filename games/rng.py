"""The match's only source of chance, and a bot's own: both seeded, so the same seed and the same
commands give the same game, byte for byte."""

from __future__ import annotations

import random


class Rng:
    """The match's only source of chance: a seeded ``random.Random`` with a few game-shaped helpers."""

    def __init__(self, seed: int | str) -> None:
        self.seed = seed
        self._random = random.Random(seed)

    def die(self, sides: int = 6) -> int:
        return self._random.randint(1, sides)

    def choice(self, items):
        return self._random.choice(items)

    def shuffle(self, items: list) -> None:
        self._random.shuffle(items)

    def sample(self, items, k: int) -> list:
        return self._random.sample(list(items), k)

    def getstate(self):
        return self._random.getstate()

    def setstate(self, state) -> None:
        self._random.setstate(state)


def bot_rng(seed: int | str, name: str) -> random.Random:
    """A bot's own randomness, derived from the match seed so bot games replay exactly, without
    drawing from the match's Rng (so a replay of the logged actions never depends on bot code)."""
    return random.Random(f"{seed}/bot/{name}")
