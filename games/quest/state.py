"""Quest's state: plain data, changed only by games/quest/rules.py."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.engine import Rng
from games.quest.board import Door, Edge, Room
from games.quest.data import WEAPON_CARDS


@dataclass
class Player:
    name: str
    pos: str
    rank: str = "vassal"  # vassal, knight, wizard
    gold: int = 1
    objects: list[str] = field(default_factory=list)  # object cards, secret
    treasures: list[str] = field(default_factory=list)  # treasure cards, secret
    keys: list[str] = field(default_factory=list)  # gold/silver keys taken from the floor (public)
    seen: set[str] = field(default_factory=set)  # rooms stood on: their identity is known
    peeked: set[Edge] = field(default_factory=set)  # red doors whose face this player looked at
    consent: str = "ask"  # standing answer to anyone entering: all (let in), ask, none (refuse)
    marks: dict[str, str] = field(default_factory=dict)  # door name -> open/closed: own guesses, private
    notes: dict[str, str] = field(default_factory=dict)  # room -> the player's note on their own map
    alive: bool = True  # the dead watch and talk but never act
    wounded: bool = False  # mortally: dies when their next turn comes, unless healed first
    armour: str = "break"  # standing choice in armed duels: break an armour to take a lost hand, or keep
    beaten_by: str | None = None  # the privileged occupant of this room: to stay here, fight them again

    @property
    def has_bag(self) -> bool:
        return "bag of money" in self.treasures

    def holds_key(self, colour: str) -> bool:
        if colour == "black":
            return "black key" in self.treasures
        return colour in self.keys

    @property
    def owns_nothing(self) -> bool:
        return not (self.objects or self.treasures or self.keys or self.gold > 0)

    @property
    def weight(self) -> int:
        """Treasures + gold coins + weapon cards (rules/quest.md, duels); the bag counts 1, an armour
        nothing (it is not a weapon card: it neither arms nor weighs)."""
        return len(self.treasures) + self.gold + sum(o in WEAPON_CARDS for o in self.objects)


@dataclass
class Consent:
    """A step into an occupied room, waiting on the occupants' answers."""

    direction: str
    target: str
    asked: list[str]
    answers: dict[str, bool] = field(default_factory=dict)

    @property
    def waiting(self) -> list[str]:
        return [p for p in self.asked if p not in self.answers]


@dataclass
class Turn:
    player: str
    number: int  # turns so far, every seat's (the ledger's order)
    phase: str = "start"  # start, moving, consent, leave, duel: moved on by the phase table's flow alone
    roll: int | None = None
    steps_left: int = 0
    path: list[str] = field(default_factory=list)  # rooms stood on during this move
    pending_locked: list[Edge] = field(default_factory=list)  # locked doors to leave open/closed
    consent: Consent | None = None
    refused: set[str] = field(default_factory=set)  # rooms whose occupants said no this turn
    last_refused: str | None = None  # the direction of the latest refusal: what a bare 'fight' enters
    allowed: set[str] = field(default_factory=set)  # occupants who let the mover in (not fought)
    round: int = 1  # rounds of the table begun: what a player reads ("your turn (round 2)"), not ``number``
    moved: bool = False  # the move is over: the flow asks for the locked doors crossed, else hands the turn over
    spent: bool = False  # the whole turn is over (an act, a pass, a spell, a duel): the flow hands it over


@dataclass
class Duel:
    """A duel being fought: who, where, why, and how far it has gone (rules/quest.md, Duels).

    ``cause`` is fight (entering without consent), stay (a beaten player fighting to stay),
    tournament (knights in a castle) or bolt (a wizard's spell). ``stage`` names whose input is
    awaited: rps (both, secretly), attack, answer, block (the target of a bolt), loot (the winner)."""

    attacker: str
    defender: str
    room: str
    cause: str
    stage: str = ""
    secret: dict[str, str] = field(default_factory=dict)  # rock-paper-scissors choices not yet revealed
    left: dict[str, list[str]] = field(default_factory=dict)  # weapon cards each may still play
    played: str | None = None  # the attacker's card in the hand being fought
    hands: list[str | None] = field(default_factory=list)  # each hand's winner (None: a void hand)
    winner: str | None = None
    loser: str | None = None
    queue: list[str] = field(default_factory=list)  # more occupants to fight after this one
    origin: str | None = None  # forcing a way in: the room the attacker came from (a loss sends them back)

    @property
    def sides(self) -> tuple[str, str]:
        return (self.attacker, self.defender)

    def other(self, name: str) -> str:
        return self.defender if name == self.attacker else self.attacker


@dataclass
class LedgerEntry:
    player: str
    room: str
    roll: int
    turn: int

    def line(self) -> str:
        return f"{self.player}, {self.room} = {self.roll}"


@dataclass
class QuestState:
    seed: int
    rules: str  # basic or full
    rng: Rng
    rooms: dict[str, Room]
    doors: dict[Edge, Door]
    floor_keys: dict[str, str]
    players: dict[str, Player]
    order: list[str]
    turn: Turn
    objects: dict[str, int]  # object deck: card -> how many left
    treasures: list[str]  # treasure deck, drawn at random
    turned: set[Edge] = field(default_factory=set)  # white doors turned face up for everyone
    ledger: list[LedgerEntry] = field(default_factory=list)
    spent: list[str] = field(default_factory=list)  # cards spent out of the game
    winner: str | None = None
    sealed_map: str = ""  # the map as dealt (seal.map_text), revealed at the end
    salt: str = ""
    commitment: str = ""  # sha256(sealed_map + salt), public from the start
    duel: Duel | None = None

    @property
    def over(self) -> bool:
        return self.winner is not None

    def occupants(self, room: str, besides: str | None = None) -> list[str]:
        return [p for p in self.order if self.players[p].pos == room and p != besides and self.players[p].alive]

    def alive(self) -> list[str]:
        return [p for p in self.order if self.players[p].alive]
