"""The verbs a seat at a match adds besides the game's own: the table's look, talk and log.

Each handler takes the player's :class:`~mud.world.session.WorldSession`, whose ``inner`` is their
seat (:class:`mud.shell.session.Session`: a player's, or a watcher's with no player) at a started match.
Talk at a table is part of the match's stream, so everyone at the table reads it in order with
the moves; someone watching talks to the room instead (their seat does not give ``say``).
"""

from __future__ import annotations

from games.engine import Event, RuleError
from mud.shell.session import Line
from mud.shell.words import _, listed
from mud.world.moderation import speaking


def look(ws, slots: dict) -> list[Line]:
    """The match as this seat sees it: the game's ``look`` screen and its status line."""
    seat = ws.inner
    view = seat.view()  # built once for both
    lines = seat.screen("look", view)
    status = getattr(seat.table.game, "status", None)
    if status:
        lines.append(Line("screen", status(view)))
    return lines


def screen(name: str):
    """A handler showing the game's screen ``name`` (inventory, score)."""
    def show(ws, slots: dict) -> list[Line]:
        return ws.inner.screen(name)
    show.__name__ = name
    return show


def _speaker(ws) -> str:
    """Who speaks at the table: a seated player not muted (whoever ignores them does not read it:
    WorldSession.pull)."""
    if ws.inner.player is None:
        raise RuleError(_("Spectators cannot speak at the table."))
    speaking(ws)
    return ws.inner.player


def say(ws, slots: dict) -> list[Line]:
    _speaker(ws)
    return ws.table.run.talk(ws, "say", slots["TEXT"])  # (another node's table: said there, in order)


def emote(ws, slots: dict) -> list[Line]:
    _speaker(ws)
    return ws.table.run.talk(ws, "emote", slots["TEXT"])


def talk_here(ws, tone: str, text: str) -> list[Line]:
    """Table talk at a table this node runs, into the match's stream (``tone`` 'say' or 'emote')."""
    me, table = ws.inner.player, ws.inner.table
    if tone == "say":
        table.say(Event("say", _("You say: {text}", text=text), {"player": me, "said": text}, to=(me,)))
        table.say(Event("say", _("{player} says: {text}", player=me, text=text), {"player": me, "said": text},
                        not_to=(me,)))
    else:
        table.say(Event("emote", f"{me} {text}", {"player": me, "said": text}))
    return []


def log_full(ws, slots: dict) -> list[Line]:
    """'log full': the turns folded in the last round, every line of them."""
    seat = ws.inner
    stretches = seat.folder.last_round()
    if not stretches:
        return [Line("info", _("Nothing was folded: every line is already in your log."))]
    out = [Line("info", _("In full (the others' turns of the last round):"))]
    for stretch in stretches:
        out += [seat.line(e, ws.lang) for e in stretch.events]
    return out


def who_lines(seat) -> list[Line]:
    """Who is at the table, each a player or a bot (and its level), you, and who is to act."""
    turn = seat.table.awaiting()
    out = []
    for name, place in seat.table.seats.items():
        tags = [_("{level} bot", level=place.level) if place.bot else _("player")]
        if name == seat.player:
            tags.append(_("you"))
        if name in turn:
            tags.append(_("to act"))
        out.append(Line("info", _("{player} ({tags})", player=name, tags=listed(tags))))
    return out
