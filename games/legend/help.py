"""Quest for Legend's help pages, written for players: ``help legend`` (the first teaches the game),
``help heroes``, ``help missions`` (all ten) and one page per mission (``help hydra``), the last two
made from the mission table in data.py so they cannot disagree with the cards.

The first two are messages; the others are laid out for each reader (``Page``: paragraphs wrapped and
the table padded once worded). Each topic keeps its English key and is named in every language
(``aiuto eroi``, ``aiuto missioni``, ``aiuto idra``)."""

import textwrap

from games.legend.data import HEROES, MISSIONS, Mission
from games.legend.names import HERO_NAMES, MISSION_NAMES, MISSION_SHORT, RESOURCE_NAMES
from games.legend.show import needs
from games.legend.words import _
from games.places import Page, Topic
from games.words import render

HELP = {
    "legend": _("""\
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
'help missions' for the ten missions, 'help hydra' for one."""),
    Topic("heroes", _("heroes")): _("""\
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
still disturbed and aborted like anyone's)."""),
}


def typed(m: Mission, lang: str) -> str:
    """The word a reader of ``lang`` types for a mission: its key in English, else the first word of
    its short name there ('idra', 'vello'), which the game reads too (data.mission_word)."""
    return m.key if lang == "en" else render(MISSION_SHORT[m.key], lang).lower().split()[0]


def mission_page(m: Mission) -> Page:
    """One mission's help page: its value, the cards it needs, whose hero favours it, how it is
    started, completed or aborted, and what it costs left open -- prose wrapped to 76 columns."""
    fans = [h.key for h in HEROES.values() if h.favoured == m.key]

    def make(lang: str) -> str:
        word, need = typed(m, lang), needs(m.need)
        names = {t: RESOURCE_NAMES[t] for t, _n in m.code}
        paragraphs = [
            _("{name} ('{key}') - a Quest for Legend mission worth {points} Legend Points.",
              name=MISSION_NAMES[m.key], key=word, points=m.points),
            _("It needs {needs} ({kinds}; its code is {code}).", needs=need, code=m.code_text,
              kinds=_kinds(m, names)),
            _("It is {hero}'s favoured mission: that hero meets it one card short.", hero=HERO_NAMES[fans[0]])
            if fans else None,
            _("Start it from your hand: 'start {key}'. Its owner placing the last card completes it and scores "
              "{points} ('undertake {key} with {needs}'); anyone else placing the last card aborts it "
              "('disturb {key} with {card}'), and nobody scores.", key=word, points=m.points, needs=need,
              card=m.code[0][0]),
            _("Left unfinished on the table at the end, it costs its owner {points}. It has a twin in the deck: "
              "once one {short} is completed, the other is dead, and a twin already on the table is superseded "
              "(it costs its owner {points} too).", points=m.points, short=MISSION_SHORT[m.key]),
        ]
        first, second, favoured, *rest = paragraphs
        joined = [render(first, lang), render(second, lang) + (" " + render(favoured, lang) if favoured else ""),
                  *(render(p, lang) for p in rest)]
        return "\n".join(textwrap.fill(p, 76) for p in joined)

    return Page(make)


def _kinds(m: Mission, names: dict):
    """The kinds of card a mission needs, each with its name: "C companions, E equipment"."""
    out = None
    for t, _n in m.code:
        item = _("{letter} {name}", letter=t, name=names[t])
        out = item if out is None else _("{list}, {item}", list=out, item=item)
    return out


def missions_page() -> Page:
    """All ten missions in one table, by value (its columns padded once the names are worded)."""

    def make(lang: str) -> str:
        shorts = {key: render(MISSION_SHORT[key], lang) for key in MISSIONS}
        width = max(10, *map(len, shorts.values()))  # (English: 10, as the table always was)
        rows = [f"  {shorts[m.key]:<{width}} {m.points}   {needs(m.need):<10}  "
                f"{render(MISSION_NAMES[m.key], lang)}" for m in MISSIONS.values()]
        return "\n".join([render(_("Missions (each twice in the deck): value in Legend Points, cards needed."), lang),
                          *rows, render(_("I ship, A divine favour, C companions, E equipment."), lang),
                          render(_("'help hydra' (any mission's name) tells one mission whole."), lang)])

    return Page(make)


# The topics' names in each language ('aiuto eroi', 'aiuto missioni', 'aiuto idra'): a mission by its short name.
HELP[Topic("missions", _("missions"))] = missions_page()
HELP.update({Topic(key, MISSION_SHORT[key]): mission_page(m) for key, m in MISSIONS.items()})
