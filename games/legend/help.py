"""Quest for Legend's help pages, written for players: ``help legend`` (the first teaches the game),
``help heroes``, ``help missions`` (all ten) and one page per mission (``help hydra``), the last two
made from the mission table in data.py so they cannot disagree with the cards."""

import textwrap

from games.legend.data import HEROES, MISSIONS, RESOURCES, Mission
from games.legend.names import MISSION_SHORT
from games.legend.show import needs
from games.legend.words import _
from games.places import Topic

HELP = {
    "legend": """\
Quest for Legend - heroes race for Legend Points with missions and resources
Cards: 20 missions (10 kinds, each twice) and 44 resources: I ship,
A divine favour, C companions, E equipment. A mission's code says what
it needs (Medusa I/1 A/1 E/2); its value is its points.
Your turn, always in this order:
 1 undertake your missions, disturb others' (any number of cards):
     undertake fleece with C C as I   (your hero's pair counts as one)
     disturb medusa with I E          disturb bob medusa with E
   Its owner placing the last card completes it (points, safe); anyone
   else placing it aborts it (all to the discards, nobody scores).
 2 start missions from your hand: start medusa
 3 draw one card (compulsory): draw
 4 discard down to five: discard E (dead twins too: discard tartarus)
A completed mission's twin is dead; a twin already on the table is
superseded (set aside, it counts against its owner).
When the discards, shuffled once, run out: one last phase 1 each
(with no cards too: a hero may still claim a favoured mission).
All ten missions completed ends the game at once.
Score: completed - unfinished on the table - superseded.
Screens: hand, table, score, piles. 'help heroes' for the gifts,
'help missions' for the ten missions, 'help hydra' for one.""",
    Topic("heroes", _("heroes")): """\
Heroes (dealt at random, face up). Under their favoured mission a hero
needs one card fewer, both to complete it and to abort it: it is met
one card short when the hero places. If someone else left it one short,
the hero may claim it at their phase 1 with no card: 'undertake hydra'
(their own) or 'disturb hydra' (someone else's).
  Hercules  Hydra of Lerna      E + E count as one C
  Ulysses   Return to Ithaca    C + C count as one I
  Perseus   Slaying of Medusa   A + A count as one E
  Jason     Golden Fleece       I + I count as one A
A pair is played together under one mission: 'with C C as I'.
Options: 'start tournament=3' (or 5: scores summed), 'start teams=on'
(four players, partners sit alternately; partners' missions are
still disturbed and aborted like anyone's).""",
}


def mission_page(m: Mission) -> str:
    """One mission's help page: its value, the cards it needs, whose hero favours it, how it is
    started, completed or aborted, and what it costs left open -- prose wrapped to 76 columns."""
    kinds = ", ".join(f"{t} {RESOURCES[t]}" for t, _ in m.code)
    fans = [h.name for h in HEROES.values() if h.favoured == m.key]
    favoured = f" It is {fans[0]}'s favoured mission: that hero meets it one card short." if fans else ""
    paragraphs = [
        f"{m.name} ('{m.key}') - a Quest for Legend mission worth {m.points} Legend Points.",
        f"It needs {needs(m.need)} ({kinds}; its code is {m.code_text}).{favoured}",
        f"Start it from your hand: 'start {m.key}'. Its owner placing the last card completes it "
        f"and scores {m.points} ('undertake {m.key} with {needs(m.need)}'); anyone else placing the last "
        f"card aborts it ('disturb {m.key} with {m.code[0][0]}'), and nobody scores.",
        f"Left unfinished on the table at the end, it costs its owner {m.points}. It has a twin in the "
        f"deck: once one {m.short} is completed, the other is dead, and a twin already on the table is "
        f"superseded (it costs its owner {m.points} too).",
    ]
    return "\n".join(textwrap.fill(p, 76) for p in paragraphs)


def missions_page() -> str:
    """All ten missions in one table, by value."""
    rows = [f"  {m.short:<10} {m.points}   {needs(m.need):<10}  {m.name}" for m in MISSIONS.values()]
    return "\n".join(["Missions (each twice in the deck): value in Legend Points, cards needed.", *rows,
                      "I ship, A divine favour, C companions, E equipment.",
                      "'help hydra' (any mission's name) tells one mission whole."])


# The topics' names in each language ('aiuto eroi', 'aiuto missioni', 'aiuto idra'): a mission by its short name.
HELP[Topic("missions", _("missions"))] = missions_page()
HELP.update({Topic(key, MISSION_SHORT[key]): mission_page(m) for key, m in MISSIONS.items()})
