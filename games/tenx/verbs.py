"""The verbs a player has while seated at 10x, each declared once: grammar (read by mud/shell/parser.py),
help, and the rule that carries it out."""

from __future__ import annotations

from games.engine import Action, Verb
from games.tenx import abilities, rules, scoring


def _words(verb: str, slot: str = "TEXT"):
    return lambda m: Action(verb, tuple(str(m.get(slot, "")).split()))


def _discard(m: dict) -> Action:
    """``discard cards ...``/``discard quests`` for a point; ``discard 5`` (or ``discard card 5``, as
    the lost roll's answers have it) the card a lost roll costs."""
    return Action("discard", (m.get("cards|quests|card", "card"), *str(m.get("TEXT", "")).split()))


VERBS: tuple[Verb, ...] = (
    Verb("play", ("TEXT",), ("place",), "Place a numbered card face down (or, after a mask, play another).",
         ("play 7", "play 7 star", "play 5m+3"), build=_words("play"), topic="tenx", handler=rules.do_play),
    Verb("pass", ("",), ("no", "skip"), "Place nothing, or decline what you are asked (mask, bonus, star, die).",
         ("pass",), topic="tenx", handler=rules.do_pass),
    Verb("draw", ("", "card|bonus"), (), "Draw a numbered card, or two bonus/malus cards ('draw bonus').",
         ("draw", "draw bonus"), build=lambda m: Action("draw", (m.get("card|bonus", "card"),)), topic="tenx", handler=rules.do_draw),
    Verb("discard", ("cards|quests|card TEXT?", "TEXT"), (),
         "For a point: seven game cards, or three different personal quests; after a lost roll: one card.",
         ("discard cards 1 1 2 2 3 +1 -2", "discard quests", "discard 3"), build=_discard, topic="tenx", handler=rules.do_discard),
    Verb("mask", ("PLAYER",), (), "Your card's mask: take a random card from a player's hand.", ("mask bob",),
         topic="tenx", handler=abilities.do_mask),
    Verb("keep", ("",), (), "After a mask: keep the card you placed.", ("keep",), topic="tenx", handler=abilities.do_keep),
    Verb("bonus", ("WORD",), ("malus",), "Play a bonus/malus on your card: a +/- card, or a card's bottom value.",
         ("bonus +2", "bonus -1"), topic="tenx", handler=abilities.do_bonus),
    Verb("star", ("",), (), "A tie at the top: win it with your card's star.", ("star",), topic="tenx", handler=abilities.do_star),
    Verb("roll", ("",), ("dice",), "Second in line: roll your card's die against the first.", ("roll",), topic="tenx", handler=abilities.do_roll),
    Verb("cancel", ("WORD",), (), "Third on a common quest: cancel another active one.", ("cancel 2",), topic="tenx", handler=scoring.do_cancel),
    Verb("declare", ("",), (), "Declare that you play to win (from 7/10/15 points with 4/3/2 players).",
         ("declare",), topic="tenx", handler=rules.do_declare, free=True),
    Verb("hand", ("",), ("cards", "h"), "Your cards and your personal quests.", ("hand",), screen="hand", topic="tenx"),
    Verb("quests", ("",), ("q",), "The active common quests, yours, and everyone's resolved ones.", ("quests",),
         screen="quests", topic="tenx"),
)
