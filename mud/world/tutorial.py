"""The tutor: walks a new player through a game's tutorial, one step at a time.

``tutorial`` (a world command; ``mud play tutorial`` from the shell) opens a table of the game
``games.TUTORIAL`` names for the player, with the seed, options and seats of that game's
:class:`games.engine.Tutorial` (its own data: its steps, what each says and when it is done). The
:class:`Tutor` says one step at a time and, after each line the player types, asks the current
step's check whether it is done -- given the player's own view (``ws.game_view()``, what the shell
shows them) and nothing else: never the match's state, never its log. So the tutor names no game
and can tell a learner nothing their seat could not see. Every surface drives a WorldSession, so
the same tutor speaks in the TUI, in line mode and over the network.
"""

from __future__ import annotations

import games
from games.engine import PLAY_LEVEL, RuleError, Tutorial
from mud.shell.session import Line
from mud.shell.words import _
from mud.world import tablecmds

NUMBERS = (_("no"), _("one"), _("two"), _("three"), _("four"), _("five"), _("six"), _("seven"), _("eight"), _("nine"),
           _("ten"))  # how many steps, in words


def lessons():
    """The game the world's tutorial teaches and its Tutorial; RuleError when it declares none."""
    game = games.get(games.TUTORIAL)
    if game.tutorial is None:
        raise RuleError(_("{game} has no tutorial.", game=game.title))
    return game, game.tutorial


def count(n: int):
    return NUMBERS[n] if n < len(NUMBERS) else str(n)


class Tutor:
    """Says the steps of a :class:`Tutorial` one by one to a player at their tutorial table.

    ``table`` is only compared with the player's table (have they left it?), never read."""

    def __init__(self, ws, table, lessons: Tutorial) -> None:
        self.ws = ws
        self.table = table
        self.lessons = lessons
        self.step = 0

    def current(self) -> list[Line]:
        steps = self.lessons.steps
        return [Line("tutor", _("Tutorial {step}/{steps}: {say}", step=self.step + 1, steps=len(steps), say=steps[self.step].say))]

    def after(self) -> list[Line]:
        """Called after each typed line: the next step when the player's view shows this one done,
        else nothing. The tutor stops when the player leaves the table."""
        if self.ws.inner is None or self.ws.inner.table is not self.table:
            self.ws.tutor = None
            return []
        if not self.lessons.steps[self.step].done(self.ws.game_view()):
            return []
        self.step += 1
        if self.step == len(self.lessons.steps):
            self.ws.tutor = None
            return [Line("tutor", _("Tutorial done. {closing}", closing=self.lessons.closing))]
        return self.current()  # the next step's number says this one is done


def begin(ws) -> list[Line]:
    """Open the tutorial for ``ws``: a table of the tutorial's game for them (and the tutorial's bots,
    if any) on its fixed seed, in that game's room, never stored. A local game being played is set
    aside (it stays saved); at a server's match still being played it is refused (leaving would hand
    the seat to a bot)."""
    game, taught = lessons()
    out = []
    if ws.table is not None and ws.table.practice:  # 'tutorial' in the tutorial: it starts over
        ws.world.tables.pop(ws.table.id, None)  # (never taken for a game set aside)
        ws.table = ws.inner = None
        out.append(Line("info", _("The tutorial starts over.")))
    elif ws.seated and not ws.inner.table.over:
        if ws.surface != "local":  # others play with you: leaving would hand your seat to a bot
            raise RuleError(_("Finish this game first, or 'leave' it (a bot plays your seat), then 'tutorial'."))
        gt = ws.table  # local play: the game is set aside as it stands, saved, and waits for you
        ws.table = ws.inner = None
        out.append(Line("info", _("Your game at table {table} waits for you, saved: 'leave' ends the tutorial "
                                  "and takes you back to it.", table=gt.id)))
    elif ws.table is not None:
        out += tablecmds.leave(ws)
    ws.room = game.room
    world = ws.world
    gt = world.new_table(ws.room)
    gt.practice = True  # alone: no turn timeout, and leaving clears the table away
    tablecmds.sit(ws, gt.id)  # sitting is part of opening the tutorial: not worth a line
    world.start_match(gt, game, taught.seats - 1, taught.seed, dict(taught.options), PLAY_LEVEL, keep=False)
    ws.tutor = Tutor(ws, gt.match, taught)
    steps = count(len(taught.steps))
    return out + [Line("tutor", _("The tutorial: {steps} steps, each checked as you do it; 'leave' ends it.", steps=steps))] \
        + ws.tutor.current()
