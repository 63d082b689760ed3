"""The verbs a player has everywhere, with their account: help, commands, who, quit, their matches
and replays, the tutorial -- and the world's help page (the password, SSH keys and deleting the
account are mud/world/credentials.py's).

Each handler takes the player's :class:`~mud.world.session.WorldSession` and the parsed slots and
returns the player's direct answer (a RuleError is the one-line reason it was refused).
"""

from __future__ import annotations

import textwrap
from types import SimpleNamespace

import games
from games.engine import LANGS, Page, RuleError, Topic, render
from mud.shell import language
from mud.shell.help import command_list, help_lines, topic_names
from mud.shell.help import page as help_page
from mud.world.replay import describe, page, public_lines
from mud.shell.session import Line
from mud.shell.words import _, listed
from mud.world import rooms, seat, tutorial
from mud.world.crowd import WHO_ALL, who_by_room
from mud.shell.words import _
from mud.world.rooms import ROOMS, game_of, shown


def help_(ws, slots: dict) -> list[Line]:
    topic = " ".join(v for k, v in slots.items() if k.startswith("WORD")).strip().lower()
    topics = help_topics(ws)
    source = SimpleNamespace(help=topics)  # what help_lines reads of a game
    if not topic and ws.inner is not None:
        here = help_lines("", ws.commands(), source, ws.lang, with_topics=False)
        return [Line("help", t) for t in here] + [
            Line("help", _("Around the table: 'leave' gets up, 'who' and 'ooc' reach the whole world.")),
            Line("help", _("Topics: {topics}", topics=topic_names(topics, ws.lang)))]
    if not topic:
        return [Line("help", t) for t in help_page(world_help(), ws.lang)] + [
            Line("help", _("Topics: {topics}", topics=topic_names(topics, ws.lang)))]
    return [Line("help", t) for t in help_lines(topic, ws.commands(), source, ws.lang)]


def help_topics(ws) -> dict[str, str]:
    """Every help topic, wherever the player stands: the world's, then the games' (the game of
    this room first, so its topics win a name two games share)."""
    topics = {Topic("world", _("world")): world_help()}
    here = game_of(ws.room)
    others = []
    for name in games.names():
        try:
            others.append(games.get(name))
        except KeyError:  # a registered game that cannot load
            continue
    for game in ([here] if here is not None else []) + [g for g in others if g is not here]:
        for key, text in game.help.items():
            topics.setdefault(key, text)
    return topics


def commands(ws, slots: dict) -> list[Line]:
    return [Line("help", t) for t in command_list(ws.commands(), None, ws.lang)]


def who(ws, slots: dict) -> list[Line]:
    """Who is at the player's table (if any), then who is connected and where."""
    lines = seat.who_lines(ws.inner) if ws.inner is not None else []
    online, far = ws.world.online, ws.world.others.elsewhere()  # (one line, one count per person)
    lines.append(Line("info", _("{n} connected:", n=len(online) + len(far))))
    if len(online) > WHO_ALL:
        return lines + [Line("info", t) for t in who_by_room(ws, {r: shown(ROOMS[r]) for r in ROOMS}, ws.lang)]
    for other in sorted(online.values(), key=lambda w: w.name.lower()):
        where = shown(ROOMS[other.room])
        if other.table is not None:
            where = _("{room}, table {table}", room=where, table=other.table.id)
        if other is ws:
            lines.append(Line("info", _("  {player} (you): {where}", player=other.name, where=where)))
        else:
            lines.append(Line("info", _("  {player}: {where}", player=other.name, where=where)))
    for name, _node, room in sorted(far, key=lambda r: r[0].lower()):  # on the world's other nodes
        lines.append(Line("info", _("  {player}: {where}", player=name, where=shown(ROOMS[room]) if room in ROOMS else room)))
    return lines


def quit_(ws, slots: dict) -> list[Line]:
    ws.closed = ws.quitting = True
    playing = ws.seated and not ws.table.match.over and not ws.table.practice
    if ws.surface == "local" and (playing or ws.world._seat_of(ws.name) is not None):  # (got up from, or
        return [Line("info", _("Goodbye. Your game is saved: 'mud play' offers it again."))]  # set aside: it waits)
    if playing:
        return [Line("info", _("Goodbye. Your seat waits for you: log in again to go on."))]
    return [Line("info", _("Goodbye."))]


