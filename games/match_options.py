"""The options a match of a game can be started with (re-exported by games/engine.py): each checked
against its choices, or read from a file the shell reads for it (games do no I/O)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from games.engine_words import _
from games.errors import RuleError


@dataclass(frozen=True)
class Option:
    """An option a match of the game can be started with (``rules=basic``, ``variant=hardcore``).
    ``several``: a comma-separated list of choices is accepted. ``file``: a value that is not one of
    the choices names a file (a user-written map ...), which the shell reads -- games do no I/O --
    and ``accept`` checks, turning its text into the option's value or raising RuleError."""

    name: str
    choices: tuple[str, ...]
    summary: str = ""
    several: bool = False
    file: bool = False
    accept: Callable[[str], str] | None = None

    def check(self, value: str, read: Callable[[str], str] | None = None) -> str:
        """The value, checked; RuleError naming the choices when it is not one of them. ``read``
        (given by the shell where reading files is allowed) turns a file's name into its text."""
        raw = str(value).strip()
        low = raw.lower()
        picked = low.split(",") if self.several else [low]
        if low and all(v in self.choices for v in picked):
            return low
        choices = ", ".join(self.choices)  # (the refusals are the engine's messages: worded per reader)
        if self.file and raw:
            if read is None:
                raise RuleError(_("{option} is one of: {choices}; a {option} file can be used in local play only.",
                                  option=self.name, choices=choices))
            text = read(raw)
            return self.accept(text) if self.accept is not None else text
        if self.file:
            raise RuleError(_("{option} is one of: {choices}, or a {option} file.", option=self.name, choices=choices))
        if self.several:
            raise RuleError(_("{option} is one of: {choices} (or several, with commas).", option=self.name,
                              choices=choices))
        raise RuleError(_("{option} is one of: {choices}.", option=self.name, choices=choices))
