"""Naming one's own ship as a player types it: by its value ('3') or its square ('c4'). Two readers
share it: ``canonical`` (a ship named by its value becomes its square, the form ``legal_actions``
lists) and ``why_not`` (a name that fits none of the player's ships is refused in these words). A
handler never names a ship this way: its action is canonical, so the ship is the one on its square."""

from __future__ import annotations

from games.engine import RuleError
from games.quantum.moves import map_order
from games.quantum.state import QuantumState, Ship
from games.quantum.words import _, listed


def find_ship(state: QuantumState, player: str, ref: str) -> Ship:
    """Your ship in play named by its value ('3') or its square ('c4'); RuleError, saying which
    ships you have, when the name fits none of them (or several: name one by its square)."""
    ref = str(ref).strip().lower()
    mine = state.fleet(player)
    if ref.isdigit():
        same = [s for s in mine if s.value == int(ref)]
        if len(same) == 1:
            return same[0]
        if not same:
            raise RuleError(_("You have no {ref} in play (your ships: {ships}).", ref=ref, ships=fleet_text(state, player)))
        where = ", ".join(map_order(state, [s.square for s in same]))
        raise RuleError(_("You have {n} ships showing {ref} (at {where}): name one by its square.", n=len(same), ref=ref,
                          where=where))
    ship = state.occupant().get(ref)
    if ship is None:
        raise RuleError(_("No ship at {ref} (your ships: {ships}).", ref=ref[:6], ships=fleet_text(state, player)))
    if ship.owner != player:
        raise RuleError(_("The ship at {ref} is {owner}'s.", ref=ref, owner=ship.owner))
    return ship


def fleet_text(state: QuantumState, player: str):
    """The player's ships in play, in map order: '3 at c4, 5 at e6' (or 'none in play')."""
    ships = sorted(state.fleet(player), key=lambda s: map_order(state, state.map.squares).index(s.square))
    return listed([_("{value} at {square}", value=s.value, square=s.square) for s in ships]) or _("none in play")
