"""The keys of a question's answers, the same on every surface and in every game.

A question (``view["prompt"]``) lists its answers as (label, command). Each surface numbers them
the same way: 1, 2, 3 ... in order, except an answer that passes (its command is ``pass``, or
``end`` for a game whose turn is ended by a word, or a bare ``keep``: keeping what one has
rather than taking what is offered), which is always 0 and shown last -- so the first card,
the first door, the first choice is always 1, and pressing 1 never passes by surprise.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from mud.shell.words import Msg, _

MAX_KEYS = 9  # answers numbered 1..9 (and 0 for pass); more are typed
# The verbs of an answer that lets the turn go, and the whole commands that decline as a pass does
# ('keep 1', a choice, is not one), in each language a reader's answers are written in (an Italian
# reader's are Italian commands, mud/world/asking.py: 'passa' is still key 0).
PASSING = ("pass", "end", "passa", "fine")
DECLINING = ("keep", "tieni")


def numbered(prompt: dict | None) -> list[tuple[str, str, str]]:
    """(key, label, command) for each answer that has a key, in the order shown."""
    if not prompt:
        return []
    out: list[tuple[str, str, str]] = []
    passing: tuple[str, str, str] | None = None
    typed = prompt.get("typed") or ()  # the commands as the reader types them (WorldSession.game_view)
    for i, (label, command) in enumerate(prompt.get("choices", [])):
        verb = command.split()[0] if command.split() else ""
        said = typed[i] if i < len(typed) else command
        if passing is None and (verb in PASSING or command.strip() in DECLINING):
            passing = ("0", label, said)
        elif len(out) < MAX_KEYS:
            out.append((str(len(out) + 1), label, said))
    return out + ([passing] if passing else [])


def keys_text(keys: list[str]) -> str:
    """'1-3', '0-4' ... : the keys a placeholder names."""
    digits = sorted(int(k) for k in keys)
    if not digits:
        return ""
    return str(digits[0]) if len(digits) == 1 else f"{digits[0]}-{digits[-1]}"


def said(text: str, before: Iterable) -> bool:
    """Do the lines ``before`` already ask the question ``text``? (Then it is not said again, on a
    line surface nor on the TUI's question row.) They do when one holds it or opens with its first
    words, or when the last of them is the game's call to act (tone ``alert``: "bob wants to enter
    your room C5: answer 'allow' or 'deny'."). An alert further up asked something else ("your
    Medusa is superseded"), so it does not count."""
    before = list(before)
    opening = _opening(text)
    if before and before[-1].tone == "alert":  # the game's last word is a call to act: it asked
        return True
    return any(text in line.text or (opening and _opening(line.text) == opening) for line in before)


def _opening(text: str) -> str:
    """A question's first words, up to its first mark: what tells one question from another."""
    head = re.split(r"[:,.(!?]", text, maxsplit=1)[0].strip().lower()
    return head if len(head) >= 4 else ""


def what_to_type(text: str) -> Msg | str:
    """The part of a question with nothing to choose that says what to type ("Your card is at 9
    and no bonus/malus ... : 'pass' lets the round go on." -> "Your move: 'pass' lets the round go
    on."): the TUI's row under a log that has just said all of it. The text's last clause after a
    colon when it names a command (in quotes), else the whole text. The opening is a message (the
    tail is the game's, already worded in the reader's language)."""
    head, colon, tail = text.rpartition(": ")
    return _("Your move: {what}", what=tail) if colon and head and "'" in tail else text
