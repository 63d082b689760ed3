"""Another player's turn of Quantum in one line ("Round 1: bot1's turn: moves the 3 from f2 to d1;
reconfigures the 3 at b1: now a 6; ..."), for the shell to show in place of its four to eight lines.

Quantum hides nothing, and the summary uses only the public words of the turn's events anyway.
"""

from __future__ import annotations

import re

from games.engine import Event, joined_turn


def summarise(actor: str, events: list[Event], viewer: str | None) -> list[str]:
    """The turn's actions in order, on one line (its announcement, 'ends the turn' and the new
    face-up cards left out: the panel shows the cards, 'log full' the line), led by the turn's
    header without its count of actions ('Round 1: bot1's turn') when it is among them."""
    lead = next((re.sub(r"\s*\(.*\)\.?$", "", str(e.text).strip()).rstrip(".") for e in events if e.kind == "turn"), "")
    return joined_turn(actor, events, skip=("turn", "turn_end", "cards_revealed"), lead=lead)
