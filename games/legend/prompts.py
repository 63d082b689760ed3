"""What a turn lets one player do: ``legal_actions`` (primary) and the ``question`` whose numbered
answers are some of them. Built from that player's own hand and public facts only.

Phase 1 offers each single step -- one resource card (or the hero's pair) under one mission, or a
favoured mission claimed one card short -- though a line may play many cards at once
(``disturb medusa with I E``), which is just as legal."""

from __future__ import annotations

from games.engine import Action
from games.legend.data import HAND_LIMIT, MISSIONS, TYPE_ORDER
from games.legend.moments import dead
from games.legend.names import MISSION_SHORT
from games.legend.phases import PHASES
from games.legend.reading import check
from games.legend.show import needs
from games.legend.state import LegendState, OnTable, Placed
from games.legend.turns import startable
from games.legend.words import _, row

MOST = 9  # the TUI's keys 1..9
STEPS = ("play", "start", "discard", "last")  # the phases that ask the player on turn (``choices``)
ROW, ROWS = 78, 2  # the answers' rows under the TUI's question (mud/tui/prompt_bar.py lays them out)


def ref(state: LegendState, player: str, entry: OnTable) -> str:
    """The shortest word naming ``entry`` for its verb: the mission's key, or its table number when
    two such missions could be meant."""
    own = entry.owner == player
    same = [e for e in state.table if e.mission == entry.mission and (e.owner == player) == own]
    return entry.mission if len(same) == 1 else str(state.table.index(entry) + 1)


def valued(key: str):
    """A mission as a label names it: its short name and value, ``Hydra(3)``, as the table shows it."""
    return _("{mission}({points})", mission=MISSION_SHORT[key], points=MISSIONS[key].points)


def starting(key: str):
    """The label of starting a mission from the hand: its value and what it needs, which are not yet
    on the table to read (``Start Hydra(3), needs C E E``)."""
    return _("Start {mission}, needs {needs}", mission=valued(key), needs=needs(MISSIONS[key].need))


def spent(words: list[str]):
    """The card words of a placement as a label shows them, ``C C as I`` (the hero's pair read in the
    reader's words)."""
    out: list = []
    i = 0
    while i < len(words):
        if i + 3 < len(words) and words[i + 2] == "as":
            out.append(_("{pair} {pair} as {card}", pair=words[i], card=words[i + 3]))
            i += 4
        else:
            out.append(words[i])
            i += 1
    return row(out)


def _one(lead: str, name, card: str):
    if lead == "Complete ":
        return _("Complete {name}+{card}", name=name, card=card)
    if lead == "Abort ":
        return _("Abort {name}+{card}", name=name, card=card)
    return _("{name}+{card}", name=name, card=card)


def _pair(lead: str, name, pair: str, card: str):
    if lead == "Complete ":
        return _("Complete {name}+{pair}{pair}={card}", name=name, pair=pair, card=card)
    if lead == "Abort ":
        return _("Abort {name}+{pair}{pair}={card}", name=name, pair=pair, card=card)
    return _("{name}+{pair}{pair}={card}", name=name, pair=pair, card=card)


def meeting(state: LegendState, player: str, entry: OnTable) -> list[str] | None:
    """The card words that meet ``entry`` now from the hand (one short under the hero's favoured
    mission): singles first, the hero's pair for what singles cannot fill; None if the hand cannot."""
    hand = state.seats[player].hand
    hero = state.hero(player)
    missing = entry.missing()
    total = sum(missing.values())
    slack = 1 if hero.favoured == entry.mission else 0
    if total - slack <= 0:
        return None
    left = {t: hand.count(t) for t in TYPE_ORDER}
    units: list[Placed] = []
    for t in TYPE_ORDER:
        for _n in range(min(missing.get(t, 0), left[t])):
            units.append(Placed(t, (t,), player))
            left[t] -= 1
    s, p = hero.stands_for, hero.pair
    filled_s = sum(u.fills == s for u in units)
    while filled_s < missing.get(s, 0) and left[p] >= 2:
        units.append(Placed(s, (p, p), player))
        left[p] -= 2
        filled_s += 1
    if len(units) < total - slack:
        return None
    units = units[:total - slack]
    if check(state, player, entry, units) is not None:
        return None
    return [w for u in units for w in ((u.cards[0], u.cards[1], "as", u.fills) if len(u.cards) == 2 else (u.fills,))]


