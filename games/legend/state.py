"""Quest for Legend's state: plain data, changed only by the rule modules (turns, play, ending).

A card is a string (a resource letter or a mission key, see data.py). Hands and the order of the
draw pile are secret; everything else here is on the table for all to see.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.engine import Rng
from games.legend.data import HEROES, MISSIONS, Hero

# A turn's phases: 1 undertake/disturb ("play"), 2 start missions ("start"), 3 the draw (an action,
# not a wait: ``draw`` ends phases 1 and 2), 4 discard down to five ("discard"); "last" is the one
# phase 1 everyone plays once the second pile is drawn out; "over" when the match is. Only the phase
# table's flow (phases.py) sets ``phase``: the handlers record what the turn has done (``started``,
# ``drew``, ``passed``) and the flow reads it.
PHASES = ("play", "start", "discard", "last", "over")


@dataclass
class Placed:
    """One unit under a mission: a resource card, or a hero's pair standing in for one card."""

    fills: str  # the resource type this unit counts as
    cards: tuple[str, ...]  # the card itself, or the pair
    by: str  # who placed it


@dataclass
class OnTable:
    """A mission card face up in front of its owner, with the resources placed under it."""

    serial: int  # order of starting: the table's order
    mission: str
    owner: str
    under: list[Placed] = field(default_factory=list)

    def filled(self) -> dict[str, int]:
        out = dict.fromkeys(MISSIONS[self.mission].need, 0)
        for p in self.under:
            out[p.fills] = out.get(p.fills, 0) + 1
        return out

    def missing(self) -> dict[str, int]:
        """Resource type -> cards still needed (only the types still short)."""
        out = dict(MISSIONS[self.mission].need)
        for p in self.under:
            out[p.fills] -= 1
        return {t: n for t, n in out.items() if n > 0}

    def cards(self) -> list[str]:
        """Every card of this little pile: the mission and all under it."""
        return [self.mission] + [c for p in self.under for c in p.cards]


@dataclass
class Seat:
    name: str
    hero: str = ""
    hand: list[str] = field(default_factory=list)  # secret
    completed: list[OnTable] = field(default_factory=list)  # set aside, points safe
    superseded: list[OnTable] = field(default_factory=list)  # set aside, points negative


@dataclass
class LegendState:
    seed: int
    rng: Rng
    order: list[str]  # seating order: play goes round it
    seats: dict[str, Seat]
    deck: list[str] = field(default_factory=list)  # the draw pile, top last (secret order)
    discard: list[str] = field(default_factory=list)  # public, in order of discarding
    table: list[OnTable] = field(default_factory=list)
    done: list[str] = field(default_factory=list)  # missions completed this game: their twins are dead
    serial: int = 0
    turn: str = ""  # whose turn it is
    phase: str = "play"  # set only by the phase table's flow (phases.py)
    started: int = 0  # missions started this turn (the first ends phase 1)
    drew: bool = False  # this turn's draw is made (phase 3: it ends phases 1 and 2)
    passed: bool = False  # the player passed in the phase they are in (phase 1, 4 or the last one)
    turns: int = 0  # turns begun this game, every seat's (a player reads the round: ``round``)
    reshuffled: bool = False  # the discards became the second pile
    last_drawn_by: str | None = None  # drew the second pile's last card: the last round follows their turn
    last_round: list[str] = field(default_factory=list)  # who still plays their last phase 1, in order
    teams: list[list[str]] = field(default_factory=list)  # with teams=on: two pairs of partners
    games: int = 1  # games in the match (a tournament: 3 or 5)
    game: int = 1  # the game being played
    first: int = 0  # seat index of this game's first player (a tournament moves it on)
    totals: dict[str, int] = field(default_factory=dict)  # the match's points so far (over games ended)
    won: dict[str, int] = field(default_factory=dict)  # games won so far
    results: list[dict[str, int]] = field(default_factory=list)  # each ended game's scores
    over: bool = False
    winners: list[str] = field(default_factory=list)

    def hero(self, player: str) -> Hero:
        return HEROES[self.seats[player].hero]

    @property
    def round(self) -> int:
        """The round of the table this game (everyone plays each round, from the game's first
        player): "Turn 5" read at a player's second turn of four."""
        return max(0, self.turns - 1) // len(self.order) + 1

    def partners(self, player: str) -> list[str]:
        """The player's side: themselves, and their partner in a team game."""
        for team in self.teams:
            if player in team:
                return list(team)
        return [player]
