"""The game's question on a line surface (``--plain``, telnet, ``ssh -T``): shown with its answers
numbered, answered by a digit on a line of its own, and named in the prompt.

The TUI shows the question on its own row and takes a digit key; a line surface has only lines,
so the question is written into the text once, each time it changes, with the same keys as the
TUI's (mud/shell/answers.py: ``[1]`` is the first answer, ``[0]`` the one that passes). A digit answers only the question last written: a digit typed
when the question has changed since, or when nothing numbered was shown, runs nothing and says why.
"""

from __future__ import annotations

from games.engine import ENGLISH, command_line, render
from mud.shell.answers import keys_text, numbered, said
from mud.shell.session import Line
from mud.shell.words import _

WIDTH = 78  # columns of one row of answers: an 80-column client (the width assumed without NAWS) shows it whole
NOTE = _("(type the number)")


def asked_lines(prompt: dict, before: list[Line] = (), width: int = WIDTH, rows: bool = True,
                lang: str = ENGLISH) -> list[Line]:
    """The question and its numbered answers, as lines a screen reader reads in order. The
    question is said once: its text is left out when the lines just written (``before``) already
    ask it -- a line holding it ("Now: ..." on coming back), the game's last line when it
    asks (tone ``alert``), or one that opens with the same words ("Pick: 'pick' (a numbered item) ..."
    before "Pick: a numbered item, ...").
    The answers fill rows of at most ``width`` columns, broken only between two answers, so no
    "[4] label" is ever split by a client's wrapping. ``rows=False``: the question only (a page that
    shows the answers as buttons, mud/server/web/lines.py, would have them read twice). ``prompt`` is
    worded already; ``lang`` words the note under the answers (the rows are measured in its words)."""
    text = prompt.get("text", "")
    lines = [] if not text or said(text, before) else [Line("question", text, "notice")]
    answers = [f"[{key}] {label}" for key, label, _c in numbered(prompt)]
    if answers and rows:
        lines += [Line("question", row, "notice") for row in _rows(answers + [render(NOTE, lang)], width)]
    return lines


def in_language(prompt: dict | None, game, state, player: str, lang: str) -> dict | None:
    """``prompt`` with each answer's command as a reader of ``lang`` types it ('gioca 7'), so the
    command a digit runs, and the one a label typed as it reads runs, is in the reader's words
    (``command_line(action, lang, game.verbs)``, which the parser reads back to the same action)."""
    if prompt is None or lang == ENGLISH or not prompt.get("choices"):
        return prompt
    asked = game.question(state, player)
    if asked is None or len(asked[1]) != len(prompt["choices"]):
        return prompt
    return {**prompt, "choices": [[label, command_line(action, lang, game.verbs)]
                                  for (label, _command), (_label, action) in zip(prompt["choices"], asked[1])]}


def _rows(items: list[str], width: int) -> list[str]:
    """``items`` two spaces apart, in rows of at most ``width`` columns, broken between items
    only (an item longer than a row has a row of its own)."""
    rows: list[str] = []
    for item in items:
        if rows and len(rows[-1]) + 2 + len(item) <= width:
            rows[-1] += "  " + item
        else:
            rows.append(item)
    return rows


def prompt_words(prompt: dict | None, lang: str = ENGLISH) -> str:
    """What the game waits for, for the prompt: the commands that answer and the keys ('bonus or
    pass, 0-3'), '' for no answers. One wording per question: the same question is named the same
    way every round, whatever its answers' labels ('+2' or 'Discard seven cards ...'). The commands
    are the reader's already (``in_language``); ``lang`` words the 'or' between them."""
    keys = numbered(prompt)
    if not keys:
        return ""
    verbs = list(dict.fromkeys(command.split()[0] for _k, _l, command in keys if command.split()))
    return render(_("{commands}, {keys}", commands=_either(verbs), keys=keys_text([k for k, _l, _c in keys])), lang)


def _either(words: list[str]):
    """'bonus', 'bonus or pass', 'play, draw or pass' (a message when there are several)."""
    return words[0] if len(words) == 1 else _("{list} or {last}", list=", ".join(words[:-1]), last=words[-1])


class Asking:
    """What one line surface has shown of the game's questions, so a digit answers what is on
    screen and nothing else."""

    def __init__(self, rows: bool = True) -> None:
        self.shown: dict | None = None  # the prompt last written, or None
        self.rows = rows  # the answers are written as lines (False: the surface shows them itself)

    def lines(self, prompt: dict | None, before: list[Line] = (), lang: str = ENGLISH) -> list[Line]:
        """The question when it is new since last written (nothing when it is the same)."""
        if prompt == self.shown:
            return []
        self.shown = prompt
        return asked_lines(prompt, before, rows=self.rows, lang=lang) if prompt else []

    def pick(self, line: str, prompt: dict | None) -> str | Line | None:
        """The command a digit stands for, a Line saying why it stands for nothing, or None when
        ``line`` is not a digit."""
        word = line.strip()
        if not (word.isascii() and word.isdigit() and len(word) <= 2):
            return None
        if self.shown is not None and prompt != self.shown:
            return Line("error", _("That question has passed; here is the one now."))
        asked = self.shown if self.shown is not None else prompt  # the TUI shows it on its own row
        if asked is None or not numbered(asked):
            return Line("error", _("There is no numbered question now: type a command."))
        keys = numbered(asked)
        for key, _label, command in keys:
            if key == word:
                return command
        if len(keys) == 1:
            key, label, _c = keys[0]
            return Line("error", _("The only answer here is {key} ({label}); or type a command.", key=key, label=label))
        return Line("error", _("Choose one of {keys}.", keys=keys_text([k for k, _l, _c in keys])))

    def by_label(self, line: str, prompt: dict | None) -> str | None:
        """The command of the answer whose label is ``line`` ('+1' for "[2] +1"), when the line
        is no command: a label read on screen is typed as often as its number. Only the question
        on screen (a line surface's last written, the TUI's row)."""
        if prompt is None or (self.shown is not None and prompt != self.shown):
            return None
        word = " ".join(line.split()).lower()
        return next((command for _k, label, command in numbered(prompt) if label.lower() == word), None)
