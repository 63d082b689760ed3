"""The choices a Quantum player owes (``state.pending``: a dominion cube, a card, a gambit's effect ...)
and their answers, and the playing of a gambit that owes them.

This module sits below the turn frame (turns.py): ``settle`` asks it whether an owed choice has any
answer before it asks for one, and a turn's start plays the gambits held over; the cards, the
actions and the prompts above use the same answers.
"""

from __future__ import annotations

from itertools import combinations

from games.engine import Action, Event, announce
from games.quantum.cardnames import card_name
from games.quantum.faceup import takeable
from games.quantum.moves import free_orbit, map_order
from games.quantum.state import QuantumState
from games.quantum.words import _


def pending_actions(state: QuantumState) -> list[Action]:
    """The answers to the first owed choice (none: it has no effect and is dropped)."""
    owed, player = state.pending[0], state.turn.player
    kind = owed["kind"]
    if kind == "advance":
        return [Action("advance"), Action("stay")]
    if kind == "dominion":
        return [Action("place", (p,)) for p in dominion_planets(state, player)]
    if kind == "card":
        names = takeable(state.faceup)  # in the order of their numbers (faceup.py)
        more = [Action("refresh")] if names or state.gambits or state.commands else []
        return [Action("take", (c,)) for c in names] + more
    if kind == "drop":
        return [Action("drop", (c,)) for c in owed["choices"]]
    if kind == "expansion":
        return [Action("place", (sq,)) for sq in expansion_squares(state, player)]
    if kind == "relocation":
        return [Action("relocate", r) for r in relocations(state, player)]
    if kind == "reorganise":
        mine = map_order(state, [s.square for s in state.fleet(player)])
        subsets = [c for n in range(1, len(mine) + 1) for c in combinations(mine, n)]
        return [Action("keep")] + [Action("reroll", c) for c in subsets]
    if kind == "sabotage":
        return [Action("sabotage", (sq,)) for sq in sabotage_targets(state, player)]
    return []


def dominion_planets(state: QuantumState, player: str) -> list[str]:
    """Where a dominion cube may go: a planet with a free slot and none of the player's cubes (else,
    Decision, any planet with a free slot)."""
    free = [p for p in state.map.planets if len(state.cubes.get(p, [])) < state.map.slots(p)]
    mine = [p for p in free if player not in state.cubes.get(p, [])]
    return map_order(state, mine or free)


def expansion_squares(state: QuantumState, player: str) -> list[str]:
    if not state.fleet(player, "reserve"):
        return []
    planets = [p for p, owners in state.cubes.items() if player in owners]
    taken = state.occupant()
    return map_order(state, {sq for p in planets for sq in free_orbit(state, p, taken)})


def relocations(state: QuantumState, player: str) -> list[tuple[str, str, str]]:
    """(owner, from planet, to planet) for every enemy cube that can be moved."""
    out = []
    for planet in map_order(state, state.cubes):
        for owner in sorted(set(state.cubes[planet]) - {player}):
            for to in map_order(state, state.map.planets):
                cubes = state.cubes.get(to, [])
                if to != planet and len(cubes) < state.map.slots(to) and owner not in cubes:
                    out.append((owner, planet, to))
    return out


def sabotage_targets(state: QuantumState, player: str) -> list[str]:
    """Enemy ships orthogonally next to one of the player's ships (Decision: 'adjacent' as ability 1)."""
    occupant = state.occupant()
    out = set()
    for s in state.fleet(player):
        for sq in state.map.neighbours(s.square):
            if sq in occupant and occupant[sq].owner != player:
                out.add(sq)
    return map_order(state, out)


# --- gambits -----------------------------------------------------------------------------------------

def play_gambit(state: QuantumState, player: str, card: str, why: str, front: bool = False) -> list[Event]:
    """Resolve a gambit now (Surge, Overdrive) or owe its choice (the others); then it goes back into
    the gambit deck, which is shuffled."""
    _reshuffle(state, card)
    ev = [announce(_("{player} plays {card} ({why}).", player=player, card=card_name(card), why=why), "gambit", player=player,
                   card=card)]
    turn = state.turn
    if card == "surge":
        turn.actions += 1
        return ev + [announce(_("{player} gains an action ({actions} left).", player=player, actions=turn.actions),
                              "surge", player=player,
                              actions=turn.actions)]
    if card == "overdrive":
        turn.overdrive = True
        return ev
    owed = {"kind": card, "card": card}
    if front:
        state.pending.insert(0, owed)
    else:
        state.pending.append(owed)
    return ev


def _reshuffle(state: QuantumState, card: str) -> None:
    state.gambits.append(card)
    state.rng.shuffle(state.gambits)
