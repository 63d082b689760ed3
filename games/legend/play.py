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
from games.legend.names import HERO_NAMES, MISSION_NAMES, MISSION_SHORT
from games.legend.reading import locate, needs_text, reached, split, units_of
from games.legend.state import LegendState, OnTable
from games.legend.words import _, row


def do_undertake(state: LegendState, player: str, *words: str) -> list[Event]:
    return _place(state, player, words, own=True)


def do_disturb(state: LegendState, player: str, *words: str) -> list[Event]:
    return _place(state, player, words, own=False)


def _place(state: LegendState, player: str, words: tuple[str, ...], own: bool) -> list[Event]:
    """Cards under the mission the words name, or -- no cards -- a hero's favoured mission claimed
    (their own: completed) or aborted one card short."""
    ref, cards = split(words)
    entry, _problem = locate(state, player, ref, own)
    units, _problem = units_of(state, player, entry, cards)
    if not units:
        return resolve(state, player, entry, declared=True)
    hand = state.seats[player].hand
    for u in units:
        for c in u.cards:
            hand.remove(c)
        entry.under.append(u)
    shown = row([_("{pair} {pair} as {card}", pair=u.cards[0], card=u.fills) if len(u.cards) == 2 else u.fills
                 for u in units])
    left = entry.missing()
    done = reached(state, player, entry, sum(left.values()))
    words = dict(player=player, owner=entry.owner, mission=MISSION_SHORT[entry.mission], cards=shown,
                 needs=needs_text(left))
    data = dict(player=player, owner=entry.owner, mission=entry.mission,
                cards=[c for u in units for c in u.cards], fills=[u.fills for u in units])
    if own:
        text = (_("{player} undertakes {mission} with {cards}.", **words) if done
                else _("{player} undertakes {mission} with {cards} (still needs {needs}).", **words))
        ev = [announce(text, "undertaken", **data)]
    else:
        ally = partner(state, player, entry)
        if ally:
            text = (_("{player} disturbs their partner {owner}'s {mission} with {cards}.", **words) if done else
                    _("{player} disturbs their partner {owner}'s {mission} with {cards} (still needs {needs}).",
                      **words))
        else:
            text = (_("{player} disturbs {owner}'s {mission} with {cards}.", **words) if done
                    else _("{player} disturbs {owner}'s {mission} with {cards} (still needs {needs}).", **words))
        ev = [announce(text, "disturbed", **data, partner=ally)]
    if done:
        ev += resolve(state, player, entry, declared=False)
    return ev


def resolve(state: LegendState, player: str, entry: OnTable, declared: bool) -> list[Event]:
    """The mission is met: completed by its owner, aborted by anyone else."""
    m = MISSIONS[entry.mission]
    state.table.remove(entry)
    short = reached_short(entry)
    hero = HERO_NAMES[state.seats[player].hero]
    if player != entry.owner:
        cards = entry.cards()
        state.discard += cards
        ally = partner(state, player, entry)
        words = dict(player=player, owner=entry.owner, mission=MISSION_SHORT[m.key], n=len(cards), hero=hero)
        if ally:
            text = (_("{player} aborts their partner {owner}'s {mission} (as {hero}, one card short): nobody scores; "
                      "its {n} cards go to the discard pile.", **words) if short else
                    _("{player} aborts their partner {owner}'s {mission}: nobody scores; its {n} cards go to the "
                      "discard pile.", **words))
        else:
            text = (_("{player} aborts {owner}'s {mission} (as {hero}, one card short): nobody scores; its {n} cards "
                      "go to the discard pile.", **words) if short else
                    _("{player} aborts {owner}'s {mission}: nobody scores; its {n} cards go to the discard pile.",
                      **words))
        return [announce(text, "aborted", player=player, owner=entry.owner, mission=m.key,
                         cards=cards, declared=declared, partner=ally)]
    state.seats[player].completed.append(entry)
    state.done.append(m.key)
    words = dict(player=player, mission=MISSION_NAMES[m.key], hero=hero,
                 points=_.plural("{n} Legend Point", "{n} Legend Points", m.points))
    text = (_("{player} completes {mission} (as {hero}, one card short): {points}, safe for ever.", **words) if short
            else _("{player} completes {mission}: {points}, safe for ever.", **words))
    ev = [announce(text, "completed", player=player, mission=m.key, points=m.points, declared=declared)]
    for twin in [e for e in state.table if e.mission == m.key]:
        state.table.remove(twin)
        state.seats[twin.owner].superseded.append(twin)
        ev.append(announce(_("{owner}'s {mission} is superseded: set aside, it will count -{points}.",
                             owner=twin.owner, mission=MISSION_SHORT[m.key], points=m.points),
                           "superseded", player=twin.owner, mission=m.key, points=-m.points,
                           cards=twin.cards()))
    return ev  # the tenth mission completed ends the game: the phase table's flow (phases.py)


def partner(state: LegendState, player: str, entry: OnTable) -> bool:
    """Is ``entry`` the mission of the player's partner (a team game)? Disturbed and aborted all the
    same as an opponent's (rules: a partner's mission counts as an opponent's); the events say so."""
    return entry.owner != player and entry.owner in state.partners(player)


def reached_short(entry: OnTable) -> bool:
    return sum(entry.missing().values()) == 1
