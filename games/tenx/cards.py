"""Cards in hand: naming them as players type them (``resolve_card``, ``bonus_card``: a word that
names no card held is refused in words) and as the legal actions name them (``held``: the handlers'
reading, which refuses nothing), drawing from the decks (the discards are shuffled back when a deck
of game cards runs out; personal quests never come back)."""

from __future__ import annotations

import re

from games.engine import Event, Msg, RuleError, said, tell
from games.tenx.data import CARDS, HAND_LIMIT, MODIFIERS, PERSONAL, QUEST_LIMIT
from games.tenx.state import TenxState
from games.tenx.words import _, listed

# a modifier as typed: its letter, its English word, or its Italian one (the glossary's stellina, dado, maschera)
_MOD_WORDS = {"s": "star", "star": "star", "d": "die", "die": "die", "m": "mask", "mask": "mask",
              "stellina": "star", "dado": "die", "maschera": "mask"}


def card_text(ids: list[str]) -> Msg | str:
    """Cards named in a line, in a hand's order, each as its reader reads it."""
    return listed([CARDS[c].shown for c in sorted(ids, key=sort_key)], _("nothing"))


def _sort_key(cid: str) -> tuple:
    c = CARDS[cid]
    return (c.kind != "number", -c.value, tuple(MODIFIERS.index(m) for m in c.mods), c.bottom or 0, cid)


def _code(cid: str) -> str:
    c = CARDS[cid]
    return f"{c.value}{''.join(m[0] for m in c.mods)}" + (f"{c.bottom:+d}" if c.bottom else "")


# Each card's order in a hand and its code, made once: every legal list, question and view reads them.
_SORT_KEYS = {cid: _sort_key(cid) for cid in CARDS}
_CODES = {cid: _code(cid) for cid in CARDS}


def sort_key(cid: str) -> tuple:
    """A hand's order: numbered cards first, highest first, then by modifiers and bottom."""
    return _SORT_KEYS[cid]


def resolve_card(hand: list[str], text: str, numbered: bool = False) -> str:
    """The card of ``hand`` that ``text`` names: ``7``, ``7 star``, ``7sd``, ``+2`` (a bonus/malus card).
    Identical cards are interchangeable; different cards that fit get a question back."""
    words = str(text).lower().replace("/", " ").split()
    if not words:
        raise RuleError(_("Name a card: its number (and modifiers), like 'play 7' or 'play 7 star'."))
    head = words[0]
    if head[0] in "+-":
        try:
            value = int(head)
        except ValueError:
            raise RuleError(_("'{word}' is not a card.", word=head[:12])) from None
        if numbered:
            raise RuleError(_("A bonus/malus card is not placed: play a numbered card."))
        fits = [c for c in hand if CARDS[c].kind == "bonus" and CARDS[c].value == value]
        if not fits:
            raise RuleError(_("You have no {value:+d} card.", value=value))
        return sorted(fits)[0]
    m = re.fullmatch(r"(\d{1,2})([a-z]*)([+-]\d)?", head)
    if not m:
        raise RuleError(_("'{word}' is not a card: name it by its number, like 'play 7'.", word=head[:12]))
    value, bottom = int(m.group(1)), int(m.group(3)) if m.group(3) else None
    mods = set()
    for w in [m.group(2)] * bool(m.group(2)) + words[1:]:
        if re.fullmatch(r"[+-]\d", w):
            bottom = int(w)
            continue
        for part in ([w] if w in _MOD_WORDS else list(w)):
            if part not in _MOD_WORDS:
                raise RuleError(_("'{word}' is not a modifier: star, die or mask (s, d, m).", word=w[:12]))
            mods.add(_MOD_WORDS[part])
    fits = [c for c in hand if CARDS[c].kind == "number" and CARDS[c].value == value and mods <= set(CARDS[c].mods)
            and (bottom is None or CARDS[c].bottom == bottom)]
    if not fits:
        if mods:  # (the modifiers' names are the commands' words: English)
            raise RuleError(_("You have no {value} with {mods} in hand.", value=value, mods=" and ".join(sorted(mods))))
        raise RuleError(_("You have no {value} in hand.", value=value))
    kinds = {(CARDS[c].mods, CARDS[c].bottom) for c in fits}
    if len(kinds) > 1:
        exact = [c for c in fits if set(CARDS[c].mods) == mods and CARDS[c].bottom == bottom]
        if exact:
            return sorted(exact)[0]
        options = sorted({code(c) for c in fits}, key=lambda w: (len(w), w))
        raise RuleError(_("Which one: {cards}? Name it exactly: {codes}.", cards=card_text(fits),
                          codes=" or ".join(options)))
    return sorted(fits)[0]


