"""Talking in the world: to the room (say, emote), to one player (tell, reply) and to everyone
(ooc). Each takes the speaker's WorldSession and the parsed slots and returns what the speaker
sees; the others are pushed their line. (Talk at a match's table is mud/world/seat.py.)"""

from __future__ import annotations

from games.engine import RuleError
from mud.session import Line


def say(ws, slots: dict) -> list[Line]:
    text = slots["TEXT"]
    ws.world.to_room(ws.room, Line("say", f"{ws.name} says: {text}"), but=ws)
    return [Line("say", f"You say: {text}")]


def emote(ws, slots: dict) -> list[Line]:
    text = slots["TEXT"]
    ws.world.to_room(ws.room, Line("emote", f"{ws.name} {text}"), but=ws)
    return [Line("emote", f"{ws.name} {text}")]


def tell(ws, slots: dict) -> list[Line]:
    return tell_to(ws, slots["PLAYER"], slots["TEXT"])


def tell_to(ws, other: str, text: str) -> list[Line]:
    target = ws.world.session(other)
    if target is None:
        raise RuleError(f"{other} is not connected.")
    if target is ws:
        raise RuleError("You mutter to yourself.")
    target.push(Line("tell", f"{ws.name} tells you: {text}"))
    target.last_teller = ws.name
    return [Line("tell", f"You tell {target.name}: {text}")]


def reply(ws, slots: dict) -> list[Line]:
    """Answers the last player who told ``ws`` something."""
    if ws.last_teller is None:
        raise RuleError("Nobody has told you anything yet: 'tell <player> <text>' starts a talk.")
    return tell_to(ws, ws.last_teller, slots["TEXT"])


def ooc(ws, slots: dict) -> list[Line]:
    text = slots["TEXT"]
    for other in list(ws.world.online.values()):
        if other is not ws:
            other.push(Line("ooc", f"[ooc] {ws.name}: {text}"))
    return [Line("ooc", f"[ooc] {ws.name}: {text}")]
