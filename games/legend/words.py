"""Quest for Legend's messages (docs/i18n.md): every line the game tells a player is made with this domain's ``_``,
so each reader gets it in their own language; the Italian catalogue is ``locale/it/LC_MESSAGES/legend.po``.

Besides ``_``, two ways to put several things read in a row into one message without building a sentence
from English pieces: ``row`` (cards, names: separated by spaces or commas, which read alike in every
language) and ``listed`` (names joined by "and", "or": the joining word is a message of its own)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from games.words import Msg, Words

_ = Words("legend", Path(__file__).resolve().parent / "locale")


def row(items: list[Any], sep: str = " ") -> Any:
    """``items`` (messages, names, letters) read one after another, ``sep`` between them: a message made of
    placeholders and the separator alone, so it has nothing to translate (the catalogue lacks it and each
    language keeps it as it is) while each item is worded in the reader's language. One item: the item."""
    if len(items) == 1:
        return items[0]
    params = {f"i{n}": item for n, item in enumerate(items)}
    return Msg(_.domain, sep.join("{" + k + "}" for k in params), params)


def listed(items: list[Any], how: str = "and") -> Any:
    """Names or messages joined as English joins them with ``' and '.join`` (``a and b and c``), each join a
    message (``{a} and {b}``: Italian ``{a} e {b}``); ``how`` "or" for ``a or b``."""
    out = items[0]
    for item in items[1:]:
        out = _("{a} and {b}", a=out, b=item) if how == "and" else _("{a} or {b}", a=out, b=item)
    return out
