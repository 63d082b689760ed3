"""How a game of Quest ends: a winner is declared, the map is revealed and the ledger checked."""

from __future__ import annotations

from games.engine import Event, announce
from games.quest.state import QuestState
from games.quest.words import _


def win(state: QuestState, player: str, last: bool = False) -> list[Event]:
    """Declare ``player`` the winner (``last``: as the last one alive), then reveal the map."""
    state.winner = player
    text = _("{player} wins the game, the last one alive!", player=player) if last else \
        _("{player} wins the game!", player=player)
    return [announce(text, "game_over", winner=player), reveal(state)]


def reveal(state: QuestState) -> Event:
    """At the end the whole map is shown to everyone and every ledger entry is checked against it."""
    checks = []
    for entry in state.ledger:
        room = state.rooms[entry.room]
        checks.append({"entry": entry.line(), "location": room.location, "difficulty": room.difficulty,
                       "holds": entry.roll >= room.difficulty})
    ok = all(c["holds"] for c in checks)
    if ok:
        text = _.plural("The map is revealed. The ledger has {n} entry; every one holds. The sealed map and its "
                        "salt are published: 'ledger verify' checks them.",
                        "The map is revealed. The ledger has {n} entries; every one holds. The sealed map and its "
                        "salt are published: 'ledger verify' checks them.", len(checks))
    else:
        text = _.plural("The map is revealed. The ledger has {n} entry; SOME DO NOT HOLD. The sealed map and its "
                        "salt are published: 'ledger verify' checks them.",
                        "The map is revealed. The ledger has {n} entries; SOME DO NOT HOLD. The sealed map and its "
                        "salt are published: 'ledger verify' checks them.", len(checks))
    return announce(text, "revealed", rooms={c: [r.location, r.difficulty] for c, r in state.rooms.items()},
                    ledger=checks, ok=ok, map=state.sealed_map, salt=state.salt, commitment=state.commitment)
