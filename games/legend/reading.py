"""What the words of a Quest for Legend line name: the mission on the table a placement is for and
the resource cards it puts under it (rules/quest-for-legend.md, A turn, 1), the missions a start
names, the cards a discard names. Each reader returns what the words name and, when they name
nothing the rules accept, the refusal in the player's words instead of raising: the handlers, which
run only for legal actions, take the reading and trust it; ``why_not`` (refusals.py) words what it
refuses; the canonical form and the several-at-once family read the same way.

How a placement reads: ``undertake fleece with C C as I`` -- the mission (a word of its name, its
owner, or its number on the table), then the cards; ``X X as Y`` marks a hero's pair. Without
``as``, the cards are read one by one, or, when that does not fit and exactly one reading with the
hero's pair does, that way."""

from __future__ import annotations

from collections import Counter

from games.legend.data import MISSIONS, TYPE_ORDER, mission_word, resource_word
from games.legend.deal import hand_text
from games.legend.names import HERO_NAMES, MISSION_SHORT
from games.legend.state import LegendState, OnTable, Placed
from games.legend.words import _, listed

# Filler words, English and Italian (the Italian messages quote 'intraprendi vello con C C come I')
SKIP = {"of", "the", "under", "on", "at", "to", "an", "mission", "and", ",",
        "sotto", "alla", "missione"}  # among card words ('a' is an A, 'e' an E)
REF_SKIP = SKIP | {"a", "di", "del", "della", "la", "il"}  # among the words naming a mission
START_SKIP = ("and", ",", "the", "mission", "missions", "la", "le", "missione", "missioni")  # missions to start
DISCARD_SKIP = ("and", ",", "the", "card", "cards", "la", "le", "carta", "carte")  # cards to discard
# The words of a placement's line typed in Italian, read as the English ones: 'con', 'come', 'mio'
# (the owner), and the resource cards' words (the letters I A C E read alike in both languages).
ITALIAN = {"con": "with", "come": "as", "mio": "my", "mia": "my", "imbarcazione": "ship", "nave": "ship",
           "navi": "ships", "appoggio": "favour", "divino": "divine", "compagni": "companions",
           "compagno": "companion", "equipaggiamento": "equipment"}


