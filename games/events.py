"""Events: what happened at a table, told to one audience, and the small helpers games build them
with. Part of the game contract (games/engine.py re-exports all of it); pure, the standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from games.words import Msg, render

EVERYONE = None  # ``Event.to`` value: every seat and every spectator
NOBODY: tuple[str, ...] = ()  # ``Event.to`` value: the omniscient audit view only
# The names of an event's envelope as ``mud run --json`` prints it (docs/events.md): an event's data
# may not reuse them, or a square in ``to`` would overwrite the audience.
ENVELOPE = frozenset(("type", "text", "seq", "to", "not_to"))


@dataclass(frozen=True)
class Event:
    """Something that happened, told to one audience.

    ``to`` is ``EVERYONE`` (None), or a tuple of player names; ``NOBODY`` (an empty tuple) means only
    the omniscient view sees it. ``not_to`` removes players from the audience, so one happening can be
    told twice: "You find a rope." to the actor and "bob acts." to everyone else.

    ``text`` is a message (games/words.py), worded in each viewer's language when it is shown, or
    a plain string while a game is not yet converted (docs/i18n.md): English either way.
    """

    kind: str
    text: Msg | str
    data: dict = field(default_factory=dict)
    to: tuple[str, ...] | None = EVERYONE
    not_to: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not ENVELOPE.isdisjoint(self.data):
            raise ValueError(f"event '{self.kind}' data reuses the envelope's "
                             f"{sorted(ENVELOPE.intersection(self.data))} (docs/events.md)")

    def visible_to(self, player: str | None) -> bool:
        """True when ``player`` may see this event; ``None`` asks for a spectator with no seat."""
        if player is not None and player in self.not_to:
            return False
        if self.to is EVERYONE:
            return True
        return player is not None and player in self.to

    def as_json(self, lang: str = "en") -> dict[str, Any]:
        """The event as ``mud run --json`` prints it: its data as they are, its text in ``lang``."""
        out: dict[str, Any] = {"type": self.kind, "text": render(self.text, lang)}
        out["to"] = "all" if self.to is EVERYONE else list(self.to)
        if self.not_to:
            out["not_to"] = list(self.not_to)
        out.update(self.data)
        return out


# The tone of an event kind says how a surface should colour it; the shell maps tones to styles
# (mud/shell/theme.py), so a game never names a colour and every surface agrees.
TONES = ("routine", "good", "notice", "alert", "setup", "turn", "over", "talk", "plain")


def tell(who: str, text: Msg | str, kind: str, **data: Any) -> Event:
    """An event for one player only."""
    return Event(kind, text, data, to=(who,))


def announce(text: Msg | str, kind: str, **data: Any) -> Event:
    """An event for everyone."""
    return Event(kind, text, data)


def both(actor: str, mine: Msg | str, theirs: Msg | str, kind: str, **data: Any) -> list[Event]:
    """The same happening told twice: ``mine`` to the actor, ``theirs`` to everyone else."""
    return [Event(kind, mine, dict(data), to=(actor,)), Event(kind, theirs, dict(data), not_to=(actor,))]


def turn_player(event: Event) -> str | None:
    """The player a ``turn`` event gives the turn to (its data's ``player``), else None."""
    if event.kind != "turn":
        return None
    player = event.data.get("player")
    return player if isinstance(player, str) else None


SENTENCE_OPENERS = ("The", "A", "An", "It", "Its", "Nobody", "Everyone")  # lowered inside a joined line


def joined_turn(actor: str, events: list[Event], skip: tuple[str, ...] = ("turn",), lead: str = "") -> list[str]:
    """A summary for games whose turn is a few lines: one line, ``lead`` (by default the actor's
    name) then each event's own words (without the name in front or the full stop), in order,
    joined by semicolons ("bot1: draws a card; discards A."). ``skip``: kinds left out (the turn's
    own announcement). Built from ``events`` alone, so it tells nothing they do not."""
    said = []
    for e in events:
        if e.kind in skip:
            continue
        text = str(e.text).strip().rstrip(".")  # English: a summary's words come with its game's conversion
        text = text[len(actor) + 1:] if text.startswith(actor + " ") else text
        first = text.split(" ", 1)[0]
        said.append(first.lower() + text[len(first):] if first in SENTENCE_OPENERS else text)
    return [f"{lead or actor}: {'; '.join(said)}."] if said else []

def visible(events: Iterable[Event], player: str | None) -> list[Event]:
    """The events of a batch that ``player`` may see."""
    return [e for e in events if e.visible_to(player)]
