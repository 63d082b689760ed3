"""Quantum's messages (docs/i18n.md): every line the game tells a player is made with this domain's ``_``,
so each reader gets it in their own language; the Italian catalogue is ``locale/it/LC_MESSAGES/quantum.po``.
A list of messages is itself a message (``listed``), never their English joined."""

from __future__ import annotations

from pathlib import Path

from games.words import Words

_ = Words("quantum", Path(__file__).resolve().parent / "locale")


def listed(items: list) -> object:
    """Items (messages or plain words) as a list reads, 'a, b, c', each language joining them its own way;
    one item is itself, none is the empty string (the caller words 'none' where it means something)."""
    items = list(items)
    if len(items) <= 1:
        return items[0] if items else ""
    return _("{head}, {tail}", head=items[0], tail=listed(items[1:]))


def anded(names: list[str]) -> object:
    """Names joined by 'and' each time ('a and b and c'), as the winners read."""
    if len(names) <= 1:
        return names[0] if names else ""
    return _("{first} and {rest}", first=names[0], rest=anded(names[1:]))
