"""Phase 1: resource cards under missions on the table (rules/quest-for-legend.md, A turn, 1).

Under your own mission you *undertake*, under anyone else's (a partner's too) you *disturb*. A card
goes only where its type is still needed; a hero's pair stands in for one card of another type. A
mission resolves the moment its code is met -- one card short for a hero under their favoured
mission -- and is *completed* if its owner placed the last card, *aborted* otherwise. Completing a
mission supersedes its twin on the table and kills the twin anywhere else.

How a line reads: ``undertake fleece with C C as I`` -- the mission (a word of its name, its owner,
or its number on the table), then the cards; ``X X as Y`` marks a hero's pair. Without ``as``,
the cards are read one by one, or, when that does not fit and exactly one reading with the hero's
pair does, that way.
"""

from __future__ import annotations

from collections import Counter

from games.engine import Event, RuleError, announce
from games.legend.data import MISSIONS, TYPE_ORDER, mission_word, resource_word
from games.legend.state import LegendState, OnTable, Placed

SKIP = {"of", "the", "under", "on", "at", "to", "an", "mission", "and", ","}  # among card words ('a' is an A)
REF_SKIP = SKIP | {"a"}  # among the words naming a mission


def do_undertake(state: LegendState, player: str, *words: str) -> list[Event]:
    return _place(state, player, words, own=True)


def do_disturb(state: LegendState, player: str, *words: str) -> list[Event]:
    return _place(state, player, words, own=False)


# --- reading the line ---------------------------------------------------------------------------

