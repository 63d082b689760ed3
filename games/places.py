"""What a game brings to the world besides its rules: the room its tables stand in (``Place``) and a
tutorial the world's tutor runs (``Tutorial``), both plain data on its ``GameSpec`` and re-exported by
games.engine. The shell builds its rooms and its tutor from them, so it names no game."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Callable


@dataclass(frozen=True)
class Place:
    """The room a game brings to the world: its name, what a visitor reads there, and the road
    (``n s e w u d``) that leads to it from the Crossroads. Another game may share the room by naming
    the same ``GameSpec.room`` without a place of its own."""

    name: str
    description: str
    road: str


@dataclass(frozen=True)
class TutorialStep:
    """One step of a game's tutorial: what the tutor says, and whether the player has done it,
    judged from that player's own view (:meth:`GameSpec.view`, as the shell shows it) and nothing
    else -- so a tutor can never tell a learner what their seat could not see."""

    say: str
    done: Callable[[dict], bool]


@dataclass(frozen=True)
class Tutorial:
    """A game's tutorial, as data: the world's tutor opens a match of ``seats`` (the learner, then
    bots) with ``seed`` and ``options``, says the ``steps`` one at a time, each once the one before
    is done, and ends with ``closing``. A fixed seed makes every learner's labyrinth the same."""

    seed: int
    steps: tuple[TutorialStep, ...]
    closing: str
    options: dict = field(default_factory=dict)
    seats: int = 1


def built_on_use(module: str) -> Callable[[str], object]:
    """A game package's ``__getattr__`` (PEP 562) that builds its ``GAME`` from ``module`` the first
    time it is asked for. The package itself holds only its ``ROOM`` and ``PLACE``: the world lists
    every room without loading four games' rules, bots and screens to play the fifth (issue 29: the
    first frame of ``mud play``)."""

    def __getattr__(name: str) -> object:
        if name == "GAME":
            return importlib.import_module(module).GAME
        raise AttributeError(f"module {module.rpartition('.')[0]!r} has no attribute {name!r}")

    return __getattr__
