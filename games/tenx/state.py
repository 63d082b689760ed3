"""10x's state: plain data, changed only by the rule modules (rules, abilities, scoring)."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.engine import Rng


@dataclass
class Seat:
    name: str
    hand: list[str] = field(default_factory=list)  # game card ids: secret
    quests: list[str] = field(default_factory=list)  # personal quests in hand: secret
    shown: list[str] = field(default_factory=list)  # resolved personal quests, face up: public
    points: int = 0
    declared: bool = False


@dataclass
class Placed:
    """A card on the table this round, and what has happened to it."""

    card: str  # the card in play now
    played: list[str]  # every numbered card this player played this round (the mask's second too)
    value: int  # the current value, bonus/malus included
    used: str | None = None  # the modifier of the card in play used: mask, star or die (one per card)
    masked: bool = False  # the mask was used (the card may since have been replaced)
    bonuses: list[int] = field(default_factory=list)


@dataclass
class Round:
    number: int
    phase: str = "place"  # the round's step (phases.py's FLOW); written only through TenxState.phase
    draw_order: list[str] = field(default_factory=list)  # who still draws, in order
    drawn: set[str] = field(default_factory=set)  # who has drawn (or could not: a full hand)
    discarding: str | None = None  # who has drawn and is asked whether to discard for a point
    choices: dict[str, str | None] = field(default_factory=dict)  # secret placements (None: pass)
    table: dict[str, Placed] = field(default_factory=dict)  # revealed cards
    queue: list[str] = field(default_factory=list)  # whose turn within the phase, in order
    taken: str | None = None  # the card the mask just took, awaiting 'play' or 'keep'
    all_played: bool = True  # in the bonus phase: did everyone play in this pass?
    top: list[str] = field(default_factory=list)  # tied for the highest value, before the stars
    stars: list[str] = field(default_factory=list)  # who of them used a star
    winners: list[str] = field(default_factory=list)
    rolled: dict | None = None  # the die: roller, roll, against
    owed: int = 0  # in the 'lose' phase: game cards the roller still has to discard
    rewards: list[tuple[str, str]] = field(default_factory=list)  # (player, why) owed a game card
    cancellers: list[str] = field(default_factory=list)  # third on a common quest each: may cancel another
    discarded_cards: set[str] = field(default_factory=set)  # who discarded 7 game cards this round
    discarded_quests: set[str] = field(default_factory=set)


@dataclass
class TenxState:
    seed: int
    rng: Rng
    order: list[str]
    seats: dict[str, Seat]
    deck: list[str]  # numbered cards, top last
    bonus_deck: list[str]
    quest_deck: list[str]
    common_deck: list[str]
    active: list[str] = field(default_factory=list)  # active common quests
    common_given: dict[str, list[str]] = field(default_factory=dict)  # quest -> who was rewarded, in order
    discard: list[str] = field(default_factory=list)  # game cards discarded (reshuffled when a deck runs out)
    bonus_discard: list[str] = field(default_factory=list)
    round: Round = field(default_factory=lambda: Round(1))
    last_winner: str | None = None
    ten_seen: bool = False  # a 10 was revealed last round: its players draw a personal quest
    variants: frozenset[str] = frozenset()
    top: list[str] = field(default_factory=list)  # tied for the highest value, before the stars
    stars: list[str] = field(default_factory=list)  # who of them used a star
    winners: list[str] = field(default_factory=list)
    over: bool = False

    @property
    def phase(self) -> str:
        """The round's step: the one "where are we" of the game, the phase table's ``field``. Kept in
        the round (a new round starts with the step the flow entered); written only by
        ``PhaseTable.advance`` (games/phases.py), never by a handler."""
        return self.round.phase

    @phase.setter
    def phase(self, name: str) -> None:
        self.round.phase = name

    def resolved(self, p: str) -> int:
        return len(self.seats[p].shown)
