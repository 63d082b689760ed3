"""Finished matches, watched again: ``matches`` lists a player's, ``replay N`` pages through one as a
spectator saw it, and ``mud replay N`` does the same from the shell.

A replay is rebuilt from the stored log -- the seed, the seats and every accepted move -- by the
same Table that played it, and shows only the events a spectator could see: nothing that was secret
then is told now (a hand, a red door, a secret target stays hidden). Between the moves it says where
a person's seat went to a bot, or came back (the store's handovers), so a match bots finished says so.
"""

from __future__ import annotations

import time

import games
from games.engine import RuleError
from mud.store.moderation import when
from mud.store import Handover, MatchRecord, Store
from mud.shell.table import Table, bot_levels
from mud.shell.words import Msg, _, bot_named, listed
from mud.world.resume import timed_out

PAGE = 40  # lines a page of a replay holds


def moment(at: float, local: bool = False) -> str:
    """A moment to the minute. ``local`` (local play, its data read on the player's machine): the
    player's own clock, as `mud play`'s resume question says it too; else a server's, read by
    players of every time zone: UTC, said so."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(at)) if local else when(at)


def describe(rec: MatchRecord, local: bool = False) -> Msg:
    """One line of ``matches``: number, game, when (``local``: see :func:`moment`), status (and whose
    seats bots played on), seats. A message: its reader words it."""
    title = games.get(rec.game).title if rec.game in games.CATALOGUE else rec.game
    when = moment(rec.created, local) if rec.created else "?"
    status = STATUS.get(rec.status, rec.status)
    levels = bot_levels(rec.level, len(rec.bots)) if rec.bots else []
    seats = listed([*rec.humans, *(bot_named(b, lv) for b, lv in zip(rec.bots, levels))])
    return _("#{match} {game}, {when}, {status}{bots}: {seats}", match=rec.id, game=title, when=when, status=status,
             bots=_bots_played_on(rec), seats=seats)


STATUS = {"playing": _("being played"), "over": _("finished"), "abandoned": _("set aside")}


def _bots_played_on(rec: MatchRecord) -> Msg | str:
    """What ``matches`` adds to the status when people left and bots kept their seats: 'finished by
    bots after ann and cy left', or, when someone is still playing, whose seat a bot plays."""
    last = {h.player: h for h in rec.handovers if not h.for_a_turn}  # each person's latest change of seat
    gone = [name for name in rec.humans if name in last and last[name].to_bot]
    if not gone or rec.status not in ("playing", "over"):
        return ""
    names = _and(gone)
    if len(gone) == len(rec.humans):
        return _(" by bots after {names} left", names=names) if rec.status == "over" else \
            _(" by bots since {names} left", names=names)
    if rec.status == "over":
        return _(" (a bot played on for {names}, who left)", names=names)
    return _(" (a bot plays on for {names}, who left)", names=names)


def _and(names: list[str]) -> Msg | str:
    return names[0] if len(names) == 1 else _("{list} and {last}", list=", ".join(names[:-1]), last=names[-1])


HANDED = {"left": lambda when, player: _("{when}, {player} got up: a bot plays their seat from here.",
                                          when=when, player=player),
          "away": lambda when, player: _("{when}, {player} was away too long: a bot plays their seat from here.",
                                          when=when, player=player),
          "back": lambda when, player: _("{when}, {player} took their seat back from the bot.", when=when, player=player)}


def handover_line(h: Handover) -> Msg:
    """A seat changing hands, as the replay says it between the moves."""
    when = _("Before the first move") if h.seq == 0 else _("After move {move}", move=h.seq)
    return HANDED[h.why](when, h.player)


def public_lines(store: Store, match_id: int, local: bool = False) -> list[str]:
    """The match as a spectator saw it, from its start to its last stored move (``local``: its
    heading in local time, see :func:`moment`)."""
    rec = store.match(match_id)
    if rec is None:
        raise RuleError(_("There is no match #{match}. Type 'matches' for yours.", match=match_id))
    try:
        game = games.get(rec.game)
    except KeyError:
        raise RuleError(_("Match #{match} was a game this server no longer has ({game}).", match=match_id, game=rec.game)) from None
    table = Table(game, rec.humans, rec.bots, rec.seed, rec.options, rec.level)
    table.start(settle=False)
    lines = [describe(rec, local)]
    timed = timed_out(rec.handovers)  # (told by the move's own news, as at the table)
    handovers = [h for h in rec.handovers if not h.for_a_turn]
    seen = 0  # events already turned into lines
    for seq, player, action, by_bot in store.moves_by(match_id):
        lines += _public(table.events[seen:])
        seen = len(table.events)
        while handovers and handovers[0].seq < seq:  # a seat changed hands before this move
            lines.append(handover_line(handovers.pop(0)))
        table.replay(player, action, time_up=by_bot and (seq, player) in timed)
    lines += _public(table.events[seen:])
    return lines + [handover_line(h) for h in handovers]


def _public(events) -> list:
    return [e.text for e in events if e.visible_to(None)]  # messages, worded for each reader as the replay is shown


def page(lines: list[str], match_id: int, number: int) -> list[str]:
    """Page ``number`` (from 1) of a replay, with a line saying how to go on."""
    pages = max(1, -(-len(lines) // PAGE))
    if not 1 <= number <= pages:
        raise RuleError(_.plural("Match #{match} has {n} page of replay.", "Match #{match} has {n} pages of replay.", pages,
                                 match=match_id))
    shown = lines[(number - 1) * PAGE:number * PAGE]
    if number < pages:
        shown.append(_("(page {page} of {pages}: 'replay {match} {next}' goes on)", page=number, pages=pages,
                       match=match_id, next=number + 1))
    else:
        shown.append(_("(page {page} of {pages}: the end of what was stored)", page=number, pages=pages))
    return shown
