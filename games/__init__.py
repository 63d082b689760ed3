"""The pure rules of questmud's games, and their catalogue.

Each game is a package exporting ``GAME``, a :class:`games.engine.GameSpec`. The shell (``mud/``)
reaches games only through this catalogue and the engine: it never imports a game's own modules.

A game outside this package (a test's toy game, a game in development) joins with
:func:`register`, or by naming its module in the ``QUESTMUD_GAMES`` environment variable
(``name=package.module``, several separated by commas): that is how a subprocess such as
``mud run`` or ``mud serve`` started by a test finds it.
"""

from __future__ import annotations

import importlib
import sys
import os

from games.engine_words import _

# game name -> module path; a game is added here and nowhere else in the core.
CATALOGUE = {"quest": "games.quest", "tenx": "games.tenx", "chess": "games.dungeon_chess",
             "legend": "games.legend", "quantum": "games.quantum"}

ENV = "QUESTMUD_GAMES"
TUTORIAL = "quest"  # the game the world's 'tutorial' teaches: its GameSpec.tutorial holds the steps


def first() -> str:
    """The catalogue's first game: what `mud play`, `mud run` and `mud arena` play when none is named."""
    return next(iter(CATALOGUE))


def tutorial_title() -> str:
    """The title of the game 'tutorial' teaches, as the world's texts name it."""
    return get(TUTORIAL).title


def register(name: str, module: str) -> None:
    """Add a game whose package (exporting ``GAME``) is ``module``."""
    CATALOGUE[name] = module


def _from_environment() -> None:
    for entry in os.environ.get(ENV, "").split(","):
        name, _, module = entry.strip().partition("=")
        if name and module:
            register(name.strip(), module.strip())


_from_environment()


def _key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def resolve(name: str) -> str:
    """The catalogue's name for ``name``, which may also be the game's title in any case, with or
    without spaces ("10x", "Dungeon Chess", "quest-for-legend"); unknown names come back as given."""
    if name in CATALOGUE:
        return name
    wanted = _key(name)
    for known, module in CATALOGUE.items():
        if wanted == _key(known):
            return known
        try:
            title = importlib.import_module(module).GAME.title
        except (ImportError, AttributeError):
            continue
        if wanted and wanted == _key(title):
            return known
    return name


def get(name: str):
    """The GameSpec of ``name`` (or of its title, see :func:`resolve`); KeyError naming the
    choices when it is unknown."""
    name = resolve(name)
    if name not in CATALOGUE:
        raise KeyError(_("Unknown game '{name}'. Games: {games}.", name=name, games=", ".join(CATALOGUE)))
    try:
        return importlib.import_module(CATALOGUE[name]).GAME
    except (ImportError, AttributeError) as err:  # a registered module that is not there
        raise KeyError(_("Game '{name}' cannot be loaded from {module}: {error}.", name=name, module=CATALOGUE[name],
                         error=str(err))) from None


def place_of(name: str) -> tuple:
    """(the room ``name``'s tables stand in, the ``Place`` it brings or None), read from its package's
    ``ROOM`` and ``PLACE`` without building the game; a package without them (a game registered from
    outside) answers from its GAME. KeyError, as :func:`get`, for a game that cannot be loaded."""
    if name not in CATALOGUE:
        raise KeyError(_("Unknown game '{name}'. Games: {games}.", name=name, games=", ".join(CATALOGUE)))
    try:  # (every look asks, for each game: one already imported is not looked up again)
        package = sys.modules.get(CATALOGUE[name]) or importlib.import_module(CATALOGUE[name])
    except ImportError as err:
        raise KeyError(_("Game '{name}' cannot be loaded from {module}: {error}.", name=name, module=CATALOGUE[name],
                         error=str(err))) from None
    room = getattr(package, "ROOM", None)
    if room is None:
        game = get(name)
        return game.room, game.place
    return room, getattr(package, "PLACE", None)


def names() -> list[str]:
    return list(CATALOGUE)


def options(names: list[str] | None = None) -> dict[str, list]:
    """Every option name some game takes -> [(that game's title, its Option)], in catalogue order
    (of the games ``names`` only, when given: only those are built); a registered game that cannot
    load is left out."""
    found: dict[str, list] = {}
    for name in CATALOGUE if names is None else [n for n in CATALOGUE if n in names]:
        try:
            game = get(name)
        except KeyError:
            continue
        for opt in game.options:
            found.setdefault(opt.name, []).append((game.title, opt))
    return found


def in_room(room: str) -> list:
    """The games whose tables stand in the world's room ``room``, in catalogue order (only those
    are built: see :func:`place_of`)."""
    return [get(name) for name in CATALOGUE if place_of(name)[0] == room]
