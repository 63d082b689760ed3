"""A stored match brought back as it stood at its last stored move (:meth:`World.resume`, after a
crash or on another node): from its latest snapshot, else its opening, then its logged moves after
that. Each bot's move is thought again by its bot (`mud.shell.table.Table.replay`), so the bots' randomness
and memory are where they were and the match plays on exactly as if it had never stopped."""

from __future__ import annotations

import games
from mud.shell.table import Table


def rebuilt(store, rec) -> Table:
    """``rec``'s match (a MatchRecord) from ``store``, up to its last stored move. Seats handed to a
    bot (the store's handovers) are bots while their moves are thought again, and stay so when the
    last hand-over left them to a bot, as in the match that never stopped (:func:`handed`)."""
    game = games.get(rec.game)
    match = Table(game, rec.humans, rec.bots, rec.seed, rec.options, rec.level)
    after = 0
    snap = store.latest_snapshot(rec.id)
    if snap is not None:
        after, data = snap
        match.restore(data)
        if len(match.log) != after:
            match = Table(game, rec.humans, rec.bots, rec.seed, rec.options, rec.level)
            after = 0
    if after == 0:
        match.start(settle=False)  # the opening events; the bots' moves are in the log
    handovers = list(store.handovers(rec.id))
    timed = timed_out(handovers)
    for seq, player, action, by_bot in store.moves_by(rec.id, after):
        while handovers and handovers[0].seq < seq:  # a seat changed hands before this move
            change = handovers.pop(0)
            if change.player in match.seats and not change.for_a_turn:
                match.set_bot(change.player, change.to_bot)
        match.replay(player, action, by_bot=by_bot, time_up=by_bot and (seq, player) in timed)
    for name, why in handed(store, rec).items():
        match.set_bot(name, why != "back")
    return match


def timed_out(handovers) -> set[tuple[int, str]]:
    """The moves (seq, player) that began a turn a bot played for a person whose time was up: the
    move after each 'time' handover, when a bot made it for that person (``moves_by``'s by_bot)."""
    return {(h.seq + 1, h.player) for h in handovers if h.for_a_turn}


def handed(store, rec) -> dict[str, str]:
    """Each person's last hand-over of their seat in ``rec``'s match: 'left' or 'away' (a bot plays
    their seat) or 'back' (theirs again); a person never handed over is not in it (a turn a bot
    played when their time was up hands no seat over)."""
    return {h.player: h.why for h in store.handovers(rec.id) if h.player in rec.humans and not h.for_a_turn}
