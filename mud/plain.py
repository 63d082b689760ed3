"""Plain mode (``mud play --plain``): a prompt_toolkit line interface with history and completion,
no full-screen drawing, for screen readers and dumb terminals. Same commands, same text as the TUI.
Without a terminal (a pipe), it reads lines from standard input instead."""

from __future__ import annotations

import sys

from mud.session import Session
from mud.table import Table, replay_line


def _completer(session: Session):
    from prompt_toolkit.completion import Completer, Completion

    class SessionCompleter(Completer):
        def get_completions(self, document, complete_event):
            text = document.text_before_cursor
            stem = text.split(" ")[-1]
            for word in session.complete(text):
                yield Completion(word, start_position=-len(stem))

    return SessionCompleter()


def prompt_text(session: Session) -> str:
    table = session.table
    if table.over:
        return "(game over) > "
    waiting = table.awaiting()
    return "(your turn) > " if session.player in waiting else "> "


def run_plain(table: Table, name: str, stdin=None, stdout=None) -> int:
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    session = Session(table, name)
    table.start()

    def show(lines) -> None:
        for line in lines:
            stdout.write(line.text + "\n")
        stdout.flush()

    stdout.write(f"Welcome to questmud, {name}. Type 'help' to learn, 'quit' to leave.\n")
    stdout.write(replay_line(table) + "\n")
    show(session.drain())
    read = _reader(session, stdin)
    while not session.quit:
        try:
            line = read(prompt_text(session))
        except (EOFError, KeyboardInterrupt):
            break
        if line is None:
            break
        show(session.handle(line))
    return 0


def run_plain_link(link, stdin=None, stdout=None) -> int:
    """Plain mode over a world session (local play): the same loop as over ``ssh -T``."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout

    def show(lines) -> None:
        for line in lines:
            stdout.write(line.text + "\n")
        stdout.flush()

    show(link.greeting())
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
        show(link.handle(line))
    return 0


def _reader(session, stdin):
    if stdin.isatty() and sys.stdout.isatty():
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory
        prompt = PromptSession(history=InMemoryHistory(), completer=_completer(session),
                               complete_while_typing=False)
        return lambda text: prompt.prompt(text)

    def read(text: str) -> str | None:
        line = stdin.readline()
        return line.rstrip("\n") if line else None
    return read
