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
from games.quest.text import PLACE_WORD
from games.quest.words import _


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


def verify(seal: dict, ledger: list[dict]) -> tuple[bool, list]:
    """Check an opened seal and the ledger against it; (all good, the lines that say so: messages,
    worded for each reader, the places of the revealed map named in their language)."""
    if not seal.get("map") or not seal.get("salt"):
        return False, [_("The map is sealed until the game ends; then 'ledger verify' checks it."),
                       _("Commitment: {commitment}", commitment=seal.get("commitment", "?"))]
    lines, ok = [], True
    if commitment(seal["map"], seal["salt"]) == seal.get("commitment"):
        lines.append(_("Commitment {commitment}...: the revealed map is the one sealed at the start.",
                       commitment=seal["commitment"][:16]))
    else:
        ok = False
        lines.append(_("Commitment MISMATCH: the revealed map or salt is not the one sealed at the start."))
    try:
        rooms = json.loads(seal["map"])["rooms"]
    except (ValueError, KeyError, TypeError):
        return False, lines + [_("The revealed map cannot be read.")]
    for e in ledger:
        room = rooms.get(e["room"])
        entry = dict(player=e["player"], room=e["room"], roll=e["roll"])
        if room is None:
            ok = False
            lines.append(_("{player}, {room} = {roll}: there is no room {room}.", **entry))
        elif e["roll"] >= room[1]:
            lines.append(_("{player}, {room} = {roll}: holds ({place}, difficulty {difficulty}).",
                           place=_place(room[0]), difficulty=room[1], **entry))
        else:
            ok = False
            lines.append(_("{player}, {room} = {roll}: DOES NOT HOLD ({place}, difficulty {difficulty}).",
                           place=_place(room[0]), difficulty=room[1], **entry))
    lines.append(_("Everything verifies.") if ok else _("Verification FAILED."))
    return ok, lines


def _place(location: str):
    """A revealed room's place in the reader's words ('castle' reads castello); as published when the
    map names one the game does not know (a tampered map)."""
    word = PLACE_WORD.get(location)
    return word if word is not None else location
