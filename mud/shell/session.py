"""A seat at a table: one player's (or a spectator's) share of a match.

A Session holds a player's seat at a Table, runs a game command already parsed (``run``) and
reads the table's event stream through its own cursor, keeping only what this player may see.
Nothing here parses or prints: every surface -- the TUI, telnet, ``ssh -T``, plain mode, command
files -- talks to a :class:`mud.world.session.WorldSession`, which parses each line once with the
command sets of the places the player is in (mud/world/cmdsets.py) and hands a game's verb here.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import Action, Event, RuleError, Verb, command_line, render, said
from mud.shell import parser
from mud.shell.fold import Folder
from mud.shell.words import _
from mud.store import StoreFailed
from mud.shell.table import Table


@dataclass(frozen=True)
class Line:
    """One line of output. ``kind`` is an event kind or the shell's own (echo/error/info/screen);
    ``tone`` is the game's word for how an event should read (see mud/shell/theme.py)."""

    kind: str
    text: str  # what the player reads (a Msg only on its way: the world words it for its reader)
    tone: str = ""
    detail: tuple["Line", ...] = ()  # a summary line's full lines (a folded turn: F4, 'log full')


class Session:
    def __init__(self, table: Table, player: str | None):
        self.table = table
        self.player = player if player in table.seats else None
        self.cursor = 0
        self.recap = False  # its cursor was set back to the match's last lines (a match brought back)
        self.over_hint = _("Type 'quit' to leave.")  # a world's table says how to get up instead
        self.folder = Folder(table.game, self.player)  # others' turns in a line or two (drain(fold=True))
        self.early: list[Line] = []  # said before what the bots do next (a line of steps cut short)

    # --- reading the stream ------------------------------------------------------------------
    def sees(self, event: Event) -> bool:
        return event.visible_to(self.player)

    def drain(self, fold: bool = False) -> list[Line]:
        """Events since the last call that this player may see, as lines. ``fold`` (the
        interactive surfaces): others' turns come as the game's summary, each a ``summary`` line
        carrying its full lines as ``detail`` (see mud/shell/fold.py)."""
        return self.lines(self.take(), fold)

    def take(self) -> list[Event]:
        """The events since the last call that this player may see (drain's, before they are lines)."""
        new = self.table.events[self.cursor:]
        self.cursor = len(self.table.events)
        return [e for e in new if self.sees(e)]

    def lines(self, seen: list[Event], fold: bool = False, lang: str = "en") -> list[Line]:
        """Events this player may see, as lines in ``lang``; ``fold``: others' turns as summary lines."""
        if not fold:
            return [self.line(e, lang) for e in seen]
        out = []
        for item in self.folder.fold(seen):
            if isinstance(item, Event):
                out.append(self.line(item, lang))
            else:
                detail = tuple(self.line(e, lang) for e in item.events)
                out += [Line("summary", text, "routine", detail) for text in item.summary[:1]]
                out += [Line("summary", text, "routine") for text in item.summary[1:]]
        return out

    def line(self, e: Event, lang: str = "en") -> Line:
        """An event as this viewer reads it: its words in ``lang`` (each viewer renders its own)."""
        return Line(e.kind, render(e.text, lang), self.table.game.tone(e.kind))

    def view(self) -> dict:
        return self.table.view(self.player) if self.player else self.table.view("")

    def context(self) -> parser.Context:
        return parser.Context(players=self.table.players, items=getattr(self.table.game, "item_words", ()))

    def legal_lines(self) -> tuple[str, ...]:
        """The command lines the game would take from this player now (their own legal actions)."""
        if self.player is None or self.table.over:
            return ()
        return tuple(command_line(a) for a in self.table.game.legal_actions(self.table.state, self.player))

    # --- one game command in -------------------------------------------------------------------
    def run(self, p: parser.Parsed) -> list[Line]:
        """Run a game's command, parsed by the world's session: a screen, or an action for the
        match (what it did is in the event stream: ``drain``); the one-line reason when the game
        refuses it."""
        try:
            return self._run(p)
        except (RuleError, StoreFailed) as err:  # refused, or not stored (and undone)
            return [Line("error", said(err))]  # a message: worded by the world for its reader

    def _run(self, p: parser.Parsed) -> list[Line]:
        verb = p.verb
        if verb.screen:  # a screen, or one of its variants ('VERB ARG')
            words = [str(v) for v in p.slots.values()]
            return self.screen(" ".join([verb.screen, *words]))
        if self.player is None:
            raise RuleError(_("You are watching: only seated players can do that."))
        if self.table.over:
            raise RuleError(_("The game is over. {hint}", hint=self.over_hint))
        if len(p.steps) > 1:
            return self._steps(verb, p.steps)
        self.table.submit(self.player, self.action(verb, p.slots))
        return []

    @staticmethod
    def action(verb: Verb, slots: dict) -> Action:
        """The Action a game verb's parsed slots make."""
        return verb.build(slots) if verb.build else Action(verb.name, parser.slot_values(verb, slots))

    def _steps(self, verb: Verb, steps: list[dict]) -> list[Line]:
        """Several actions of one line ('move n n e'), each its own: the first refusal stops the
        rest, and so does a step the game says went nowhere (an event of a kind in
        ``GameSpec.stops_line``: a closed door, a question asked), and the game ceasing to wait for
        this player (a turn that ended, a question to someone else), so no step ever lands on a
        later turn. Bots answer only after the last. A refused first step is an error (nothing
        changed); a later one is told as a notice. The player typed one command of several steps
        ('move s e e s'), so the notices count steps, not commands."""
        made, total = 0, len(steps)
        stops, blocked = self.table.game.stops_line, False
        try:
            for slots in steps:
                if made and self.player not in self.table.awaiting():
                    # told before the turns that follow (the bots play at the settle below), not after
                    # them, where it would read as news of the new turn
                    waits = ", ".join(self.table.awaiting()) or _("nobody")
                    self.early.append(Line("info", _.plural(
                        "Of your line's {n} step, {made} ran before the game turned to {waits}; the rest was dropped.",
                        "Of your line's {n} steps, {made} ran before the game turned to {waits}; the rest was dropped.",
                        total, made=made, waits=waits)))
                    return []
                if blocked:  # accepted, yet it went nowhere or asked someone: the rest assumed it went
                    return [Line("info", _.plural("Your line stops there: {made} of its {n} step ran; the rest was dropped.",
                                                  "Your line stops there: {made} of its {n} steps ran; the rest was dropped.",
                                                  total, made=made), "notice")]
                try:
                    events = self.table.submit(self.player, self.action(verb, slots), settle=False)
                except RuleError as err:
                    if not made:  # nothing happened: a refusal like any other
                        raise RuleError(_.plural("{reason} (None of the line's {n} step ran.)",
                                                 "{reason} (None of the line's {n} steps ran.)",
                                                 total, reason=said(err))) from None
                    # some steps were made: not an error (an error changes nothing), but the reason
                    return [Line("info", _.plural("{reason} ({made} of the line's {n} step ran; the rest was dropped.)",
                                                  "{reason} ({made} of the line's {n} steps ran; the rest was dropped.)",
                                                  total, reason=said(err), made=made), "notice")]
                made += 1
                blocked = any(e.kind in stops and self.sees(e) for e in events)
            return []
        finally:
            self.table.settle()

    def take_early(self) -> list[Line]:
        """The lines said before the next events (and taken with them, or after the command)."""
        early, self.early = self.early, []
        return early

    def screen(self, name: str, view: dict | None = None) -> list[Line]:
        """The game's screen ``name``, drawn from ``view`` (this seat's, built now when not given)."""
        show = self.table.game.screens.get(name)
        if show is None:
            return [Line("info", _("There is no {screen} here.", screen=name))]
        return [Line("screen", text) for text in show(self.view() if view is None else view)]
