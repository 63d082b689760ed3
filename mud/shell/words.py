"""The shell's and the world's own messages: the ``mud`` domain of games/words.py, its catalogues in
mud/locale. ``_("...")`` makes a message, ``_.plural(...)`` one that counts; the world renders each
in its reader's language (``WorldSession.worded``). Kept apart so every module of mud/ marks its
words the same way, and ``make messages`` finds them all under one domain (docs/i18n.md)."""

from __future__ import annotations

from pathlib import Path

from games.engine import PSEUDO, Msg, Words, render  # noqa: F401 (the surfaces -- TUI, servers -- word messages through here)

LOCALE = Path(__file__).resolve().parent.parent / "locale"
_ = Words("mud", LOCALE)

# The games' slots (games.engine.Slot: SQUARE, ROOM ...) as the parser names them in a refusal
# ("'z9' is not a square here"), each a message; a slot not listed is named by its own word.
SLOT_WORDS = {"square": _("square"), "room": _("room"), "planet": _("planet"), "ship": _("ship"),
              "from": _("from"), "to": _("to"), "step": _("step")}
# A slot as a usage line shows it ('say TEXT', 'di' TESTO'): one word, in capitals, in the reader's language.
SLOT_SHOWN = {"DIR": _("DIR"), "FROM": _("FROM"), "ITEM": _("ITEM"), "NUMBER": _("NUMBER"), "PLANET": _("PLANET"),
              "PLAYER": _("PLAYER"), "ROOM": _("ROOM"), "SHIP": _("SHIP"), "SQUARE": _("SQUARE"), "STEP": _("STEP"),
              "TEXT": _("TEXT"), "TO": _("TO"), "WORD": _("WORD")}

LEVELS = {"easy": _("easy"), "normal": _("normal"), "strong": _("strong")}  # a bot's level, as a name shows it


def bot_named(name: str, level: str) -> Msg:
    """A bot with its level: 'bot2 (strong bot)', 'bot2 (bot forte)'."""
    return _("{player} ({level} bot)", player=name, level=LEVELS.get(level, level))


def listed(items: list) -> Msg | str:
    """Several messages (or names) joined with commas into one message, each worded for its reader:
    "north (the Tavern), east (the Harbour)"."""
    out: Msg | str = ""
    for item in items:
        out = item if isinstance(out, str) and out == "" else _("{list}, {item}", list=out, item=item)
    return out
