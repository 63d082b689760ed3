"""The verbs a player has while seated at 10x, each declared once: grammar (read by mud/shell/parser.py),
help, and the rule that carries it out."""

from __future__ import annotations

from games.engine import Action, Verb, forms
from games.tenx import abilities, rules, scoring
from games.tenx.words import _


# A card's modifiers as the Italian seed names them, read as the English words the cards know
# ('gioca 7 stellina' is 'play 7 star'); English readers never type these words, so all readers get them.
MODIFIERS_IT = {"stella": "star", "stellina": "star", "dado": "die", "maschera": "mask", "mascherina": "mask"}
PILES_IT = {"mano": "hand", "risolte": "resolved"}  # 'scarta quest mano': the quests to discard, by pile


def _play(m: dict) -> Action:
    return Action("play", tuple(MODIFIERS_IT.get(w.lower(), w) for w in str(m.get("TEXT", "")).split()))


def _discard(m: dict) -> Action:
    """``discard cards ...``/``discard quests`` for a point; ``discard 5`` (or ``discard card 5``, as
    the lost roll's answers have it) the card a lost roll costs."""
    words = (PILES_IT.get(w.lower(), w) for w in str(m.get("TEXT", "")).split())
    return Action("discard", (m.get("cards|quests|card", "card"), *words))


VERBS: tuple[Verb, ...] = (
    Verb("play", ("TEXT",), ("place",), _("Place a numbered card face down (or, after a mask, play another)."),
         ("play 7", "play 7 star", "play 5m+3"), build=_play, topic="tenx", handler=rules.do_play,
         langs={"it": forms("gioca piazza", MODIFIERS_IT, examples=("gioca 7", "gioca 7 stella", "gioca 5m+3"))}),
    Verb("pass", ("",), ("no", "skip"), _("Place nothing, or decline what you are asked (mask, bonus, star, die)."),
         ("pass",), topic="tenx", handler=rules.do_pass,
         langs={"it": forms("passa no", examples=("passa",))}),
    Verb("draw", ("", "card|bonus"), (), _("Draw a numbered card, or two bonus/malus cards ('draw bonus')."),
         ("draw", "draw bonus"), build=lambda m: Action("draw", (m.get("card|bonus", "card"),)), topic="tenx", handler=rules.do_draw,
         langs={"it": forms("pesca", "carta:card bonus:bonus", ("pesca", "pesca bonus"))}),
    Verb("discard", ("cards|quests|card TEXT?", "TEXT"), (),
         _("For a point: seven game cards, or three different personal quests; after a lost roll: one card."),
         ("discard cards 1 1 2 2 3 +1 -2", "discard quests", "discard 3"), build=_discard, topic="tenx", handler=rules.do_discard,
         langs={"it": forms("scarta", {"carte": "cards", "quest": "quests", "carta": "card", **PILES_IT}, ("scarta carte 1 1 2 2 3 +1 -2", "scarta quest", "scarta 3"))}),
    Verb("mask", ("PLAYER",), (), _("Your card's mask: take a random card from a player's hand."), ("mask bob",),
         topic="tenx", handler=abilities.do_mask,
         langs={"it": forms("maschera mascherina", examples=("maschera bob",))}),
    Verb("keep", ("",), (), _("After a mask: keep the card you placed."), ("keep",), topic="tenx", handler=abilities.do_keep,
         langs={"it": forms("tieni", examples=("tieni",))}),
    Verb("bonus", ("WORD",), ("malus",), _("Play a bonus/malus on your card: a +/- card, or a card's bottom value."),
         ("bonus +2", "bonus -1"), topic="tenx", handler=abilities.do_bonus,
         langs={"it": forms("bonus malus", examples=("bonus +2", "bonus -1"))}),
    Verb("star", ("",), (), _("A tie at the top: win it with your card's star."), ("star",), topic="tenx", handler=abilities.do_star,
         langs={"it": forms("stella stellina", examples=("stella",))}),
    Verb("roll", ("",), ("dice",), _("Second in line: roll your card's die against the first."), ("roll",), topic="tenx", handler=abilities.do_roll,
         langs={"it": forms("tira dado", examples=("tira",))}),
    Verb("cancel", ("WORD",), (), _("Third on a common quest: cancel another active one."), ("cancel 2",), topic="tenx", handler=scoring.do_cancel,
         langs={"it": forms("annulla", examples=("annulla 2",))}),
    Verb("declare", ("",), (), _("Declare that you play to win (from 7/10/15 points with 4/3/2 players)."),
         ("declare",), topic="tenx", handler=rules.do_declare, free=True,
         langs={"it": forms("dichiara", examples=("dichiara",))}),
    Verb("hand", ("",), ("cards", "h"), _("Your cards and your personal quests."), ("hand",), screen="hand", topic="tenx",
         langs={"it": forms("mano carte", examples=("mano",))}),
    Verb("quests", ("",), ("q",), _("The active common quests, yours, and everyone's resolved ones."), ("quests",),
         screen="quests", topic="tenx",
         langs={"it": forms("quest", examples=("quest",))}),
)
