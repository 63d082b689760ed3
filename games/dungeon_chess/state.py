"""The state of one Dungeon Chess match: the board, what each player holds, the secret targets and
the bookkeeping the rules read (whose turn, repeated moves, quiet rounds, the history targets)."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.dungeon_chess.data import CHESTS, SIDES_FOR, START, TARGETS, DEALT, SIZE
from games.dungeon_chess.words import _
from games.engine import Rng, RuleError

Piece = tuple  # (owner, kind, pid): pid tells the three Fighters apart


@dataclass
class ChessState:
    order: list[str]  # seat order, which is also the clockwise turn order
    rng: Rng
    side: dict[str, str] = field(default_factory=dict)  # player -> S, W, N or E
    board: list = field(default_factory=lambda: [None] * (SIZE * SIZE))
    held: dict[str, list] = field(default_factory=dict)  # player -> enemy pieces captured and held
    chests: dict[str, int] = field(default_factory=dict)
    dealt: dict[str, list[int]] = field(default_factory=dict)  # the two targets each was dealt
    target: dict[str, int | None] = field(default_factory=dict)  # the one each kept (secret)
    phase: str = "choose"  # choose -> play -> over
    turn: int = 0  # index into order of the player to move
    last: dict[str, tuple] = field(default_factory=dict)  # player -> (piece, squares, times running)
    paid: set = field(default_factory=set)  # players who paid a ransom (target 6)
    warrior_takes: dict[str, int] = field(default_factory=dict)  # captures by each Warrior (target 8)
    quiet: int = 0  # turns since the last capture or ransom
    passes: int = 0  # turns passed in a row
    turns: int = 0
    limit: bool = True
    end_reason: str = ""
    scores: dict[str, dict] = field(default_factory=dict)
    winners: list[str] = field(default_factory=list)

    @property
    def player(self) -> str:
        return self.order[self.turn]

    @property
    def over(self) -> bool:
        return self.phase == "over"


def new_match(players, seed, options=None) -> ChessState:
    """Seats the players on their sides, sets out the squads and deals two secret targets each."""
    options = dict(options or {})
    players = list(players)
    if len(players) not in SIDES_FOR:
        raise RuleError(_("Dungeon Chess is for 2 to 4 players."))
    state = ChessState(players, Rng(seed), limit=options.get("limit", "on") != "off")
    pid = 0
    for player, side in zip(players, SIDES_FOR[len(players)]):
        state.side[player] = side
        state.held[player] = []
        state.chests[player] = CHESTS
        state.warrior_takes[player] = 0
        for sq, kind in START[side]:
            state.board[sq] = (player, kind, pid)
            pid += 1
    deck = list(TARGETS)
    state.rng.shuffle(deck)
    for player in players:
        state.dealt[player], deck = sorted(deck[:DEALT]), deck[DEALT:]
        state.target[player] = None
    state.turn = state.rng.choice(range(len(players)))
    return state
