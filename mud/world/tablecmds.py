"""The table commands of a game room: tables, sit, start, watch, leave -- and ``key`` for SSH keys.

Each takes the player's :class:`~mud.world.session.WorldSession` and returns their direct answer;
what others should hear is pushed to them through the world.
"""

from __future__ import annotations

import base64
import binascii

import games
from games.engine import RuleError
from mud.shell import parser
from mud.shell.help import intro
from mud.shell.optfiles import read_option_file
from mud.shell.session import Line, Session
from mud.shell.table import bot_levels, canonical_level
from mud.shell.words import _
from mud.world.rooms import ROOMS, game_of, has_tables, shown, title_of

DEFAULT_SEATS = 4  # a started table is filled with bots up to this many seats, unless bots=N says


def _room_game(ws):
    room = ROOMS[ws.room]
    if not has_tables(room):
        raise RuleError(_("There are no tables here. The game rooms are along the roads: type 'exits'."))
    return room, game_of(room.id)


def tables(ws) -> list[Line]:
    room, _game = _room_game(ws)
    found = ws.world.tables_in(ws.room)
    if not found:
        return [Line("info", _("No table is in use. Type 'sit' to open one for {game}.", game=title_of(room)))]
    return [Line("info", gt.describe(title_of(room), ws.name)) for gt in found]


def sit(ws, number: int | None) -> list[Line]:
    room, game = _room_game(ws)
    world = ws.world
    if number is None:
        mine = world._seat_of(ws.name)
        if mine is not None and mine.room == ws.room:
            number = mine.id
    if ws.table is not None and ws.table.match is not None and ws.table.match.over:
        for line in leave(ws):  # up from a finished match, to a new table
            ws.push(line)
    if ws.table is not None:
        if number is None or ws.table.id == number:
            raise RuleError(_("You are already at table {table}. Type 'leave' to get up.", table=ws.table.id))
        leave(ws)
    if number is None:
        gt = next((t for t in world.tables_in(ws.room) if t.match is None and len(t.sitters) < game.max_players),
                  None) or world.new_table(ws.room)
    else:
        gt = world.tables.get(number)
        if gt is None or gt.room != ws.room:
            raise RuleError(_("There is no table {table} here. Type 'tables'.", table=number))
    if gt.match is not None:
        if holds_seat(ws, gt):
            return _back_to_seat(ws, gt)
        raise RuleError(_("Table {table} is already playing; 'watch {table}' to look on.", table=gt.id))
    return gt.run.sit(ws, gt)  # (another node's table: that node seats them, its answer comes soon)


def take_seat(ws, gt) -> list[Line]:
    """``ws`` sits at ``gt``, an open table this node runs (the sitter maybe of another node)."""
    room, game = _room_game(ws)
    world = ws.world
    if len(gt.sitters) >= game.max_players:
        raise RuleError(_("Table {table} is full.", table=gt.id))
    gt.sitters.append(ws.name)
    ws.table = gt
    world.host.sitters(gt)
    sits = Line("arrive", _("{player} sits at table {table}.", player=ws.name, table=gt.id))
    world.to_room(ws.room, sits, but=ws)
    world.others.room_line(gt.room, ws.name, sits)  # (the room's people on the other nodes too)
    return [Line("info", _("You sit at table {table} ({game}). Type 'start' when everyone is here (bots fill the empty seats), or wait for others.", table=gt.id, game=title_of(room)))]


def _back_to_seat(ws, gt) -> list[Line]:
    ws.world.return_to_seat(ws, gt, _("You take your seat at table {table} again.", table=gt.id),
                            _("{player} takes their seat back from the bot.", player=ws.name), since=_("meanwhile"))
    return []


def _start_options(text: str, game, room, world_reads_files: bool = False) -> tuple[int | None, int | None, dict, str | None]:
    bots = seed = level = None
    options: dict = {}
    read = read_option_file if world_reads_files else None
    for typed in text.split():
        word = typed.lower()
        if "=" not in word:
            if word in (game.name, game.title.lower()):
                continue
            own = "".join(f" {o.name}={o.choices[0]}" for o in game.options)  # rules=basic, variant=...
            raise RuleError(_("'{word}' is not an option. Try: start bots=2{own} seed=7.", word=parser.shown(word), own=own))
        key, value = word.split("=", 1)
        if game.option(key) is not None and game.option(key).file:
            value = typed.split("=", 1)[1]  # a file's name keeps its case
        if key == "bots" and not value.isdigit():  # bots=easy,strong: one bot per level, in seat order
            levels = bot_levels(value, len(value.split(",")))
            bots, level = len(levels), ",".join(levels)
        elif key in ("bots", "seed"):
            if not value.isdigit() or len(value) > 9:
                raise RuleError(_("{key} takes a whole number, or bots a level per bot (bots=easy,strong).", key=key))
            if key == "bots":
                bots = int(value)
            else:
                seed = int(value)
        elif key == "level":
            bot_levels(value, len(value.split(",")))  # RuleError naming the levels
            level = value
        elif game.option(key) is not None:
            options[key] = game.option(key).check(value, read)
        else:
            known = ", ".join(["bots", "seed", "level", *(o.name for o in game.options)])
            raise RuleError(_("Unknown option '{key}'. Options: {known}.", key=parser.shown(key), known=known))
    return bots, seed, options, level


