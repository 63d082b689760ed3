"""The tutorial: a new player's first turns of Quest, step by step, on a fixed labyrinth.

``tutorial`` (a world command; ``mud play tutorial`` from the shell) opens a table of Quest for the
player alone on the labyrinth of seed :data:`SEED`, where they start on a Field of Mars (the smith)
with a City through the green door to the west -- both of difficulty 1, so every deed succeeds. The
:class:`Tutor` then says one step at a time (:data:`STEPS`: what to say, what to wait for) and,
after each line the player types, checks whether the step was done, from the match itself: the
actions the player had accepted and where they stand. Every surface drives a WorldSession, so the
same tutor speaks in the TUI, in line mode and over the network.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import games
from games.engine import RuleError
from mud.session import Line
from mud.world import tablecmds

SEED = 84  # one player starts on E3, a Field of Mars (1); E2, through the green door west, is a City (1)
START = "E3"


@dataclass(frozen=True)
class Step:
    say: str  # what the tutor asks
    done: Callable[["Tutor"], bool]  # whether the player has done it


def _did(verb: str) -> Callable[["Tutor"], bool]:
    return lambda tutor: verb in tutor.actions()


STEPS: tuple[Step, ...] = (
    Step("You stand on E3, a Field of Mars ('Fi1' on your map: the smith, difficulty 1). Type 'peek' to "
         "see its four doors; peeking also rolls the die for your move.", _did("peek")),
    Step("Green doors are always open: walk west, 'move west' or 'w'.",  # one row, under the peek's lines
         lambda tutor: tutor.position() != START),
    Step("Each room has a deed: a roll of its difficulty or more succeeds. 'stop' ends your move; on "
         "your next turn type 'act' (a City earns a gold coin).", _did("act")),
    Step("Gold buys weapons at a Field of Mars: go back east ('e'), 'stop', then on your next turn "
         "'buy sword' (1 gold). With a sword a vassal can face a dragon.", _did("buy")),
)
DONE = ("Moving, peeking, acting and buying: one of them a turn. 'help quest' tells the road to king; "
        "'leave' ends the tutorial, 'mud play' starts a real game.")


class Tutor:
    """Says the steps of :data:`STEPS` one by one to a player at their tutorial match."""

    def __init__(self, ws, match) -> None:
        self.ws = ws
        self.match = match
        self.step = 0
        self.since = len(match.log)  # the match's actions before the current step began

    def actions(self) -> list[str]:
        """The verbs of the player's accepted actions since the current step began."""
        return [action.verb for player, action in self.match.log[self.since:] if player == self.ws.name]

    def position(self) -> str:
        return self.match.state.players[self.ws.name].pos

    def current(self) -> list[Line]:
        n = len(STEPS)
        return [Line("tutor", f"Tutorial {self.step + 1}/{n}: {STEPS[self.step].say}")]

    def after(self) -> list[Line]:
        """Called after each typed line: the next step when this one is done, else nothing. The
        tutor stops when the player leaves the match."""
        if self.ws.inner is None or self.ws.inner.table is not self.match:
            self.ws.tutor = None
            return []
        if not STEPS[self.step].done(self):
            return []
        self.step += 1
        self.since = len(self.match.log)
        if self.step == len(STEPS):
            self.ws.tutor = None
            return [Line("tutor", f"Tutorial done. {DONE}")]
        return self.current()  # the next step's number says this one is done


def begin(ws) -> list[Line]:
    """Open the tutorial for ``ws``: a table of Quest for them alone on the fixed labyrinth, at the
    Labyrinth gate, never stored. A local game being played is set aside (it stays saved); at a
    server's match still being played it is refused (leaving would hand the seat to a bot)."""
    out = []
    if ws.seated and not ws.inner.table.over:
        if ws.surface != "local":  # others play with you: leaving would hand your seat to a bot
            raise RuleError("Finish this game first, or 'leave' it (a bot plays your seat), then 'tutorial'.")
        gt = ws.table  # local play: the game is set aside as it stands, saved, and waits for you
        ws.table = ws.inner = None
        out.append(Line("info", f"Your game at table {gt.id} waits for you: 'mud play' offers it again."))
    elif ws.table is not None:
        out += tablecmds.leave(ws)
    game = games.get(games.TUTORIAL)
    ws.room = game.room
    world = ws.world
    gt = world.new_table(ws.room)
    gt.practice = True  # alone: no turn timeout, and leaving clears the table away
    tablecmds.sit(ws, gt.id)  # sitting is part of opening the tutorial: not worth a line
    world.start_match(gt, game, 0, SEED, {}, "easy", keep=False)
    ws.tutor = Tutor(ws, gt.match)
    return out + [Line("tutor", "The tutorial: four steps, each checked as you do it; 'leave' ends it.")] \
        + ws.tutor.current()
