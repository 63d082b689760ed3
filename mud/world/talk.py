"""Talking in the world: to the room (say, emote), to one player (tell, reply) and to everyone
(ooc). Each takes the speaker's WorldSession and the parsed slots and returns what the speaker
sees; the others are pushed their line -- those who do not ignore the speaker. A muted speaker is
told so and nobody hears them (mud/world/moderation.py). (Talk at a match's table is
mud/world/seat.py.)"""

from __future__ import annotations

from games.engine import RuleError
from mud.shell.session import Line
from mud.shell.words import _
from mud.world.moderation import hears, speaking


def _to_room(ws, line: Line) -> list[Line]:
    """``line`` to everyone else in the speaker's room who hears them (on other nodes too); what
    the speaker is told besides (the link to other nodes down)."""
    ws.say_to(ws.world.in_room(ws.room), line)
    ws.world.others.room_line(ws.room, ws.name, line)
    return ws.world.others.notice()


def say(ws, slots: dict) -> list[Line]:
    speaking(ws)
    text = slots["TEXT"]
    return [Line("say", _("You say: {text}", text=text)),
            *_to_room(ws, Line("say", _("{player} says: {text}", player=ws.name, text=text)))]


def emote(ws, slots: dict) -> list[Line]:
    speaking(ws)
    text = slots["TEXT"]
    return [Line("emote", f"{ws.name} {text}"), *_to_room(ws, Line("emote", f"{ws.name} {text}"))]


def tell(ws, slots: dict) -> list[Line]:
    return tell_to(ws, slots["PLAYER"], slots["TEXT"])


def tell_to(ws, other: str, text: str) -> list[Line]:
    target = ws.world.session(other)
    if target is None and other.lower() != ws.name.lower():
        return ws.world.others.tell(ws, other, text)  # on another node, if anywhere
    if target is None:
        raise RuleError(_("{player} is not connected.", player=other))
    if target is ws:
        raise RuleError(_("You mutter to yourself."))
    speaking(ws)
    if hears(target, ws.name):  # one who ignores the teller gets nothing; the teller is not told
        target.push(Line("tell", _("{player} tells you: {text}", player=ws.name, text=text)))
        target.last_teller = ws.name
    return [Line("tell", _("You tell {player}: {text}", player=target.name, text=text))]


def reply(ws, slots: dict) -> list[Line]:
    """Answers the last player who told ``ws`` something."""
    if ws.last_teller is None:
        raise RuleError(_("Nobody has told you anything yet: 'tell <player> <text>' starts a talk."))
    return tell_to(ws, ws.last_teller, slots["TEXT"])


def ooc(ws, slots: dict) -> list[Line]:
    speaking(ws)
    text = slots["TEXT"]
    line = Line("ooc", _("[ooc] {player}: {text}", player=ws.name, text=text))
    for other in list(ws.world.online.values()):
        if other is not ws and hears(other, ws.name):
            other.push(line)
    ws.world.others.everyone(ws.name, line)
    return [line, *ws.world.others.notice()]