def start(ws, text: str) -> list[Line]:
    room, game = _room_game(ws)
    gt = ws.table
    if gt is None:
        raise RuleError(_("Sit at a table first ('sit'), then start."))
    if gt.match is not None and gt.match.over:  # the match's last line offered 'sit' for the next
        raise RuleError(_("The match at table {table} is over: 'sit' opens a new table, where you can start.", table=gt.id))
    if gt.match is not None:
        raise RuleError(_("Table {table} has already started.", table=gt.id))
    if ws.name not in gt.sitters:
        raise RuleError(_("Only someone sitting at the table can start it."))
    return gt.run.start(ws, gt, text)  # (another node's table: started there)


def start_here(ws, gt, text: str) -> list[Line]:
    """``ws``, sitting at ``gt``, an open table this node runs, starts its match with ``text``'s options."""
    room, game = _room_game(ws)
    bots, seed, options, level = _start_options(text, game, room, ws.world.settings.read_files)
    humans = len(gt.sitters)
    if bots is None:
        bots = max(0, max(game.min_players, DEFAULT_SEATS) - humans)
    if not game.min_players <= humans + bots <= game.max_players:
        raise RuleError(_("{game} seats {least} to {most}: {humans} at the table and {bots} bots make {total}.", game=game.title, least=game.min_players, most=game.max_players, humans=humans, bots=bots, total=humans + bots))
    level = level or ws.world.settings.bot_level
    if bots:
        level = canonical_level(level, bots)  # a list that does not fit the bots is refused before anyone is told
    # The game's own options checked first (a variant it does not know): refused before anyone is told.
    game.new_match(list(gt.sitters) + [f"bot{i}" for i in range(1, bots + 1)], 0, options)
    world = ws.world
    world.tell_table(gt, Line("info", _("{player} starts the match at table {table}.", player=ws.name, table=gt.id)), but=ws.name)
    ws.push(Line("info", _("You start the match at table {table}.", table=gt.id)))
    world.start_match(gt, game, bots, seed, options, level)
    for each in world.at_table(gt):
        if each.seated:  # the first screen of a match: its goal and three commands to start with
            for text in intro(game, options, gt.match.state, each.name):
                each.push(Line("intro", text))
    for name in sorted(gt.will_watch):  # those who asked to watch, still in the room and at no table
        friend = world.session(name)
        if friend is not None and friend.room == gt.room and friend.table is None:
            for line in watch(friend, gt.id):
                friend.push(line)
    gt.will_watch.clear()
    return []


def watch(ws, number: int | None) -> list[Line]:
    room, _game = _room_game(ws)
    world = ws.world
    playing = [t for t in world.tables_in(ws.room) if t.match is not None]
    if number is None:
        if len(playing) != 1:
            raise RuleError(_("Watch which table? Type 'tables'.") if playing else _("No match is being played here."))
        gt = playing[0]
    else:
        gt = world.tables.get(number)
        if gt is None or gt.room != ws.room:
            raise RuleError(_("There is no table {table} here. Type 'tables'.", table=number))
        if gt.match is None:  # a friend watching from the start need not wait for it and type again
            if ws.table is gt:
                raise RuleError(_("You are already at table {table}.", table=gt.id))
            gt.will_watch.add(ws.name)
            return [Line("info", _("Table {table} has not started yet: you will watch it from its start, if you are still here. 'sit {table}' to play instead.", table=gt.id))]
    if ws.table is gt:
        raise RuleError(_("You are already at table {table}.", table=gt.id))
    if ws.table is not None:
        leave(ws)
    if holds_seat(ws, gt):
        return _back_to_seat(ws, gt)
    gt.watchers.add(ws.name)
    ws.table = gt
    ws.inner = Session(gt.match, None)
    world.tell_table(gt, Line("info", _("{player} is watching.", player=ws.name)), but=ws.name)
    ws.push(Line("info", _("You watch table {table}: you see what everyone sees, nothing secret. 'leave' to stop.", table=gt.id)))
    ws.pull()
    return []


