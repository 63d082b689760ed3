"""What every game of questmud shares: the game contract, events with an audience, the seeded RNG.

A game lives in its own package (``games/quest/``, ``games/tenx/`` ...) and exposes one object,
``GAME``, that satisfies :class:`Game`. Everything here is pure: no I/O, no clocks, no asyncio.
The shell (``mud/``) turns lines into :class:`Action` values, calls :meth:`Game.apply`, and delivers
each :class:`Event` only to the players in its audience.

Conventions every game follows:

* ``apply`` either raises :class:`RuleError` *before* changing anything, or changes the state and
  returns the events that describe the change. A rejected action leaves the state untouched.
* Every random draw goes through the match's :class:`Rng`, which lives inside the state, so the same
  seed and the same actions give the same game, byte for byte.
* An event's ``to`` names exactly who may see it; ``view(state, player)`` is everything one player may
  know and nothing more.
"""

from __future__ import annotations

import inspect
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Protocol

EVERYONE = None  # ``Event.to`` value: every seat and every spectator
NOBODY: tuple[str, ...] = ()  # ``Event.to`` value: the omniscient audit view only


class RuleError(Exception):
    """An action that the rules forbid right now. Its message is written for the player."""


@dataclass(frozen=True)
class Action:
    """One thing a player asks the game to do: a verb and its arguments, already parsed."""

    verb: str
    args: tuple = ()

    def __str__(self) -> str:
        return " ".join([self.verb, *map(str, self.args)])


@dataclass(frozen=True)
class Event:
    """Something that happened, told to one audience.

    ``to`` is ``EVERYONE`` (None), or a tuple of player names; ``NOBODY`` (an empty tuple) means only
    the omniscient view sees it. ``not_to`` removes players from the audience, so one happening can be
    told twice: "You find a rope." to the actor and "bob acts." to everyone else.
    """

    kind: str
    text: str
    data: dict = field(default_factory=dict)
    to: tuple[str, ...] | None = EVERYONE
    not_to: tuple[str, ...] = ()

    def visible_to(self, player: str | None) -> bool:
        """True when ``player`` may see this event; ``None`` asks for a spectator with no seat."""
        if player is not None and player in self.not_to:
            return False
        if self.to is EVERYONE:
            return True
        return player is not None and player in self.to

    def as_json(self) -> dict[str, Any]:
        """The event as ``mud run --json`` prints it."""
        out: dict[str, Any] = {"type": self.kind, "text": self.text}
        out["to"] = "all" if self.to is EVERYONE else list(self.to)
        if self.not_to:
            out["not_to"] = list(self.not_to)
        out.update(self.data)
        return out


@dataclass(frozen=True)
class Verb:
    """A command a game (or the world) adds while a player sits at it, declared as data.

    ``patterns`` use a small grammar read by mud/parser.py: literal words, ``a|b`` alternatives and
    slots ``DIR`` ``PLAYER`` ``NUMBER`` ``ROOM`` ``WORD`` ``ITEM`` (one or more words) ``TEXT`` (the
    raw rest of the line); a trailing ``?`` makes a part optional. ``build`` turns the matched slots
    (a dict of slot name -> value, missing optionals absent) into an Action; by default the Action
    carries the slot values in pattern order. A verb with ``screen`` set shows that screen of the
    game (``map``, ``ledger`` ...) instead of acting.
    """

    name: str
    patterns: tuple[str, ...] = ("",)
    aliases: tuple[str, ...] = ()
    summary: str = ""
    examples: tuple[str, ...] = ()
    build: Callable[[dict], Action] | None = None
    screen: str | None = None
    topic: str = ""


def tell(who: str, text: str, kind: str, **data: Any) -> Event:
    """An event for one player only."""
    return Event(kind, text, data, to=(who,))


def announce(text: str, kind: str, **data: Any) -> Event:
    """An event for everyone."""
    return Event(kind, text, data)


def both(actor: str, mine: str, theirs: str, kind: str, **data: Any) -> list[Event]:
    """The same happening told twice: ``mine`` to the actor, ``theirs`` to everyone else."""
    return [Event(kind, mine, dict(data), to=(actor,)), Event(kind, theirs, dict(data), not_to=(actor,))]


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


class Game(Protocol):
    """The contract of a game module (each ``games/<name>/__init__.py`` exports ``GAME``)."""

    name: str
    title: str
    min_players: int
    max_players: int
    verbs: tuple[Verb, ...]  # the commands a seated player gains (mud/parser.py reads them)
    help: dict[str, str]  # help topic -> text for players
    screens: dict[str, Callable[[dict], list[str]]]  # "look", "map" ... drawn from a view
    item_words: tuple[str, ...]  # words completion may offer for ITEM slots (public names only)

    def status(self, view: dict) -> str:
        """One line for a status bar, drawn from a view."""

    def new_match(self, players: list[str], seed: int, options: dict) -> Any:
        """A fresh state: seats, a seeded Rng, the hidden set-up."""

    def opening(self, state: Any) -> list[Event]:
        """What the table is told when the match starts (and the omniscient set-up)."""

    def awaiting(self, state: Any) -> list[str]:
        """Players whose input the game waits for now (several at once in simultaneous states)."""

    def legal_actions(self, state: Any, player: str) -> list[Action]:
        """Actions the player may try now. Never depends on facts hidden from that player."""

    def apply(self, state: Any, player: str, action: Action) -> list[Event]:
        """Carry out an action, or raise RuleError without changing anything."""

    def view(self, state: Any, player: str | None) -> dict:
        """All that ``player`` may know, as plain data; ``None`` is the omniscient view."""

    def is_over(self, state: Any) -> bool: ...

    def winners(self, state: Any) -> list[str]: ...

    def bot_action(self, state: Any, player: str, rng: random.Random, level: str = "normal",
                   memory: dict | None = None) -> Action:
        """What a bot in this seat would do now, seeing only ``view(state, player)`` and its own
        ``memory`` (a dict the table keeps for that bot)."""

    def bot_refused(self, state: Any, player: str, action: Action, memory: dict) -> None:
        """Tell a bot its chosen action was refused, so it can remember not to insist."""


def dispatch(handlers: dict[str, Callable], title: str, state: Any, player: str, action: Action) -> list[Event]:
    """Run the handler of ``action.verb`` as ``handler(state, player, *args)``; an unknown verb or
    arguments that do not fit are refused before anything runs."""
    handler = handlers.get(action.verb)
    if handler is None:
        raise RuleError(f"{title} has no '{action.verb}' action.")
    try:
        inspect.signature(handler).bind(state, player, *action.args)
    except TypeError:
        raise RuleError(f"'{action.verb}' does not take those arguments.") from None
    return handler(state, player, *action.args)


def visible(events: Iterable[Event], player: str | None) -> list[Event]:
    """The events of a batch that ``player`` may see."""
    return [e for e in events if e.visible_to(player)]