def bonus_card(hand: list[str], text: str) -> str:
    """The card of ``hand`` that ``bonus <text>`` plays: ``+2`` a bonus/malus card of +2 (or else a
    numbered card with +2 at its bottom); ``5`` the bottom of one of your numbered 5s. A word that
    names none is refused in words (the canonical form and the refusals read with it)."""
    word = str(text).strip().lower()
    try:
        if word[:1] in "+-":
            delta = int(word)
            fits = [c for c in hand if CARDS[c].kind == "bonus" and CARDS[c].value == delta]
            fits = fits or [c for c in hand if CARDS[c].kind == "number" and CARDS[c].bottom == delta]
            if not fits:
                raise RuleError(_("You have no {value:+d} to play.", value=delta))
            return sorted(fits)[0]
    except ValueError:
        pass
    try:
        card = resolve_card(hand, word, numbered=True)
    except RuleError as refused:  # 'bonus 5' holding a +5 card: say how it is named
        signed = sorted({f"{CARDS[c].value:+d}" for c in hand
                         if CARDS[c].kind == "bonus" and str(abs(CARDS[c].value)) == word.strip()})
        if not signed:
            raise
        raise RuleError(_("{refusal} Bonus/malus cards are named with their sign: {codes}.", refusal=said(refused),
                           codes=" or ".join(signed))) from None
    if CARDS[card].bottom is None:
        raise RuleError(_("Your {card} has no bonus/malus at its bottom.", card=CARDS[card].shown))
    return card


def held(hand: list[str], word: str, as_bonus: bool = False) -> str:
    """The card of ``hand`` that a legal action's word names (the canonical form, games/tenx/canonical.py):
    a numbered card's code ('7sd'), a bonus/malus card's signed value ('+2') -- or, ``as_bonus``
    ('bonus +2'), a numbered card with that bottom when no bonus/malus card has it. Of identical
    cards the first id, as ``resolve_card`` and ``bonus_card`` pick: a handler trusts its action is
    legal, so the word names a card held and nothing is refused here."""
    if word[:1] in "+-":
        fits = [c for c in hand if CARDS[c].kind == "bonus" and CARDS[c].value == int(word)]
        if as_bonus and not fits:
            fits = [c for c in hand if CARDS[c].kind == "number" and CARDS[c].bottom == int(word)]
        return min(fits)
    return min(c for c in hand if CARDS[c].kind == "number" and code(c) == word)


def code(cid: str) -> str:
    """The shortest exact name of a numbered card for commands: ``7sd``, ``5m+3``, ``9``."""
    return _CODES[cid]


def _refill(state: TenxState, deck: list[str], discard: list[str]) -> None:
    if not deck and discard:
        deck += discard
        discard.clear()
        state.rng.shuffle(deck)


def draw_numbered(state: TenxState, p: str, why: Msg | None = None) -> list[Event]:
    """A numbered card drawn (``why``: the reason told in brackets, none for a plain draw)."""
    seat = state.seats[p]
    _refill(state, state.deck, state.discard)
    if len(seat.hand) >= HAND_LIMIT or not state.deck:
        return [tell(p, _("Your hand is full: you draw nothing.") if state.deck else _("The deck is empty."), "drew",
                     player=p, cards=0)]
    card = state.deck.pop()
    seat.hand.append(card)
    mine = (_("You draw {card} ({why}).", card=CARDS[card].shown, why=why) if why else
            _("You draw {card}.", card=CARDS[card].shown))
    theirs = _("{player} draws a card ({why}).", player=p, why=why) if why else _("{player} draws a card.", player=p)
    return [tell(p, mine, "drew", player=p, cards=1, drawn=[card]),
            Event("drew", theirs, {"player": p, "cards": 1}, not_to=(p,))]


def draw_bonus(state: TenxState, p: str, why: Msg | None = None) -> list[Event]:
    seat = state.seats[p]
    got = []
    for _draw in range(2):
        _refill(state, state.bonus_deck, state.bonus_discard)
        if len(seat.hand) >= HAND_LIMIT or not state.bonus_deck:
            break
        got.append(state.bonus_deck.pop())
        seat.hand.append(got[-1])
    if not got:
        return [tell(p, _("Your hand is full: you draw nothing."), "drew", player=p, cards=0)]
    n = len(got)
    mine = (_("You draw {cards} ({why}).", cards=card_text(got), why=why) if why else
            _("You draw {cards}.", cards=card_text(got)))
    theirs = (_.plural("{player} draws {n} card ({why}).", "{player} draws {n} cards ({why}).", n, player=p, why=why)
              if why else _.plural("{player} draws {n} card.", "{player} draws {n} cards.", n, player=p))
    return [tell(p, mine, "drew", player=p, cards=n, drawn=list(got)),
            Event("drew", theirs, {"player": p, "cards": n}, not_to=(p,))]


def draw_quest(state: TenxState, p: str, why: Msg) -> list[Event]:
    seat = state.seats[p]
    if len(seat.quests) >= QUEST_LIMIT or not state.quest_deck:
        return []
    q = state.quest_deck.pop()
    seat.quests.append(q)
    return [tell(p, _("You draw a personal quest ({why}): {quest}.", why=why, quest=PERSONAL[q].text), "quest_drawn",
                 player=p, quest=q),
            Event("quest_drawn", _("{player} draws a personal quest ({why}).", player=p, why=why), {"player": p},
                  not_to=(p,))]
