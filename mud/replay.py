"""Finished matches, watched again: ``matches`` lists a player's, ``replay N`` pages through one as a
spectator saw it, and ``mud replay N`` does the same from the shell.

A replay is rebuilt from the stored log -- the seed, the seats and every accepted move -- by the
same Table that played it, and shows only the events a spectator could see: nothing that was secret
then is told now (a hand, a red door, a secret target stays hidden).
"""

from __future__ import annotations

import time

import games
from games.engine import RuleError
from mud.store import MatchRecord, Store
from mud.table import Table, bot_levels

PAGE = 40  # lines a page of a replay holds


def describe(rec: MatchRecord) -> str:
    """One line of ``matches``: number, game, when, status, seats."""
    title = games.get(rec.game).title if rec.game in games.CATALOGUE else rec.game
    when = time.strftime("%Y-%m-%d %H:%M", time.gmtime(rec.created)) if rec.created else "?"
    status = {"playing": "being played", "over": "finished", "abandoned": "set aside"}.get(rec.status, rec.status)
    levels = bot_levels(rec.level, len(rec.bots)) if rec.bots else []
    seats = ", ".join([*rec.humans, *(f"{b} ({lv} bot)" for b, lv in zip(rec.bots, levels))])
    return f"#{rec.id} {title}, {when} UTC, {status}: {seats}"


def public_lines(store: Store, match_id: int) -> list[str]:
    """The match as a spectator saw it, from its start to its last stored move."""
    rec = store.match(match_id)
    if rec is None:
        raise RuleError(f"There is no match #{match_id}. Type 'matches' for yours.")
    try:
        game = games.get(rec.game)
    except KeyError:
        raise RuleError(f"Match #{match_id} was a game this server no longer has ({rec.game}).") from None
    table = Table(game, rec.humans, rec.bots, rec.seed, rec.options, rec.level)
    table.start(settle=False)
    for _seq, player, action in store.moves(match_id):
        table.replay(player, action)
    return [describe(rec)] + [e.text for e in table.events if e.visible_to(None)]


def page(lines: list[str], match_id: int, number: int) -> list[str]:
    """Page ``number`` (from 1) of a replay, with a line saying how to go on."""
    pages = max(1, -(-len(lines) // PAGE))
    if not 1 <= number <= pages:
        raise RuleError(f"Match #{match_id} has {pages} page{'s' if pages != 1 else ''} of replay.")
    shown = lines[(number - 1) * PAGE:number * PAGE]
    if number < pages:
        shown.append(f"(page {number} of {pages}: 'replay {match_id} {number + 1}' goes on)")
    else:
        shown.append(f"(page {number} of {pages}: the end of what was stored)")
    return shown