def split(words: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """(the words naming the mission, the words naming the cards); Italian 'con' and 'come' read as 'with'
    and 'as'."""
    words = [ITALIAN.get(str(w).lower(), str(w)) for w in words]
    low = [w.lower() for w in words]
    if "with" in low:
        i = low.index("with")
        return words[:i], words[i + 1:]
    for i, w in enumerate(words):
        if (resource_word(w) and not mission_word(w)) or w.lower() == "as":
            return words[:i], words[i:]
    return words, []


USAGE = {"undertake": _("Say 'undertake <mission> with <cards>', e.g. 'undertake medusa with I E'."),
         "disturb": _("Say 'disturb <mission> with <cards>', e.g. 'disturb medusa with I E'.")}


def usage(verb: str):
    return USAGE[verb]


def locate(state: LegendState, player: str, ref: list[str], own: bool) -> tuple[OnTable | None, object]:
    """The mission on the table the words name, among the player's own (``own``) or the others'; or
    why they name none (or more than one)."""
    verb = "undertake" if own else "disturb"
    owners, keys, number = set(), None, None
    names = {p.lower(): p for p in state.order}
    for word in ref:
        w = word.lower().removesuffix("'s").strip(".,;:!?")
        if not w or w in REF_SKIP:
            continue
        if w.isdigit():
            if not 1 <= int(w) <= len(state.table):
                return None, _("No mission number {number} on the table (see 'table').", number=w[:4])
            number = int(w)
        elif w in ("my", "mine", "own"):
            owners.add(player)
        elif w in names:
            owners.add(names[w])
        elif mission_word(w):
            hits = set(mission_word(w))
            keys = hits if keys is None else keys & hits
        else:
            return None, _("'{word}' names no mission on the table. {usage}", word=word[:20], usage=usage(verb))
    if number is not None:
        pool = [state.table[number - 1]]
    else:
        pool = [e for e in state.table if (keys is None or e.mission in keys) and (not owners or e.owner in owners)]
    mine = [e for e in pool if (e.owner == player) == own]
    if len(mine) == 1:
        return mine[0], None
    if not mine:
        if pool and own:
            e = pool[0]
            return None, _("That is {owner}'s {mission}: 'disturb' it to play under it.", owner=e.owner,
                           mission=MISSION_SHORT[e.mission])
        if pool:
            return None, _("That {mission} is yours: 'undertake' it.", mission=MISSION_SHORT[pool[0].mission])
        if not keys:
            return None, (_("You have no mission on the table to undertake.") if own
                          else _("Nobody else has a mission on the table to disturb."))
        what = listed([MISSION_SHORT[k] for k in sorted(keys)], "or")
        return None, (_("You have no {missions} on the table.", missions=what) if own
                      else _("Nobody else has a {missions} on the table.", missions=what))
    which = listed([_("{owner}'s {mission} ({number})", owner=e.owner, mission=MISSION_SHORT[e.mission],
                      number=state.table.index(e) + 1) for e in mine], "or")
    return None, _("Which one: {missions}? Name its owner or its number.", missions=which)


def units_of(state: LegendState, player: str, entry: OnTable, words: list[str]) -> tuple[list[Placed], object]:
    """The units the card words stand for, read against the hand and the mission's needs ([] for
    no cards: a claim); or why they cannot go under it."""
    hero = state.hero(player)
    items: list[Placed] = []
    words = [w for w in words if w.lower() not in SKIP]
    i = 0
    while i < len(words):
        w = words[i]
        if w.lower() == "as":
            target = resource_word(words[i + 1]) if i + 1 < len(words) else None
            last = items[-2:]
            if (target is None or len(last) < 2 or any(len(u.cards) != 1 for u in last)
                    or {u.fills for u in last} != {hero.pair} or target != hero.stands_for):
                return [], _("As {hero}, '{pair} {pair} as {card}' plays your pair as one card.",
                             hero=HERO_NAMES[hero.key], pair=hero.pair, card=hero.stands_for)
            items[-2:] = [Placed(target, (hero.pair, hero.pair), player)]
            i += 2
            continue
        t = resource_word(w)
        if t is None:
            if mission_word(w):
                return [], _("Only resource cards (I, A, C, E) go under a mission.")
            return [], _("'{word}' is not a resource card: I (ship), A (divine favour), C (companions), "
                         "E (equipment).", word=w[:20])
        items.append(Placed(t, (t,), player))
        i += 1
    want = Counter(c for u in items for c in u.cards)
    have = Counter(state.seats[player].hand)
    for t, n in sorted(want.items()):
        if have[t] < n:
            return [], holding(have[t], t, n)
    if not items:
        return [], None
    explicit = any(len(u.cards) == 2 for u in items)
    problem = check(state, player, entry, items)
    if problem is None:
        return items, None
    if explicit:
        return [], problem
    fits = [r for r in _pair_readings(items, hero) if check(state, player, entry, r) is None]
    if len(fits) == 1:
        return fits[0], None
    if fits:
        return [], _("Say which two cards are your pair: '{pair} {pair} as {card}'.", pair=hero.pair,
                     card=hero.stands_for)
    return [], problem


def _pair_readings(items: list[Placed], hero) -> list[list[Placed]]:
    """The same cards with 1, 2 ... of the hero's pairs read as one card each."""
    singles = [i for i, u in enumerate(items) if u.fills == hero.pair]
    out = []
    for pairs in range(1, len(singles) // 2 + 1):
        used = singles[:2 * pairs]
        reading = []
        for i, u in enumerate(items):
            if i in used[1::2]:
                continue
            if i in used[0::2]:
                reading.append(Placed(hero.stands_for, (hero.pair, hero.pair), u.by))
            else:
                reading.append(u)
        out.append(reading)
    return out


def reached(state: LegendState, placer: str, entry: OnTable, missing: int) -> bool:
    """Met: nothing missing, or one card short when the placer's hero favours this mission."""
    return missing == 0 or (missing == 1 and state.hero(placer).favoured == entry.mission)


def holding(have: int, card, want: int):
    """The refusal of more cards of a kind than the hand holds."""
    if not have:
        return _("You hold no {card} cards, not {want}.", card=card, want=want)
    return _.plural("You hold {n} {card} card, not {want}.", "You hold {n} {card} cards, not {want}.", have,
                    card=card, want=want)


def check(state: LegendState, player: str, entry: OnTable, units: list[Placed]):
    """Why these units cannot go under ``entry`` in this order, or None."""
    missing = entry.missing()
    short = MISSION_SHORT[entry.mission]
    for n, u in enumerate(units):
        if missing.get(u.fills, 0) == 0:
            words = dict(mission=short, card=u.fills, needs=needs_text(missing))
            return (_("{mission} needs no more {card} (it still needs {needs}).", **words)
                    if u.fills in MISSIONS[entry.mission].need
                    else _("{mission} needs no {card} (it still needs {needs}).", **words))
        missing[u.fills] -= 1
        if reached(state, player, entry, sum(missing.values())) and n < len(units) - 1:
            return _("{mission} is reached after {n} of those: play no more under it.", mission=short, n=n + 1)
    return None


def needs_text(missing: dict[str, int]):
    """The cards a mission still needs, ``C E E`` (letters read alike in Italian), or "nothing"."""
    return " ".join(t for t in TYPE_ORDER for _n in range(missing.get(t, 0))) or _("nothing")


def missions_named(state: LegendState, player: str, words: tuple[str, ...]) -> tuple[list[str], object]:
    """The mission cards a start names (their keys, a card of the hand first), or why a word names none."""
    hand = state.seats[player].hand
    out = []
    for word in words:
        if str(word).lower() in START_SKIP:
            continue
        hits = [k for k in mission_word(str(word)) if k in hand] or mission_word(str(word))
        if len(hits) != 1:
            return [], _("'{word}' names no mission card in your hand (your hand: {hand}).", word=str(word)[:20],
                         hand=hand_text(hand))
        out.append(hits[0])
    return out, None


def cards_named(state: LegendState, player: str, words: tuple[str, ...]) -> tuple[list[str], object]:
    """The cards of the hand a discard names (a resource letter or word, a mission's key or a word of
    its name that fits one card in hand), or why a word names none."""
    hand = state.seats[player].hand
    cards = []
    for word in words:
        w = str(word)
        if w.lower() in DISCARD_SKIP:
            continue
        t = resource_word(ITALIAN.get(w.lower(), w))
        if t is None:
            hits = [k for k in mission_word(w) if k in hand]
            t = hits[0] if len(hits) == 1 else None
        if t is None:
            return [], _("'{word}' names no card in your hand (your hand: {hand}).", word=w[:20], hand=hand_text(hand))
        cards.append(t)
    return cards, None
