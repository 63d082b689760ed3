"""Command sets: the verbs a player has come with the places they are in, merged by priority.

As in Evennia, every place gives a set -- the account (everywhere), the room one stands in, a seat
at a match, a watcher's seat -- and what a player may type is their places' sets merged: a higher
set wins a name, and a line that fits none of that verb's patterns falls to the same name's verbs
in lower sets (the world's ``leave`` gets up; a game's own ``leave open gold`` still reaches it). A
set may also replace lower ones whole: sitting at a match puts the room's walking away.

A merged set remembers which verbs the world runs itself (those declared with a handler in
mud/world/verbs.py); every other verb is the match's, run by the seat (mud/shell/session.py). The merge
is made once per combination of places and game (mud/world/verbs.py ``commands_at``), then only read.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import Slot, Verb
from mud.shell import parser


@dataclass(frozen=True, eq=False)  # one object per place: compared (and cached) by identity
class CmdSet:
    """The verbs one place gives: ``priority`` orders the merge (higher wins a name); ``replaces``
    names lower sets this one takes away while it is there."""

    name: str
    priority: int
    verbs: tuple[Verb, ...]
    replaces: tuple[str, ...] = ()


class Commands(parser.CommandSet):
    """A merged command set: the parser's, plus which verbs the world itself runs."""

    def __init__(self, verbs=(), slots: tuple[Slot, ...] = (), fillers: tuple[str, ...] = ()):
        super().__init__(verbs, slots, fillers)
        self.world_run: frozenset[int] = frozenset()

    def runs_in_world(self, verb: Verb) -> bool:
        """True for a world verb (its handler takes the player's session), False for a match's."""
        return id(verb) in self.world_run


def merge(sets: tuple[CmdSet, ...], slots: tuple[Slot, ...] = (), fillers: tuple[str, ...] = (),
          world: tuple[CmdSet, ...] = ()) -> Commands:
    """``sets`` merged by priority (see the module's docstring); the verbs of ``world`` sets are
    run by the world, the others by the match."""
    gone = {name for s in sets for name in s.replaces}
    kept = sorted((s for s in sets if s.name not in gone), key=lambda s: -s.priority)
    merged = Commands((), slots, fillers)
    for layer in kept:
        for verb in layer.verbs:
            if merged.get(verb.name) is not None:
                merged.below.setdefault(verb.name, []).append(verb)
                merged.add_said(verb, keep=True)  # 'lascia' is the game's leave, 'alzati' the world's
                continue
            merged.verbs.append(verb)
            for word in (verb.name, *verb.aliases):
                merged.words.setdefault(word, verb)  # a higher set keeps its words
            merged.add_said(verb, keep=True)  # and its words in each language (Verb.langs)
    merged.world_run = frozenset(id(v) for s in world for v in s.verbs)
    return merged


_GAMES: dict[int, tuple] = {}  # id(game) -> (game, its seat's set, its watcher's set)
GAME_PRIORITY = 25  # below the account's verbs (help, leave, quit), above the table's talk


def game_sets(game) -> tuple[CmdSet, CmdSet]:
    """The sets a match of ``game`` gives: a player's seat (every verb of the game) and a
    watcher's (its screens only). Made once per game."""
    known = _GAMES.get(id(game))
    if known is None or known[0] is not game:
        known = _GAMES[id(game)] = (game, CmdSet(f"{game.name}", GAME_PRIORITY, tuple(game.verbs)),
                                    CmdSet(f"{game.name} screens", GAME_PRIORITY,
                                           tuple(v for v in game.verbs if v.screen)))
    return known[1], known[2]
