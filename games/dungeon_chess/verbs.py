"""The verbs a seated Dungeon Chess player has, each declared once with its grammar, help and rule;
and the grammar's slots: SQUARE and TO (``e2``, a pair of them: two slots, as a pattern names each
slot once) and STEP (``e2e5``, ``e2-e5``)."""

from __future__ import annotations

import re

from games.dungeon_chess import rules
from games.dungeon_chess.words import _
from games.engine import Action, Slot, Verb, forms

_SQUARE_LIKE = re.compile(r"^[a-z]\d{1,2}$")
_STEP = re.compile(r"^([a-z]\d{1,2})[-x:]?([a-z]\d{1,2})$")
EXAMPLE_SQUARES = tuple(f"{f}{r}" for r in range(1, 11) for f in "abcdefghij")


def _square(word: str):
    """Anything shaped like a square (``k3`` too: the rules then say it is off the board)."""
    w = word.lower()
    return w if _SQUARE_LIKE.match(w) else None


def _step(word: str):
    m = _STEP.match(word.lower())
    return (m.group(1), m.group(2)) if m else None


SLOTS = (Slot("SQUARE", _square, EXAMPLE_SQUARES, "e2"), Slot("TO", _square, EXAMPLE_SQUARES, "e5"),
         Slot("STEP", _step, (), "e2-e5"))


def _move(m: dict) -> Action:
    if "STEP" in m:
        return Action("move", tuple(m["STEP"]))
    return Action("move", (m["SQUARE"], m["TO"]))


def _teleport(m: dict) -> Action:
    return Action("teleport", (m["SQUARE"],))


def _ransom(m: dict) -> Action:
    return Action("ransom", (m.get("WORD", "kor"), m.get("SQUARE"), m.get("PLAYER")))


VERBS: tuple[Verb, ...] = (
    Verb("move", ("STEP", "SQUARE TO"), ("mv",), _("Move a character: from a square to a square."),
         ("move e2 e5", "move e2-e5", "move e2e5", "e2e5", "e2-e5"), build=_move, topic="chess",
         handler=rules.do_move, bare=("STEP", "SQUARE TO"),
         langs={"it": forms("muovi", examples=("muovi e2 e5", "muovi e2-e5", "e2e5"))}),
    Verb("teleport", ("SQUARE",), ("tp",), _("Jump a character on your teleport square to your other one."),
         ("teleport c2",), build=_teleport, topic="chess", handler=rules.do_teleport,
         langs={"it": forms("teletrasporta tp", examples=("teletrasporta c2",))}),
    Verb("ransom", ("kor warrior SQUARE? PLAYER?", "WORD SQUARE? PLAYER?"), (),
         _("Pay a chest to get a captured character back on a free entry square of yours."),
         ("ransom warrior", "ransom mage f1", "ransom fighter e1 bob"), build=_ransom, topic="chess",
         handler=rules.do_ransom,
         langs={"it": forms("riscatta", "lottatore:fighter guerriero:warrior maga:mage", ("riscatta guerriero", "riscatta maga f1", "riscatta lottatore e1 bob", "riscatta guerriero kor"), ("warrior kor SQUARE? PLAYER?",))}),
    Verb("keep", ("NUMBER",), ("choose",), _("Keep one of the two secret targets you were dealt."), ("keep 3",),
         build=lambda m: Action("keep", (m["NUMBER"],)), topic="chess", handler=rules.do_keep,
         langs={"it": forms("tieni scegli", examples=("tieni 3",))}),
    Verb("board", ("",), ("b",), _("The dungeon: every character, entry and teleport square."), ("board",),
         screen="board", topic="chess",
         langs={"it": forms("scacchiera", examples=("scacchiera",))}),
    Verb("captured", ("",), ("chests",), _("The characters and chests each player holds."), ("captured",),
         screen="captured", topic="chess",
         langs={"it": forms("catturati forzieri", examples=("catturati",))}),
    Verb("target", ("",), ("targets", "secret"), _("Your secret target (all of them at the end)."), ("target",),
         screen="target", topic="chess",
         langs={"it": forms("bersaglio obiettivo segreto", examples=("bersaglio",))}),
)
