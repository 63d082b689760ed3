"""Phase 1: resource cards under missions on the table (rules/quest-for-legend.md, A turn, 1).

Under your own mission you *undertake*, under anyone else's (a partner's too) you *disturb*. A card
goes only where its type is still needed; a hero's pair stands in for one card of another type. A
mission resolves the moment its code is met -- one card short for a hero under their favoured
mission -- and is *completed* if its owner placed the last card, *aborted* otherwise. Completing a
mission supersedes its twin on the table and kills the twin anywhere else.

The handlers carry a legal placement out (``apply`` has checked it against the legal actions): the
line is read by reading.py, and why an illegal one is refused is refusals.py's to say.
"""

from __future__ import annotations

from games.engine import Event, announce
from games.legend.data import MISSIONS
from games.legend.reading import locate, needs_text, reached, split, units_of
from games.legend.state import LegendState, OnTable


def do_undertake(state: LegendState, player: str, *words: str) -> list[Event]:
    return _place(state, player, words, own=True)


def do_disturb(state: LegendState, player: str, *words: str) -> list[Event]:
    return _place(state, player, words, own=False)


def _place(state: LegendState, player: str, words: tuple[str, ...], own: bool) -> list[Event]:
    """Cards under the mission the words name, or -- no cards -- a hero's favoured mission claimed
    (their own: completed) or aborted one card short."""
    ref, cards = split(words)
    entry, _ = locate(state, player, ref, own)
    units, _ = units_of(state, player, entry, cards)
    if not units:
        return resolve(state, player, entry, declared=True)
    hand = state.seats[player].hand
    for u in units:
        for c in u.cards:
            hand.remove(c)
        entry.under.append(u)
    shown = " ".join(f"{u.cards[0]} {u.cards[1]} as {u.fills}" if len(u.cards) == 2 else u.fills for u in units)
    left = entry.missing()
    short = MISSIONS[entry.mission].short
    done = reached(state, player, entry, sum(left.values()))
    tail = "" if done else f" (still needs {needs_text(left)})"
    data = dict(player=player, owner=entry.owner, mission=entry.mission,
                cards=[c for u in units for c in u.cards], fills=[u.fills for u in units])
    if own:
        ev = [announce(f"{player} undertakes {short} with {shown}{tail}.", "undertaken", **data)]
    else:
        whose = f"{entry.owner}'s" if not partner(state, player, entry) else f"their partner {entry.owner}'s"
        ev = [announce(f"{player} disturbs {whose} {short} with {shown}{tail}.", "disturbed", **data,
                       partner=partner(state, player, entry))]
    if done:
        ev += resolve(state, player, entry, declared=False)
    return ev


def resolve(state: LegendState, player: str, entry: OnTable, declared: bool) -> list[Event]:
    """The mission is met: completed by its owner, aborted by anyone else."""
    m = MISSIONS[entry.mission]
    state.table.remove(entry)
    how = f" (as {state.hero(player).name}, one card short)" if reached_short(entry) else ""
    if player != entry.owner:
        cards = entry.cards()
        state.discard += cards
        whose = f"{entry.owner}'s" if not partner(state, player, entry) else f"their partner {entry.owner}'s"
        return [announce(f"{player} aborts {whose} {m.short}{how}: nobody scores; its {len(cards)} cards "
                         "go to the discard pile.", "aborted", player=player, owner=entry.owner, mission=m.key,
                         cards=cards, declared=declared, partner=partner(state, player, entry))]
    state.seats[player].completed.append(entry)
    state.done.append(m.key)
    ev = [announce(f"{player} completes {m.name}{how}: {m.points} Legend Point{'s' * (m.points > 1)}, safe for ever.",
                   "completed", player=player, mission=m.key, points=m.points, declared=declared)]
    for twin in [e for e in state.table if e.mission == m.key]:
        state.table.remove(twin)
        state.seats[twin.owner].superseded.append(twin)
        ev.append(announce(f"{twin.owner}'s {m.short} is superseded: set aside, it will count -{m.points}.",
                           "superseded", player=twin.owner, mission=m.key, points=-m.points,
                           cards=twin.cards()))
    return ev  # the tenth mission completed ends the game: the phase table's flow (phases.py)


def partner(state: LegendState, player: str, entry: OnTable) -> bool:
    """Is ``entry`` the mission of the player's partner (a team game)? Disturbed and aborted all the
    same as an opponent's (rules: a partner's mission counts as an opponent's); the events say so."""
    return entry.owner != player and entry.owner in state.partners(player)


def reached_short(entry: OnTable) -> bool:
    return sum(entry.missing().values()) == 1
