"""The verbs a player has while seated at Quest for Legend, each declared once: grammar (read by
mud/shell/parser.py), help, and the rule that carries it out. Card words are read by the rules, not the
grammar (the letter ``A`` is a filler word to the parser), so the verbs take the raw text."""

from __future__ import annotations

from games.engine import Action, Verb, forms
from games.legend import play, turns
from games.legend.words import _


def _words(verb: str):
    return lambda m: Action(verb, tuple(str(m.get("TEXT", "")).split()))


VERBS: tuple[Verb, ...] = (
    Verb("undertake", ("TEXT",), ("u", "und"), _("Phase 1: resource cards under one of your missions."),
         ("undertake fleece with C C as I", "undertake medusa with A", "undertake hydra"),
         build=_words("undertake"), topic="legend", handler=play.do_undertake,
         langs={"it": forms("intraprendi", examples=("intraprendi hydra",))}),
    Verb("disturb", ("TEXT",), ("dis",), _("Phase 1: resource cards under someone else's mission."),
         ("disturb medusa with I E", "disturb bob medusa with E", "disturb 3 with A"),
         build=_words("disturb"), topic="legend", handler=play.do_disturb,
         langs={"it": forms("disturba", examples=("disturba medusa with E",))}),
    Verb("start", ("TEXT?",), (), _("Phase 2: put mission cards from your hand on the table."),
         ("start medusa", "start sphinx boar"), build=_words("start"), topic="legend", handler=turns.do_start,
         langs={"it": forms("inizia", examples=("inizia medusa",))}),
    Verb("draw", ("",), (), _("Phase 3: draw your one card (compulsory; ends phases 1 and 2)."), ("draw",),
         topic="legend", handler=turns.do_draw,
         langs={"it": forms("pesca", examples=("pesca",))}),
    Verb("discard", ("TEXT?",), (), _("Phase 4: discard down to five cards, and dead twins."),
         ("discard E", "discard tartarus"), build=_words("discard"), topic="legend", handler=turns.do_discard,
         langs={"it": forms("scarta", examples=("scarta E",))}),
    Verb("pass", ("",), ("done", "end"), _("Go on: to phase 2, end your turn after the discard, or end your last "
         "phase 1."), ("pass",), topic="legend", handler=turns.do_pass,
         langs={"it": forms("passa fine", examples=("passa",))}),
    Verb("hand", ("",), ("cards", "h"), _("Your hand, your hero's gifts and the piles."), ("hand",), screen="hand",
         topic="legend",
         langs={"it": forms("mano carte", examples=("mano",))}),
    Verb("table", ("",), ("missions", "t"), _("Every mission on the table, the cards under it and what it needs."),
         ("table",), screen="look", topic="legend",
         langs={"it": forms("tavolo missioni", examples=("tavolo",))}),
    Verb("score", ("",), ("status", "sc"), _("Everyone's score so far: completed, unfinished, superseded."),
         ("score",), screen="score", topic="legend",
         langs={"it": forms("punteggio punti", examples=("punteggio",))}),
    Verb("piles", ("",), ("pile", "discards"), _("The draw pile, the discard pile and the set-aside missions."),
         ("piles",), screen="piles", topic="legend",
         langs={"it": forms("mazzi scarti", examples=("mazzi",))}),
)
