"""What a game brings to the world besides its rules: the room its tables stand in (``Place``) and a
tutorial the world's tutor runs (``Tutorial``), both plain data on its ``GameSpec`` and re-exported by
games.engine. The shell builds its rooms and its tutor from them, so it names no game."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass(frozen=True)
class Place:
    """The room a game brings to the world: its name (as inside a sentence: "the Tavern"), what a
    visitor reads there, and the road (``n s e w u d``) that leads to it from the Crossroads; the
    name and description may be messages (worded for each reader), and ``heading`` the name as the
    heading of the room ("The Tavern": each language capitalises its own article). Another game may
    share the room by naming the same ``GameSpec.room`` without a place of its own."""

    name: Any
    description: Any
    road: str
    heading: Any = None


class Page:
    """A help page whose layout follows its words -- paragraphs wrapped, a table's columns padded --
    so it is made for each reader's language by ``make(lang)`` (the shell's help calls ``worded``);
    ``str(page)`` is its English, as a page of plain text read before."""

    def __init__(self, make: Callable[[str], str]) -> None:
        self.make = make

    def worded(self, lang: str) -> str:
        return self.make(lang)

    def __str__(self) -> str:
        return self.make("en")

    def splitlines(self) -> list[str]:
        return str(self).splitlines()


class Topic(str):
    """A help topic's key: its English word (``help heroes`` finds it, as it always did: the key
    compares and hashes as that word) and ``said``, its name as a message, so a reader of another
    language finds it by the catalogue's word (``aiuto eroi``) and reads it so in the list of topics.
    A string keeps the key through any dict it is copied into (the world merges the games' topics)."""

    said: Any

    def __new__(cls, key: str, said: Any = None) -> "Topic":
        topic = super().__new__(cls, key)
        topic.said = key if said is None else said
        return topic


@dataclass(frozen=True)
class TutorialStep:
    """One step of a game's tutorial: what the tutor says, and whether the player has done it,
    judged from that player's own view (:meth:`GameSpec.view`, as the shell shows it) and nothing
    else -- so a tutor can never tell a learner what their seat could not see."""

    say: Any  # a message: the tutor words it for the learner
    done: Callable[[dict], bool]


@dataclass(frozen=True)
class Tutorial:
    """A game's tutorial, as data: the world's tutor opens a match of ``seats`` (the learner, then
    bots) with ``seed`` and ``options``, says the ``steps`` one at a time, each once the one before
    is done, and ends with ``closing``. A fixed seed makes every learner's labyrinth the same."""

    seed: int
    steps: tuple[TutorialStep, ...]
    closing: Any
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