def plays(state: LegendState, player: str, only: str | None = None) -> list[tuple[str, Action]]:
    """Phase 1's choices, labelled: claims one card short, missions met at once (completed or
    aborted), then every single step under the player's own missions and the others'; ``only``
    'undertake' or 'disturb': those of that verb alone (the others' missions, or one's own, skipped)."""
    hand = state.seats[player].hand
    hero = state.hero(player)
    claims, meets, mine, theirs = [], [], [], []
    for entry in state.table:
        own = entry.owner == player
        verb = "undertake" if own else "disturb"
        if only is not None and verb != only:
            continue
        word = ref(state, player, entry)
        number = [f"#{word}"] if word.isdigit() else []  # twins of one side told apart as 'word' tells them
        name = row(number + ([] if own else [entry.owner]) + [valued(entry.mission)])
        missing = entry.missing()
        if entry.mission == hero.favoured and sum(missing.values()) == 1:
            claim = _("Claim {name}", name=name) if own else _("Abort {name}", name=name)
            claims.append((claim, Action(verb, (word,))))
        words = meeting(state, player, entry)
        if words and len(words) > 1:
            cards = spent(words)  # what it spends
            meet = (_("Complete {name} with {cards}", name=name, cards=cards) if own
                    else _("Abort {name} with {cards}", name=name, cards=cards))
            meets.append((meet, Action(verb, (word, "with", *words))))
        out = mine if own else theirs
        last = sum(missing.values()) - (1 if entry.mission == hero.favoured else 0) == 1
        lead = ("Complete " if own else "Abort ") if last else ""
        for t in TYPE_ORDER:
            if missing.get(t) and t in hand:
                out.append((_one(lead, name, t), Action(verb, (word, "with", t))))
        s, p = hero.stands_for, hero.pair
        if missing.get(s) and hand.count(p) >= 2:
            out.append((_pair(lead, name, p, s), Action(verb, (word, "with", p, p, "as", s))))
    return claims + meets + mine + theirs


def _discards(state: LegendState, player: str) -> list[tuple[str, Action]]:
    hand = state.seats[player].hand
    over = len(hand) > HAND_LIMIT
    out = []
    for c in sorted(set(hand), key=lambda c: (c in MISSIONS, c)):
        if over or dead(state, c):
            name = valued(c) if c in MISSIONS else c
            label = _("Discard {card} (dead)", card=name) if dead(state, c) else _("Discard {card}", card=name)
            out.append((label, Action("discard", (c,))))
    return out


def choices(state: LegendState, player: str) -> tuple[str, list[tuple[str, Action]]] | None:
    """The question of the phase and every legal action, labelled (the question shows the first nine)."""
    if state.over or player != state.turn:
        return None
    starts = [(starting(k), Action("start", (k,))) for k in startable(state, player)]
    draw = (_("Draw"), Action("draw"))
    if state.phase == "play":
        return (_("Phase 1: play resource cards under missions, start missions, or draw."),
                plays(state, player) + starts + [draw, (_("Go to phase 2"), Action("pass"))])
    if state.phase == "start":
        return _("Phase 2: start missions from your hand, then draw."), starts + [draw]
    if state.phase == "discard":
        done = [(_("End turn"), Action("pass"))] if len(state.seats[player].hand) <= HAND_LIMIT else []
        over = len(state.seats[player].hand) - HAND_LIMIT
        text = (_.plural("Phase 4: discard {n} card.", "Phase 4: discard {n} cards.", over) if over > 0
                else _("Phase 4: end your turn (dead twins may be discarded)."))
        return text, done + _discards(state, player)
    if state.phase == "last":
        return _("Your last phase 1: play resource cards, or end."), [(_("Done"), Action("pass"))] + plays(state, player)
    return None


def legal_actions(state: LegendState, player: str) -> list[Action]:
    asked = choices(state, player)
    return PHASES.only(state, player, [a for _, a in asked[1]]) if asked else []  # verbs of the phase table


def legal_of(state: LegendState, player: str, verb: str) -> list[Action]:
    """``legal_actions``' actions of one verb (``GameSpec.legal_of``: what ``apply`` checks a move
    against), made without the others': a draw does not work out every mission's cards, a placement
    looks only at the missions of its verb and labels no start."""
    if state.over or player != state.turn or state.phase not in STEPS or verb not in PHASES.allowed(state, player):
        return []
    if verb in ("undertake", "disturb"):
        return [a for _, a in plays(state, player, verb)]
    if verb == "start":
        return [Action("start", (k,)) for k in startable(state, player)]
    if verb == "discard":
        return [a for _, a in _discards(state, player)]
    if verb == "pass" and state.phase == "discard":
        return [Action("pass")] if len(state.seats[player].hand) <= HAND_LIMIT else []
    return [Action(verb)] if verb in ("draw", "pass") else []


def fits(labels: list[str]) -> bool:
    """Whether answers so labelled, numbered in order ("[1] label") and two spaces apart, fill at
    most the TUI's rows of answers, broken only between two answers as it breaks them. (A rough
    count of characters let "[5] Draw" fall off the second row.)"""
    rows: list[int] = []
    for i, label in enumerate(labels, 1):
        piece = len(f"[{i}] {label}")  # (a label's English: the answers shown are the same for every reader)
        if rows and rows[-1] + 2 + piece <= ROW:
            rows[-1] += 2 + piece
        else:
            rows.append(piece)
    return len(rows) <= ROWS


def question(state: LegendState, player: str) -> tuple[str, list[tuple[str, Action]]] | None:
    asked = choices(state, player)
    if not asked:
        return None
    text, answers = asked
    if state.phase in ("play", "last"):  # the way on (start, draw, done) always in sight
        tail = [a for a in answers if a[1].verb in ("start", "draw", "pass")][:MOST - 1]
        if state.phase == "play":
            tail = [a for a in tail if a[1].verb != "pass"]
        head: list = []
        for label, action in answers:  # (shown in this order either way: a 'Done' that passes is [0], last)
            if action.verb in ("undertake", "disturb") and len(head) + len(tail) < MOST \
                    and fits([lb for lb, _a in head + [(label, action)] + tail]):
                head.append((label, action))
        answers = head + tail if state.phase == "play" else tail + head
    return text, answers[:MOST]
