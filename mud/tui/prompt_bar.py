"""The row above the command line: a hint of what to do, or the game's question with its answers.

When the game waits on this player for a decision (``view["prompt"]``: let someone in, leave a
locked door open or closed, later a duel's moves), the row shows the question and its choices
numbered, ``bob asks to enter your room B4.  [1] Allow  [2] Deny``. A choice is taken by pressing
its digit on an empty command line or by clicking it; either way its command runs exactly as if it
had been typed. Otherwise the row is the hint (or Tab's candidates), as before: one row high in
both cases, so the layout does not move when a question comes and goes -- except for a question
whose choices cannot all fit one row (a hand of cards to play from): then the question takes rows
of its own and the choices the rows below (three rows at most), and the log gives way meanwhile.

The choices the keys and clicks take are always the ones on screen: a digit never answers a
question the player has not seen yet. Keys follow mud/shell/answers.py: 1, 2 ... in order, and 0 for the
answer that passes, in every game.
"""

from __future__ import annotations

import textwrap

from rich.style import Style
from rich.text import Text
from textual.message import Message
from textual.widgets import Static

from mud.shell.answers import keys_text, numbered
from mud.tui.words import _, tr

MAX_CHOICES = 10  # the keys 1..9 and 0
MAX_ROWS = 3  # a question whose choices do not fit one row takes up to this many
KEY_STYLE = "bold yellow"
LABEL_STYLE = "bold"


def _choice(n: str, label: str) -> Text:
    """``[n] Label``, clickable as a whole (``@click``: ``choose(n)``)."""
    click = Style(meta={"@click": f"choose({n})"})
    return Text.assemble((f"[{n}]", Style.parse(KEY_STYLE) + click), (" ", click),
                         (label, Style.parse(LABEL_STYLE) + click))


def render_prompt(prompt: dict, width: int = 78, lead: str = "") -> Text:
    """The question, then each choice as ``[n] Label``, clickable (``@click``: ``choose(n)``).
    Fits ``width``: the question is shortened first, so the choices stay whole and in sight."""
    choices = Text()
    for n, label, _command in numbered(prompt):
        choices.append("  ")
        choices.append_text(_choice(n, label))
    question = Text(lead + prompt.get("text", ""))
    if not question.plain:  # the answers alone (the log just asked): no gap before the first
        choices = choices[2:]
    room = max(12, width - choices.cell_len)
    if question.cell_len > room:
        question.truncate(room, overflow="ellipsis")
    out = question + choices
    out.truncate(max(1, width), overflow="ellipsis")
    return out


def render_prompt_rows(prompt: dict, width: int = 78, lead: str = "", most: int = MAX_ROWS) -> Text:
    """As :func:`render_prompt` when the choices fit one row beside the whole question (a row
    that comes and goes does not move the log); else the question on rows of its own (wrapped, as
    many as the choices leave it) and the choices below it, each whole, over as many rows as they
    need (at most ``most`` rows in all): a hand of cards to choose from stays in sight entire, and
    the question with it."""
    labels = numbered(prompt)
    asked = lead + prompt.get("text", "")
    wanted = sum(len(f"  [{n}] {label}") for n, label, _c in labels)
    if wanted + len(asked) <= width or most < 2:  # the question whole beside its choices ("Place a…" was not)
        return render_prompt(prompt, width, lead)
    rows: list[Text] = []
    for n, label, _command in labels:
        piece = _choice(n, label)
        if rows and rows[-1].cell_len + 2 + piece.cell_len <= width:
            rows[-1].append("  ")
            rows[-1].append_text(piece)
        elif len(rows) < most - 1:
            rows.append(piece)
        else:
            rows[-1].append("  ")
            rows[-1].append_text(piece)  # no row left: cut below, as one row would be
    room = most - len(rows)  # rows the question may take
    said = textwrap.wrap(asked, max(1, width)) if asked else []
    if len(said) > room:
        said = said[:room - 1] + [" ".join(said[room - 1:])]
    question = [Text(text) for text in said]
    for row in question + rows:
        row.truncate(max(1, width), overflow="ellipsis")
    return Text("\n").join(question + rows)


def choice_commands(prompt: dict | None) -> dict[str, str]:
    """The commands the keys stand for, key -> command (none when nothing is asked)."""
    return {key: command for key, _label, command in numbered(prompt)}


def keys_hint(keys) -> str:
    """What the command line's placeholder says while a question waits."""
    return tr(_("press {keys} to answer, or type a command", keys=keys_text(list(keys))))


class PromptBar(Static):
    """The hint row; the prompt bar while the game asks this player something (class ``asking``)."""

    class Chosen(Message):
        """A choice was clicked: run ``command`` as if typed."""

        def __init__(self, command: str) -> None:
            super().__init__()
            self.command = command

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.choices: dict[str, str] = {}  # key -> the command of that choice on screen
        self._content: object = None

    def _draw(self, content: Text) -> None:
        """Update only when it changed: every update redraws the bar (costly served)."""
        if content != self._content:
            self._content = content
            self.update(content, layout=False)  # its height is set apart (_rows), before

    def ask(self, prompt: dict, lead: str = "") -> None:
        """Show the game's question and its choices."""
        self.choices = choice_commands(prompt)
        self.set_class(True, "asking")
        content = render_prompt_rows(prompt, self._width(), lead)
        self._rows(len(content.plain.split("\n")))
        self._draw(content)

    def hint(self, text: Text) -> None:
        """Show a hint, or Tab's candidates: no choices on screen, so digits are only typed."""
        self.choices = {}
        self.set_class(False, "asking")
        self._rows(1)
        text = text.copy()
        text.truncate(self._width(), overflow="ellipsis")
        self._draw(text)

    def choice(self, key: str) -> str | None:
        """The command of the choice with the key ``key`` ('0'...'9') on screen, or None."""
        return self.choices.get(key)

    def action_choose(self, number: int) -> None:
        command = self.choices.get(str(number))
        if command is not None:
            self.post_message(self.Chosen(command))

    def _rows(self, count: int) -> None:
        """One row high, unless a question needs more (the log above gives way meanwhile)."""
        if self.styles.height is None or self.styles.height.value != count:
            self.styles.height = count

    def _width(self) -> int:
        return max(1, self.content_region.width or 78)
