"""The one numbering of Quantum's six face-up cards, shared by every place that shows or reads a
number: the ``cards`` screen, the question a player who earns a card is asked (its answers are
numbered 1, 2, 3 ... in order), ``take N``, and the TUI's card panels.

The question offers each card once (two face-up Expansions are one choice: either is the same card),
in the order of the six places (3 gambits, then 3 commands), skipping a place a deck could not
fill. So a card's number is its rank among the distinct face-up cards, and the screens show a
doubled card once, with how many lie face up. With six different cards, the numbers are the places
1-6. Works on the bare list of six places, so the rules (a state's ``faceup``) and the board (a
view's ``faceup``) number alike.
"""

from __future__ import annotations

from games.quantum.data import FACE_UP


def takeable(faceup: list) -> list[str]:
    """The cards one may take, each once, in the order of their places: card N is the N-th."""
    return list(dict.fromkeys(c for c in faceup if c))


def named(faceup: list, word) -> str | None:
    """The card a typed word names: its number (1 = the first of ``takeable``), its name or the
    start of it; None when it names none."""
    w = str(word).strip().lower()
    cards = takeable(faceup)
    if w.isdigit():
        return cards[int(w) - 1] if 1 <= int(w) <= len(cards) else None
    if w in cards:
        return w
    return next((c for c in cards if w and c.startswith(w)), None)


def sections(faceup: list) -> list[tuple[str, list[tuple[int | None, str | None, int]]]]:
    """('gambits' | 'commands', entries) with each entry (number, card, copies face up): a doubled
    card is one entry; an empty place is (None, None, 1)."""
    numbers = {c: i for i, c in enumerate(takeable(faceup), 1)}
    out = []
    for kind, places in (("gambits", faceup[:FACE_UP]), ("commands", faceup[FACE_UP:])):
        entries, seen = [], set()
        for c in places:
            if c is None:
                entries.append((None, None, 1))
            elif c not in seen:
                seen.add(c)
                entries.append((numbers[c], c, places.count(c)))
        out.append((kind, entries))
    return out


def label(card: str, copies: int) -> str:
    """A card's name as listed: 'expansion' or, doubled, 'expansion x2'."""
    return f"{card} x{copies}" if copies > 1 else card