def split(words: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """(the words naming the mission, the words naming the cards)."""
    words = [str(w) for w in words]
    low = [w.lower() for w in words]
    if "with" in low:
        i = low.index("with")
        return words[:i], words[i + 1:]
    for i, w in enumerate(words):
        if (resource_word(w) and not mission_word(w)) or w.lower() == "as":
            return words[:i], words[i:]
    return words, []


def find(state: LegendState, player: str, ref: list[str], own: bool) -> OnTable:
    """The mission on the table the words name, among the player's own (``own``) or the others'."""
    verb = "undertake" if own else "disturb"
    owners, keys, number = set(), None, None
    names = {p.lower(): p for p in state.order}
    for word in ref:
        w = word.lower().removesuffix("'s").strip(".,;:!?")
        if not w or w in REF_SKIP:
            continue
        if w.isdigit():
            if not 1 <= int(w) <= len(state.table):
                raise RuleError(f"No mission number {w[:4]} on the table (see 'table').")
            number = int(w)
        elif w in ("my", "mine", "own"):
            owners.add(player)
        elif w in names:
            owners.add(names[w])
        elif mission_word(w):
            hits = set(mission_word(w))
            keys = hits if keys is None else keys & hits
        else:
            raise RuleError(f"'{word[:20]}' names no mission on the table. {_usage(verb)}")
    if number is not None:
        entry = state.table[number - 1]
        pool = [entry]
    else:
        pool = [e for e in state.table if (keys is None or e.mission in keys) and (not owners or e.owner in owners)]
    mine = [e for e in pool if (e.owner == player) == own]
    if len(mine) == 1:
        return mine[0]
    if not mine:
        if pool and own:
            e = pool[0]
            raise RuleError(f"That is {e.owner}'s {MISSIONS[e.mission].short}: 'disturb' it to play under it.")
        if pool:
            raise RuleError(f"That {MISSIONS[pool[0].mission].short} is yours: 'undertake' it.")
        what = " or ".join(MISSIONS[k].short for k in sorted(keys)) if keys else "mission"
        whose = "You have no" if own else "Nobody else has a"
        raise RuleError(f"{whose} {what} on the table{' to ' + verb if not keys else ''}.")
    listed = " or ".join(f"{label(state, e)} ({state.table.index(e) + 1})" for e in mine)
    raise RuleError(f"Which one: {listed}? Name its owner or its number.")


def label(state: LegendState, entry: OnTable) -> str:
    return f"{entry.owner}'s {MISSIONS[entry.mission].short}"


def _usage(verb: str) -> str:
    return f"Say '{verb} <mission> with <cards>', e.g. '{verb} medusa with I E'."


def units_of(state: LegendState, player: str, entry: OnTable, words: list[str]) -> list[Placed]:
    """The units the card words stand for, checked against the hand and the mission's needs."""
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
                raise RuleError(f"As {hero.name}, '{hero.pair} {hero.pair} as {hero.stands_for}' plays your pair "
                                "as one card.")
            items[-2:] = [Placed(target, (hero.pair, hero.pair), player)]
            i += 2
            continue
        t = resource_word(w)
        if t is None:
            if mission_word(w):
                raise RuleError("Only resource cards (I, A, C, E) go under a mission.")
            raise RuleError(f"'{w[:20]}' is not a resource card: I (ship), A (divine favour), C (companions), "
                            "E (equipment).")
        items.append(Placed(t, (t,), player))
        i += 1
    want = Counter(c for u in items for c in u.cards)
    have = Counter(state.seats[player].hand)
    for t, n in sorted(want.items()):
        if have[t] < n:
            raise RuleError(f"You hold {have[t] or 'no'} {t} card{'s' * (have[t] != 1)}, not {n}.")
    if not items:
        return []
    explicit = any(len(u.cards) == 2 for u in items)
    problem = check(state, player, entry, items)
    if problem is None or explicit:
        if problem:
            raise RuleError(problem)
        return items
    fits = [r for r in _pair_readings(items, hero) if check(state, player, entry, r) is None]
    if len(fits) == 1:
        return fits[0]
    if fits:
        raise RuleError(f"Say which two cards are your pair: '{hero.pair} {hero.pair} as {hero.stands_for}'.")
    raise RuleError(problem)


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


def check(state: LegendState, player: str, entry: OnTable, units: list[Placed]) -> str | None:
    """Why these units cannot go under ``entry`` in this order, or None."""
    missing = entry.missing()
    short = MISSIONS[entry.mission].short
    for n, u in enumerate(units):
        if missing.get(u.fills, 0) == 0:
            return f"{short} needs no {'more ' if u.fills in MISSIONS[entry.mission].need else ''}{u.fills} " \
                   f"(it still needs {needs_text(missing)})."
        missing[u.fills] -= 1
        if reached(state, player, entry, sum(missing.values())) and n < len(units) - 1:
            return f"{short} is reached after {n + 1} of those: play no more under it."
    return None


def needs_text(missing: dict[str, int]) -> str:
    return " ".join(t for t in TYPE_ORDER for _ in range(missing.get(t, 0))) or "nothing"


# --- carrying it out ----------------------------------------------------------------------------

def _place(state: LegendState, player: str, words: tuple[str, ...], own: bool) -> list[Event]:
    if not state.table:
        raise RuleError("No mission is on the table yet: resource cards go only under missions.")
    ref, cards = split(words)
    entry = find(state, player, ref, own)
    units = units_of(state, player, entry, cards)
    if not units:
        return _declare(state, player, entry, own)
    hand = state.seats[player].hand
    for u in units:
        for c in u.cards:
            hand.remove(c)
        entry.under.append(u)
    shown = " ".join(f"{u.cards[0]} {u.cards[1]} as {u.fills}" if len(u.cards) == 2 else u.fills for u in units)
    left = entry.missing()
    short = MISSIONS[entry.mission].short
    done = reached(state, player, entry, sum(left.values()))
    tail = "" if done else f" (still needs {needs_text(left)})"
    data = dict(player=player, owner=entry.owner, mission=entry.mission,
                cards=[c for u in units for c in u.cards], fills=[u.fills for u in units])
    if own:
        ev = [announce(f"{player} undertakes {short} with {shown}{tail}.", "undertaken", **data)]
    else:
        whose = f"{entry.owner}'s" if not partner(state, player, entry) else f"their partner {entry.owner}'s"
        ev = [announce(f"{player} disturbs {whose} {short} with {shown}{tail}.", "disturbed", **data,
                       partner=partner(state, player, entry))]
    if done:
        ev += resolve(state, player, entry, declared=False)
    return ev


def _declare(state: LegendState, player: str, entry: OnTable, own: bool) -> list[Event]:
    """A hero's favoured mission already one card short: completed or aborted without a card."""
    hero = state.hero(player)
    verb = "undertake" if own else "disturb"
    short = MISSIONS[entry.mission].short
    if hero.favoured != entry.mission:
        raise RuleError(f"Name the cards to play: '{verb} {entry.mission} with {needs_text(entry.missing()).split()[0]}'.")
    missing = sum(entry.missing().values())
    if missing != 1:
        raise RuleError(f"{short} is {missing} cards short: as {hero.name} you may claim it without a card only "
                        "when it is one card short.")
    return resolve(state, player, entry, declared=True)


def resolve(state: LegendState, player: str, entry: OnTable, declared: bool) -> list[Event]:
    """The mission is met: completed by its owner, aborted by anyone else."""
    m = MISSIONS[entry.mission]
    state.table.remove(entry)
    how = f" (as {state.hero(player).name}, one card short)" if reached_short(entry) else ""
    if player != entry.owner:
        cards = entry.cards()
        state.discard += cards
        whose = f"{entry.owner}'s" if not partner(state, player, entry) else f"their partner {entry.owner}'s"
        return [announce(f"{player} aborts {whose} {m.short}{how}: nobody scores; its {len(cards)} cards "
                         "go to the discard pile.", "aborted", player=player, owner=entry.owner, mission=m.key,
                         cards=cards, declared=declared, partner=partner(state, player, entry))]
    state.seats[player].completed.append(entry)
    state.done.append(m.key)
    ev = [announce(f"{player} completes {m.name}{how}: {m.points} Legend Point{'s' * (m.points > 1)}, safe for ever.",
                   "completed", player=player, mission=m.key, points=m.points, declared=declared)]
    for twin in [e for e in state.table if e.mission == m.key]:
        state.table.remove(twin)
        state.seats[twin.owner].superseded.append(twin)
        ev.append(announce(f"{twin.owner}'s {m.short} is superseded: set aside, it will count -{m.points}.",
                           "superseded", player=twin.owner, mission=m.key, points=-m.points,
                           cards=twin.cards()))
    return ev  # the tenth mission completed ends the game: the phase table's flow (phases.py)


def partner(state: LegendState, player: str, entry: OnTable) -> bool:
    """Is ``entry`` the mission of the player's partner (a team game)? Disturbed and aborted all the
    same as an opponent's (rules: a partner's mission counts as an opponent's); the events say so."""
    return entry.owner != player and entry.owner in state.partners(player)


def reached_short(entry: OnTable) -> bool:
    return sum(entry.missing().values()) == 1
