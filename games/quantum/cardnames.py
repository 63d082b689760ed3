"""What a Quantum card is called and what it does, as a player reads them: messages, so each reader
gets the cards in their own language (espansione, slancio ... in Italian, the names of
docs/rules/quantum.it.md). The cards' ids -- what the rules compare, the events' data, the English
words typed after 'take' -- stay data.py's; every line that names a card for a reader names it here.
Each text fits on one line of the ``cards`` screen in every language (at most 54 characters)."""

from __future__ import annotations

from games.quantum.words import _, listed

NAMES = {
    "expansion": _("expansion"), "surge": _("surge"), "overdrive": _("overdrive"),
    "relocation": _("relocation"), "reorganise": _("reorganise"), "sabotage": _("sabotage"),
    "ferocious": _("ferocious"), "swift": _("swift"), "scholar": _("scholar"), "stubborn": _("stubborn"),
    "engineer": _("engineer"), "tactician": _("tactician"), "warden": _("warden"), "raider": _("raider"),
}

TEXTS = {
    "expansion": _("An expansion ship enters play by a planet with your cube."),
    "surge": _("+1 action this turn."),
    "overdrive": _("One ship may move twice this turn (an action each)."),
    "relocation": _("Move an enemy cube to a free planet holding none of theirs."),
    "reorganise": _("Reroll any of your ships."),
    "sabotage": _("Destroy an enemy ship next to one of yours, no combat."),
    "ferocious": _("-1 to your combat totals."),
    "swift": _("+1 movement to all your ships, and +1 to a 2's carry."),
    "scholar": _("+1 research at the start of each of your turns."),
    "stubborn": _("You win ties when defending."),
    "engineer": _("A build may miss the planet's number by 1."),
    "tactician": _("4 actions a turn instead of 3."),
    "warden": _("Your ships by your cubes cannot be carried or swapped."),
    "raider": _("+1 dominion per attack won."),
}


def card_name(card: str):
    """A card's name for a reader (an id this table lacks -- an unknown card '?' -- as it is)."""
    return NAMES.get(card, card)


def card_text(card: str):
    """What a card does, for a reader."""
    return TEXTS.get(card, "")


def card_names(cards: list[str]):
    """Cards named in a list ('surge, swift'); none is the empty string."""
    return listed([card_name(c) for c in cards])


def label(card: str, copies: int):
    """A card's name as listed: 'expansion' or, doubled, 'expansion x2' (faceup.sections' copies)."""
    return _("{card} x{copies}", card=card_name(card), copies=copies) if copies > 1 else card_name(card)
