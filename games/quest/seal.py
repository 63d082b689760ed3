"""The ledger made provable: the hidden map is sealed at set-up and opened at the end.

At set-up the engine publishes ``sha256(map + salt)``, a commitment to the map as it was dealt
(rooms and door faces), before anyone has seen anything. At the end it publishes the map text
and the salt. Anyone can then check, from what was published alone, that the map was not
changed during the game and that every ledger entry (``player, room = roll``) holds: the roll
reaches the difficulty of that room. A tampered map, salt or ledger fails the check.
"""

from __future__ import annotations

import hashlib
import json

from games.quest import board


def map_text(rooms: dict, doors: dict) -> str:
    """The map as dealt, as one canonical text: rooms (location, difficulty) and door faces."""
    data = {"rooms": {c: [r.location, r.difficulty] for c, r in sorted(rooms.items())},
            "doors": {board.edge_name(e): [d.colour, d.open] for e, d in sorted(doors.items(), key=lambda x: board.edge_name(x[0]))}}
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def salt_for(seed: int | str) -> str:
    """The salt of a match: from its seed (so a replay is identical), never from the game's dice."""
    return hashlib.sha256(f"questmud seal {seed}".encode()).hexdigest()[:32]


def commitment(text: str, salt: str) -> str:
    return hashlib.sha256((text + salt).encode()).hexdigest()


def verify(seal: dict, ledger: list[dict]) -> tuple[bool, list[str]]:
    """Check an opened seal and the ledger against it; (all good, the lines that say so)."""
    if not seal.get("map") or not seal.get("salt"):
        return False, ["The map is sealed until the game ends; then 'ledger verify' checks it.",
                       f"Commitment: {seal.get('commitment', '?')}"]
    lines, ok = [], True
    if commitment(seal["map"], seal["salt"]) == seal.get("commitment"):
        lines.append(f"Commitment {seal['commitment'][:16]}...: the revealed map is the one sealed at the start.")
    else:
        ok = False
        lines.append("Commitment MISMATCH: the revealed map or salt is not the one sealed at the start.")
    try:
        rooms = json.loads(seal["map"])["rooms"]
    except (ValueError, KeyError, TypeError):
        return False, lines + ["The revealed map cannot be read."]
    for e in ledger:
        room = rooms.get(e["room"])
        line = f"{e['player']}, {e['room']} = {e['roll']}"
        if room is None:
            ok = False
            lines.append(f"{line}: there is no room {e['room']}.")
        elif e["roll"] >= room[1]:
            lines.append(f"{line}: holds ({room[0]}, difficulty {room[1]}).")
        else:
            ok = False
            lines.append(f"{line}: DOES NOT HOLD ({room[0]}, difficulty {room[1]}).")
    lines.append("Everything verifies." if ok else "Verification FAILED.")
    return ok, lines
