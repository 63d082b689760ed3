"""Plain mode (``mud play --plain``): a prompt_toolkit line interface with history and completion,
no full-screen drawing, for screen readers and dumb terminals. Same commands, same text as the TUI.
Without a terminal (a pipe), it reads lines from standard input instead. It drives the player's
session in the local world (mud/local/play.py), like every other surface."""

from __future__ import annotations

import shutil
import sys
import textwrap

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.history import InMemoryHistory


class SessionCompleter(Completer):
    """Completion from the player's session: the next words its command set allows."""

    def __init__(self, session):
        self.session = session

    def get_completions(self, document, complete_event):
        text = document.text_before_cursor
        stem = text.split(" ")[-1]
        for word in self.session.complete(text):
            yield Completion(word, start_position=-len(stem))


def run_plain(link, stdin=None, stdout=None) -> int:
    """Plain mode over the player's world session (local play): the same loop as over ``ssh -T``."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    link.fold = True  # others' turns in a line or two; 'log full' shows them whole

    width = shutil.get_terminal_size().columns if stdout.isatty() else 0  # (piped: lines whole)

    def show(lines) -> None:
        for line in lines:
            stdout.write("".join(row + "\n" for row in rows_of(line.text, width)))
        stdout.flush()

    def show_asked(lines) -> None:  # what came, then the game's question if it changed, numbered
        show(lines + link.question_lines(lines))

    show_asked(link.greeting(lines=True))
    read = _reader(link, stdin)
    while not link.closed:
        try:
            line = read(link.prompt())
        except KeyboardInterrupt:
            show(link.handle("quit"))
            break
        except EOFError:
            break
        if line is None:
            break
        show_asked(link.handle(line))
    return 0


def rows_of(text: str, width: int) -> list[str]:
    """A line as a terminal of ``width`` columns shows it: wrapped between words, its indent kept
    (the terminal itself cut "each w" / "ith four doors"); ``width`` 0 keeps it whole."""
    rows = []
    for part in text.split("\n"):
        if width < 20 or len(part) <= width:
            rows.append(part)
            continue
        indent = part[:len(part) - len(part.lstrip(" "))]
        rows += textwrap.wrap(part, width, subsequent_indent=indent, break_on_hyphens=False) or [part]
    return rows


def _reader(session, stdin):
    if stdin.isatty() and sys.stdout.isatty():
        prompt = PromptSession(history=InMemoryHistory(), completer=SessionCompleter(session),
                               complete_while_typing=False)
        return lambda text: prompt.prompt(text)

    def read(text: str) -> str | None:
        line = stdin.readline()
        return line.rstrip("\n") if line else None
    return read
