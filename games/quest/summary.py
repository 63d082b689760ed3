"""Another player's turn told in a line or two ("bot1 rolls 4, moves C6 -> E4, peeks at 3 doors,
succeeds at E4"), for the shell to show in place of its ten or twenty lines (mud/shell/fold.py).

Built only from the events of that turn the viewer may see -- the same public lines the full log
shows -- so it can tell nothing they do not. The first line is the walk (roll, path, doors, the
act); anything else that happened (a key taken, a spell, a duel between others, a promotion) goes
to a second line, in its own words.

The lines are messages made from the events' data and messages, never from their English text, so
each reader gets them in their own language: an act has its phrase here, its message without the
player on turn and the full stop (``PHRASES``); anything else its sentence without the full stop
(``CLAUSES``). An event whose words are not a message, or a message these tables lack, is cut from
its English as before (tests/games/quest/test_italian_summary.py finds none in seeded games).
"""
from __future__ import annotations

from typing import Any, Callable

from games.engine import Event
from games.quest.words import _
from games.words import Msg

Words = Callable[[dict], Msg]

# Kinds the first line tells in a word or two; every other kind is said in the second line.
WALK = ("turn", "roll", "moved", "door_turned", "door_peeked", "stopped", "passed", "acted", "ledger",
        "blocked", "consent_asked")
# A duel between others: its start and its outcome are told, the hands and moves between are not.
DUEL_STEPS = ("rps_chosen", "rps_revealed", "duel_played", "duel_hand", "duel_hands", "duel_unarmed",
              "bolt_struck", "bolt_blocked", "bolt_absorbed", "bolt_stopped", "armour_broken")


# An act's message whose subject is the player on turn -> the phrase without them and the full stop.
PHRASES: dict[str, Words] = {
    "{player} stops at {room}.": lambda p: _("stops at {room}", **p),
    "{player} passes.": lambda p: _("passes", **p),
    "{player} cannot pass {door}.": lambda p: _("cannot pass {door}", **p),
    "{player} acts at {room} and fails.": lambda p: _("acts at {room} and fails", **p),
    "{player} succeeds at {room}.": lambda p: _("succeeds at {room}", **p),
    "{player} succeeds at {room} and pays 1 gold.": lambda p: _("succeeds at {room} and pays 1 gold", **p),
    "{player} is received by the king at {room} and knighted!":
        lambda p: _("is received by the king at {room} and knighted", **p),
    "{player} is crowned at {room}!": lambda p: _("is crowned at {room}", **p),
    "{player} becomes a wizard!": lambda p: _("becomes a wizard", **p),
    "{player} finds a chest in a forest at {room}.": lambda p: _("finds a chest in a forest at {room}", **p),
    "{player} earns a gold coin working in a city at {room}.":
        lambda p: _("earns a gold coin working in a city at {room}", **p),
}
# Anything else a turn tells -> its sentence without the full stop (the second line joins them).
CLAUSES: dict[str, Words] = {
    "{player} lets {mover} in.": lambda p: _("{player} lets {mover} in", **p),
    "{player} refuses {mover} in.": lambda p: _("{player} refuses {mover} in", **p),
    "{player} gives up entering {room}.": lambda p: _("{player} gives up entering {room}", **p),
    "{player} dies of their wounds on {room}.": lambda p: _("{player} dies of their wounds on {room}", **p),
    "{player} leaves {door} {face}.": lambda p: _("{player} leaves {door} {face}", **p),
    "{player} shows {key} and unlocks {door}.": lambda p: _("{player} shows {key} and unlocks {door}", **p),
    "{player} is driven back to {room}.": lambda p: _("{player} is driven back to {room}", **p),
    "{attacker} casts a bolt at {defender}!": lambda p: _("{attacker} casts a bolt at {defender}", **p),
    "{attacker} challenges {defender}!": lambda p: _("{attacker} challenges {defender}", **p),
    "{attacker} forces the way into {room} and duels {defender}!":
        lambda p: _("{attacker} forces the way into {room} and duels {defender}", **p),
    "{winner} wins the duel against {loser}.": lambda p: _("{winner} wins the duel against {loser}", **p),
    "{player} wins the game!": lambda p: _("{player} wins the game", **p),
    "{player} wins the tournament and becomes a wizard!":
        lambda p: _("{player} wins the tournament and becomes a wizard", **p),
    "{player} gives {target} a card.": lambda p: _("{player} gives {target} a card", **p),
    "{player} gives {target} {gold}.": lambda p: _("{player} gives {target} {gold}", **p),
    "{player} takes {key} from {room}.": lambda p: _("{player} takes {key} from {room}", **p),
    "{player} takes a card from {loser}.": lambda p: _("{player} takes a card from {loser}", **p),
    "{player} takes a treasure from {loser}.": lambda p: _("{player} takes a treasure from {loser}", **p),
    "{player} takes {key} from {loser}.": lambda p: _("{player} takes {key} from {loser}", **p),
    "{player} does not move this turn.": lambda p: _("{player} does not move this turn", **p),
    "{player} casts a spell.": lambda p: _("{player} casts a spell", **p),
    "{player} has nothing to lose and is mortally wounded: only a health potion, before {player}'s next turn, can "
    "save them.": lambda p: _("{player} has nothing to lose and is mortally wounded: only a health potion, before "
                              "{player}'s next turn, can save them", **p),
    "The map is revealed. The ledger has {n} entry; every one holds. The sealed map and its salt are published: "
    "'ledger verify' checks them.": lambda p: _.plural(
        "The map is revealed. The ledger has {n} entry; every one holds. The sealed map and its salt are published: "
        "'ledger verify' checks them", "The map is revealed. The ledger has {n} entries; every one holds. The sealed "
        "map and its salt are published: 'ledger verify' checks them", p["n"]),
}


