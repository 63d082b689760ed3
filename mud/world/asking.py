"""The game's question on a line surface (``--plain``, telnet, ``ssh -T``): shown with its answers
numbered, answered by a digit on a line of its own, and named in the prompt.

The TUI shows the question on its own row and takes a digit key; a line surface has only lines,
so the question is written into the text once, each time it changes, with the same keys as the
TUI's (mud/answers.py: ``[1]`` is the first answer, ``[0]`` the one that passes). A digit answers only the question last written: a digit typed
when the question has changed since, or when nothing numbered was shown, runs nothing and says why.
"""

from __future__ import annotations

from mud.answers import keys_text, numbered
from mud.session import Line

FEW = 3  # a question with at most this many short answers is named in the prompt by them
SHORT = 14  # characters of an answer's label that still fit a prompt


def asked_lines(prompt: dict, before: list[Line] = ()) -> list[Line]:
    """The question and its numbered answers, as lines a screen reader reads in order; the
    question's text is left out when the game has just said it (``before``: the lines written)."""
    answers = "  ".join(f"[{key}] {label}" for key, label, _c in numbered(prompt))
    said = {line.text for line in list(before)[-3:]}
    text = prompt.get("text", "")
    lines = [] if not text or text in said else [Line("question", text, "notice")]
    if answers:
        lines.append(Line("question", answers + "  (type the number)", "notice"))
    return lines


def prompt_words(prompt: dict | None) -> str:
    """What the game waits for, for the prompt: 'allow or deny' for a question of a few answers,
    the commands and the numbers otherwise ('pass or play, 1-8'), '' for no answers."""
    keys = numbered(prompt)
    if not keys:
        return ""
    if len(keys) <= FEW and all(len(label) <= SHORT for _k, label, _c in keys):
        return _either([label.lower() for _k, label, _c in keys])
    verbs = list(dict.fromkeys(command.split()[0] for _k, _l, command in keys if command.split()))
    return f"{_either(verbs)}, {keys_text([k for k, _l, _c in keys])}"


def _either(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


class Asking:
    """What one line surface has shown of the game's questions, so a digit answers what is on
    screen and nothing else."""

    def __init__(self) -> None:
        self.shown: dict | None = None  # the prompt last written, or None

    def lines(self, prompt: dict | None, before: list[Line] = ()) -> list[Line]:
        """The question when it is new since last written (nothing when it is the same)."""
        if prompt == self.shown:
            return []
        self.shown = prompt
        return asked_lines(prompt, before) if prompt else []

    def pick(self, line: str, prompt: dict | None) -> str | Line | None:
        """The command a digit stands for, a Line saying why it stands for nothing, or None when
        ``line`` is not a digit."""
        word = line.strip()
        if not (word.isascii() and word.isdigit() and len(word) <= 2):
            return None
        if self.shown is not None and prompt != self.shown:
            return Line("error", "That question has passed; here is the one now.")
        asked = self.shown if self.shown is not None else prompt  # the TUI shows it on its own row
        if asked is None or not numbered(asked):
            return Line("error", "There is no numbered question now: type a command.")
        keys = numbered(asked)
        for key, _label, command in keys:
            if key == word:
                return command
        if len(keys) == 1:
            key, label, _c = keys[0]
            return Line("error", f"The only answer here is {key} ({label}); or type a command.")
        return Line("error", f"Choose one of {keys_text([k for k, _l, _c in keys])}.")