def leave(ws, walk_back: bool = False) -> list[Line]:
    """Get up from the table (or stop watching); a seat at a match being played goes to a bot, except
    in local play with nobody else at the match: then the match waits, as it stands, for 'sit'.
    ``walk_back`` (the player typed 'leave'): leaving the tutorial takes them back to the seat of the
    game it set aside, in that game's room (local play). Sitting, watching or walking elsewhere
    leaves without it."""
    gt = ws.table
    world = ws.world
    ws.table = None
    ws.inner = None
    if gt is None:
        return []
    if gt.match is None:
        if ws.name in gt.sitters:
            gt.sitters.remove(ws.name)
            gt.run.sat(ws, gt, "unsit")
        msg = _("You get up from table {table}.", table=gt.id)
    elif ws.name in gt.watchers:
        gt.watchers.discard(ws.name)
        msg = _("You stop watching table {table}.", table=gt.id)
    elif gt.practice:  # the tutorial (even played to its end): nobody plays on without the learner
        world.tables.pop(gt.id, None)
        return _leave_tutorial(ws, walk_back)
    elif gt.match.over:
        msg = _("You get up from table {table}.", table=gt.id)
    elif ws.surface == "local" and not others_play(gt, ws.name):
        # Local play, nobody else at the match: nobody is kept waiting, so it waits for its player as
        # it stands (saved; 'mud play' offers it after a quit) -- the bots never play it out alone.
        # Away, as after a restart ('tables' says so); locally no grace runs out (mud/local/play.py NEVER)
        gt.away[ws.name] = world.clock()
        return [Line("info", _("You get up from table {table}. The match waits for you as it stands, saved: 'sit {table}' takes your seat back.", table=gt.id))]
    else:
        alone = not others_play(gt, ws.name)
        world.hand_seat(gt, ws.name, "left")
        gt.away.pop(ws.name, None)
        gt.left.add(ws.name)
        gt.run.sat(ws, gt, "left")
        world.tell_table(gt, Line("info", _("{player} gets up; a bot plays their seat.", player=ws.name)))
        gt.match.settle()
        world._tidy(gt)
        if alone:  # the bots play it out at once: no seat is left to take back
            return [Line("info", _("You get up from table {table}; a bot plays your seat, and with nobody else playing the bots play the match to its end ('matches' lists it).", table=gt.id))]
        return [Line("info", _("You get up from table {table}; a bot plays your seat. 'sit {table}' takes it back.", table=gt.id))]
    world.tell_table(gt, Line("info", _("{player} leaves the table.", player=ws.name)), but=ws.name)
    world._tidy(gt)
    return [Line("info", msg)]


def others_play(gt, name: str) -> bool:
    """Whether a person other than ``name`` still plays at ``gt``'s match (a seat of theirs no bot
    plays: at the table, or away for less than the grace)."""
    return any(other != name and not gt.match.seats[other].bot for other in gt.seats)


def holds_seat(ws, gt) -> bool:
    """Whether ``ws``'s player has a seat at ``gt``'s match, still being played, to sit at again."""
    return gt.match is not None and ws.name in gt.seats and not gt.match.over


def waiting_seat(ws):
    """The table where ``ws``'s seat waits for them while they are at no table (local play's match
    they got up from, or a game set aside for the tutorial), or None."""
    return None if ws.table is not None else ws.world._seat_of(ws.name)


def waiting_line(ws) -> Line | None:
    """What the room's look ends with while a seat waits: how to take it back ('sit N' works from
    any room, walking there). A line of its own kind, ``seat``: the local TUI's hint row says it
    already, so the TUI leaves it out of its log (a line surface has no such row: it keeps it)."""
    gt = waiting_seat(ws)
    if gt is None:
        return None
    if gt.room == ws.room:
        return Line("seat", _("Your seat at table {table} waits: 'sit {table}' takes it back.", table=gt.id))
    return Line("seat", _("Your seat at table {table} ({game}, {room}) waits: 'sit {table}' takes you back to it.", table=gt.id, game=games.get(gt.game).title, room=shown(ROOMS[gt.room])))


def _leave_tutorial(ws, walk_back: bool) -> list[Line]:
    """Out of the tutorial: back at the game it set aside when one waits and ``walk_back``, else told
    where that game is and how to get back to it."""
    world = ws.world
    waiting = world._seat_of(ws.name)
    if waiting is None:
        return [Line("info", _("You leave the tutorial."))]
    title = games.get(waiting.game).title
    if walk_back:
        world.return_to_seat(ws, waiting, _("You leave the tutorial and take your seat at table {table} again ({game}).", table=waiting.id, game=title), _("{player} is back.", player=ws.name))
        return []
    return [Line("info", _("You leave the tutorial. Your game of {game} waits at table {table} in {room}: walk there and 'sit {table}'.", game=title, table=waiting.id, room=shown(ROOMS[waiting.room])))]


KEY_TYPES = ("ssh-ed25519", "ssh-rsa", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521",
             "sk-ssh-ed25519@openssh.com", "sk-ecdsa-sha2-nistp256@openssh.com")


def public_key(line: str) -> str | None:
    """An OpenSSH public key line, checked (type, base64 body naming the same type), or None."""
    parts = line.split()
    if len(parts) < 2 or parts[0] not in KEY_TYPES:
        return None
    try:
        body = base64.b64decode(parts[1], validate=True)
    except (binascii.Error, ValueError):
        return None
    size = int.from_bytes(body[:4], "big")
    if body[4:4 + size].decode("ascii", "replace") != parts[0]:
        return None
    return " ".join(parts[:3])
