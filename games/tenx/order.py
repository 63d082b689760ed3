"""The orders 10x settles ties with (rules/tenx.md): who plays a bonus first, who masks first, who
rolls the die, who is ranked first on a common quest, and who wins the game.

The shared chain is: fewer points, then fewer resolved quests, fewer quests in hand, fewer game
cards; a tie left after all of it is broken by a die roll (higher first), drawn from the match's Rng
only when it is needed; players who roll the same roll again until their order is settled.
"""

from __future__ import annotations

from itertools import groupby
from typing import Callable

from games.engine import Event, Msg, announce
from games.tenx.data import CARDS, MODIFIERS
from games.tenx.state import TenxState
from games.tenx.words import _


def standing(state: TenxState, p: str) -> tuple:
    s = state.seats[p]
    return (s.points, len(s.shown), len(s.quests), len(s.hand))


def ranked(state: TenxState, players: list[str], first: Callable[[str], tuple] = lambda p: (),
           ev: list[Event] | None = None, why: Msg | str = "") -> list[str]:
    """``players`` by ``first`` then the chain, ascending; full ties broken by a die (higher first).
    Every tie-break roll is told to all (a ``tie_rolled`` event appended to ``ev``) so it can be checked;
    ``why`` is a message (its English is the event's data)."""
    key = lambda p: (first(p), standing(state, p))  # noqa: E731
    out: list[str] = []
    for _key, group in groupby(sorted(players, key=key), key=key):
        group = list(group)
        out += _rolled_off(state, group, ev, why) if len(group) > 1 else group
    return out


def _rolled_off(state: TenxState, group: list[str], ev: list[Event] | None, why: Msg | str) -> list[str]:
    """A full tie settled by the die, higher first; players who roll the same roll again among
    themselves until every place is settled ("chi fa più vince": a tie of dice decides nothing).
    Each roll is one ``tie_rolled`` event, in the order rolled, with the order it settled."""
    events: list[Event] = []

    def settle(tied: list[str], again: bool) -> list[str]:
        rolls = {p: state.rng.die() for p in tied}
        at = len(events)
        events.append(announce("", "tie_rolled"))  # this roll's place: told before the rolls it causes
        order: list[str] = []
        for _roll, same in groupby(sorted(tied, key=lambda p: -rolls[p]), key=rolls.get):
            same = list(same)
            order += settle(same, True) if len(same) > 1 else same
        words = ", ".join(f"{p} {n}" for p, n in rolls.items())
        if again:
            text = _("{players} roll again: {rolls}.", players=listed(tied), rolls=words)
        elif why:
            text = _("A tie {why} is broken by the die: {rolls}.", why=why, rolls=words)
        else:
            text = _("A tie is broken by the die: {rolls}.", rolls=words)
        events[at] = announce(text, "tie_rolled", rolls=rolls, order=order, why=str(why), again=again)
        return order

    order = settle(group, False)
    if ev is not None:
        ev.extend(events)
    return order


def listed(players: list[str]) -> Msg | str:
    """Names as a list reads: 'a, b and c' (the last joined in each language's words)."""
    if len(players) == 1:
        return players[0]
    return _("{names} and {last}", names=", ".join(players[:-1]), last=players[-1])


def each_and(players: list[str]) -> Msg | str:
    """Names joined by 'and' each time ('a and b and c'), as the round's and the game's winners read."""
    out: Msg | str = players[0]
    for p in players[1:]:
        out = _("{names} and {last}", names=out, last=p)
    return out


def bonus_key(state: TenxState, p: str) -> tuple:
    """Ascending value; then fewer modifiers; then star before die before mask."""
    placed = state.round.table[p]
    mods = CARDS[placed.card].mods
    return (placed.value, len(mods), tuple(MODIFIERS.index(m) for m in mods))


def final_key(state: TenxState, p: str) -> tuple:
    """The end of the game: more points, more resolved quests, more quests in hand, more game cards."""
    s = state.seats[p]
    return (-s.points, -len(s.shown), -len(s.quests), -len(s.hand))
