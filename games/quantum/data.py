"""Quantum's tables (rules/quantum.md): planets, the built-in maps, the cards, the tracks.

Plain data only, so the rules read the numbers from one place and tests can quote them.
"""

from __future__ import annotations

from dataclasses import dataclass

# A planet's number -> its cube slots (7 -> 1 ... 10 -> 4).
SLOTS = {7: 1, 8: 2, 9: 3, 10: 4}
TILE = 3  # a tile is 3x3 squares, its planet in the centre

SHIPS = 5  # dice per player: 3 start in play, 2 are expansion ships (Decision)
START_SHIPS = 3
ACTIONS = 3  # a turn's actions (Tactician: 4)
BUILD_COST = 2
TRACK_TOP = 6  # dominion and research act at 6, then go back to 1
INTERPENETRATION = 3  # a second cube of yours on a planet: + this per cube already there, whoever's
MAX_COMMANDS = 3
FACE_UP = 3  # of each kind
MAX_ROUNDS = 200  # Decision: a game still going after this many rounds ends (most cubes wins)

# Cubes each player must place, by number of players (the built-in maps; a map file may say).
CUBES = {2: 7, 3: 6, 4: 5}

# The built-in maps (rules/quantum.md, Decision -- maps), written as map files are
# (games/quantum/maps.py reads them): one line per row of tiles, top to bottom.
BUILT_IN = {
    "two": "cubes 7\n8 9S1 10\n7 V 7\n10 9S2 8\n",
    "three": "cubes 6\n10 9S1 7 8\n8 V 10 9S2\n7 10 9S3 8\n",
    "four": "cubes 5\n8 9S1 7 8\n7 10 10 9S2\n9S4 10 10 7\n8 7 9S3 8\n",
}
DEFAULT_MAP = {2: "two", 3: "three", 4: "four"}


@dataclass(frozen=True)
class Card:
    name: str  # what players type: 'take surge'
    kind: str  # gambit (black, used at once) or command (white, kept)
    text: str


GAMBITS = {
    "expansion": Card("expansion", "gambit", "An expansion ship enters play by a planet with your cube."),
    "surge": Card("surge", "gambit", "+1 action this turn."),
    "overdrive": Card("overdrive", "gambit", "One ship may move twice this turn (an action each)."),
    "relocation": Card("relocation", "gambit", "Move an enemy cube to a free planet holding none of theirs."),
    "reorganise": Card("reorganise", "gambit", "Reroll any of your ships."),
    "sabotage": Card("sabotage", "gambit", "Destroy an enemy ship next to one of yours, no combat."),
}
GAMBIT_COUNTS = {"expansion": 8, "surge": 4, "overdrive": 4, "relocation": 2, "reorganise": 2, "sabotage": 2}

COMMANDS = {
    "ferocious": Card("ferocious", "command", "-1 to your combat totals."),
    "swift": Card("swift", "command", "+1 movement to all your ships, and +1 to a 2's carry."),
    "scholar": Card("scholar", "command", "+1 research at the start of each of your turns."),
    "stubborn": Card("stubborn", "command", "You win ties when defending."),
    "engineer": Card("engineer", "command", "A build may miss the planet's number by 1."),
    "tactician": Card("tactician", "command", "4 actions a turn instead of 3."),
    "warden": Card("warden", "command", "Your ships by your cubes cannot be carried or swapped."),
    "raider": Card("raider", "command", "+1 dominion per attack won."),
}
CARDS = {**GAMBITS, **COMMANDS}


def gambit_deck() -> list[str]:
    """The 22 gambits, unshuffled."""
    return [name for name, n in GAMBIT_COUNTS.items() for _ in range(n)]


def command_deck() -> list[str]:
    return list(COMMANDS)


# What each die face does, for help, screens and the 'use' verb's answers.
ABILITIES = {
    1: "attack an orthogonally adjacent ship (free)",
    2: "carry an adjacent ship (its move)",
    3: "swap places with any other ship (free)",
    4: "turn into a 3 or a 5 (free)",
    5: "moves diagonally too (passive)",
    6: "reroll itself (free)",
}
