"""The pure rules of questmud's games. Each game is a package exporting ``GAME`` (see engine.Game)."""

from __future__ import annotations

import importlib

# game name -> module path; a game is added here and nowhere else in the core.
CATALOGUE = {"quest": "games.quest", "tenx": "games.tenx"}


def get(name: str):
    """The Game object for ``name``; KeyError naming the choices when it is unknown."""
    if name not in CATALOGUE:
        raise KeyError(f"Unknown game '{name}'. Games: {', '.join(CATALOGUE)}.")
    return importlib.import_module(CATALOGUE[name]).GAME
