"""Quest's tutorial, as data: a new player's first turns, step by step, on a fixed labyrinth.

The world's tutor (mud/world/tutorial.py) opens a match of Quest for the learner alone on the
labyrinth of seed :data:`SEED`, where they start on a Field of Mars (the smith) with a City through
the green door to the west -- both of difficulty 1, so every deed succeeds -- and says the steps one
at a time. Each step's check reads only the learner's own view (games/quest/view.py): the doors of
the room they stand in, their position, the public ledger of deeds and the rooms they have seen. So
it is judged by what the learner could see themselves, never by the match's hidden state.
"""

from __future__ import annotations

from games.engine import Tutorial, TutorialStep
from games.quest.words import _

SEED = 84  # one player starts on E3, a Field of Mars (1); E2, through the green door west, is a City (1)
START = "E3"


def _mine_at(view: dict, location: str) -> bool:
    """Whether the ledger (public: each deed's player and room) holds a deed of the learner's in a
    room of ``location`` they have seen."""
    rooms = view["rooms"]
    return any(deed["player"] == view["you"] and rooms.get(deed["room"], {}).get("location") == location
               for deed in view["ledger"])


def peeked(view: dict) -> bool:
    """Every door of the learner's room that is not green shows its face: a peek turns them all
    (walking off does not, and a room of green doors alone would not need a peek)."""
    here = view["me"]["pos"]
    doors = [d for name, d in view["doors"].items() if here in name.split("-") and d["colour"] != "green"]
    return bool(doors) and all(d["face"] != "unknown" for d in doors)


def moved(view: dict) -> bool:
    """The learner stands somewhere else than where the tutorial began."""
    return view["me"]["pos"] != START


def acted(view: dict) -> bool:
    """The learner has done a City's deed (the odd job that earns a gold coin)."""
    return _mine_at(view, "city")


def bought(view: dict) -> bool:
    """The learner has done a Field of Mars' deed: bought a weapon from the smith."""
    return _mine_at(view, "field")


# What the tutor says, as messages: each quotes the commands in the reader's own words (the Italian
# catalogue says 'sbircia', 'muovi ovest', 'fermati', 'agisci', 'compra spada').
STEPS: tuple[TutorialStep, ...] = (
    TutorialStep(_("You stand on E3, a Field of Mars ('Fi1' on your map: the smith, difficulty 1). Type 'peek' "
                   "to see its three doors; peeking also rolls the die for your move."), peeked),
    TutorialStep(_("Green doors are always open: walk west, 'move west' or 'w'."), moved),  # under the peek's lines
    TutorialStep(_("Each room has a deed: a roll of its difficulty or more succeeds. 'stop' ends your move; on "
                   "your next turn type 'act' (a City earns a gold coin)."), acted),
    TutorialStep(_("Gold buys weapons at a Field of Mars: go back east ('e'), 'stop', then on your next turn "
                   "'buy sword' (1 gold). With a sword a vassal can face a dragon."), bought),
)
CLOSING = _("Moving, peeking, acting and buying: one of them a turn. 'help quest' tells the road to king; "
            "'leave' ends the tutorial for a real game.")  # (the learner is already in 'mud play' or a world)

TUTORIAL = Tutorial(seed=SEED, steps=STEPS, closing=CLOSING)
