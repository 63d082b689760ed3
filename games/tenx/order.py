"""The orders 10x settles ties with (rules/tenx.md): who plays a bonus first, who masks first, who
rolls the die, who is ranked first on a common quest, and who wins the game.

The shared chain is: fewer points, then fewer resolved quests, fewer quests in hand, fewer game
cards; a tie left after all of it is broken by a die roll (higher first), drawn from the match's Rng
only when it is needed.
"""

from __future__ import annotations

from itertools import groupby
from typing import Callable

from games.engine import Event, announce
from games.tenx.data import CARDS, MODIFIERS
from games.tenx.state import TenxState


def standing(state: TenxState, p: str) -> tuple:
    s = state.seats[p]
    return (s.points, len(s.shown), len(s.quests), len(s.hand))


def ranked(state: TenxState, players: list[str], first: Callable[[str], tuple] = lambda p: (),
           ev: list[Event] | None = None, why: str = "") -> list[str]:
    """``players`` by ``first`` then the chain, ascending; full ties broken by a die (higher first).
    Every tie-break roll is told to all (a ``tie_rolled`` event appended to ``ev``) so it can be checked."""
    key = lambda p: (first(p), standing(state, p))  # noqa: E731
    out: list[str] = []
    for _, group in groupby(sorted(players, key=key), key=key):
        group = list(group)
        if len(group) > 1:
            rolls = {p: state.rng.die() for p in group}
            group.sort(key=lambda p: -rolls[p])
            if ev is not None:
                words = ", ".join(f"{p} {n}" for p, n in rolls.items())
                ev.append(announce(f"A tie{f' {why}' if why else ''} is broken by the die: {words}.", "tie_rolled",
                                   rolls=rolls, order=list(group), why=why))
        out += group
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
