"""Another player's turn of Quest for Legend in one line ("Round 2: bot1's turn (Perseus): undertakes Medusa
with I (still needs A E E); draws a card."), for the shell to show in place of its three to six lines.

Only the events of that turn the viewer may see are given, and only their own public words are
used: what a player draws stays "draws a card" for everyone else.
"""

from __future__ import annotations

from games.engine import Event, joined_turn


def summarise(actor: str, events: list[Event], viewer: str | None) -> list[str]:
    """The turn's happenings in order, on one line led by the turn's own header ('Round 2: bot1's turn
    (Perseus)') when it is among them."""
    lead = next((str(e.text).strip().rstrip(".") for e in events if e.kind == "turn"), "")
    return joined_turn(actor, events, skip=("turn",), lead=lead)
