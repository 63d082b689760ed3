"""What the TUI talks to: a *link* to one player's place in the game or the world.

The app never touches a table or the world itself; it drives a link with the contract of
:class:`mud.world.session.WorldSession`, so the server hands a WorldSession over as it is, and
local play wraps its one :class:`~mud.session.Session` at one :class:`~mud.table.Table` in
:class:`LocalLink`:

* ``name``; ``closed`` (True once the player quit or was taken over elsewhere);
* ``wake``: set by the app, called whenever there is something new to ``flush`` (for local play
  possibly from another thread: the app copes);
* ``greeting()``: the first lines; ``handle(line)``: everything to show for one typed line;
  ``flush()``: what arrived meanwhile;
* ``game_view()``: this player's view of their match, or None when not at a started match;
  ``place()``: the room (name, exits, people, table), or None when there is no world around;
* ``status()``: a dict with at least ``status`` (the game's one-line status) when at a match;
* ``complete(text)``, ``prompt()``, ``commands()``, ``context()``: the command line's helpers.
"""

from __future__ import annotations

from mud import parser
from mud.session import Line, Session
from mud.table import Table, replay_line


class LocalLink:
    """Local play: one person's seat at one table, the other seats played by bots."""

    def __init__(self, table: Table, name: str) -> None:
        self.table = table
        self.session = Session(table, name)
        self.name = self.session.player or name
        self.wake = None
        self._listening = False

    @property
    def closed(self) -> bool:
        return self.session.quit

    def greeting(self) -> list[Line]:
        """The welcome, then the match starts (the bots before you move at once)."""
        lines = [Line("info", f"Welcome to questmud, {self.name}. Type help (or F1) to learn, quit to leave."),
                 Line("info", replay_line(self.table))]
        if not self._listening:
            self.table.listeners.append(self._moved)
            self._listening = True
        self.table.start()
        return lines + self.session.drain()

    def close(self) -> None:
        """Stop listening to the table (the app is gone)."""
        if self._moved in self.table.listeners:
            self.table.listeners.remove(self._moved)
        self._listening = False

    def _moved(self) -> None:
        if self.wake is not None:
            self.wake()

    # --- the contract ---------------------------------------------------------------------------
    def handle(self, line: str) -> list[Line]:
        return self.session.handle(line)

    def flush(self) -> list[Line]:
        return self.session.drain()

    def game_view(self) -> dict | None:
        return self.session.view()

    def place(self) -> dict | None:
        return None

    def status(self) -> dict:
        view = self.session.view()
        return {"name": self.name, "game": self.table.game.name, "status": self.table.game.status(view)}

    def complete(self, text: str) -> list[str]:
        return self.session.complete(text)

    def prompt(self) -> str:
        return "> "

    def commands(self) -> parser.CommandSet:
        return self.session.commands

    def context(self) -> parser.Context:
        return self.session.context()
