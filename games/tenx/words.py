"""10x's messages (docs/i18n.md): every line the game tells a player is made with this domain's ``_``,
so each reader gets it in their own language; the Italian catalogue is ``locale/it/LC_MESSAGES/tenx.po``.
Card names and quest texts (data.py) are messages too; ``listed`` joins several in a line."""

from __future__ import annotations

from pathlib import Path

from games.words import Msg, Words

_ = Words("tenx", Path(__file__).resolve().parent / "locale")


def listed(items: list, empty: Msg | str = "") -> Msg | str:
    """``items`` (names, messages) joined by commas, as one message when any of them is one: a
    list of card names or quest texts reads in the reader's language, each item worded in turn."""
    if not items:
        return empty
    if not any(isinstance(i, Msg) for i in items):
        return ", ".join(str(i) for i in items)
    out = items[-1]
    for item in reversed(items[:-1]):
        out = _("{first}, {rest}", first=item, rest=out)
    return out
