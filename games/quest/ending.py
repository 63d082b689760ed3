"""How a game of Quest ends: a winner is declared, the map is revealed and the ledger checked."""

from __future__ import annotations

from games.engine import Event, announce
from games.quest.state import QuestState


def win(state: QuestState, player: str, why: str) -> list[Event]:
    """Declare ``player`` the winner (``why`` completes "X wins ..."), then reveal the map."""
    state.winner = player
    return [announce(f"{player} wins the game{why}!", "game_over", winner=player), reveal(state)]


def reveal(state: QuestState) -> Event:
    """At the end the whole map is shown to everyone and every ledger entry is checked against it."""
    checks = []
    for entry in state.ledger:
        room = state.rooms[entry.room]
        checks.append({"entry": entry.line(), "location": room.location, "difficulty": room.difficulty,
                       "holds": entry.roll >= room.difficulty})
    ok = all(c["holds"] for c in checks)
    text = (f"The map is revealed. The ledger has {len(checks)} entr{'y' if len(checks) == 1 else 'ies'}; "
            + ("every one holds." if ok else "SOME DO NOT HOLD."))
    text += " The sealed map and its salt are published: 'ledger verify' checks them."
    return announce(text, "revealed", rooms={c: [r.location, r.difficulty] for c, r in state.rooms.items()},
                    ledger=checks, ok=ok, map=state.sealed_map, salt=state.salt, commitment=state.commitment)
