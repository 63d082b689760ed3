"""Quantum's state: plain data, changed only by the rule modules.

The map is kept as its canonical text (``map_text``) and read through a cache, so a state pickles
small and its bytes never change when the rules merely look at the geometry.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.engine import Rng
from games.quantum.maps import Map, load


@dataclass
class Ship:
    """One die. ``where``: play (on ``square``), scrap (the scrapyard) or reserve (an expansion
    ship not yet brought in)."""

    id: int
    owner: str
    value: int
    where: str = "play"
    square: str | None = None


@dataclass
class Player:
    name: str
    cubes_left: int
    dominion: int = 1
    research: int = 1
    commands: list[str] = field(default_factory=list)
    later: list[str] = field(default_factory=list)  # gambits taken at the end of a turn: played next turn
    decided: bool = False  # set-up: kept or rerolled the opening roll
    rerolled: bool = False


@dataclass
class Turn:
    player: str
    actions: int
    moved: dict[int, int] = field(default_factory=dict)  # ship id -> moves this turn
    used: set[int] = field(default_factory=set)  # ships whose ability was used this turn
    overdrive: bool = False  # one ship may move a second time
    research_full: bool = False  # research reached 6 this turn: a card at its end
    ending: bool = False  # the end of the turn is under way (its card, then the next player)


@dataclass
class QuantumState:
    seed: int
    rng: Rng
    map_text: str
    order: list[str]  # seats, clockwise
    players: dict[str, Player]
    ships: list[Ship]
    cubes: dict[str, list[str]]  # planet square -> owners of its cubes, in the order built
    gambits: list[str]  # the gambit deck, top last
    commands: list[str]  # the command deck, top last
    faceup: list[str | None] = field(default_factory=lambda: [None] * 6)  # 3 gambits, then 3 commands
    phase: str = "roll"  # roll, home, play, over
    turn_order: list[str] = field(default_factory=list)  # clockwise from the first player
    homes: dict[str, str] = field(default_factory=dict)  # player -> starting planet
    turn: Turn | None = None
    pending: list[dict] = field(default_factory=list)  # choices the turn's player owes, first first
    round: int = 1
    winners: list[str] = field(default_factory=list)

    @property
    def map(self) -> Map:
        found = self.__dict__.get("_map")
        if found is None:
            found = self.__dict__["_map"] = load(self.map_text)
        return found

    def __getstate__(self) -> dict:
        """Pickled without the map read from ``map_text`` (it is read again when needed)."""
        return {k: v for k, v in self.__dict__.items() if k != "_map"}

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def ship(self, ship_id: int) -> Ship:
        return self.ships[ship_id]

    def fleet(self, player: str, where: str = "play") -> list[Ship]:
        return [s for s in self.ships if s.owner == player and s.where == where]

    def occupant(self) -> dict[str, Ship]:
        """Square -> the ship on it."""
        return {s.square: s for s in self.ships if s.where == "play"}

    def has_command(self, player: str, command: str) -> bool:
        return command in self.players[player].commands

    def placed(self, player: str) -> int:
        return sum(owners.count(player) for owners in self.cubes.values())
