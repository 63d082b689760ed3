"""Quest for Legend's help pages, written for players: ``help legend`` (the first teaches the game)
and ``help heroes``."""

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
Screens: hand, table, score, piles. 'help heroes' for the gifts.""",
    "heroes": """\
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
