"""Others' turns folded into a line or two, for the interactive surfaces (TUI, plain, telnet, ssh -T).

At 80x24 one round of three bots is ten to twenty-five lines, and it pushes the player's own results
out of sight. So the events of a turn that is not the viewer's own are told as the game's summary of
that turn ("bot1 moves C6 -> E4, peeks at 7 doors"), and the full lines stay with the summary line
as its detail (the TUI's F4, ``log full`` everywhere). Command files print every event: they never
fold.

What is never folded away: the viewer's own turn, any event that names the viewer -- addressed
to them alone (a question, a gift), naming them in its data (a duel with them, a request to enter
their room) or in its words (a ship swapped with theirs) -- the events that shape the match (tones ``setup`` and ``over``: the end of the
game), and the table's own news that a bot plays a turn whose player's time was up. Such an event
splits the turn around it, each side summarised on its own.

The game's ``summarise`` is given only the events the viewer may see (``Session.drain`` filters
them first), so a summary can hold nothing the full lines would not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from games.engine import EVERYONE, Event, GameSpec
from mud.shell.table import TIME_UP


NEVER_FOLDED = ("setup", "over")  # tones of what shapes the whole match: its start, its end


def names(event: Event, viewer: str | None) -> bool:
    """True when ``event`` concerns ``viewer`` personally: addressed to them by name, naming them
    in its data (a target, a partner, a recipient) or in its words ("bot2's 3 swaps places with
    ann's 2")."""
    if viewer is None:
        return False
    if event.to is not EVERYONE and viewer in event.to:
        return True
    for value in event.data.values():
        if value == viewer or (isinstance(value, (list, tuple)) and viewer in value):
            return True
    return re.search(rf"(?<![\w-]){re.escape(viewer)}(?![\w-])", str(event.text)) is not None  # a name reads alike in every language


@dataclass
class Folded:
    """One stretch of another player's turn: the summary lines shown, the full events behind them."""

    actor: str
    summary: list[str]
    events: list[Event] = field(default_factory=list)
    round: int = 0  # how many of the viewer's own turns had begun when it was folded


class Folder:
    """Folds a viewer's stream, batch by batch (a turn may span several batches: each is folded
    on its own, since what arrived must be shown now). Remembers whose turn it is between batches
    and keeps the folded stretches for ``log full``."""

    KEEP = 200  # folded stretches remembered

    def __init__(self, game: GameSpec, viewer: str | None):
        self.game = game
        self.viewer = viewer
        self.actor: str | None = None  # whose turn the stream is in, as last seen
        self.round = 0
        self.folded: list[Folded] = []

    def fold(self, events: list[Event]) -> list[Event | Folded]:
        """The visible ``events`` of one batch, with runs of others' turns replaced by Folded."""
        out: list[Event | Folded] = []
        run: list[Event] = []

        def close() -> None:
            if run:
                out.extend(self._summarise(list(run)))
                run.clear()

        for e in events:
            starts = self.game.turn_of(e)
            if starts is not None:
                close()
                self.actor = starts
                if starts == self.viewer:
                    self.round += 1
            if self.game.summarise is None or self.actor is None or self.actor == self.viewer \
                    or names(e, self.viewer) or self.game.tone(e.kind) in NEVER_FOLDED or e.kind == TIME_UP:
                close()
                out.append(e)
            else:
                run.append(e)
        close()
        return out

    def _summarise(self, run: list[Event]) -> list[Event | Folded]:
        actor = self.actor or ""
        lines = [s for s in self.game.summarise(actor, run, self.viewer) if s]
        if not lines or len(lines) >= len(run):
            return list(run)  # nothing to gain: the full lines
        stretch = Folded(actor, lines, run, self.round)
        self.folded.append(stretch)
        del self.folded[:-self.KEEP]
        return [stretch]

    def last_round(self) -> list[Folded]:
        """The stretches folded in the latest round that folded any: the others' turns since the
        viewer's last turn (or before it, when none came since)."""
        if not self.folded:
            return []
        latest = self.folded[-1].round
        return [f for f in self.folded if f.round == latest]
