"""Another player's turn told in a line or two ("bot1 rolls 4, moves C6 -> E4, peeks at 3 doors,
succeeds at E4"), for the shell to show in place of its ten or twenty lines (mud/shell/fold.py).

Built only from the events of that turn the viewer may see -- the same public lines the full log
shows -- so it can tell nothing they do not. The first line is the walk (roll, path, doors, the
act); anything else that happened (a key taken, a spell, a duel between others, a promotion) goes
to a second line, in its own words.
"""

from __future__ import annotations

from games.engine import Event

# Kinds the first line tells in a word or two; every other kind is said in the second line.
WALK = ("turn", "roll", "moved", "door_turned", "door_peeked", "stopped", "passed", "acted", "ledger",
        "blocked", "consent_asked")
# A duel between others: its start and its outcome are told, the hands and moves between are not.
DUEL_STEPS = ("rps_chosen", "rps_revealed", "duel_played", "duel_hand", "duel_hands", "duel_unarmed",
              "bolt_struck", "bolt_blocked", "bolt_absorbed", "bolt_stopped", "armour_broken")


def _said(actor: str, text: str) -> str:
    """An event's own words, without the actor's name in front or the final full stop."""
    text = text.strip().rstrip(".!")
    return text[len(actor) + 1:] if text.startswith(actor + " ") else text


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'s' if n != 1 else ''}"


def summarise(actor: str, events: list[Event], viewer: str | None) -> list[str]:
    """One line of the walk, and one of anything else (if anything else happened)."""
    parts: list[str] = []
    path: list[str] = []
    turned = peeked = 0
    others: list[str] = []
    blocked: list[str] = []  # one closed door in its own words; several counted (a line, not three)
    for e in events:
        d = e.data
        if e.kind == "roll":
            parts.append(f"rolls {d.get('roll', '?')}")
        elif e.kind == "moved":
            if not path:
                path.append(str(d.get("origin", "?")))
                parts.append("")  # the path's place among the parts, filled in below
            path.append(str(d.get("room", "?")))
        elif e.kind == "door_turned":
            turned += 1
        elif e.kind == "door_peeked":
            peeked += 1
        elif e.kind == "stopped" and path:
            continue  # where the walk ended is the path's last room
        elif e.kind == "consent_asked":
            asked = f"asks to enter {d.get('room', '?')}"
            if asked not in parts:  # asked again later in the walk: once is enough
                parts.append(asked)
        elif e.kind == "blocked":
            if not blocked:
                parts.append("\0")  # the closed doors' place among the parts, filled in below
            blocked.append(_said(actor, str(e.text)))
        elif e.kind in ("stopped", "passed", "acted"):
            parts.append(_said(actor, str(e.text)))
        elif e.kind in ("turn", "ledger") or e.kind in DUEL_STEPS:
            continue  # the turn is the line itself; the ledger entry repeats the act; a duel's steps
        else:
            said = str(e.text).strip().rstrip(".!")  # (table talk is a message: its English, until this game is converted)
            if said not in others:
                others.append(said)
    if path:
        steps = len(path) - 1
        parts[parts.index("")] = f"moves {' -> '.join(path) if steps <= 3 else f'{path[0]} -> {path[-1]}'}" + (
            f" ({_count(steps, 'step')})" if steps > 3 else "")
    if blocked:
        parts[parts.index("\0")] = blocked[0] if len(blocked) == 1 else f"finds {_count(len(blocked), 'door')} closed"
    if turned:
        parts.append(f"turns up {_count(turned, 'door')}")
    if peeked:
        parts.append(f"peeks at {_count(peeked, 'door')}")
    lines = [f"{actor} {', '.join(parts)}."] if parts else []
    if others:
        lines.append(("Also: " if lines else "") + "; ".join(others) + ".")
    return lines