def matches(ws, slots: dict) -> list[Line]:
    store = ws.world.store
    mine = store.matches_of(ws.name) if store is not None else []
    if not mine:
        return [Line("info", _("No match of yours is stored yet."))]
    local = ws.surface == "local"  # the player's own clock; a server's players read UTC
    return [Line("info", describe(rec, local)) for rec in mine] + [Line("info", _("'replay N' watches one again."))]


def replay(ws, slots: dict) -> list[Line]:
    if ws.world.store is None:
        raise RuleError(_("Nothing is stored here to replay."))
    number, at = slots["NUMBER"], slots.get("WORD", "1")
    if not str(at).isdigit() or len(str(at)) > 6:
        raise RuleError(_("Usage: replay <match> [page], e.g. replay 3 2."))
    lines = public_lines(ws.world.store, number, local=ws.surface == "local")
    return [Line("screen", text) for text in page(lines, number, int(at))]


def language_(ws, slots: dict) -> list[Line]:
    """'language' alone: the one read now and the others; 'language it' (or 'lingua italiano'):
    read that one from now on, kept with the account. (Plain English for now: these lines go
    through the words part's catalogue once it lands, issue 43.)"""
    choices = ", ".join(f"{code} ({language.ENDONYMS[code]})" for code in language.LANGS)
    word = slots.get("WORD")
    if not word:
        return [Line("info", _("You read {language}. Languages: {choices}.", language=language.ENDONYMS[ws.lang], choices=choices)),
                Line("info", _("'language it' (or 'lingua it') changes it."))]
    lang = language.parse(word)
    if lang is None:
        raise RuleError(_("No language '{word}' here. Languages: {choices}.", word=word, choices=choices))
    ws.set_language(lang)
    return [Line("info", _("You now read {language}.", language=language.ENDONYMS[lang]))]


def tutorial_(ws, slots: dict) -> list[Line]:
    return tutorial.begin(ws)


# The letters of the roads the world's help says to walk by (the others by their names: up, down).
LETTERS = {"n": _("n"), "e": _("e"), "s": _("s"), "w": _("w")}


def world_help() -> Page:
    """The world's help page: the roads from the Crossroads are told from the rooms the catalogue's
    games bring (mud/world/rooms.py), so a game added to the catalogue is on the signpost at once.
    Laid out for each reader (``Page``): its first paragraph is wrapped once worded."""
    return Page(_world_help)


def _world_help(lang: str) -> str:
    roads = rooms.roads()
    ways = listed([_("{direction} to {room} ({game})", direction=rooms.DIRECTION_SHOWN[d], room=r.name,
                     game=rooms.title_of(r)) for d, r in roads])
    walk = listed([LETTERS[d] if d in LETTERS else rooms.DIRECTION_SHOWN[d] for d, _r in roads])
    said = dict(games=tutorial.count(len(games.names())), roads=_number(len(roads)), ways=ways, walk=walk)
    if roads:
        head = _("Welcome to questmud: {games} tabletop games in one small world. Type commands and press "
                 "Enter. The Crossroads has {roads} roads: {ways}. Walk with {walk}, or 'go {room}'.",
                 room=_room_word(roads[min(1, len(roads) - 1)][1], lang), **said)
    else:
        head = _("Welcome to questmud: {games} tabletop games in one small world. Type commands and press "
                 "Enter. The Crossroads has {roads} roads: {ways}. Walk with {walk}.", **said)
    rest = _("In a game room: 'tables' lists its tables, 'sit' takes a seat, 'start' begins\n"
             "the match (bots fill the empty seats: 'start bots=2 rules=basic'), 'watch 1'\n"
             "looks on, 'leave' gets up.\n"
             "Talk: say (room or table), tell <player> (private), ooc (everyone), emote\n"
             "(:grins).\n"
             "New? 'tutorial' teaches {tutorial} step by step, alone.\n"
             "  commands        every command you have here\n"
             "  help <topic>    a topic, or any command (help sit)", tutorial=games.tutorial_title())
    return "\n".join(textwrap.wrap(render(head, lang), 78)) + "\n" + render(rest, lang)


def _room_word(room, lang: str) -> str:
    """The word a reader of ``lang`` types to walk to ``room``: its id in English, else the first word
    of its name there ('taverna'), which ``rooms.find`` reads for that reader."""
    if lang not in LANGS or lang == "en":
        return room.id
    words = rooms.name_words(room.name, (lang,))
    return words[0] if words else room.id


def _number(n: int):
    return tutorial.count(n)  # "five": the number in words, lower case