def _said(actor: str, text: str) -> str:
    """An event's own words, without the actor's name in front or the final full stop (its English:
    an event whose words are not a message of ours)."""
    text = text.strip().rstrip(".!")
    return text[len(actor) + 1:] if text.startswith(actor + " ") else text


def clause(text: Any) -> Any:
    """An event's sentence without its full stop, in the reader's words when it is a message we know."""
    if isinstance(text, Msg) and text.id in CLAUSES:
        return CLAUSES[text.id](text.params)
    return str(text).strip().rstrip(".!")


def phrase(actor: str, text: Any) -> Any:
    """An act of ``actor``'s, as the walk's line tells it: without them in front and the full stop."""
    if isinstance(text, Msg) and text.params.get("player") == actor and text.id in PHRASES:
        return PHRASES[text.id](text.params)
    if isinstance(text, Msg) and text.id in CLAUSES:
        return CLAUSES[text.id](text.params)
    return _said(actor, str(text))


def row(items: list, sep: str) -> Any:
    """``items`` one after another with ``sep`` between: a message of placeholders and the separator
    alone (nothing to translate), each item worded in the reader's language."""
    if len(items) == 1:
        return items[0]
    params = {f"i{n}": item for n, item in enumerate(items)}
    return Msg(_.domain, sep.join("{" + k + "}" for k in params), params)


def summarise(actor: str, events: list[Event], viewer: str | None) -> list:
    """One line of the walk, and one of anything else (if anything else happened)."""
    parts: list = []
    path: list[str] = []
    turned = peeked = 0
    others: list = []
    told: set[str] = set()  # the others' happenings already told (by their English: the same words once)
    blocked: list = []  # one closed door in its own words; several counted (a line, not three)
    for e in events:
        d = e.data
        if e.kind == "roll":
            parts.append(_("rolls {roll}", roll=d.get("roll", "?")))
        elif e.kind == "moved":
            if not path:
                path.append(str(d.get("origin", "?")))
                parts.append(None)  # the path's place among the parts, filled in below
            path.append(str(d.get("room", "?")))
        elif e.kind == "door_turned":
            turned += 1
        elif e.kind == "door_peeked":
            peeked += 1
        elif e.kind == "stopped" and path:
            continue  # where the walk ended is the path's last room
        elif e.kind == "consent_asked":
            asked = _("asks to enter {room}", room=d.get("room", "?"))
            if asked not in parts:  # asked again later in the walk: once is enough
                parts.append(asked)
        elif e.kind == "blocked":
            if not blocked:
                parts.append(BLOCKED)  # the closed doors' place among the parts, filled in below
            blocked.append(phrase(actor, e.text))
        elif e.kind in ("stopped", "passed", "acted"):
            parts.append(phrase(actor, e.text))
        elif e.kind in ("turn", "ledger") or e.kind in DUEL_STEPS:
            continue  # the turn is the line itself; the ledger entry repeats the act; a duel's steps
        else:
            said = clause(e.text)
            if str(said) not in told:
                told.add(str(said))
                others.append(said)
    if path:
        steps = len(path) - 1
        parts[parts.index(None)] = _("moves {path}", path=" -> ".join(path)) if steps <= 3 else \
            _.plural("moves {first} -> {last} ({n} step)", "moves {first} -> {last} ({n} steps)", steps,
                     first=path[0], last=path[-1])
    if blocked:
        parts[parts.index(BLOCKED)] = blocked[0] if len(blocked) == 1 else \
            _.plural("finds {n} door closed", "finds {n} doors closed", len(blocked))
    if turned:
        parts.append(_.plural("turns up {n} door", "turns up {n} doors", turned))
    if peeked:
        parts.append(_.plural("peeks at {n} door", "peeks at {n} doors", peeked))
    lines = [_("{player} {happenings}.", player=actor, happenings=row(parts, ", "))] if parts else []
    if others:
        lines.append(_("Also: {happenings}.", happenings=row(others, "; ")) if lines else
                     _("{happenings}.", happenings=row(others, "; ")))
    return lines


BLOCKED = object()  # the closed doors' place among a walk's parts
